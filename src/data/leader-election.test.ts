/**
 * One tab replicates (RxDB's leader election); the others share its database and see the same
 * data at once. Two "tabs" here are two data layers on one IndexedDB and one database name.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { filter, firstValueFrom } from 'rxjs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openDataLayer, type DataLayer } from './data-layer.ts';
import { eventually, serverView, signedInClient, signUp, startServer, type Person, type TestServer } from './testing/harness.ts';

let server: TestServer;
let ana: Person;

beforeAll(async () => {
  server = await startServer();
  ana = await signUp(server, 'ana');
});
afterAll(async () => server?.close());

async function openTab(indexedDB: IDBFactory, name: string): Promise<DataLayer> {
  return openDataLayer({
    userId: ana.userId,
    client: await signedInClient(server, ana),
    serverUrl: server.url,
    databaseName: name,
    publishStatus: false,
    database: { indexedDB, IDBKeyRange, multiInstance: true, devMode: true, simulateTabs: true, collections: ['notebooks'] },
    engine: { retry: { baseMs: 30, maxMs: 300 }, pulseDebounceMs: 10 },
  });
}

test('one tab replicates, the other sees its data at once; when the leader closes, the other takes over', async () => {
  const indexedDB = new IDBFactory();
  const name = `tabs-${Date.now()}`;
  const first = await openTab(indexedDB, name);
  const second = await openTab(indexedDB, name);
  let tabs = [first, second];
  try {
    await eventually(() => expect(tabs.filter((tab) => tab.db.isLeader())).toHaveLength(1));
    const leader = tabs.find((tab) => tab.db.isLeader())!;
    const follower = tabs.find((tab) => tab !== leader)!;

    // Written in the follower, shown in the leader at once, sent by the leader.
    const seenByLeader = firstValueFrom(leader.api.queries.myNotebooks().pipe(filter((cards) => cards.length === 1)));
    await follower.api.notebooks.create({ title: 'Da aba de trás' });
    expect((await seenByLeader)[0].notebook.title).toBe('Da aba de trás');
    await eventually(async () => expect((await serverView(ana.client, 'notebooks')).map((n) => n.title)).toContain('Da aba de trás'));
    expect(follower.engine!.replications.get('notebooks')!.wasStarted).toBe(false);

    // The leader's tab closes: the other one leads and replicates.
    await leader.close();
    tabs = [follower];
    await eventually(() => expect(follower.db.isLeader()).toBe(true), 15_000);
    await follower.api.notebooks.create({ title: 'Depois da troca' });
    await eventually(async () => expect((await serverView(ana.client, 'notebooks')).map((n) => n.title)).toContain('Depois da troca'), 15_000);
  } finally {
    for (const tab of tabs) await tab.close();
  }
});
