/**
 * Spec §6, cell by cell: every role × every action on every table and RPC, each cell asserted
 * allowed or denied. Each cell runs in its own transaction, rolled back afterwards, so cells do
 * not affect each other. "Denied" means what a client sees: an error with SQLSTATE 42501
 * (permission / RLS / a refusing trigger), or a read or write that touches no row. Any other
 * error fails the test (a broken action must not pass as "denied").
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../sync-server/db/index.ts';
import { openTestDatabase, type Caller, type TestDatabase } from './harness.ts';
import { buildRoleFixture, type RoleFixture } from './fixtures.ts';

const ROLES = [
  'visitor', 'registered', 'sharee', 'invitee', 'collaborator', 'editor', 'owner', 'admin', 'banned', 'deleted',
] as const;
type Role = (typeof ROLES)[number];

type Outcome = { rows: Record<string, unknown>[]; affected: number };
interface Action {
  name: string;
  allowed: Role[];
  run(q: Queryable, f: RoleFixture, me: string | null): Promise<Outcome>;
  /** How the outcome shows the action happened; default: some row returned or affected. */
  succeeded?(o: Outcome): boolean;
}

async function run(q: Queryable, sql: string, params: unknown[] = []): Promise<Outcome> {
  const r = await q.query(sql, params);
  return { rows: r.rows, affected: r.affectedRows };
}

const EVERY_ACTIVE_MEMBER: Role[] = ['sharee', 'collaborator', 'editor', 'owner'];
const SIGNED_IN_ACTIVE: Role[] = ['registered', 'sharee', 'invitee', 'collaborator', 'editor', 'owner', 'admin'];

