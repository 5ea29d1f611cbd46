import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type BrowserContext, type CDPSession, type Page, type TestInfo } from '@playwright/test';
import { decodeJwt, SignJWT } from 'jose';
import { newAnswerDoc } from '../../src/data/schemas/answers.ts';
import { SUPABASE_DEMO_ANON_KEY, SUPABASE_DEMO_JWT_SECRET } from '../../sync-server/config.ts';
import { dismissConsent } from './helpers.ts';
import { PASSWORD, signUp, type SignedUp as Person } from './people.ts';

/**
 * Background sync (issue 6): a push that fails for lack of connection is queued by the service
 * worker and replayed on Chromium's `sync` event with no page of the app open — also when the
 * access token stored with it has expired by then (the worker refreshes the session supabase-js
 * keeps in IndexedDB, and the page's supabase-js goes on with the refreshed session).
 *
 * The push is the data layer's exact request (src/data/replication/transport.ts through
 * supabase-js: POST /rest/v1/rpc/replication_push with apikey + Authorization of the stored
 * session and {p_collection, p_rows}), issued with fetch from the page because the screens that
 * answer questions are not built yet: the worker sees exactly what it will see from them.
 */

const SYNC_TAG = 'workbox-background-sync:replication-push';

interface StoredSession {
  access_token: string;
  refresh_token: string;
  expires_at: number;
  user: { id: string };
}

/** A notebook of the person with one question; returns the ids and the answer's derived id (S6). */
async function notebookWithQuestion(person: Person) {
  const { data: notebook, error } = await person.client
    .from('notebooks')
    .insert({ title: 'Caderno de férias', user_id: person.userId })
    .select('id')
    .single();
  if (error) throw error;
  const { data: question, error: questionError } = await person.client
    .from('questions')
    .insert({ notebook_id: notebook.id, text: 'O que você fez nas férias?' })
    .select('id')
    .single();
  if (questionError) throw questionError;
  const { data: answerId, error: idError } = await person.client.rpc('my_answer_id', { p_question_id: question.id });
  if (idError) throw idError;
  return { notebookId: notebook.id as string, questionId: question.id as string, answerId: answerId as string };
}

/** The row the data layer pushes for a new answer (src/data/repositories/answers.ts, as RxDB hands it over). */
function answerRow(person: Person, ids: Awaited<ReturnType<typeof notebookWithQuestion>>, text: string) {
  const answer = { id: ids.answerId, question_id: ids.questionId, notebook_id: ids.notebookId, user_id: person.userId, text };
  return {
    newDocumentState: { ...newAnswerDoc(answer, { at: new Date().toISOString(), clock: Date.now() }), _deleted: false },
    assumedMasterState: null,
  };
}

async function launch(testInfo: TestInfo, baseURL: string) {
  // A normal profile: Chromium keeps Background Sync off in incognito-like contexts (Playwright's
  // default ones), so `registration.sync.register` would fail there.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'cadernos-bgsync-'));
  const persistent = await chromium.launchPersistentContext(profile, {
    ...testInfo.project.use.launchOptions,
    locale: 'pt-BR',
    baseURL,
    viewport: { width: 360, height: 780 },
  });
  return { context: persistent, profile };
}

async function logIn(page: Page, person: Person) {
  await dismissConsent(page);
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/meus-cadernos$/);
  await expect(page.getByTestId('account-menu')).toContainText(`@${person.username}`);
  // The service worker controls the page (it answers the push) and has finished installing.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
  });
}

/** The session supabase-js keeps in IndexedDB (src/data/kv-store.ts), optionally replaced first. */
function storedSession(page: Page, replacement?: StoredSession): Promise<StoredSession> {
  return page.evaluate(async (next) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('cadernos-kv');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const store = db.transaction('kv', 'readwrite').objectStore('kv');
    const raw = await new Promise<string>((resolve) => {
      const get = store.get('cadernos-auth');
      get.onsuccess = () => resolve(get.result as string);
    });
    if (next) await new Promise((resolve) => (store.put(JSON.stringify(next), 'cadernos-auth').onsuccess = resolve));
    db.close();
    return JSON.parse(raw) as StoredSession;
  }, replacement);
}

