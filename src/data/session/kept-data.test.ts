/**
 * Signing out with unsent work on a shared device (issue 21), with the sync-server: kept, the
 * work waits in its person's own database and reaches the server when the same person signs in
 * again; a different person signing in on the same device (the same IndexedDB) neither sees nor
 * pushes it; discarded, it is gone for good.
 */
import { IDBFactory } from 'fake-indexeddb';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { databaseNameFor } from '../db.ts';
import { createKvStore } from '../kv-store.ts';
import { Device, signUp, startServer, type Person, type TestServer } from '../testing/harness.ts';
import { keptDataIn, localDataAfterSignOut } from './kept-data.ts';
import type { SignOutContext } from './lifecycle.ts';

const COLLECTIONS = ['notebooks', 'questions'] as const;

let server: TestServer;
let ana: Person, bruno: Person;

beforeAll(async () => {
  server = await startServer();
  ana = await signUp(server, 'ana_da_festa');
  bruno = await signUp(server, 'bruno_da_festa');
});
afterAll(async () => server?.close());

/** One phone: its IndexedDB, the app's kv-store on it, and whoever is signed in. */
function phone() {
  const indexedDB = new IDBFactory();
  const kept = keptDataIn(createKvStore('cadernos-kv', indexedDB));
  const signIn = (person: Person, online: boolean) =>
    Device.open(server, person, { indexedDB, databaseName: databaseNameFor(person.userId), collections: COLLECTIONS, offline: !online });
  /** What session/data.ts does when a session ends: the decided-hook marks, the after-hook keeps or wipes. */
  const signOut = async (device: Device, context: Omit<SignOutContext, 'userId'>) => {
    const full = { ...context, userId: device.person.userId };
    if (full.keepLocalData) await kept.mark(full.userId);
    const outcome = await localDataAfterSignOut(kept, full);
    if (outcome === 'keep') await device.close();
    else {
      await device.layer.wipe();
      await device.client.removeAllChannels();
    }
    return outcome;
  };
  return { kept, signIn, signOut };
}

/**
 * Its replications have started. (RxDB's upstream rejects a promise nobody catches when it is
 * cancelled while starting: a sign-out in the first moments after a sign-in, which no person makes.)
 */
async function started(device: Device): Promise<void> {
  await Promise.all([...(device.layer.engine?.replications.values() ?? [])].map((replication) => replication.startPromise));
}

async function notebooksOnServer(person: Person): Promise<string[]> {
  const { data, error } = await person.client.from('notebooks').select('title').eq('user_id', person.userId);
  expect(error).toBeNull();
  return (data ?? []).map((row) => row.title as string).sort();
}

async function titles(device: Device): Promise<string[]> {
  return (await device.docs('notebooks')).map((doc) => doc.title as string).sort();
}

test('kept: a different person signing in on the phone neither sees nor pushes it; the same person signing in again sends it', async () => {
  const device = phone();
  const anas = await device.signIn(ana, false);
  await started(anas);
  const notebook = await anas.api.notebooks.create({ title: 'Caderno guardado da Ana' });
  if (!notebook.ok) throw new Error(notebook.problem.code);
  expect(await anas.api.questions.add(notebook.value.id, 'Qual foi a melhor música da festa?')).toMatchObject({ ok: true });
  expect(Object.keys(await anas.layer.ledger.pending())).toHaveLength(2);
  expect(await device.signOut(anas, { reason: 'user', keepLocalData: true })).toBe('keep');
  // Another tab of the app hears the same sign-out as a session ended elsewhere: it keeps too.
  expect(await localDataAfterSignOut(device.kept, { userId: ana.userId, reason: 'ended' })).toBe('keep');

  // Bruno signs in on the same phone, online.
  const brunos = await device.signIn(bruno, true);
  expect(await brunos.api.notebooks.create({ title: 'Caderno do Bruno' })).toMatchObject({ ok: true });
  await brunos.settle();
  expect(await titles(brunos)).toEqual(['Caderno do Bruno']);
  expect(await notebooksOnServer(bruno)).toEqual(['Caderno do Bruno']);
  expect(await notebooksOnServer(ana)).toEqual([]);
  expect(await device.signOut(brunos, { reason: 'user' })).toBe('wipe');
  expect(await notebooksOnServer(ana)).toEqual([]);

  // Ana signs in again, online: her kept work is there and reaches the server.
  const anaAgain = await device.signIn(ana, true);
  await device.kept.forget(ana.userId); // session/data.ts, once her database is open again
  expect(await titles(anaAgain)).toEqual(['Caderno guardado da Ana']);
  await anaAgain.settle();
  expect(await notebooksOnServer(ana)).toEqual(['Caderno guardado da Ana']);
  const { data: questions } = await ana.client.from('questions').select('text').eq('notebook_id', notebook.value.id);
  expect(questions).toEqual([{ text: 'Qual foi a melhor música da festa?' }]);
  expect(await anaAgain.layer.ledger.pending()).toEqual({});
  // Back to normal: her next sign-out without a choice, or a session ended elsewhere, wipes.
  expect(await localDataAfterSignOut(device.kept, { userId: ana.userId, reason: 'ended' })).toBe('wipe');
  await anaAgain.close();
});

