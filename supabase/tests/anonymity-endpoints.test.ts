/**
 * ARCHITECTURE S5 through every function and RPC: "every endpoint counts for anonymity". Each edge
 * function in supabase/functions and each RPC that a visitor or a signed-in person may call has a
 * case here — calls aimed at an anonymous answer, its question and its notebook — and a new
 * function or RPC without a case fails the first test.
 *
 * A leak is judged by difference: every probe runs once before the anonymous answer exists and
 * once after, as a visitor, a stranger, a sharee, a collaborator and an editor. What the answer's
 * existence adds to a reply must not name its author (id, username, e-mail, display name,
 * responder name). Replies that name the author both times (an editor reads the list of sharees)
 * say who is in the notebook, not who wrote what. The owner is the control: the same probes show
 * them the author.
 *
 * Through the sync-server over HTTP (supabase-js and fetch), on PGlite and on Postgres when
 * TEST_DATABASE_URL is set.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, TEST_BACKENDS, type TestServer } from '../../sync-server/testing.ts';
import { signUpAdult } from '../../sync-server/test-people.ts';
import { COLLECTIONS } from './replication-client.ts';

const FUNCTIONS_DIR = path.join(import.meta.dirname, '..', 'functions');
const SECRET_NAME = 'Nome Muito Secreto';
const RESPONDER_NAME = 'Pseudônimo da Secreta';
const ANSWER_TEXT = 'Eu como a sobremesa primeiro';

interface Person {
  name: string;
  id: string;
  username: string;
  email: string;
  token?: string;
  client: SupabaseClient;
}

interface Fixture {
  server: TestServer;
  notebookId: string;
  questionId: string;
  /** The anonymous answer's id, derived before it is written (S6), so probes can aim at it then too. */
  answerId: string;
  inviteId: string;
}

/** One call of a case, made as one person; its reply (data or error) is what gets scanned. */
interface Probe {
  name: string;
  run(as: Person): Promise<unknown>;
}
type Case = (f: Fixture) => Probe[];