/** The data layer's push, as supabase-js sends it; resolves to what the page got back. */
function pushFromPage(page: Page, rows: unknown[]): Promise<string> {
  return page.evaluate(
    async ({ rows, apikey }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('cadernos-kv');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const raw = await new Promise<string>((resolve) => {
        const get = db.transaction('kv').objectStore('kv').get('cadernos-auth');
        get.onsuccess = () => resolve(get.result as string);
      });
      db.close();
      const session = JSON.parse(raw) as { access_token: string };
      try {
        const response = await fetch('/rest/v1/rpc/replication_push', {
          method: 'POST',
          headers: {
            apikey,
            authorization: `Bearer ${session.access_token}`,
            'content-type': 'application/json',
            'x-client-info': 'supabase-js-web/2.109.0',
          },
          body: JSON.stringify({ p_collection: 'answers', p_rows: rows }),
        });
        return `status ${response.status}`;
      } catch (error) {
        return `network error (${(error as Error).name})`;
      }
    },
    { rows, apikey: SUPABASE_DEMO_ANON_KEY },
  );
}

/** How many pushes the worker has queued (Workbox keeps them in its own IndexedDB database). */
function queuedPushes(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('workbox-background-sync');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    if (!db.objectStoreNames.contains('requests')) return 0;
    const count = await new Promise<number>((resolve) => {
      const request = db.transaction('requests').objectStore('requests').count();
      request.onsuccess = () => resolve(request.result);
    });
    db.close();
    return count;
  });
}

async function serverAnswer(person: Person, answerId: string): Promise<string | null> {
  const { data } = await person.client.from('answers').select('text').eq('id', answerId).maybeSingle();
  return (data?.text as string | undefined) ?? null;
}

/** The worker's registration id, from the ServiceWorker domain's events. */
async function registrationId(cdp: CDPSession, origin: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => !r.isDeleted && r.scopeURL === `${origin}/`);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

/**
 * No connection, for the page and for the worker alike. Playwright's setOffline emulates it with
 * CDP Network.emulateNetworkConditions on every target of the context, the service worker's own
 * target included (its CRServiceWorker has a network manager of its own; only
 * PLAYWRIGHT_DISABLE_SERVICE_WORKER_NETWORK turns that off). That it reaches the worker is
 * checked, not assumed: a push lands in the queue only when the worker's own fetch failed.
 */
function goOffline(context: BrowserContext): Promise<void> {
  return context.setOffline(true);
}

/**
 * Back online, with the server still out of reach for a moment: Chromium fires the sync event by
 * itself when the connection returns, and this first replay must fail and keep the push queued
 * (the routes abort the worker's requests too: Playwright routes service-worker fetches in
 * Chromium). Returns once that attempt was seen, so the CDP dispatch that follows is what replays.
 */
async function onlineWithServerUnreachable(context: BrowserContext, origin: string): Promise<() => Promise<void>> {
  let attempts = 0;
  const backend = (url: URL) => url.origin === origin && /^\/(auth|rest)\//.test(url.pathname);
  await context.route(backend, (route) => {
    attempts += 1;
    return route.abort('connectionrefused');
  });
  await context.setOffline(false);
  await expect.poll(() => attempts, { message: 'the browser fires the sync event when the connection returns', timeout: 15_000 }).toBeGreaterThan(0);
  return () => context.unroute(backend);
}

