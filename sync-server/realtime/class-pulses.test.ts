import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerIdFor } from '../../src/data/derived-ids.ts';
import { seedSharedNotebooks, type Setup } from '../bench-fixture.ts';
import { startTestServer, TEST_BACKENDS, type TestServer } from '../testing.ts';
import { clientFor, Inbox, subscribed } from './test-helpers.ts';

/** A pulse as realtime-js hands it over (replication_pulses: id, user_id, txid, created_at). */
type Pulse = { id: number; user_id: string; txid: number | string };

const EVERYONE = '00000000-0000-0000-0000-000000000000';
const PHONES = 40;
const ROUNDS = 2;

/**
 * Issue 34: a class of 40 phones pushing answers at once, on the app's own schema (replication_pulses,
 * its RLS, the answers' triggers that pulse everyone who replicates the notebook). Whatever the load,
 * every pulse reaches every phone and the teacher exactly once, all in the same (commit) order, and
 * nobody hears anybody else's. How FAST they come is the benchmarks' business (tests/bench/class.ts,
 * sync-server/bench-replication-load.ts print the pulses within 1 s / 5 s), not this test's.
 */
describe.each(TEST_BACKENDS)("a class's pulses on $name", ({ postgresServerUrl }) => {
  let server: TestServer;
  let setup: Setup;
  let teacher: { userId: string; token: string };
  const clients: SupabaseClient[] = [];

  beforeAll(async () => {
    server = await startTestServer({ postgresServerUrl });
    setup = await seedSharedNotebooks(server, PHONES);
    const { rows } = await server.ctx.db.query<{ user_id: string }>(`select user_id from notebooks where id = $1`, [setup.questions[0].notebookId]);
    teacher = { userId: rows[0].user_id, token: await server.ctx.jwt.sign({ role: 'authenticated', sub: rows[0].user_id, aud: 'authenticated' }, 3600) };
  }, 120_000);

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.removeAllChannels()));
    await server?.close();
  });

  /** The app's subscription (its own pulses and everyone's), or with no filter at all: RLS alone decides. */
  async function listen(token: string | undefined, filterFor?: string): Promise<Inbox<Pulse>> {
    const client = await clientFor(server, { token });
    clients.push(client);
    const inbox = new Inbox<Pulse>();
    const filter = filterFor ? { filter: `user_id=in.(${filterFor},${EVERYONE})` } : {};
    await subscribed(
      client
        .channel(`pulses-${Math.random().toString(36).slice(2)}`)
        .on('postgres_changes' as never, { event: 'INSERT', schema: 'public', table: 'replication_pulses', ...filter }, (change: { new: Pulse }) =>
          inbox.push(change.new),
        ),
    );
    return inbox;
  }

  it('40 phones push at once: each pulse reaches every phone and the teacher once, in one order, and nobody hears another person’s', { timeout: 240_000 }, async () => {
    const phones = await Promise.all(setup.clients.map(async (me) => ({ me, inbox: await listen(me.token, me.userId), rest: await clientFor(server, { token: me.token }) })));
    clients.push(...phones.map((p) => p.rest));
    const atTeacher = await listen(teacher.token, teacher.userId);
    // Listening to every pulse there is: RLS alone decides what they hear.
    const unfiltered = await Promise.all([listen(setup.clients[0].token), listen(setup.clients[1].token)]);
    const visitor = await listen(undefined);

    const answerIds: string[] = [];
    const push = async (phone: (typeof phones)[number], round: number) => {
      const question = setup.questions[round];
      const id = await answerIdFor(phone.me.secret, question.id);
      answerIds.push(id);
      const doc = {
        id,
        question_id: question.id,
        notebook_id: question.notebookId,
        user_id: phone.me.userId,
        text: `Resposta ${round}`,
        is_anonymous: false,
        responder_name: 'Turma',
        client_clock: 1,
        _deleted: false,
      };
      const { data, error } = await phone.rest.rpc('replication_push', { p_collection: 'answers', p_rows: [{ newDocumentState: doc, assumedMasterState: null }] });
      expect(error).toBeNull();
      expect((data as { conflicts?: unknown[] }).conflicts ?? []).toEqual([]);
    };
    for (let round = 0; round < ROUNDS; round++) await Promise.all(phones.map((phone) => push(phone, round)));
    // Committed after every push: once it reached everyone, every earlier pulse was delivered (commit order).
    await push(phones[0], ROUNDS);

    const { rows } = await server.ctx.db.query<{ xid: string }>(`select replication_xid::text as xid from answers where id = any($1::uuid[])`, [answerIds]);
    const pushes = new Set(rows.map((r) => r.xid));
    expect(pushes.size).toBe(PHONES * ROUNDS + 1);
    const last = (await server.ctx.db.query<{ xid: string }>(`select replication_xid::text as xid from answers where id = $1`, [answerIds.at(-1)])).rows[0].xid;
    const everyone = [...phones.map((p) => ({ userId: p.me.userId, inbox: p.inbox })), { userId: teacher.userId, inbox: atTeacher }];
    await Promise.all([...everyone.map(({ inbox }) => inbox), ...unfiltered].map((inbox) => inbox.next((pulse) => String(pulse.txid) === last, 60_000)));

    const order = (inbox: Inbox<Pulse>) => inbox.values.map((pulse) => String(pulse.txid));
    const teachersOrder = order(atTeacher);
    for (const { userId, inbox } of everyone) {
      // Theirs alone (or everyone's), each push's pulse once — none missing, none twice.
      expect(inbox.values.filter((pulse) => pulse.user_id !== userId && pulse.user_id !== EVERYONE)).toEqual([]);
      expect(new Set(order(inbox))).toEqual(pushes);
      expect(order(inbox)).toHaveLength(pushes.size);
      // One feed in commit order: every phone heard the pushes in the teacher's order.
      expect(order(inbox)).toEqual(teachersOrder);
    }
    for (const [i, inbox] of unfiltered.entries()) {
      expect(inbox.values.filter((pulse) => pulse.user_id !== setup.clients[i].userId && pulse.user_id !== EVERYONE)).toEqual([]);
      expect(new Set(order(inbox))).toEqual(pushes);
    }
    // A visitor may not select pulses at all: like Supabase's Realtime, it gets an 'Unauthorized'
    // event with no record for each (realtime-js hands over an empty row) — never whose or which.
    expect(visitor.values.filter((pulse) => Object.keys(pulse).length > 0)).toEqual([]);
  });
});
