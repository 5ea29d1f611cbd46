/**
 * Invite links made on the device (issue 21, migration 20261124110100_offline_invites.sql): the
 * owner's phone, offline at a party, draws a code and writes the invite_links row; the push
 * confirms it. A code another link already has is drawn again on the server and reaches the
 * device with its next pull; only owners may insert; replays change nothing (S9); a confirmed code
 * is redeemed like any other, one that never reached the server is invite_invalid.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TEST_DATABASE_URL, openTestDatabase, type SqlError, type TestDatabase } from './harness.ts';
import { Device, push, type Doc } from './replication-client.ts';
import { startTestServer, TEST_BACKENDS } from '../../sync-server/testing.ts';
import { signUpAdult } from '../../sync-server/test-people.ts';

let t: TestDatabase;
let owner: string, otherOwner: string, editor: string, sharee: string, outsider: string, friend: string;
let notebookId: string, otherNotebookId: string;

/** The row an owner's phone writes offline (src/data/repositories/invites.ts). */
function offlineInvite(notebook: string, code: string, extra: Record<string, unknown> = {}) {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    notebook_id: notebook,
    code,
    status: 'active',
    expires_at: null,
    redeemed_count: 0,
    created_by: owner,
    created_at: now,
    updated_at: now,
    server_rev: 0,
    _deleted: false,
    ...extra,
  };
}

async function stored(id: string) {
  const [row] = await t.sql<{ code: string; status: string; created_by: string; server_rev: number; notebook_id: string }>(
    `select code, status, created_by, server_rev, notebook_id from invite_links where id = $1`,
    [id],
  );
  return row;
}

async function redeem(caller: string, code: string): Promise<string | SqlError> {
  try {
    const [row] = await t.as<{ id: string }>(caller, `select redeem_invite($1) as id`, [code]);
    return row.id;
  } catch (error) {
    return error as SqlError;
  }
}

beforeAll(async () => {
  t = await openTestDatabase();
  owner = await t.createUser('dona_da_festa');
  otherOwner = await t.createUser('outra_dona');
  editor = await t.createUser('editora');
  sharee = await t.createUser('convidada');
  outsider = await t.createUser('de_fora');
  friend = await t.createUser('amiga');
  [{ id: notebookId }] = await t.as<{ id: string }>(owner, `insert into notebooks (title, user_id) values ('Festa', $1) returning id`, [owner]);
  [{ id: otherNotebookId }] = await t.as<{ id: string }>(otherOwner, `insert into notebooks (title, user_id) values ('Outra festa', $1) returning id`, [otherOwner]);
  await t.as(owner, `insert into notebook_shares (notebook_id, shared_with) values ($1, $2)`, [notebookId, sharee]);
  await t.as(owner, `insert into notebook_collaborators (notebook_id, user_id, role) values ($1, $2, 'editor')`, [notebookId, editor]);
  await t.as(editor, `update notebook_collaborators set status = 'accepted' where user_id = $1`, [editor]);
});
afterAll(async () => t?.close());

