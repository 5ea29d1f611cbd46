/**
 * Issue 16, defect 6: what a person writes offline keeps the time they wrote it — on the server,
 * on other devices, after the pull that brings the server's row back, and through a conflict —
 * not the time it reached the server. Answers in a notebook are listed by that time.
 * (The server's bounds on a claimed time: supabase/tests/time-written.test.ts.)
 */
import { firstValueFrom } from 'rxjs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CollectionName } from '../schemas/index.ts';
import { Device, serverView, signUp, startServer, type Person, type TestServer } from '../testing/harness.ts';

const ANSWERER: CollectionName[] = ['notebooks', 'questions', 'answers', 'user_settings', 'notebook_shares'];
const READER: CollectionName[] = ['notebooks', 'questions', 'answers'];

let server: TestServer;
let owner: Person;

beforeAll(async () => {
  server = await startServer();
  owner = await signUp(server, 'dona');
});
afterAll(async () => server?.close());

/** A notebook of the owner with one question, shared with each of `guests` (made online). */
async function sharedQuestion(...guests: Person[]) {
  const { data: notebook, error } = await owner.client.from('notebooks').insert({ title: 'Caderno da festa', user_id: owner.userId }).select().single();
  if (error) throw error;
  const { data: question } = await owner.client.from('questions').insert({ notebook_id: notebook.id, text: 'Qual é a sua música favorita?' }).select().single();
  for (const guest of guests) await owner.client.from('notebook_shares').insert({ notebook_id: notebook.id, shared_with: guest.userId });
  return { notebookId: notebook.id as string, questionId: question!.id as string };
}

const instant = (iso: unknown) => Date.parse(String(iso));

async function docById(device: Device, collection: CollectionName, id: string) {
  const doc = (await device.docs(collection)).find((d) => d.id === id);
  if (!doc) throw new Error(`${collection}/${id} is not on ${device.person.username}'s device`);
  return doc;
}

async function serverDoc(person: Person, collection: CollectionName, id: string) {
  const doc = (await serverView(person.client, collection)).find((d) => d.id === id);
  if (!doc) throw new Error(`${collection}/${id} is not on the server for ${person.username}`);
  return doc;
}

