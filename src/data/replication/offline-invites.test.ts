/**
 * Invite links made offline (issue 21) through the data layer and the sync-server: the owner's
 * phone draws the code, the link awaits activation until the push confirms it, and a code that
 * collided on the server reaches the phone as the row's master state (the shown code changes).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { awaitsActivation } from '../invite-codes.ts';
import type { InviteLinkDoc } from '../schemas/index.ts';
import { Device, eventually, signUp, startServer, type Person, type TestServer } from '../testing/harness.ts';

const COLLECTIONS = ['notebooks', 'questions', 'invite_links'] as const;

let server: TestServer;
let owner: Person, friend: Person, otherOwner: Person;

beforeAll(async () => {
  server = await startServer();
  owner = await signUp(server, 'dona_offline');
  friend = await signUp(server, 'amiga_da_festa');
  otherOwner = await signUp(server, 'outro_dono');
});
afterAll(async () => server?.close());

async function linkOn(device: Device, id: string): Promise<InviteLinkDoc | undefined> {
  return (await device.docs('invite_links')).find((doc) => doc.id === id) as InviteLinkDoc | undefined;
}

test('offline the owner creates an invite: it awaits activation, reaches the server on reconnect, becomes active, and a friend redeems it', async () => {
  const phone = await Device.open(server, owner, { collections: COLLECTIONS, offline: true });
  try {
    const notebook = await phone.api.notebooks.create({ title: 'Festa sem sinal' });
    if (!notebook.ok) throw new Error(notebook.problem.code);
    const created = await phone.api.invites.create(notebook.value.id);
    if (!created.ok) throw new Error(created.problem.code);
    expect(awaitsActivation((await linkOn(phone, created.value.id))!)).toBe(true);

    // Not on the server yet: the code opens nothing.
    const early = await friend.client.rpc('redeem_invite', { p_code: created.value.code });
    expect(early.error?.hint).toBe('invite_invalid');

    phone.goOnline();
    await phone.settle();
    await eventually(async () => {
      const link = (await linkOn(phone, created.value.id))!;
      expect(awaitsActivation(link)).toBe(false);
      expect(link).toMatchObject({ code: created.value.code, status: 'active' });
    });
    expect(await phone.layer.ledger.pending()).toEqual({});

    const redeemed = await friend.client.rpc('redeem_invite', { p_code: created.value.code });
    expect(redeemed).toMatchObject({ error: null, data: notebook.value.id });
  } finally {
    await phone.close();
  }
});

test('a code another link took meanwhile is drawn again by the server; the phone shows the new one, active, and the old code stays the other link’s', async () => {
  const phone = await Device.open(server, owner, { collections: COLLECTIONS, offline: true });
  try {
    const notebook = await phone.api.notebooks.create({ title: 'Festa da colisão' });
    if (!notebook.ok) throw new Error(notebook.problem.code);
    const created = await phone.api.invites.create(notebook.value.id);
    if (!created.ok) throw new Error(created.problem.code);

    // Someone else's link gets the same code first (what 60 random bits make all but impossible).
    const { data: theirs, error } = await otherOwner.client.from('notebooks').insert({ title: 'Outro caderno', user_id: otherOwner.userId }).select('id').single();
    expect(error).toBeNull();
    expect((await otherOwner.client.from('invite_links').insert({ notebook_id: theirs!.id, code: created.value.code })).error).toBeNull();

    phone.goOnline();
    await phone.settle();
    const confirmed = await eventually(async () => {
      const link = (await linkOn(phone, created.value.id))!;
      expect(awaitsActivation(link)).toBe(false);
      expect(link.code).not.toBe(created.value.code);
      return link;
    });
    expect(confirmed.status).toBe('active');
    expect(await phone.layer.ledger.rejections()).toEqual({});
    expect((await friend.client.rpc('redeem_invite', { p_code: confirmed.code })).data).toBe(notebook.value.id);
    expect((await friend.client.rpc('redeem_invite', { p_code: created.value.code })).data).toBe(theirs!.id);
  } finally {
    await phone.close();
  }
});

test('online, creating an invite takes the same path and is confirmed within the sync', async () => {
  const phone = await Device.open(server, owner, { collections: COLLECTIONS });
  try {
    const notebook = await phone.api.notebooks.create({ title: 'Festa com sinal' });
    if (!notebook.ok) throw new Error(notebook.problem.code);
    const created = await phone.api.invites.create(notebook.value.id);
    if (!created.ok) throw new Error(created.problem.code);
    await phone.settle();
    await eventually(async () => expect(awaitsActivation((await linkOn(phone, created.value.id))!)).toBe(false));
    const { data } = await owner.client.from('invite_links').select('code, status').eq('id', created.value.id);
    expect(data).toEqual([{ code: created.value.code, status: 'active' }]);
  } finally {
    await phone.close();
  }
});