describe('an invite made offline', () => {
  test('the push confirms it: stored as written (code, notebook), active, created by the pusher; the owner pulls it with a revision', async () => {
    const doc = offlineInvite(notebookId, 'FESTA2345678');
    expect(await push(t, owner, 'invite_links', [{ newDocumentState: doc, assumedMasterState: null }])).toEqual({ conflicts: [], rejected: [] });
    expect(await stored(doc.id)).toMatchObject({ code: 'FESTA2345678', status: 'active', created_by: owner, notebook_id: notebookId });
    const phone = new Device(t, owner);
    await phone.sync('invite_links');
    expect(phone.store.get('invite_links')!.get(doc.id)).toMatchObject({ code: 'FESTA2345678', status: 'active', server_rev: 1 });
  });

  test('the status, the count and the author are the server’s, whatever the phone sent', async () => {
    const doc = offlineInvite(notebookId, 'AUTRA2345678', { status: 'expired', redeemed_count: 40, created_by: outsider });
    expect(await push(t, owner, 'invite_links', [{ newDocumentState: doc, assumedMasterState: null }])).toEqual({ conflicts: [], rejected: [] });
    expect(await stored(doc.id)).toMatchObject({ status: 'active', created_by: owner });
    expect((await t.sql(`select redeemed_count from invite_links where id = $1`, [doc.id]))[0].redeemed_count).toBe(0);
  });

  test('a code another link already has is drawn again: the push is accepted, the first link keeps its code, the phone pulls the new one', async () => {
    const first = offlineInvite(otherNotebookId, 'CHQQUE234567');
    expect(await push(t, otherOwner, 'invite_links', [{ newDocumentState: first, assumedMasterState: null }])).toEqual({ conflicts: [], rejected: [] });
    const phone = new Device(t, owner);
    await phone.sync('invite_links');

    const second = offlineInvite(notebookId, 'chqque234567'); // the server compares codes in upper case
    expect(await push(t, owner, 'invite_links', [{ newDocumentState: second, assumedMasterState: null }])).toEqual({ conflicts: [], rejected: [] });
    const replaced = await stored(second.id);
    expect(replaced.code).not.toBe('CHQQUE234567');
    expect(replaced.code).toMatch(/^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{12}$/);
    expect((await stored(first.id)).code).toBe('CHQQUE234567');

    // The owner's phone learns the new code from its next pull (the row's master state)…
    await phone.sync('invite_links');
    expect(phone.store.get('invite_links')!.get(second.id)).toMatchObject({ code: replaced.code, server_rev: 1 });
    // …and the colliding code still opens only the other owner's notebook.
    expect(await redeem(friend, 'CHQQUE234567')).toBe(otherNotebookId);
    expect(await redeem(outsider, replaced.code)).toBe(notebookId);
  });

  test('only the owner inserts: an editor, a sharee and an outsider are refused with not_allowed, nothing is written', async () => {
    for (const person of [editor, sharee, outsider]) {
      const doc = offlineInvite(notebookId, `NEG${[...person.replace(/-/g, '').slice(0, 9)].map((c) => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[parseInt(c, 16)]).join('')}`, { created_by: person });
      const result = await push(t, person, 'invite_links', [{ newDocumentState: doc, assumedMasterState: null }]);
      expect(result.conflicts).toEqual([]);
      expect(result.rejected.map((r) => [r.id, r.reason])).toEqual([[doc.id, 'not_allowed']]);
      expect(await stored(doc.id)).toBeUndefined();
    }
  });

  test('a code not in the table’s format is refused as validation, for that row only (the rest of the batch goes in)', async () => {
    const bad = offlineInvite(notebookId, 'curto');
    const good = offlineInvite(notebookId, 'BATELADA2345');
    const result = await push(t, owner, 'invite_links', [
      { newDocumentState: bad, assumedMasterState: null },
      { newDocumentState: good, assumedMasterState: null },
    ]);
    expect(result.rejected.map((r) => [r.id, r.reason])).toEqual([[bad.id, 'validation']]);
    expect(await stored(bad.id)).toBeUndefined();
    expect((await stored(good.id)).code).toBe('BATELADA2345');
  });

  test('an invite code is 12 characters of the code alphabet on every path (the device draws them so; a short code is guessed): push, insert, update; the server draws 12 too', async () => {
    const refusedCodes = ['ABC234', 'ABCDEFGHJK', 'ABCDEFGHJKLMN', 'ABCDEFGHJKL0', 'ABCDEFGHJKLI'];
    const docs = refusedCodes.map((code) => offlineInvite(notebookId, code));
    const result = await push(t, owner, 'invite_links', docs.map((doc) => ({ newDocumentState: doc, assumedMasterState: null })));
    expect(result.rejected.map((r) => [r.id, r.reason, r.code])).toEqual(docs.map((doc) => [doc.id, 'validation', '23514']));
    for (const doc of docs) expect(await stored(doc.id)).toBeUndefined();
    // the owner's own insert (what PostgREST runs for POST /rest/v1/invite_links), and the service role's
    for (const caller of [owner, 'service']) {
      const error = await t.as(caller, `insert into invite_links (notebook_id, code, created_by) values ($1, 'ABC234', $2)`, [notebookId, owner]).catch((e: SqlError) => e);
      expect(error).toMatchObject({ code: '23514', hint: 'validation' });
    }
    // typed in lower case with spaces around, a good code is stored in its form
    const [typed] = await t.as<{ code: string }>(owner, `insert into invite_links (notebook_id, code) values ($1, ' teclada23456 ') returning code`, [notebookId]);
    expect(typed.code).toBe('TECLADA23456');
    // a code never changes (a short one neither)
    const change = await t.as(owner, `update invite_links set code = 'ABC234' where code = 'TECLADA23456'`).catch((e: SqlError) => e);
    expect(change).toMatchObject({ code: '42501' });
  });

  test('S9: a replayed push (lost answer, background sync) changes nothing: the server’s row comes back as a conflict, also after the code was replaced and after a revoke', async () => {
    const taken = offlineInvite(otherNotebookId, 'REPETE234567');
    await push(t, otherOwner, 'invite_links', [{ newDocumentState: taken, assumedMasterState: null }]);
    const doc = offlineInvite(notebookId, 'REPETE234567');
    const row = { newDocumentState: doc, assumedMasterState: null };
    expect(await push(t, owner, 'invite_links', [row])).toEqual({ conflicts: [], rejected: [] });
    const confirmed = await stored(doc.id);

    const replay = await push(t, owner, 'invite_links', [row]);
    expect(replay.rejected).toEqual([]);
    expect(replay.conflicts).toMatchObject([{ id: doc.id, code: confirmed.code, server_rev: confirmed.server_rev }]);
    expect(await stored(doc.id)).toEqual(confirmed);
    expect(await t.sql(`select count(*)::int as n from invite_links where notebook_id = $1 and code = $2`, [notebookId, confirmed.code])).toEqual([{ n: 1 }]);

    // The owner revokes it; the old insert replayed later does not bring it back.
    const phone = new Device(t, owner);
    await phone.sync('invite_links');
    const master = phone.store.get('invite_links')!.get(doc.id)! as Doc;
    expect(await push(t, owner, 'invite_links', [{ newDocumentState: { ...master, status: 'revoked' }, assumedMasterState: master }])).toEqual({ conflicts: [], rejected: [] });
    const late = await push(t, owner, 'invite_links', [row]);
    expect(late.conflicts).toMatchObject([{ id: doc.id, status: 'revoked' }]);
    expect((await stored(doc.id)).status).toBe('revoked');
  });

  test('redeeming: a confirmed code gives a share; a code that never reached the server is invite_invalid', async () => {
    const doc = offlineInvite(notebookId, 'ENTRA2345678');
    await push(t, owner, 'invite_links', [{ newDocumentState: doc, assumedMasterState: null }]);
    const newcomer = await t.createUser('recem_chegada');
    expect(await redeem(newcomer, 'entra2345678')).toBe(notebookId);
    expect(await t.as(newcomer, `select id from notebooks where id = $1`, [notebookId])).toHaveLength(1);

    const neverPushed = offlineInvite(notebookId, 'NUNCA2345678');
    const error = (await redeem(await t.createUser('outra_pessoa'), neverPushed.code)) as SqlError;
    expect(error.hint).toBe('invite_invalid');
  });

  test('an offline link with an expiry keeps it; once past, redeeming it is invite_invalid', async () => {
    const soon = new Date(Date.now() + 60_000).toISOString();
    const past = new Date(Date.now() - 60_000).toISOString();
    const live = offlineInvite(notebookId, 'VALE23456789', { expires_at: soon });
    const expired = offlineInvite(notebookId, 'VENCEU234567', { expires_at: past });
    expect(await push(t, owner, 'invite_links', [
      { newDocumentState: live, assumedMasterState: null },
      { newDocumentState: expired, assumedMasterState: null },
    ])).toEqual({ conflicts: [], rejected: [] });
    expect(await redeem(await t.createUser('a_tempo'), live.code)).toBe(notebookId);
    expect(((await redeem(await t.createUser('atrasada'), expired.code)) as SqlError).hint).toBe('invite_invalid');
  });

  test('the online RPC create_invite_link still draws a unique code for the owner (the same trigger), and refuses others', async () => {
    const [link] = await t.as<{ code: string; status: string }>(owner, `select code, status from create_invite_link($1)`, [notebookId]);
    expect(link).toMatchObject({ status: 'active' });
    expect(link.code).toMatch(/^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{12}$/);
    await expect(t.as(editor, `select code from create_invite_link($1)`, [notebookId])).rejects.toMatchObject({ hint: 'not_allowed' });
  });
});

