/**
 * Issue 20: after a sign-up from an invitation, the first pages of the notebook's own rows are
 * asked for while the new person's database opens, and their first sync stores those answers
 * instead of asking the server again.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { CollectionName } from '../schemas/index.ts';
import { Device, signUp, startServer, type Person, type TestServer } from '../testing/harness.ts';
import { prefetchFirstPages, SYNCED_FIRST } from './first-pages.ts';

let server: TestServer;
let owner: Person;
let code: string;

beforeAll(async () => {
  server = await startServer();
  owner = await signUp(server, 'dona_paginas');
  const { data, error } = await owner.client.from('notebooks').insert({ title: 'Caderno da turma' }).select('id').single();
  if (error || !data) throw new Error(error?.message);
  const questions = await owner.client.from('questions').insert([{ notebook_id: data.id, text: 'Qual é a sua cor favorita?', order_index: 0 }]);
  if (questions.error) throw new Error(questions.error.message);
  const link = await owner.client.rpc('create_invite_link', { p_notebook_id: data.id });
  if (link.error) throw new Error(link.error.message);
  code = (link.data as { code: string }).code;
});
afterAll(async () => server?.close());

test("the first sync takes the pages asked for while the database opened, and stores the notebook, its questions and the person's share", async () => {
  const friend = await signUp(server, 'amiga_paginas');
  const redeemed = await friend.client.rpc('redeem_invite', { p_code: code });
  if (redeemed.error) throw new Error(redeemed.error.message);
  prefetchFirstPages(friend.client, friend.userId);

  // Pulls that brought rows: the first of each collection (the later ones, from its checkpoint, are empty).
  const askedAgain: CollectionName[] = [];
  const device = await Device.open(server, friend, {
    afterPull: (collection, response) => void (response.documents.length > 0 && askedAgain.push(collection)),
  });
  try {
    await device.settle();
    expect(askedAgain.filter((name) => SYNCED_FIRST.includes(name))).toEqual([]);
    expect((await device.docs('notebooks')).map((n) => n.title)).toEqual(['Caderno da turma']);
    expect((await device.docs('questions')).map((q) => q.text)).toEqual(['Qual é a sua cor favorita?']);
    expect((await device.docs('notebook_shares')).map((s) => s.shared_with)).toEqual([friend.userId]);
    // Everything else came as usual.
    expect(askedAgain).toContain('profiles');
  } finally {
    await device.close();
  }
});

test("someone else's device does not take them", async () => {
  const friend = await signUp(server, 'outra_paginas');
  const redeemed = await friend.client.rpc('redeem_invite', { p_code: code });
  if (redeemed.error) throw new Error(redeemed.error.message);
  prefetchFirstPages(friend.client, friend.userId);

  const asked: CollectionName[] = [];
  const ownerDevice = await Device.open(server, owner, {
    afterPull: (collection, response) => void (response.documents.length > 0 && asked.push(collection)),
  });
  try {
    await ownerDevice.settle();
    expect(asked).toEqual(expect.arrayContaining(['notebooks', 'questions', 'notebook_shares']));
    expect((await ownerDevice.docs('notebook_shares')).map((s) => s.shared_with).sort()).toContain(friend.userId);
  } finally {
    await ownerDevice.close();
  }
});