describe('the time a person wrote something', () => {
  test('an answer written offline keeps the time it was written, on the server and on every device, and is listed by it', async () => {
    const bia = await signUp(server, 'bia');
    const cris = await signUp(server, 'cris');
    const { notebookId, questionId } = await sharedQuestion(bia, cris);
    const biasPhone = await Device.open(server, bia, { collections: ANSWERER });
    const ownersPhone = await Device.open(server, owner, { collections: READER });
    try {
      await biasPhone.settle();
      biasPhone.goOffline(); // a party with no signal
      const written = await biasPhone.api.answers.answer(questionId, { text: 'Asa branca' });
      if (!written.ok) throw new Error(written.problem.code);
      const writtenAt = instant(written.value.answer.created_at);

      // Meanwhile Cris, online, answers after her.
      const { error } = await cris.client.from('answers').insert({ question_id: questionId, text: 'Garota de Ipanema' });
      expect(error).toBeNull();
      await ownersPhone.settle();

      biasPhone.goOnline(); // later, back home
      const wentOnlineAt = Date.now();
      await biasPhone.settle();
      await ownersPhone.settle();
      expect(wentOnlineAt).toBeGreaterThan(writtenAt);

      const answerId = written.value.answer.id;
      const onServer = await serverDoc(owner, 'answers', answerId);
      expect(instant(onServer.created_at)).toBe(writtenAt);
      expect(instant((await docById(ownersPhone, 'answers', answerId)).created_at)).toBe(writtenAt);
      expect(instant((await docById(biasPhone, 'answers', answerId)).created_at)).toBe(writtenAt); // the server's row came back

      // The owner reads the answers in the order they were written: Bia's first.
      const view = await firstValueFrom(ownersPhone.api.queries.notebook(notebookId));
      expect(view?.questions[0].answers.map((a) => a.text)).toEqual(['Asa branca', 'Garota de Ipanema']);
    } finally {
      await biasPhone.close();
      await ownersPhone.close();
    }
  });

  test('a notebook and a question created offline keep the time they were written (and were not edited since)', async () => {
    const writer = await Device.open(server, owner, { collections: READER });
    const otherDevice = await Device.open(server, owner, { collections: READER });
    try {
      await writer.settle();
      writer.goOffline();
      const notebook = await writer.api.notebooks.create({ title: 'Caderno do acampamento' });
      if (!notebook.ok) throw new Error(notebook.problem.code);
      const question = await writer.api.questions.add(notebook.value.id, 'Quem trouxe a barraca?');
      if (!question.ok) throw new Error(question.problem.code);
      await otherDevice.settle(); // time passes while the phone is offline

      writer.goOnline();
      await writer.settle();
      await otherDevice.settle();

      for (const [collection, doc] of [['notebooks', notebook.value], ['questions', question.value]] as const) {
        const writtenAt = instant(doc.created_at);
        for (const seen of [await serverDoc(owner, collection, doc.id), await docById(otherDevice, collection, doc.id), await docById(writer, collection, doc.id)]) {
          expect(instant(seen.created_at)).toBe(writtenAt);
          // a row nobody edited was last changed when it was written (the history shows no edit)
          expect(instant(seen.updated_at)).toBe(writtenAt);
        }
      }
    } finally {
      await writer.close();
      await otherDevice.close();
    }
  });

  test('a rejected answer edited offline goes back for review at the time the edit was written', async () => {
    const dani = await signUp(server, 'dani');
    const { questionId } = await sharedQuestion(dani);
    let frozen: number | null = null; // the phone's clock, held still while the edit is written
    const phone = await Device.open(server, dani, { collections: ANSWERER, now: () => frozen ?? Date.now() });
    try {
      await phone.settle();
      const first = await phone.api.answers.answer(questionId, { text: 'Pagode' });
      if (!first.ok) throw new Error(first.problem.code);
      await phone.settle();
      expect((await owner.client.rpc('moderate_answer', { p_answer_id: first.value.answer.id, p_status: 'rejected' })).error).toBeNull();
      await phone.settle();
      expect((await docById(phone, 'answers', first.value.answer.id)).moderation_status).toBe('rejected');

      phone.goOffline();
      frozen = Date.now();
      const editedAt = frozen;
      const edited = await phone.api.answers.answer(questionId, { text: 'Pagode dos anos 90' });
      frozen = null;
      if (!edited.ok) throw new Error(edited.problem.code);
      expect(instant(edited.value.answer.created_at)).toBe(editedAt); // shown at once, before any request
      const { error } = await owner.client.from('notebooks').select('id').limit(1); // time passes
      expect(error).toBeNull();

      phone.goOnline();
      await phone.settle();
      const onServer = await serverDoc(owner, 'answers', first.value.answer.id);
      expect(onServer).toMatchObject({ text: 'Pagode dos anos 90', moderation_status: 'pending' });
      expect(instant(onServer.created_at)).toBe(editedAt);
      expect(instant((await docById(phone, 'answers', first.value.answer.id)).created_at)).toBe(editedAt);
    } finally {
      await phone.close();
    }
  });

  test('two devices of one person answer offline: the answer that stays keeps the time it was written (conflict)', async () => {
    const caio = await signUp(server, 'caio');
    const { questionId } = await sharedQuestion(caio);
    const phone = await Device.open(server, caio, { collections: ANSWERER });
    const laptop = await Device.open(server, caio, { collections: ANSWERER });
    try {
      await phone.settle();
      await laptop.settle();
      phone.goOffline();
      laptop.goOffline();
      const early = await phone.api.answers.answer(questionId, { text: 'Samba (no celular)' });
      const late = await laptop.api.answers.answer(questionId, { text: 'Forró (no computador)' });
      if (!early.ok || !late.ok) throw new Error('answers refused locally');
      const lateWrittenAt = instant(late.value.answer.created_at);

      laptop.goOnline(); // the later answer arrives first…
      await laptop.settle();
      phone.goOnline(); // …the earlier one meets it as a conflict and loses (S7)
      await phone.settle();
      await laptop.settle();

      const id = late.value.answer.id;
      for (const seen of [await serverDoc(caio, 'answers', id), await docById(phone, 'answers', id), await docById(laptop, 'answers', id)]) {
        expect(seen.text).toBe('Forró (no computador)');
        expect(instant(seen.created_at)).toBe(lateWrittenAt);
      }
    } finally {
      await phone.close();
      await laptop.close();
    }
  });
});