async function callFunction(f: Fixture, as: Person, name: string, init: { method?: string; path?: string; body?: unknown }) {
  const res = await fetch(`${f.server.url}/functions/v1/${name}${init.path ?? ''}`, {
    method: init.method ?? 'POST',
    headers: {
      apikey: f.server.ctx.config.anonKey,
      Authorization: `Bearer ${as.token ?? f.server.ctx.config.anonKey}`,
      'Content-Type': 'application/json',
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, body: await res.text() };
}

const rpc = (name: string, args: (f: Fixture) => Record<string, unknown>, label = name): Case => (f) => [
  { name: label, run: async (as) => as.client.rpc(name, args(f)) },
];

/** Edge functions: one case per folder of supabase/functions. */
const FUNCTION_CASES: Record<string, Case> = {
  'achievement-manager': (f) => [
    {
      name: 'check_answer_achievements for the anonymous answer',
      run: (as) => callFunction(f, as, 'achievement-manager', { body: { action: 'check_answer_achievements', notebookId: f.notebookId, answerId: f.answerId } }),
    },
    {
      name: 'check_sharing_achievements',
      run: (as) => callFunction(f, as, 'achievement-manager', { body: { action: 'check_sharing_achievements' } }),
    },
  ],
  'translations-manager': (f) => [
    { name: 'list', run: (as) => callFunction(f, as, 'translations-manager', { method: 'GET' }) },
    { name: 'read the answer id as a translation', run: (as) => callFunction(f, as, 'translations-manager', { method: 'GET', path: `/${f.answerId}` }) },
    { name: 'write', run: (as) => callFunction(f, as, 'translations-manager', { body: { key: `k.${as.name}`, pt_br: f.answerId } }) },
  ],
  // Only ever about the caller's own guardian: nothing of anyone else's answers to tell.
  'guardian-mail': (f) => [
    { name: 'send again', run: (as) => callFunction(f, as, 'guardian-mail', { body: {} }) },
    { name: 'aimed at the answer', run: (as) => callFunction(f, as, 'guardian-mail', { body: { guardianEmail: `${f.answerId}@example.test` } }) },
  ],
};

/** RPCs: one case per function of the public schema a visitor or a signed-in person may execute. */
const RPC_CASES: Record<string, Case> = {
  // (answer_id is not an RPC: no API role may call it — see grants.test.ts)
  // A code that names no guest: claim_invalid for everyone (tests/guests.test.ts claims for real).
  claim_guest: rpc('claim_guest', () => ({ p_code: 'ABCD-EFGH-JKLM' })),
  // Safety (issue 22): an unknown guardian link; a username that is not the caller's (nobody is
  // deleted); the caller's own data and blocks.
  confirm_guardian: rpc('confirm_guardian', () => ({ p_token: 'nao-existe' })),
  create_invite_link: rpc('create_invite_link', (f) => ({ p_notebook_id: f.notebookId })),
  delete_my_account: rpc('delete_my_account', () => ({ p_username: 'ninguem_aqui' })),
  export_my_data: rpc('export_my_data', () => ({})),
  find_forbidden_words: rpc('find_forbidden_words', () => ({ p_text: ANSWER_TEXT })),
  is_admin: rpc('is_admin', () => ({})),
  moderate_answer: rpc('moderate_answer', (f) => ({ p_answer_id: f.answerId, p_status: 'approved', p_notes: null })),
  my_answer_id: rpc('my_answer_id', (f) => ({ p_question_id: f.questionId })),
  my_blocks: rpc('my_blocks', () => ({})),
  notebook_role: rpc('notebook_role', (f) => ({ p_notebook_id: f.notebookId })),
  // Admins only (the others get 42501): whether the purge runs, nothing about anyone.
  purge_status: rpc('purge_status', () => ({})),
  // Issue 22: the author's own profile, as each observer may see it; it must say nothing of what
  // they wrote anonymously.
  profile_view: rpc('profile_view', () => ({ p_username: 'pessoa_secreta_s5' })),
  // Issue 31: awards the caller alone and answers codes ({awarded: [...]}); anonymous answers count for nothing.
  record_visit: rpc('record_visit', () => ({})),
  redeem_invite: rpc('redeem_invite', (f) => ({ p_code: f.notebookId })),
  // Each collection on its own, so a collection that names members by design (shares for an
  // editor) cannot hide a leak in another.
  replication_pull: () =>
    COLLECTIONS.map((collection) => ({
      name: `replication_pull ${collection}`,
      run: async (as: Person) => as.client.rpc('replication_pull', { p_collection: collection, p_checkpoint: null, p_limit: 1000 }),
    })),
  // Issue 34: every collection in one request, as a round of the app asks them.
  replication_pull_many: rpc('replication_pull_many', () => ({
    p_pulls: COLLECTIONS.map((collection) => ({ collection, checkpoint: null, limit: 1000 })),
  })),
  // A stale edit of the anonymous answer (the conflict carries the master state) and an insert
  // with its id (the rejection may carry the row).
  replication_push: (f) => {
    const doc = {
      id: f.answerId, question_id: f.questionId, notebook_id: f.notebookId, text: 'Outra coisa',
      is_anonymous: true, client_clock: 1, moderation_status: 'approved', _deleted: false,
    };
    return [
      {
        name: 'replication_push stale edit',
        run: async (as: Person) => as.client.rpc('replication_push', { p_collection: 'answers', p_rows: [{ newDocumentState: doc, assumedMasterState: { ...doc, server_rev: 999 } }] }),
      },
      {
        name: 'replication_push insert with the same id',
        run: async (as: Person) => as.client.rpc('replication_push', { p_collection: 'answers', p_rows: [{ newDocumentState: doc, assumedMasterState: null }] }),
      },
    ];
  },
  revoke_invite_link: rpc('revoke_invite_link', (f) => ({ p_invite_id: f.inviteId })),
  // Finds people by name: it takes no answer, so it is asked about the answer's words.
  search_users: rpc('search_users', () => ({ p_query: ANSWER_TEXT })),
  username_available: rpc('username_available', () => ({ p_username: 'alguem_novo' })),
  // Friends (issue 31): the writes aimed at the answer's id (no such person: not_found for all);
  // the lists are about the caller, each probed as every observer (an anonymous answer makes no
  // friendship: tests/friends.test.ts).
  accept_friend_request: rpc('accept_friend_request', (f) => ({ p_request_id: f.answerId })),
  cancel_friend_request: rpc('cancel_friend_request', (f) => ({ p_request_id: f.answerId })),
  decline_friend_request: rpc('decline_friend_request', (f) => ({ p_request_id: f.answerId })),
  remove_friend: rpc('remove_friend', (f) => ({ p_user_id: f.answerId })),
  send_friend_request: rpc('send_friend_request', (f) => ({ p_user_id: f.answerId })),
  friend_relationship: rpc('friend_relationship', (f) => ({ p_user_id: f.answerId })),
  friend_suggestions: rpc('friend_suggestions', () => ({})),
  my_friend_requests: () =>
    (['received', 'sent'] as const).map((direction) => ({
      name: `my_friend_requests ${direction}`,
      run: async (as: Person) => as.client.rpc('my_friend_requests', { p_direction: direction }),
    })),
  my_friends: rpc('my_friends', () => ({})),
  // the author's friends and the owner's, as each observer may see them
  profile_friends: () =>
    ['pessoa_secreta_s5', 'dona_s5'].map((username) => ({
      name: `profile_friends of ${username}`,
      run: async (as: Person) => as.client.rpc('profile_friends', { p_username: username }),
    })),
  // Guestbook and poll (issue 32), aimed at the anonymous answerer's profile and the answer's ids:
  // they read and write guestbooks and polls, never answers (their own anonymity:
  // tests/guestbook-polls.test.ts).
  delete_poll: rpc('delete_poll', (f) => ({ p_poll: f.answerId })),
  end_poll: rpc('end_poll', (f) => ({ p_poll: f.answerId })),
  guestbook_page: (f) => [
    {
      name: 'guestbook_page of the author',
      run: async (as: Person) => {
        const { data } = await as.client.from('profiles').select('id').eq('username', 'pessoa_secreta_s5').maybeSingle();
        return as.client.rpc('guestbook_page', { p_profile: data?.id ?? f.answerId, p_status: 'approved', p_limit: 20, p_after_at: null, p_after_id: null });
      },
    },
  ],
  moderate_guestbook_message: rpc('moderate_guestbook_message', (f) => ({ p_message: f.answerId, p_action: 'delete' })),
  poll_view: rpc('poll_view', (f) => ({ p_profile: f.answerId, p_poll: null })),
  save_poll: rpc('save_poll', (f) => ({ p_poll: f.answerId, p_question: 'Pergunta?', p_options: ['a', 'b'] })),
  vote_in_poll: rpc('vote_in_poll', (f) => ({ p_poll: f.answerId, p_option: 0 })),
  write_guestbook_message: rpc('write_guestbook_message', (f) => ({ p_profile: f.answerId, p_body: 'Oi', p_anonymous: false })),
  // News (issue 31): the caller's friends' activity; an anonymous answer is never an item
  // (tests/news.test.ts), and the answerer makes no friendship by it.
  news: rpc('news', () => ({})),
  // The contact form (issue 33): anyone sends (each observer their own address, so the limit per
  // address never answers); only admins read the inbox or set a state (42501 for every observer).
  send_contact_message: (f) => [
    {
      name: 'send_contact_message about the answer',
      run: async (as: Person) =>
        as.client.rpc('send_contact_message', {
          p_name: as.name, p_email: `${as.name.replace(/\W/g, '')}-${Math.random().toString(36).slice(2, 8)}@example.test`,
          p_category: 'other', p_subject: f.answerId, p_message: ANSWER_TEXT,
        }),
    },
  ],
  admin_contact_messages: rpc('admin_contact_messages', () => ({ p_status: null, p_limit: 50, p_after_created_at: null, p_after_id: null })),
  admin_set_contact_status: rpc('admin_set_contact_status', (f) => ({ p_id: f.answerId, p_status: 'closed' })),
  // Analytics (issue 36): counts per day, nothing about a person; every observer is refused (not_allowed).
  admin_analytics_summary: rpc('admin_analytics_summary', () => ({ p_days: 30 })),
  // The seasonal store (issue 35): only about the caller's own entitlements and purchases; aimed at
  // the answer's id (no item), every observer is refused (store_beta_only / item_unavailable).
  store_claim_free: rpc('store_claim_free', (f) => ({ p_item: f.answerId })),
  store_begin_purchase: rpc('store_begin_purchase', (f) => ({ p_item: f.answerId, p_provider: 'local' })),
  my_store_looks: rpc('my_store_looks', () => ({})),
  // The moderation (issue 33): admins only — every observer is refused (42501), the reporter too.
  admin_report_queue: rpc('admin_report_queue', () => ({ p_kind: 'answer', p_status: 'all', p_limit: 50, p_after: null })),
  admin_report_target: rpc('admin_report_target', (f) => ({ p_kind: 'answer', p_target: f.answerId })),
  admin_act: rpc('admin_act', (f) => ({ p_kind: 'answer', p_target: f.answerId, p_action: 'warn', p_reason: 'probe' })),
  // The admin's people tools (issue 33): admins only — every observer is refused (42501); aimed
  // at the anonymous answerer's username and the answer's id.
  admin_people: rpc('admin_people', () => ({ p_query: '@pessoa_secreta_s5', p_limit: 50, p_after: null })),
  admin_audit_log: rpc('admin_audit_log', () => ({ p_limit: 50, p_after_at: null, p_after_id: null })),
  admin_set_banned: rpc('admin_set_banned', (f) => ({ p_user: f.answerId, p_banned: true, p_reason: 'probe' })),
  admin_set_admin: rpc('admin_set_admin', (f) => ({ p_user: f.answerId, p_is_admin: true })),
};

describe.each(TEST_BACKENDS)('S5 through every function and RPC ($name)', ({ postgresServerUrl }) => {
  let server: TestServer;
  let f: Fixture;
  let owner: Person, secretive: Person;
  let observers: Person[];
  const before = new Map<string, string>();
  const after = new Map<string, string>();

  async function signUp(name: string, username: string, displayName?: string): Promise<Person> {
    const client = server.anonClient();
    const email = `${username}@example.test`;
    const { data, error } = await signUpAdult(client, {
      email,
      password: 'Senha-forte-1',
      username,
      data: displayName ? { display_name: displayName } : {},
    });
    if (error || !data.session || !data.user) throw error ?? new Error('no session after sign-up');
    return { name, id: data.user.id, username, email, token: data.session.access_token, client };
  }

  function probesOf(cases: Record<string, Case>): [string, Probe][] {
    return Object.entries(cases).flatMap(([name, make]) => make(f).map((p): [string, Probe] => [name, p]));
  }

  /** Every probe as every person; replies keyed `person / endpoint / probe`. */
  async function observeAll(people: Person[], into: Map<string, string>) {
    for (const [endpoint, probe] of [...probesOf(FUNCTION_CASES), ...probesOf(RPC_CASES)]) {
      for (const person of people) {
        into.set(`${person.name} / ${endpoint} / ${probe.name}`, JSON.stringify(await probe.run(person)));
      }
    }
  }

  const traces = () => [secretive.id, secretive.username, secretive.email, SECRET_NAME, RESPONDER_NAME];

  /** Traces of the author a reply has now and did not have before the answer existed. */
  function added(key: string): string[] {
    return traces().filter((trace) => after.get(key)!.includes(trace) && !before.get(key)!.includes(trace));
  }

  beforeAll(async () => {
    server = await startTestServer({ postgresServerUrl });
    owner = await signUp('owner', 'dona_s5');
    secretive = await signUp('answerer', 'pessoa_secreta_s5', SECRET_NAME);
    const collaborator = await signUp('collaborator', 'colaboradora_s5');
    const editor = await signUp('editor', 'editora_s5');
    const sharee = await signUp('sharee', 'curiosa_s5');
    const stranger = await signUp('stranger', 'estranha_s5');
    const visitor: Person = { name: 'visitor', id: '', username: '', email: '', client: server.anonClient() };

    const { data: notebook } = await owner.client.from('notebooks').insert({ title: 'Segredos', user_id: owner.id }).select('id').single();
    const { data: question } = await owner.client.from('questions').insert({ notebook_id: notebook!.id, text: 'Conte um segredo' }).select('id').single();
    for (const person of [secretive, sharee]) {
      const { error } = await owner.client.from('notebook_shares').insert({ notebook_id: notebook!.id, shared_with: person.id });
      expect(error).toBeNull();
    }
    for (const [person, role] of [[collaborator, 'collaborator'], [editor, 'editor']] as const) {
      expect((await owner.client.from('notebook_collaborators').insert({ notebook_id: notebook!.id, user_id: person.id, role })).error).toBeNull();
      expect((await person.client.from('notebook_collaborators').update({ status: 'accepted' }).eq('user_id', person.id)).error).toBeNull();
    }
    const { data: link } = await owner.client.rpc('create_invite_link', { p_notebook_id: notebook!.id });
    const { data: answerId } = await secretive.client.rpc('my_answer_id', { p_question_id: question!.id });
    f = { server, notebookId: notebook!.id, questionId: question!.id, answerId: answerId as string, inviteId: (link as { id: string }).id };
    observers = [visitor, stranger, sharee, collaborator, editor];

    await observeAll([...observers, owner], before);
    const { data: answer, error } = await secretive.client
      .from('answers')
      .insert({ question_id: f.questionId, notebook_id: f.notebookId, text: ANSWER_TEXT, is_anonymous: true, responder_name: RESPONDER_NAME })
      .select('id')
      .single();
    expect(error).toBeNull();
    expect(answer!.id).toBe(f.answerId);
    // Issue 33: the sharee reports it; what they read back (the reports pull, every RPC) must not name the author either.
    expect((await sharee.client.from('reports').insert({ reporter_id: sharee.id, kind: 'answer', target_id: f.answerId, reason: 'bullying' })).error).toBeNull();
    await observeAll([...observers, owner], after);
  }, 120_000);
  afterAll(async () => server?.close());

  test('every edge function and every RPC open to visitors or signed-in people has an anonymity case', async () => {
    const folders = await fs.readdir(FUNCTIONS_DIR, { withFileTypes: true });
    const functions = folders.filter((d) => d.isDirectory() && !d.name.startsWith('_')).map((d) => d.name).sort();
    expect(functions, 'supabase/functions without a case in FUNCTION_CASES').toEqual(Object.keys(FUNCTION_CASES).sort());

    // Functions of extensions (pgcrypto's digest, crypt …) read no table; trigger functions cannot be called.
    const { rows } = await server.ctx.db.query<{ name: string }>(
      `select distinct p.proname as name
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and p.prokind = 'f'
          and p.prorettype not in ('trigger'::regtype, 'event_trigger'::regtype)
          and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
          and (has_function_privilege('anon', p.oid, 'execute') or has_function_privilege('authenticated', p.oid, 'execute'))
        order by 1`,
    );
    expect(rows.map((r) => r.name), 'RPCs without a case in RPC_CASES').toEqual(Object.keys(RPC_CASES).sort());
  });

  test('S5: no function or RPC tells a visitor, a stranger, a sharee, a collaborator or an editor who wrote an anonymous answer', () => {
    const leaks: string[] = [];
    for (const key of after.keys()) {
      if (key.startsWith('owner / ')) continue;
      const found = added(key);
      if (found.length) leaks.push(`${key}: ${found.join(', ')} in ${after.get(key)!.slice(0, 300)}`);
    }
    expect(after.size).toBeGreaterThan(observers.length * 30);
    expect(leaks).toEqual([]);
  });

  test('S5 control: the same probes show the owner who wrote it', () => {
    expect(added('owner / replication_pull / replication_pull answers')).toEqual(expect.arrayContaining([secretive.id, RESPONDER_NAME]));
  });
});