test('discarded: the work is gone from the phone and never reaches the server', async () => {
  const device = phone();
  const anas = await device.signIn(ana, false);
  await started(anas);
  expect(await anas.api.notebooks.create({ title: 'Caderno descartado' })).toMatchObject({ ok: true });
  expect(await device.signOut(anas, { reason: 'user', keepLocalData: false })).toBe('wipe');

  const anaAgain = await device.signIn(ana, true);
  expect(await anaAgain.layer.ledger.pending()).toEqual({});
  await anaAgain.settle();
  expect(await titles(anaAgain)).not.toContain('Caderno descartado');
  expect(await notebooksOnServer(ana)).not.toContain('Caderno descartado');
  await anaAgain.close();
});

test('signing out right after a write (keep or discard) ends the replication cleanly: no unhandled rejection, the kept write still waits', async () => {
  const unhandled: unknown[] = [];
  // RxDB's own upstream, closed in its first moments (the device signed in again below is closed
  // right away), subscribes to its completed `canceled` subject and rejects a promise it never
  // catches (rxjs' EmptyError from startReplicationUpstream): the library's, not a sign-out's.
  const rxdbStartRace = (reason: unknown) => reason instanceof Error && reason.name === 'EmptyError' && /startReplicationUpstream/.test(reason.stack ?? '');
  const collect = (reason: unknown) => {
    if (!rxdbStartRace(reason)) unhandled.push(reason);
  };
  const stackDepth = Error.stackTraceLimit;
  Error.stackTraceLimit = 60; // deep enough to see RxDB's frame under rxjs' own
  process.on('unhandledRejection', collect);
  try {
    for (const keepLocalData of [true, false]) {
      const device = phone();
      const anas = await device.signIn(ana, false);
      await started(anas);
      expect(await anas.api.notebooks.create({ title: `Escrito agora (${keepLocalData})` })).toMatchObject({ ok: true });
      await device.signOut(anas, { reason: 'user', keepLocalData });
      await new Promise((resolve) => setTimeout(resolve, 300));
      if (keepLocalData) {
        const again = await device.signIn(ana, false);
        expect(Object.values(await again.layer.ledger.pending()).map((entry) => entry.label)).toEqual(['Escrito agora (true)']);
        await again.close();
      }
    }
    expect(unhandled).toEqual([]);
  } finally {
    Error.stackTraceLimit = stackDepth;
    process.off('unhandledRejection', collect);
  }
});

test('a ban wipes kept data whatever was chosen before', async () => {
  const device = phone();
  await device.kept.mark(ana.userId);
  expect(await localDataAfterSignOut(device.kept, { userId: ana.userId, reason: 'banned' })).toBe('wipe');
  expect(await localDataAfterSignOut(device.kept, { userId: ana.userId, reason: 'ended' })).toBe('keep');
});
