/**
 * Issue 29, item 3: a claim made while the friend's answers have not left the host's phone. The
 * phone pushed the guest row when the turn began, then lost the signal with the answers on it.
 * Before, the claim answered {moved: 0} ("Nenhuma resposta nova passou para a sua conta"), marked
 * the guest claimed for good — the same answer on every later try — and the answers that arrived
 * afterwards stayed the guest's. Now the server refuses it as claim_not_synced and changes nothing;
 * once the phone has been online, the same code claims the answers. Through the real sync-server,
 * on PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { claimGuest, type RoundContext } from './rounds.ts';
import { Device, eventually, signUp, signedInClient, startServer, TEST_DATABASE_URL, type Person, type TestServer } from '../testing/harness.ts';
import type { CollectionName } from '../schemas/index.ts';

const COLLECTIONS: CollectionName[] = ['notebooks', 'questions', 'answers', 'guests', 'user_settings', 'forbidden_words', 'notebook_shares'];
const BACKENDS = TEST_DATABASE_URL ? ['PGlite', 'PostgreSQL'] : ['PGlite'];

describe.each(BACKENDS)('on %s', (backend) => {
  let server: TestServer;
  let host: Person, lia: Person;
  let notebookId: string;
  let questionIds: string[];

  beforeAll(async () => {
    server = await startServer({ postgres: backend === 'PostgreSQL' });
    host = await signUp(server, 'anfitriao_espera');
    lia = await signUp(server, 'lia_resgata');
    const { data: notebook } = await host.client.from('notebooks').insert({ title: 'Sem sinal no meio', user_id: host.userId }).select().single();
    notebookId = notebook!.id;
    const { data: questions } = await host.client
      .from('questions')
      .insert([0, 1, 2].map((i) => ({ notebook_id: notebookId, text: `Pergunta ${i + 1}`, order_index: i })))
      .select();
    questionIds = questions!.map((q) => q.id as string);
  }, 120_000);
  afterAll(async () => server?.close());

  async function claimAs(person: Person, code: string) {
    const client = await signedInClient(server, person);
    return claimGuest({ client, userId: person.userId } as unknown as RoundContext, code);
  }

  test('a claim before the answers reached the server is refused as claim_not_synced, changes nothing, and the same code claims them once the phone was online', async () => {
    const phone = await Device.open(server, host, { collections: COLLECTIONS, devMode: false });
    try {
      await phone.settle();
      expect((await phone.api.rounds.start(notebookId, { kind: 'pin', secret: '8642' })).ok).toBe(true);
      expect((await phone.api.rounds.startTurn({ name: 'Lia', anonymous: false })).ok).toBe(true);
      // The turn's guest reached the server while there was a signal…
      await eventually(async () => {
        const { data } = await host.client.from('guests').select('id').eq('notebook_id', notebookId);
        expect(data).toHaveLength(1);
      });
      // …then the signal went, with the answers on the phone.
      phone.goOffline();
      for (const questionId of questionIds) expect((await phone.api.rounds.answer(questionId, 'Lia sem sinal')).ok).toBe(true);
      const code = await phone.api.rounds.endTurn();
      if (!code.ok) throw new Error(code.problem.code);

      expect(await claimAs(lia, code.value)).toEqual({ ok: false, problem: { code: 'claim_not_synced', field: 'code' } });
      // Asked again: the same answer, nothing claimed.
      expect(await claimAs(lia, code.value)).toEqual({ ok: false, problem: { code: 'claim_not_synced', field: 'code' } });
      const { data: guests } = await host.client.from('guests').select('claimed_at').eq('notebook_id', notebookId);
      expect(guests).toEqual([{ claimed_at: null }]);

      phone.goOnline();
      await phone.settle();
      const claimed = await claimAs(lia, code.value);
      expect(claimed).toMatchObject({ ok: true, value: { notebookId, moved: 3, kept: 0 } });
    } finally {
      await phone.close();
    }
  }, 120_000);
});
