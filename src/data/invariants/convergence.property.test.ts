/**
 * Convergence under random schedules (issue 5): three devices of two people — the owner's phone,
 * and two devices of a sharee — run random sequences of edits, answers, moderation, shares,
 * revocations, going offline and coming back. After each schedule, with everyone back online:
 *
 *   - every device holds exactly what the server lets its person see (S3, S4, S5 at rest),
 *   - nothing is left pending, and the only refusals are the ones a stale device must get
 *     (answering a notebook whose access was revoked, or a question that was blocked),
 *   - no acknowledged answer is lost: the server's answer is the acknowledged one or a later
 *     one by the answerer's clock (S6, S7, S9).
 *
 * CONVERGENCE_RUNS sets the number of schedules (default 200); CONVERGENCE_SEED and
 * CONVERGENCE_PATH replay a failure fast-check reported.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { fromServer } from '../replication/documents.ts';
import type { CollectionName } from '../schemas/index.ts';
import { Device, serverView, signUp, startServer, type Person, type TestServer } from '../testing/harness.ts';

const RUNS = Number(process.env.CONVERGENCE_RUNS ?? 200);
const SEED = process.env.CONVERGENCE_SEED ? Number(process.env.CONVERGENCE_SEED) : undefined;
const COLLECTIONS: CollectionName[] = ['notebooks', 'questions', 'answers', 'user_settings'];
const COMPARED = ['notebooks', 'questions', 'answers'] as const;
const ALLOWED_REFUSALS = new Set(['not_allowed']);

type DeviceName = 'owner' | 'sharePhone' | 'shareLaptop';
type Action =
  | { kind: 'offline' | 'online' | 'sync'; device: DeviceName }
  | { kind: 'answer'; device: DeviceName; question: number; text: string; anonymous: boolean }
  | { kind: 'editQuestion'; question: number; text: string }
  | { kind: 'block'; question: number; blocked: boolean }
  | { kind: 'premoderation'; on: boolean }
  | { kind: 'moderate'; pick: number; status: 'approved' | 'rejected' | 'pending' }
  | { kind: 'share' | 'revoke' };

const deviceName = fc.constantFrom<DeviceName>('owner', 'sharePhone', 'shareLaptop');
const words = fc.constantFrom('azul', 'verde', 'pão de queijo', 'praia', 'sim', 'talvez', 'nunca', 'sempre');
const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constantFrom('offline' as const, 'online' as const, 'sync' as const), device: deviceName }) },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('answer' as const),
      device: deviceName,
      question: fc.nat(1),
      text: words,
      anonymous: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('editQuestion' as const), question: fc.nat(1), text: words.map((w) => `Pergunta ${w}?`) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('block' as const), question: fc.nat(1), blocked: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('premoderation' as const), on: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('moderate' as const), pick: fc.nat(3), status: fc.constantFrom('approved' as const, 'rejected' as const, 'pending' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom('share' as const, 'revoke' as const) }) },
);

let server: TestServer;
let owner: Person, sharee: Person;
let devices: Record<DeviceName, Device>;
/** Answers the server acknowledged (sent$): id → the latest acknowledged clock and text. */
const acknowledged = new Map<string, { clock: number; text: string; notebookId: string }>();

beforeAll(async () => {
  server = await startServer();
  owner = await signUp(server, 'dona');
  sharee = await signUp(server, 'amiga');
  devices = {
    owner: await Device.open(server, owner, { collections: COLLECTIONS }),
    sharePhone: await Device.open(server, sharee, { collections: COLLECTIONS }),
    shareLaptop: await Device.open(server, sharee, { collections: COLLECTIONS }),
  };
  for (const device of Object.values(devices)) {
    device.layer.engine!.replications.get('answers')!.sent$.subscribe((doc) => {
      const answer = doc as unknown as { id: string; text: string; client_clock: number; notebook_id: string; _deleted: boolean };
      if (answer._deleted) return;
      const known = acknowledged.get(answer.id);
      if (!known || answer.client_clock > known.clock) {
        acknowledged.set(answer.id, { clock: answer.client_clock, text: answer.text, notebookId: answer.notebook_id });
      }
    });
  }
}, 120_000);

afterAll(async () => {
  for (const device of Object.values(devices ?? {})) await device.close();
  await server?.close();
});

async function settleEveryone(): Promise<void> {
  for (const device of Object.values(devices)) device.goOnline();
  for (let round = 0; round < 2; round++) {
    for (const device of Object.values(devices)) await device.settle();
  }
}

function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

/** The documents of one notebook as the schema keeps them, comparable as text. */
function comparable(collection: CollectionName, docs: Record<string, unknown>[], notebookId: string): string[] {
  return docs
    .filter((doc) => (collection === 'notebooks' ? doc.id === notebookId : doc.notebook_id === notebookId))
    .map((doc) => {
      const { _deleted: _ignored, ...fields } = fromServer(collection, { ...doc, id: doc.id as string, _deleted: false });
      return canonical(fields);
    })
    .sort();
}