for (const expired of [false, true]) {
  test(`a push that failed offline is replayed by the sync event with no page open${expired ? ', after its access token expired' : ''}`, async ({ baseURL }, testInfo) => {
    test.setTimeout(90_000);
    const origin = baseURL!;
    const person = await signUp(origin, expired ? 'bgexp' : 'bgsync');
    const ids = await notebookWithQuestion(person);
    const { context, profile } = await launch(testInfo, origin);
    try {
      // A page of another origin stays open to talk to the browser (CDP) once the app's page is closed.
      const devtools = await context.newPage();
      await devtools.goto('about:blank');
      const cdp = await context.newCDPSession(devtools);
      const page = context.pages()[0] === devtools ? await context.newPage() : context.pages()[0];
      await logIn(page, person);
      const registration = await registrationId(cdp, origin);

      const original = await storedSession(page);
      let staleToken = '';
      if (expired) {
        // Issued an hour ago, expired a minute ago: the server refuses it (JWT expired).
        const now = Math.floor(Date.now() / 1000);
        const claims = decodeJwt(original.access_token);
        const stale = await new SignJWT({ ...claims, iat: now - 3660, exp: now - 60 })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .sign(new TextEncoder().encode(SUPABASE_DEMO_JWT_SECRET));
        await goOffline(context);
        staleToken = stale;
        await storedSession(page, { ...original, access_token: stale, expires_at: now - 60 });
      } else {
        await goOffline(context);
      }

      const text = expired ? 'Viajei para a praia (token vencido)' : 'Viajei para a praia';
      expect(await pushFromPage(page, [answerRow(person, ids, text)])).toMatch(/^network error/);
      await expect.poll(() => queuedPushes(page)).toBe(1);
      expect(await serverAnswer(person, ids.answerId)).toBeNull();
      if (expired) expect((await storedSession(page)).expires_at).toBeLessThan(Date.now() / 1000);
      await page.close();

      const serverBack = await onlineWithServerUnreachable(context, origin);
      expect(await serverAnswer(person, ids.answerId)).toBeNull();
      await serverBack();
      await cdp.send('ServiceWorker.dispatchSyncEvent', { origin, registrationId: registration, tag: SYNC_TAG, lastChance: false });
      await expect.poll(() => serverAnswer(person, ids.answerId), { timeout: 15_000 }).toBe(text);
      expect(context.pages()).toEqual([devtools]);

      // A page of the origin that does not run the app (a backend path is never the shell), to
      // read IndexedDB before any supabase-js of a page could touch the session.
      const inspector = await context.newPage();
      await inspector.goto('/auth/v1/health');
      expect(await queuedPushes(inspector)).toBe(0);
      if (expired) {
        // The worker refreshed the session and stored it where, and as, supabase-js keeps it...
        const refreshed = await storedSession(inspector);
        expect(refreshed.user.id).toBe(person.userId);
        expect(refreshed.refresh_token).not.toBe(original.refresh_token);
        // Not the expired token. (It may equal the one of the log-in: a token refreshed within the
        // same second carries the same claims, so the same signature — CI saw it once.)
        expect(refreshed.access_token).not.toBe(staleToken);
        expect(refreshed.expires_at).toBeGreaterThan(Date.now() / 1000 + 600);
        expect(decodeJwt(refreshed.access_token).sub).toBe(person.userId);

        // ...and the page's supabase-js goes on from it: signed in, and its own next refresh
        // (forced by an expiry in the past) works with the refresh token the worker got.
        const reopened = await context.newPage();
        await dismissConsent(reopened);
        await reopened.goto('/meus-cadernos');
        await expect(reopened.getByTestId('account-menu')).toContainText(`@${person.username}`);
        await storedSession(reopened, { ...refreshed, expires_at: Math.floor(Date.now() / 1000) - 60 });
        await reopened.reload();
        await expect(reopened.getByTestId('account-menu')).toContainText(`@${person.username}`);
        await expect.poll(async () => (await storedSession(reopened)).refresh_token).not.toBe(refreshed.refresh_token);
        expect((await storedSession(reopened)).expires_at).toBeGreaterThan(Date.now() / 1000 + 600);
        await expect(reopened.getByTestId('account-menu')).toContainText(`@${person.username}`);
      }
    } finally {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }
  });
}

test('a sign-out drops the pushes queued for the signed-out person (a shared phone keeps none of their writes)', async ({ baseURL }, testInfo) => {
  test.setTimeout(60_000);
  const origin = baseURL!;
  const person = await signUp(origin, 'bgout');
  const ids = await notebookWithQuestion(person);
  const { context, profile } = await launch(testInfo, origin);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await logIn(page, person);
    await goOffline(context);
    expect(await pushFromPage(page, [answerRow(person, ids, 'Escrito num celular emprestado')])).toMatch(/^network error/);
    await expect.poll(() => queuedPushes(page)).toBe(1);

    await page.getByTestId('account-menu').click();
    await page.getByRole('button', { name: 'Sair', exact: true }).click();
    await expect(page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Entrar' })).toBeVisible({ timeout: 8000 });
    await expect.poll(() => queuedPushes(page)).toBe(0);

    await context.setOffline(false);
    await page.waitForTimeout(1000);
    expect(await serverAnswer(person, ids.answerId)).toBeNull();
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});
