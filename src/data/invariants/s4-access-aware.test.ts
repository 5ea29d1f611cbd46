/**
 * ARCHITECTURE S4 (access-aware pull) through the data layer: gaining access brings a notebook's
 * old rows on the next pull; losing it deletes them from the device; a row that becomes invisible
 * (a blocked question, an answer still pending for a sharee) arrives as a deletion.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { Device, eventually, signUp, startServer, type Person, type TestServer } from '../testing/harness.ts';

const COLLECTIONS = ['notebooks', 'questions', 'answers', 'notebook_shares'] as const;

let server: TestServer;
let owner: Person, sharee: Person, other: Person;

beforeAll(async () => {
  server = await startServer();
  owner = await signUp(server, 'dona');
  sharee = await signUp(server, 'convidada');
  other = await signUp(server, 'outra');
});
afterAll(async () => server?.close());

const titles = async (device: Device) => (await device.docs('notebooks')).map((n) => n.title);
const texts = async (device: Device, collection: 'questions' | 'answers') => (await device.docs(collection)).map((d) => d.text).sort();

test('S4 access-aware: a share brings every old row of the notebook; unsharing deletes them; blocked and pending rows arrive as deletions', async () => {
  const owners = await Device.open(server, owner, { collections: COLLECTIONS });
  const sharees = await Device.open(server, sharee, { collections: COLLECTIONS });
  try {
    // Written long before the share.
    const notebook = await owners.api.notebooks.create({ title: 'Caderno antigo', pre_moderation_enabled: true });
    if (!notebook.ok) throw new Error(notebook.problem.code);
    const id = notebook.value.id;
    const q1 = await owners.api.questions.add(id, 'Primeira pergunta');
    const q2 = await owners.api.questions.add(id, 'Segunda pergunta');
    if (!q1.ok || !q2.ok) throw new Error('questions');
    await owners.settle();
    // another person, already a sharee, answers: approved by the owner
    await owner.client.from('notebook_shares').insert({ notebook_id: id, shared_with: other.userId });
    const { error } = await other.client.from('answers').insert({ question_id: q1.value.id, text: 'Resposta aprovada' });
    expect(error).toBeNull();
    await owners.settle();
    const pending = (await owners.docs('answers'))[0];
    expect(await owners.api.answers.moderate(pending.id as string, 'approved')).toMatchObject({ ok: true });
    await owners.settle();
    await sharees.settle();
    expect(await titles(sharees)).toEqual([]);

    // Access gained: everything old arrives.
    expect(await owners.api.sharing.share(id, sharee.userId)).toMatchObject({ ok: true });
    await owners.settle();
    await eventually(async () => {
      expect(await titles(sharees)).toEqual(['Caderno antigo']);
      expect(await texts(sharees, 'questions')).toEqual(['Primeira pergunta', 'Segunda pergunta']);
      expect(await texts(sharees, 'answers')).toEqual(['Resposta aprovada']);
    });

    // A question blocked: a deletion for the sharee, still there for the owner.
    expect(await owners.api.questions.setBlocked(q2.value.id, true)).toMatchObject({ ok: true });
    await owners.settle();
    await eventually(async () => expect(await texts(sharees, 'questions')).toEqual(['Primeira pergunta']));
    expect(await texts(owners, 'questions')).toEqual(['Primeira pergunta', 'Segunda pergunta']);

    // An answer edited under pre-moderation goes back to pending: gone from the sharee's device.
    await other.client.from('answers').update({ text: 'Resposta editada' }).eq('question_id', q1.value.id);
    await eventually(async () => expect(await texts(sharees, 'answers')).toEqual([]));
    await owners.settle();
    expect(await texts(owners, 'answers')).toEqual(['Resposta editada']);

    // Access lost: the notebook and everything in it leave the sharee's device.
    expect(await owners.api.sharing.unshare(id, sharee.userId)).toMatchObject({ ok: true });
    await owners.settle();
    await eventually(async () => {
      expect(await titles(sharees)).toEqual([]);
      expect(await texts(sharees, 'questions')).toEqual([]);
      expect(await sharees.docs('notebook_shares')).toEqual([]);
    });
  } finally {
    await owners.close();
    await sharees.close();
  }
});

test('S4 access-aware: redeeming an invite link brings the notebook on the next pull', async () => {
  const owners = await Device.open(server, owner, { collections: ['notebooks', 'questions', 'invite_links'] });
  const guests = await Device.open(server, other, { collections: ['notebooks', 'questions'] });
  try {
    const notebook = await owners.api.notebooks.create({ title: 'Festa junina' });
    if (!notebook.ok) throw new Error(notebook.problem.code);
    await owners.api.questions.add(notebook.value.id, 'Qual sua comida típica?');
    await owners.settle();
    // The link is made on the owner's device and goes up with the sync (issue 21).
    const link = await owners.api.invites.create(notebook.value.id);
    if (!link.ok) throw new Error(link.problem.code);
    await owners.settle();
    const redeemed = await guests.api.invites.redeem(link.value.code);
    expect(redeemed).toEqual({ ok: true, value: notebook.value.id });
    await eventually(async () => {
      expect(await titles(guests)).toContain('Festa junina');
      expect(await texts(guests, 'questions')).toContain('Qual sua comida típica?');
    });
  } finally {
    await owners.close();
    await guests.close();
  }
});
