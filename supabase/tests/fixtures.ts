/**
 * A notebook with one person in every role of spec §6, shared by the role tests.
 *
 *   owner ─ owns "Caderno da turma" (questions: open, blocked)
 *   editor, collaborator       accepted collaborators with those roles
 *   invitee                    a pending collaboration invite
 *   sharee                     a share (access_level viewer)
 *   answerer, signer           two more sharees: answerer left an ANONYMOUS approved answer,
 *                              signer a signed answer still PENDING moderation
 *   registered                 a signed-in person with no relation to the notebook
 *   stranger                   another such person, target of shares and invites
 *   admin                      the admin flag, no relation
 *   banned, deleted            sharees whose accounts were then banned / deleted
 */
import type { TestDatabase } from './harness.ts';

export interface RoleFixture {
  people: Record<
    | 'owner' | 'editor' | 'collaborator' | 'invitee' | 'sharee' | 'answerer' | 'signer'
    | 'registered' | 'stranger' | 'admin' | 'banned' | 'deleted',
    string
  >;
  notebookId: string;
  openQuestionId: string;
  blockedQuestionId: string;
  anonymousAnswerId: string;
  pendingAnswerId: string;
  inviteId: string;
  inviteCode: string;
  collaboratorRowId: string;
  inviteeRowId: string;
  shareeShareId: string;
}

export async function buildRoleFixture(t: TestDatabase): Promise<RoleFixture> {
  const people = {
    owner: await t.createUser('owner'),
    editor: await t.createUser('editor'),
    collaborator: await t.createUser('collaborator'),
    invitee: await t.createUser('invitee'),
    sharee: await t.createUser('sharee'),
    answerer: await t.createUser('answerer'),
    signer: await t.createUser('signer'),
    registered: await t.createUser('registered'),
    stranger: await t.createUser('stranger'),
    admin: await t.createUser('admin', { admin: true }),
    banned: await t.createUser('banned'),
    deleted: await t.createUser('deleted'),
  };
  const { owner } = people;
  const [notebook] = await t.as<{ id: string }>(
    owner,
    `insert into notebooks (title, user_id) values ('Caderno da turma', $1) returning id`,
    [owner],
  );
  const notebookId = notebook.id;
  const [open] = await t.as<{ id: string }>(
    owner,
    `insert into questions (notebook_id, text) values ($1, 'Qual é a sua cor favorita?') returning id`,
    [notebookId],
  );
  const [blocked] = await t.as<{ id: string }>(
    owner,
    `insert into questions (notebook_id, text) values ($1, 'Pergunta bloqueada') returning id`,
    [notebookId],
  );
  await t.as(owner, `update questions set blocked = true where id = $1`, [blocked.id]);

  for (const who of ['sharee', 'answerer', 'signer', 'banned', 'deleted'] as const) {
    await t.as(owner, `insert into notebook_shares (notebook_id, shared_with) values ($1, $2)`, [notebookId, people[who]]);
  }
  await t.as(owner, `insert into notebook_collaborators (notebook_id, user_id, role) values ($1, $2, 'editor')`, [
    notebookId,
    people.editor,
  ]);
  const [collab] = await t.as<{ id: string }>(
    owner,
    `insert into notebook_collaborators (notebook_id, user_id, role) values ($1, $2, 'collaborator') returning id`,
    [notebookId, people.collaborator],
  );
  const [invitee] = await t.as<{ id: string }>(
    owner,
    `insert into notebook_collaborators (notebook_id, user_id, role) values ($1, $2, 'collaborator') returning id`,
    [notebookId, people.invitee],
  );
  for (const who of ['editor', 'collaborator'] as const) {
    await t.as(people[who], `update notebook_collaborators set status = 'accepted' where notebook_id = $1 and user_id = $2`, [
      notebookId,
      people[who],
    ]);
  }

  const [anonymous] = await t.as<{ id: string }>(
    people.answerer,
    `insert into answers (question_id, text, is_anonymous, responder_name) values ($1, 'Azul, em segredo', true, 'Ana') returning id`,
    [open.id],
  );
  await t.as(owner, `update notebooks set pre_moderation_enabled = true where id = $1`, [notebookId]);
  const [pending] = await t.as<{ id: string; moderation_status: string }>(
    people.signer,
    `insert into answers (question_id, text, responder_name) values ($1, 'Verde', 'Sig') returning id, moderation_status`,
    [open.id],
  );
  if (pending.moderation_status !== 'pending') throw new Error('fixture: expected a pending answer');

  const [invite] = await t.as<{ id: string; code: string }>(owner, `select id, code from create_invite_link($1)`, [notebookId]);
  const [share] = await t.sql<{ id: string }>(
    `select id from notebook_shares where notebook_id = $1 and shared_with = $2`,
    [notebookId, people.sharee],
  );

  await t.sql(`update profiles set account_status = 'banned' where id = $1`, [people.banned]);
  await t.sql(`update profiles set account_status = 'deleted' where id = $1`, [people.deleted]);
  await t.sql(`update profiles set visibility = 'private' where id = $1`, [people.stranger]);

  return {
    people,
    notebookId,
    openQuestionId: open.id,
    blockedQuestionId: blocked.id,
    anonymousAnswerId: anonymous.id,
    pendingAnswerId: pending.id,
    inviteId: invite.id,
    inviteCode: invite.code,
    collaboratorRowId: collab.id,
    inviteeRowId: invitee.id,
    shareeShareId: share.id,
  };
}