async function run(actions: Action[]): Promise<void> {
  const ownerDevice = devices.owner;
  const notebook = await ownerDevice.api.notebooks.create({ title: 'Caderno aleatório' });
  if (!notebook.ok) throw new Error(notebook.problem.code);
  const notebookId = notebook.value.id;
  const questionIds: string[] = [];
  for (const text of ['Primeira pergunta?', 'Segunda pergunta?']) {
    const q = await ownerDevice.api.questions.add(notebookId, text);
    if (!q.ok) throw new Error(q.problem.code);
    questionIds.push(q.value.id);
  }
  await ownerDevice.settle();
  let shared = false;

  for (const step of actions) {
    const device = 'device' in step ? devices[step.device] : ownerDevice;
    switch (step.kind) {
      case 'offline':
        device.goOffline();
        break;
      case 'online':
        device.goOnline();
        break;
      case 'sync':
        if (!device.transport.offline) await device.settle();
        break;
      case 'answer':
        await device.api.answers.answer(questionIds[step.question], { text: `${step.text} (${step.device})`, is_anonymous: step.anonymous });
        break;
      case 'editQuestion':
        await ownerDevice.api.questions.edit(questionIds[step.question], step.text);
        break;
      case 'block':
        await ownerDevice.api.questions.setBlocked(questionIds[step.question], step.blocked);
        break;
      case 'premoderation':
        await ownerDevice.api.notebooks.update(notebookId, { pre_moderation_enabled: step.on });
        break;
      case 'moderate': {
        const answers = (await ownerDevice.docs('answers')).filter((a) => a.notebook_id === notebookId);
        if (answers.length > 0) await ownerDevice.api.answers.moderate(answers[step.pick % answers.length].id as string, step.status);
        break;
      }
      case 'share':
        // sharing and revoking are the owner's online actions (the notebook exists on the server once synced)
        if (!shared && !(await owner.client.from('notebook_shares').insert({ notebook_id: notebookId, shared_with: sharee.userId })).error) shared = true;
        break;
      case 'revoke':
        if (shared) {
          await owner.client.from('notebook_shares').delete().eq('notebook_id', notebookId).eq('shared_with', sharee.userId);
          shared = false;
        }
        break;
    }
  }

  await settleEveryone();

  for (const [name, device] of Object.entries(devices)) {
    const client = device.person === owner ? owner.client : sharee.client;
    for (const collection of COMPARED) {
      const local = comparable(collection, await device.docs(collection), notebookId);
      const remote = comparable(collection, await serverView(client, collection), notebookId);
      expect(local, `${name} ${collection}`).toEqual(remote);
    }
    expect(await device.layer.ledger.pending(), `${name} pending`).toEqual({});
    const refusals = Object.values(await device.layer.ledger.rejections());
    for (const refusal of refusals) expect(ALLOWED_REFUSALS.has(refusal.reason), `${name}: ${refusal.reason} ${refusal.operation}`).toBe(true);
    await device.layer.ledger.clearRejections(refusals.map((r) => r.key));
  }

  const onServer = new Map((await serverView(owner.client, 'answers')).map((a) => [a.id as string, a]));
  for (const [id, ack] of acknowledged) {
    if (ack.notebookId !== notebookId) continue;
    const row = onServer.get(id);
    expect(row, `acknowledged answer ${id} is on the server`).toBeDefined();
    expect(Number(row!.client_clock), `acknowledged answer ${id} (${ack.text}): the server's clock`).toBeGreaterThanOrEqual(ack.clock);
    if (Number(row!.client_clock) === ack.clock) expect(row!.text).toBe(ack.text);
  }
}

/**
 * Schedules the property found, replayed by name (a random seed may not find them again): each
 * one failed before its fix.
 */
const FOUND_SCHEDULES: { name: string; actions: Action[] }[] = [
  {
    // the owner rejects an answer and approves it again before the push goes out: the push
    // changes nothing the server takes, and the device kept its own moderator and time
    name: 'seed 894923244: a decision taken back before the push keeps the server\'s moderator and time',
    actions: [
      { kind: 'revoke' },
      { kind: 'editQuestion', question: 1, text: 'Pergunta verde?' },
      { kind: 'answer', device: 'owner', question: 1, text: 'azul', anonymous: false },
      { kind: 'moderate', pick: 2, status: 'rejected' },
      { kind: 'premoderation', on: false },
      { kind: 'sync', device: 'owner' },
      { kind: 'answer', device: 'shareLaptop', question: 0, text: 'nunca', anonymous: false },
      { kind: 'moderate', pick: 3, status: 'rejected' },
      { kind: 'moderate', pick: 0, status: 'approved' },
    ],
  },
];

for (const schedule of FOUND_SCHEDULES) {
  test(`convergence, a schedule found before: ${schedule.name}`, async () => {
    await run(schedule.actions);
  }, 120_000);
}

test(`convergence: ${RUNS} random schedules of three devices (two people) — every device equals the server's view for its person, nothing pending, no acknowledged answer lost`, async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(action, { minLength: 2, maxLength: 10 }), async (actions) => {
      await run(actions);
    }),
    // CONVERGENCE_SEED and CONVERGENCE_PATH replay a reported failure (fast-check prints both).
    { numRuns: RUNS, endOnFailure: true, verbose: 1, seed: SEED, path: process.env.CONVERGENCE_PATH },
  );
}, 1_800_000);