describe.runIf(Boolean(TEST_DATABASE_URL))('two phones pushing the same code at once (real PostgreSQL, two connections)', () => {
  let pgt: TestDatabase;
  const connections: pg.Client[] = [];

  async function pushingAs(userId: string): Promise<pg.Client> {
    const c = new pg.Client({ connectionString: pgt.url });
    await c.connect();
    connections.push(c);
    await c.query('begin');
    await c.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ role: 'authenticated', sub: userId }),
    ]);
    return c;
  }

  const pushSql = `select replication_push('invite_links', $1::jsonb) as r`;
  const rowsFor = (notebook: string, code: string) => JSON.stringify([{ newDocumentState: offlineInvite(notebook, code), assumedMasterState: null }]);

  beforeAll(async () => {
    pgt = await openTestDatabase({ backend: 'postgres' });
  });
  afterAll(async () => {
    for (const c of connections) await c.end().catch(() => {});
    await pgt?.close();
  });

  test('the second waits for the first, then gets a new code: both links are accepted, none refused as duplicate', async () => {
    const ana = await pgt.createUser('ana_concorrente');
    const bia = await pgt.createUser('bia_concorrente');
    const [{ id: anasNotebook }] = await pgt.as<{ id: string }>(ana, `insert into notebooks (title, user_id) values ('Festa A', $1) returning id`, [ana]);
    const [{ id: biasNotebook }] = await pgt.as<{ id: string }>(bia, `insert into notebooks (title, user_id) values ('Festa B', $1) returning id`, [bia]);
    const first = await pushingAs(ana);
    const second = await pushingAs(bia);
    const firstResult = await first.query(pushSql, [rowsFor(anasNotebook, 'JUNTAS234567')]);
    const secondPush = second.query(pushSql, [rowsFor(biasNotebook, 'JUNTAS234567')]);
    // The second waits on the code's lock while the first is open.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await first.query('commit');
    const secondResult = await secondPush;
    await second.query('commit');
    expect(firstResult.rows[0].r).toEqual({ conflicts: [], rejected: [] });
    expect(secondResult.rows[0].r).toEqual({ conflicts: [], rejected: [] });
    const codes = await pgt.sql<{ notebook_id: string; code: string }>(
      `select notebook_id, code from invite_links where notebook_id in ($1, $2)`,
      [anasNotebook, biasNotebook],
    );
    expect(codes.find((row) => row.notebook_id === anasNotebook)?.code).toBe('JUNTAS234567');
    expect(codes.find((row) => row.notebook_id === biasNotebook)?.code).toMatch(/^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{12}$/);
  });
});

