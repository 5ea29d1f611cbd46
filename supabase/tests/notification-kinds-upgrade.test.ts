/**
 * A database that had notifications before 20261128150000_notification_kinds.sql (sentences in
 * title/message) keeps them, now with the codes the app writes its sentences from: the actor of a
 * signed answer, of a share and of a collaboration invitation; an anonymous answer's stays NULL.
 * Read from real migrations on PGlite: those before, rows as the old triggers wrote them, then this one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, expect, test } from 'vitest';
import { bootstrapSupabase } from '../../sync-server/db/bootstrap.ts';
import { openDatabase } from '../../sync-server/db/index.ts';
import { applyMigrations } from '../../sync-server/db/migrations.ts';
import { adultSignUpData } from '../../sync-server/test-people.ts';
import { MIGRATIONS_DIR } from './harness.ts';

const THIS = '20261128150000_notification_kinds.sql';
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'notification-kinds-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

test('notifications written before the codes get their actor and subject; an anonymous answer names nobody', async () => {
  for (const file of fs.readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql') && f < THIS)) {
    fs.copyFileSync(path.join(MIGRATIONS_DIR, file), path.join(folder, file));
  }
  const db = await openDatabase({ dataDir: 'memory://', databaseUrl: undefined });
  try {
    await bootstrapSupabase(db);
    await applyMigrations(db, folder);
    const sql = async (text: string, params: unknown[] = []) => (await db.query<Record<string, unknown>>(text, params)).rows;
    const person = async (name: string) => {
      const id = randomUUID();
      await sql(`insert into auth.users (id, aud, role, email, raw_user_meta_data) values ($1, 'authenticated', 'authenticated', $2, $3)`,
        [id, `${name}@example.test`, JSON.stringify(adultSignUpData(name))]);
      return id;
    };
    const [owner, named, secret, sharee, invitee] = [await person('dona'), await person('nomeada'), await person('secreta'), await person('leitora'), await person('convidada')];
    const [{ id: nb }] = await sql(`insert into notebooks (title, user_id) values ('Festa', $1) returning id`, [owner]);
    const [{ id: q }] = await sql(`insert into questions (notebook_id, user_id, text) values ($1, $2, 'Qual a sua cor?') returning id`, [nb, owner]);
    await sql(`insert into notebook_shares (notebook_id, created_by, shared_with, access_level) values ($1, $2, $3, 'viewer'), ($1, $2, $4, 'viewer'), ($1, $2, $5, 'viewer')`, [nb, owner, named, secret, sharee]);
    await sql(`insert into notebook_collaborators (notebook_id, user_id, role, invited_by) values ($1, $2, 'collaborator', $3)`, [nb, invitee, owner]);
    for (const [who, anonymous] of [[named, false], [secret, true]] as const) {
      await sql(`begin`);
      await sql(`select set_config('request.jwt.claims', $1, true), set_config('role', 'authenticated', true)`, [JSON.stringify({ sub: who, role: 'authenticated' })]);
      await sql(`insert into answers (question_id, text, is_anonymous) values ($1, 'Azul', $2)`, [q, anonymous]);
      await sql(`commit`);
    }
    const before = await sql(`select type, title from notifications order by type, message`);
    expect(before.map((n) => n.type)).toEqual(['collaboration_invite', 'new_answer', 'new_answer', 'notebook_shared', 'notebook_shared', 'notebook_shared']);

    fs.copyFileSync(path.join(MIGRATIONS_DIR, THIS), path.join(folder, THIS));
    await applyMigrations(db, folder);
    const after = await sql(`
      select n.type, n.recipient_id, n.actor_id, n.subject_id is not null as has_subject, n.group_count, a.is_anonymous
        from notifications n left join answers a on a.id = n.answer_id order by n.type, a.is_anonymous nulls first, n.recipient_id`);
    expect(after).toEqual(expect.arrayContaining([
      { type: 'collaboration_invite', recipient_id: invitee, actor_id: owner, has_subject: true, group_count: 1, is_anonymous: null },
      { type: 'new_answer', recipient_id: owner, actor_id: named, has_subject: false, group_count: 1, is_anonymous: false },
      { type: 'new_answer', recipient_id: owner, actor_id: null, has_subject: false, group_count: 1, is_anonymous: true },
      { type: 'notebook_shared', recipient_id: sharee, actor_id: owner, has_subject: true, group_count: 1, is_anonymous: null },
    ]));
    expect(after).toHaveLength(6);
    expect(after.filter((n) => n.actor_id === secret)).toEqual([]);
  } finally {
    await db.close();
  }
});