const ACTIONS: Action[] = [
  // notebooks ----------------------------------------------------------------------------------
  {
    name: 'notebooks: read the notebook',
    allowed: ['sharee', 'invitee', 'collaborator', 'editor', 'owner', 'admin'],
    run: (q, f) => run(q, `select id from notebooks where id = $1`, [f.notebookId]),
  },
  {
    name: 'notebooks: create a notebook of their own',
    allowed: SIGNED_IN_ACTIVE,
    run: (q, _f, me) =>
      run(q, `insert into notebooks (title, user_id, theme, author, pre_moderation_enabled) values ('Novo caderno', $1, 'blue', 'Eu', false) returning id`, [me]),
  },
  {
    name: 'notebooks: create a notebook owned by someone else',
    allowed: [],
    run: (q, f) => run(q, `insert into notebooks (title, user_id) values ('Intruso', $1) returning id`, [f.people.stranger]),
  },
  {
    name: 'notebooks: edit title and description',
    allowed: ['collaborator', 'editor', 'owner'],
    run: (q, f) => run(q, `update notebooks set title = 'Título novo', description = 'desc' where id = $1`, [f.notebookId]),
  },
  {
    name: 'notebooks: change the appearance (theme, paper, cover)',
    allowed: ['editor', 'owner'],
    run: (q, f) => run(q, `update notebooks set theme = 'pink', cover = '{"color":"#fff"}' where id = $1`, [f.notebookId]),
  },
  {
    name: 'notebooks: toggle pre-moderation',
    allowed: ['editor', 'owner'],
    run: (q, f) => run(q, `update notebooks set pre_moderation_enabled = false where id = $1`, [f.notebookId]),
  },
  {
    name: 'notebooks: delete the notebook',
    // an admin removes content through admin_act alone (audited; issue 33 security review)
    allowed: ['owner'],
    run: (q, f) => run(q, `delete from notebooks where id = $1`, [f.notebookId]),
  },
  {
    name: 'favorites: favorite the notebook',
    allowed: EVERY_ACTIVE_MEMBER,
    run: (q, f, me) => run(q, `insert into favorites (user_id, notebook_id) values ($1, $2) returning id`, [me, f.notebookId]),
  },
  // questions ----------------------------------------------------------------------------------
  {
    name: 'questions: read an open question',
    allowed: ['sharee', 'collaborator', 'editor', 'owner', 'admin'],
    run: (q, f) => run(q, `select id from questions where id = $1`, [f.openQuestionId]),
  },
  {
    name: 'questions: read a blocked question',
    allowed: ['collaborator', 'editor', 'owner', 'admin'],
    run: (q, f) => run(q, `select id from questions where id = $1`, [f.blockedQuestionId]),
  },
  {
    name: 'questions: add a question',
    allowed: ['collaborator', 'editor', 'owner'],
    run: (q, f, me) =>
      run(q, `insert into questions (text, notebook_id, user_id, order_index) values ('Nova pergunta?', $1, $2, 99) returning id`, [f.notebookId, me]),
  },
  {
    name: "questions: edit the owner's question",
    allowed: ['editor', 'owner'],
    run: (q, f) => run(q, `update questions set text = 'Texto editado' where id = $1`, [f.openQuestionId]),
  },
  {
    name: 'questions: block a question',
    allowed: ['editor', 'owner'],
    run: (q, f) => run(q, `update questions set blocked = true where id = $1`, [f.openQuestionId]),
  },
  {
    name: 'questions: remove a question',
    allowed: ['editor', 'owner'],
    run: (q, f) => run(q, `delete from questions where id = $1`, [f.openQuestionId]),
  },
  // answers ------------------------------------------------------------------------------------
  {
    name: 'answers: answer an open question',
    allowed: EVERY_ACTIVE_MEMBER,
    run: (q, f, me) =>
      run(q, `insert into answers (question_id, notebook_id, user_id, text, is_anonymous, responder_name) values ($1, $2, $3, 'Minha resposta', false, 'Eu') returning id`, [f.openQuestionId, f.notebookId, me]),
  },
  {
    name: 'answers: answer a blocked question',
    allowed: ['collaborator', 'editor', 'owner'],
    run: (q, f, me) =>
      run(q, `insert into answers (question_id, notebook_id, user_id, text) values ($1, $2, $3, 'Resposta') returning id`, [f.blockedQuestionId, f.notebookId, me]),
  },
  {
    name: 'answers: read an approved answer of someone else',
    allowed: ['sharee', 'collaborator', 'editor', 'owner', 'admin'],
    run: (q, f) => run(q, `select id from visible_answers where id = $1`, [f.anonymousAnswerId]),
  },
  {
    name: 'answers: read a pending answer of someone else',
    allowed: ['collaborator', 'editor', 'owner', 'admin'],
    run: (q, f) => run(q, `select id from visible_answers where id = $1`, [f.pendingAnswerId]),
  },
  {
    name: 'answers: learn who wrote an anonymous answer (user_id or responder_name)',
    allowed: ['owner'],
    run: async (q, f) => {
      const table = await run(q, `select user_id, responder_name from answers where id = $1`, [f.anonymousAnswerId]);
      const view = await run(q, `select user_id, responder_name from visible_answers where id = $1`, [f.anonymousAnswerId]);
      return { rows: [...table.rows, ...view.rows].filter((r) => r.user_id !== null || r.responder_name !== null), affected: 0 };
    },
  },
  {
    name: "answers: edit someone else's answer text",
    allowed: [],
    run: (q, f) => run(q, `update answers set text = 'Alterada' where id = $1`, [f.pendingAnswerId]),
  },
  {
    name: 'answers: moderate a signed answer (table update)',
    allowed: ['collaborator', 'editor', 'owner'],
    run: (q, f) =>
      run(q, `update answers set moderation_status = 'approved', moderation_notes = 'ok' where id = $1`, [f.pendingAnswerId]),
  },
  {
    name: 'answers: moderate an anonymous answer (moderate_answer)',
    allowed: ['collaborator', 'editor', 'owner'],
    run: (q, f) => run(q, `select moderate_answer($1, 'rejected', 'fora do tema') as answer`, [f.anonymousAnswerId]),
  },
  {
    name: "answers: delete someone else's answer",
    allowed: ['owner'],
    run: (q, f) => run(q, `delete from answers where id = $1`, [f.pendingAnswerId]),
  },
  // shares -------------------------------------------------------------------------------------
  {
    name: "notebook_shares: read another person's share",
    allowed: ['editor', 'owner', 'admin'],
    run: (q, f) =>
      run(q, `select id from notebook_shares where notebook_id = $1 and shared_with = $2`, [f.notebookId, f.people.answerer]),
  },
  {
    name: 'notebook_shares: share the notebook with someone',
    allowed: ['owner'],
    run: (q, f, me) =>
      run(q, `insert into notebook_shares (notebook_id, created_by, shared_with, access_level) values ($1, $2, $3, 'viewer') returning id`, [f.notebookId, me, f.people.stranger]),
  },
  {
    name: "notebook_shares: remove the sharee's access",
    allowed: ['sharee', 'owner'],
    run: (q, f) => run(q, `delete from notebook_shares where notebook_id = $1 and shared_with = $2`, [f.notebookId, f.people.sharee]),
  },
  // collaborators ------------------------------------------------------------------------------
  {
    name: "notebook_collaborators: read the collaborator's row",
    allowed: ['collaborator', 'editor', 'owner', 'admin'],
    run: (q, f) => run(q, `select id from notebook_collaborators where id = $1`, [f.collaboratorRowId]),
  },
  {
    name: 'notebook_collaborators: invite a collaborator',
    allowed: ['editor', 'owner'],
    run: (q, f) =>
      run(q, `insert into notebook_collaborators (notebook_id, user_id, role) values ($1, $2, 'collaborator') returning id`, [f.notebookId, f.people.stranger]),
  },
  {
    name: 'notebook_collaborators: make someone an editor',
    allowed: ['owner'],
    run: (q, f) => run(q, `update notebook_collaborators set role = 'editor' where id = $1`, [f.collaboratorRowId]),
  },
  {
    name: "notebook_collaborators: change a collaborator's role to viewer",
    allowed: ['editor', 'owner'],
    run: (q, f) => run(q, `update notebook_collaborators set role = 'viewer' where id = $1`, [f.collaboratorRowId]),
  },
  {
    name: 'notebook_collaborators: remove the collaborator',
    allowed: ['collaborator', 'editor', 'owner'],
    run: (q, f) => run(q, `delete from notebook_collaborators where id = $1`, [f.collaboratorRowId]),
  },
  {
    name: 'notebook_collaborators: accept the pending invitation',
    allowed: ['invitee'],
    run: (q, f) => run(q, `update notebook_collaborators set status = 'accepted' where id = $1`, [f.inviteeRowId]),
  },
  // invites ------------------------------------------------------------------------------------
  {
    name: 'invite_links: read the invite links',
    allowed: ['owner'],
    run: (q, f) => run(q, `select id from invite_links where notebook_id = $1`, [f.notebookId]),
  },
  {
    name: 'invite_links: create an invite link (create_invite_link)',
    allowed: ['owner'],
    run: (q, f) => run(q, `select code from create_invite_link($1)`, [f.notebookId]),
  },
  {
    name: 'invite_links: revoke an invite link (revoke_invite_link)',
    allowed: ['owner'],
    run: (q, f) => run(q, `select status from revoke_invite_link($1)`, [f.inviteId]),
    succeeded: (o) => o.rows[0]?.status === 'revoked',
  },
  {
    name: 'invite_links: redeem an invite code (redeem_invite)',
    allowed: SIGNED_IN_ACTIVE,
    run: (q, f) => run(q, `select redeem_invite($1) as notebook_id`, [f.inviteCode]),
    succeeded: (o) => typeof o.rows[0]?.notebook_id === 'string',
  },
  // history, notifications ---------------------------------------------------------------------
  {
    name: 'notebook_changes: read the change history',
    allowed: ['collaborator', 'editor', 'owner'],
    run: (q, f) => run(q, `select id from notebook_changes where notebook_id = $1`, [f.notebookId]),
  },
  {
    name: 'notebook_changes: write into the change history',
    allowed: [],
    run: (q, f, me) =>
      run(q, `insert into notebook_changes (notebook_id, actor_id, entity, action) values ($1, $2, 'notebook', 'forged') returning id`, [f.notebookId, me]),
  },
  {
    name: "notifications: read the owner's notifications",
    allowed: ['owner'],
    run: (q, f) => run(q, `select id from notifications where recipient_id = $1`, [f.people.owner]),
  },
  {
    name: 'notifications: create a notification',
    allowed: [],
    run: (q, f) =>
      run(q, `insert into notifications (recipient_id, type, title, message) values ($1, 'new_answer', 'x', 'y') returning id`, [f.people.owner]),
  },
  // accounts, admin ----------------------------------------------------------------------------
  {
    name: 'profiles: read a public profile',
    allowed: ['visitor', ...SIGNED_IN_ACTIVE, 'banned', 'deleted'],
    run: (q, f) => run(q, `select username, avatar_url, account_status from profiles where id = $1`, [f.people.owner]),
  },
  {
    name: "profiles: read a stranger's private profile",
    allowed: ['admin'],
    run: (q, f) => run(q, `select id from profiles where id = $1`, [f.people.stranger]),
  },
  {
    name: "profiles: edit someone else's profile",
    // admins change only account_status, through the audited RPCs (admin_set_banned)
    allowed: [],
    run: (q, f) => run(q, `update profiles set display_name = 'Outro nome' where id = $1`, [f.people.signer]),
  },
  {
    name: 'profiles: ban an account',
    allowed: ['admin'],
    run: (q, f) => run(q, `select admin_set_banned($1, true, 'spam') as banned`, [f.people.stranger]),
  },
  {
    name: 'user_settings: read the owner\'s private settings',
    allowed: ['owner'],
    run: (q, f) => run(q, `select email from user_settings where user_id = $1`, [f.people.owner]),
  },
  {
    name: 'user_roles: read own role',
    allowed: ['admin'],
    run: (q, _f, me) => run(q, `select role from user_roles where user_id = $1`, [me]),
  },
  {
    name: 'user_roles: make someone an admin',
    allowed: ['admin'],
    run: (q, f) => run(q, `insert into user_roles (user_id, role) values ($1, 'admin') returning id`, [f.people.registered]),
  },
  {
    name: 'forbidden_words: read the lists',
    allowed: ['visitor', ...SIGNED_IN_ACTIVE, 'banned', 'deleted'],
    run: (q) => run(q, `select count(*)::int as n from forbidden_words`),
  },
  {
    name: 'forbidden_words: add a word',
    allowed: ['admin'],
    run: (q) => run(q, `insert into forbidden_words (word, language) values ('palavrafeia', 'pt-BR') returning id`),
  },
  {
    name: 'notebook_themes: add a theme',
    allowed: ['admin'],
    // a theme's colours are the app's theme contract, its cover text readable (20261129034000)
    run: (q) =>
      run(
        q,
        `insert into notebook_themes (id, name, colors) values ('mint', 'Menta', '{"cover":"#065f46","coverText":"#ffffff","accent":"#047857","accentSoft":"#d1fae5","spine":"#064e3b"}') returning id`,
      ),
  },
  {
    name: 'paper_styles: add a paper style',
    allowed: ['admin'],
    run: (q) => run(q, `insert into paper_styles (id, name) values ('stars', 'Estrelas') returning id`),
  },
  {
    name: 'cover_styles: add a cover style',
    allowed: ['admin'],
    run: (q) => run(q, `insert into cover_styles (id, name, image_path) values ('nuvens', 'Nuvens', 'nuvens.png') returning id`),
  },
  {
    name: 'achievements: add an achievement',
    allowed: ['admin'],
    run: (q) =>
      run(q, `insert into achievements (id, name_pt, name_en, type, rarity) values ('bench', 'B', 'B', 'general', 'common') returning id`),
  },
  {
    name: 'user_achievements: award oneself an achievement',
    allowed: [],
    run: (q, _f, me) => run(q, `insert into user_achievements (user_id, achievement_id) values ($1, 'gift') returning id`, [me]),
  },
  {
    name: 'check_achievements: run the award function (service role only)',
    allowed: [],
    run: (q, _f, me) => run(q, `select * from check_achievements($1, 'all')`, [me]),
  },
  {
    // issue 31: the app's visit awards first visit to the caller alone (a banned or removed account nothing)
    name: 'record_visit: the visit awards the caller their first visit',
    allowed: SIGNED_IN_ACTIVE,
    run: (q) => run(q, `select record_visit() as r`),
    succeeded: (o) => ((o.rows[0]?.r as { awarded?: string[] } | undefined)?.awarded ?? []).includes('first_visit'),
  },
  {
    name: "user_achievements: see someone's achievement on the day it was earned",
    allowed: [],
    run: (q, f) => run(q, `select id from user_achievements where user_id = $1 and achievement_id = 'gift'`, [f.people.answerer]),
  },
  {
    name: "user_achievements: see a public profile's achievement from the next day",
    allowed: [...ROLES],
    run: (q, f) => run(q, `select id from user_achievements where user_id = $1 and achievement_id = 'old_gift'`, [f.people.answerer]),
  },
  {
    name: 'translations: add a translation',
    allowed: ['admin'],
    run: (q) => run(q, `insert into translations (key, pt_br, en_us) values ('matrix.key', 'a', 'b') returning id`),
  },
  {
    name: "replication_pulses: read the owner's pulses",
    allowed: ['owner'],
    run: (q, f) => run(q, `select id from replication_pulses where user_id = $1`, [f.people.owner]),
  },
  {
    name: "replication_pull: the notebook's questions arrive",
    allowed: ['sharee', 'collaborator', 'editor', 'owner'],
    run: (q) => run(q, `select replication_pull('questions', null, 1000) as r`),
    succeeded: (o) => {
      const docs = (o.rows[0]?.r as { documents: { id: string; _deleted: boolean }[] } | undefined)?.documents ?? [];
      return docs.some((d) => d.id === fixtureOpenQuestion() && !d._deleted);
    },
  },
  {
    name: 'replication_push: add a question to the notebook',
    allowed: ['collaborator', 'editor', 'owner'],
    run: (q, f) =>
      run(q, `select replication_push('questions', $1::jsonb) as r`, [
        JSON.stringify([{ newDocumentState: { id: randomUUID(), notebook_id: f.notebookId, text: 'Empurrada?', _deleted: false }, assumedMasterState: null }]),
      ]),
    succeeded: (o) => {
      const r = o.rows[0]?.r as { conflicts: unknown[]; rejected: unknown[] } | undefined;
      return !!r && r.conflicts.length === 0 && r.rejected.length === 0;
    },
  },
  {
    name: 'replication_purge: purge tombstones (service role only)',
    allowed: [],
    run: (q) => run(q, `select replication_purge(interval '1 day') as r`),
  },
  {
    name: "notebook_role: ask another sharee's role",
    allowed: ['collaborator', 'editor', 'owner', 'admin'],
    run: (q, f) => run(q, `select notebook_role($1, $2) as role`, [f.notebookId, f.people.answerer]),
    succeeded: (o) => o.rows[0]?.role === 'viewer',
  },
  {
    name: 'search_users: find people by @username',
    allowed: [...SIGNED_IN_ACTIVE, 'banned', 'deleted'],
    run: (q) => run(q, `select id, username from search_users('@str')`),
  },
];