describe.each(TEST_BACKENDS)('an invite code through REST on $name', ({ postgresServerUrl }) => {
  test('an owner inserting a 6-character code gets 400 (23514, hint validation) and no link; a 12-character code is taken', async () => {
    const server = await startTestServer({ postgresServerUrl });
    try {
      const client = server.anonClient();
      const { error: signUpError } = await signUpAdult(client, { email: `dona-${randomUUID().slice(0, 8)}@example.test`, password: 'Senha-forte-123', username: 'dona_rest' });
      expect(signUpError).toBeNull();
      const { data: notebook, error } = await client.from('notebooks').insert({ title: 'Festa pela API' }).select('id').single();
      expect(error).toBeNull();
      const short = await client.from('invite_links').insert({ notebook_id: notebook!.id, code: 'ABC234' });
      expect([short.status, short.error?.code, short.error?.hint]).toEqual([400, '23514', 'validation']);
      const good = await client.from('invite_links').insert({ notebook_id: notebook!.id, code: 'FESTAPELAWEB' }).select('code').single();
      expect(good.error).toBeNull();
      expect((await client.from('invite_links').select('code').eq('notebook_id', notebook!.id)).data).toEqual([{ code: 'FESTAPELAWEB' }]);
    } finally {
      await server.close();
    }
  }, 120_000); // a fresh server applies every migration (over 30 s on PGlite under load)
});
