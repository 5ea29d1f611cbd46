/**
 * Sign-out on a shared device: pending writes are pushed first when online; what could not be
 * sent is reported (so the person is asked); then the person's local data is wiped.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { unsyncedBeforeSignOut } from './sign-out.ts';
import { Device, dumpIndexedDB, serverView, signUp, startServer, type Person, type TestServer } from '../testing/harness.ts';

let server: TestServer;
let ana: Person;

beforeAll(async () => {
  server = await startServer();
  ana = await signUp(server, 'ana');
});
afterAll(async () => server?.close());

test('sign-out: offline, the unsent writes are reported; online, they are pushed first and nothing is reported', async () => {
  const device = await Device.open(server, ana, { collections: ['notebooks'] });
  try {
    await device.settle();
    device.goOffline();
    await device.api.notebooks.create({ title: 'Escrito na escola' });
    expect(await unsyncedBeforeSignOut(device.layer, { reason: 'user' }, false)).toMatchObject([
      { label: 'Escrito na escola', kind: 'notebooks' },
    ]);
    device.transport.offline = false; // the network is back, no event yet: the sign-out pushes
    expect(await unsyncedBeforeSignOut(device.layer, { reason: 'user' }, true, 10_000)).toEqual([]);
    expect((await serverView(ana.client, 'notebooks')).map((n) => n.title)).toContain('Escrito na escola');
  } finally {
    await device.close();
  }
});

test('sign-out: refused writes are reported too, then the wipe leaves nothing of the person on the device', async () => {
  const device = await Device.open(server, ana, { collections: ['notebooks'] });
  try {
    await device.settle();
    device.goOffline();
    await server.ctx.db.query(`insert into public.forbidden_words (word) values ('proibidona')`);
    await device.api.notebooks.create({ title: 'Uma proibidona' });
    device.goOnline();
    await device.settle();
    expect(await unsyncedBeforeSignOut(device.layer, { reason: 'user' }, true)).toMatchObject([{ label: 'Uma proibidona', kind: 'notebooks' }]);

    expect(await dumpIndexedDB(device.indexedDB)).toContain(ana.userId);
    await device.layer.wipe();
    const left = await dumpIndexedDB(device.indexedDB);
    expect(left).not.toContain(ana.userId);
    expect(left).not.toContain('Uma proibidona');
  } finally {
    await device.close();
  }
});