class Rollback extends Error {
  constructor(readonly outcome: boolean) {
    super('rollback');
  }
}

let t: TestDatabase;
let f: RoleFixture;
const fixtureOpenQuestion = () => f.openQuestionId;

beforeAll(async () => {
  t = await openTestDatabase();
  f = await buildRoleFixture(t);
  await t.sql(`insert into achievements (id, name_pt, name_en, type, rarity) values ('gift', 'Presente', 'Gift', 'general', 'common'), ('old_gift', 'Antigo', 'Old', 'general', 'common')`);
  await t.sql(
    `insert into user_achievements (user_id, achievement_id, earned_at) values ($1, 'gift', now()), ($1, 'old_gift', now() - interval '2 days')`,
    [f.people.answerer],
  );
});
afterAll(async () => t?.close());

function callerOf(role: Role): { caller: Caller; me: string | null } {
  if (role === 'visitor') return { caller: 'anon', me: null };
  return { caller: f.people[role], me: f.people[role] };
}

async function attempt(action: Action, role: Role): Promise<boolean> {
  const { caller, me } = callerOf(role);
  try {
    await t.tx(caller, async (q) => {
      let ok: boolean;
      try {
        const outcome = await action.run(q, f, me);
        ok = action.succeeded ? action.succeeded(outcome) : outcome.rows.length > 0 || outcome.affected > 0;
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code !== '42501') throw error;
        ok = false;
      }
      throw new Rollback(ok);
    });
  } catch (error) {
    if (error instanceof Rollback) return error.outcome;
    throw new Error(`${action.name} as ${role}: ${(error as Error).message}`, { cause: error });
  }
  throw new Error('unreachable');
}

describe('spec §6 role × action matrix', () => {
  test('matrix size', () => {
    const cells = ROLES.length * ACTIONS.length;
    console.log(`role × action matrix: ${ROLES.length} roles × ${ACTIONS.length} actions = ${cells} cells, each asserted`);
    expect(cells).toBeGreaterThan(400);
  });

  test.each(ACTIONS.map((a) => [a.name, a] as const))('%s', async (_name, action) => {
    const actual: Record<string, boolean> = {};
    const expected: Record<string, boolean> = {};
    for (const role of ROLES) {
      actual[role] = await attempt(action, role);
      expected[role] = action.allowed.includes(role);
    }
    expect(actual).toEqual(expected);
  });
});
