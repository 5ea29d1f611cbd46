import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { expect, type Page } from '@playwright/test';
import WebSocket from 'ws';
import { SUPABASE_DEMO_ANON_KEY, SUPABASE_DEMO_SERVICE_KEY } from '../../sync-server/config.ts';
import { ADULT_BIRTH_DATE, signUpAdult } from '../../sync-server/test-people.ts';

/**
 * People and notebooks for browser tests, made the way a client makes them: through the
 * sync-server's GoTrue and PostgREST with supabase-js (set-up), or through the app (the test).
 */

export const PASSWORD = 'Caderno2025';
/** An adult's date of birth, for the registration form and the API (one home: sync-server/test-people.ts). */
export { ADULT_BIRTH_DATE };

let counter = 0;
export function newPerson(tag: string) {
  const id = `${tag}${Date.now().toString(36).slice(-6)}${Math.random().toString(36).slice(2, 6)}${counter++}`.slice(0, 20);
  return { username: id, email: `${id}@example.com`, password: PASSWORD };
}
export type Person = ReturnType<typeof newPerson>;
export type SignedUp = Person & { userId: string; client: SupabaseClient };

/** Signs a person up through the API (the test server has confirmation off) and signs them in from Node. */
export async function signUp(baseURL: string, tag: string): Promise<SignedUp> {
  const person = newPerson(tag);
  const client = createClient(baseURL, SUPABASE_DEMO_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    // Node 20 has no WebSocket of its own for supabase-js's Realtime client.
    realtime: { transport: WebSocket as never },
  });
  const { data, error } = await signUpAdult(client, person);
  expect(error, error?.message).toBeNull();
  if (!data.session) {
    const signedIn = await client.auth.signInWithPassword({ email: person.email, password: person.password });
    expect(signedIn.error, signedIn.error?.message).toBeNull();
  }
  return { ...person, userId: data.user!.id, client };
}

/**
 * Fills the registration form (on the page already open) and submits it. Callers check where
 * the person lands: the dashboard, the page that sent them (`?next=`), or check-your-e-mail.
 */
export async function submitRegistration(page: Page, person: Person, { waitForAvailability = false } = {}) {
  await page.getByLabel('Nome de usuário').fill(person.username);
  if (waitForAvailability) await expect(page.getByText('Nome de usuário disponível')).toBeVisible();
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByLabel('Senha', { exact: true }).fill(person.password);
  await page.getByLabel('Confirme a senha').fill(person.password);
  await page.getByLabel('Data de nascimento').fill(ADULT_BIRTH_DATE);
  await page.getByRole('button', { name: 'Criar conta' }).click();
}

/** Logs in through the login page, optionally from a page that asked to come back (`?next=`). */
export async function logIn(page: Page, person: Pick<Person, 'email' | 'password'>, path = '/login') {
  if (path) await page.goto(path);
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByLabel('Senha', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Login realizado com sucesso!' })).toBeVisible();
}

/** A notebook with questions owned by `owner`, written through PostgREST as the owner. */
export async function createNotebook(owner: SignedUp, title: string, questions: string[]): Promise<{ id: string; questionIds: string[] }> {
  const id = randomUUID();
  const notebook = await owner.client.from('notebooks').insert({ id, user_id: owner.userId, title });
  expect(notebook.error, notebook.error?.message).toBeNull();
  const rows = questions.map((text, index) => ({ id: randomUUID(), notebook_id: id, text, order_index: index }));
  const inserted = await owner.client.from('questions').insert(rows);
  expect(inserted.error, inserted.error?.message).toBeNull();
  return { id, questionIds: rows.map((row) => row.id) };
}

/** Every string stored in every IndexedDB database of the page's origin (what a look at the phone finds). */
export async function indexedDbText(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const request = <T,>(r: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
    const parts: string[] = [];
    for (const info of await indexedDB.databases()) {
      const db = await request(indexedDB.open(info.name!) as IDBRequest<IDBDatabase>);
      for (const name of [...db.objectStoreNames]) {
        parts.push(JSON.stringify(await request(db.transaction(name, 'readonly').objectStore(name).getAll())));
      }
      db.close();
    }
    return parts.join('\n');
  });
}

/** A word the server refuses from now on; devices learn it on their next pull. */
export async function forbidWord(baseURL: string, word: string) {
  const response = await fetch(`${baseURL}/rest/v1/forbidden_words`, {
    method: 'POST',
    headers: {
      apikey: SUPABASE_DEMO_SERVICE_KEY,
      authorization: `Bearer ${SUPABASE_DEMO_SERVICE_KEY}`,
      'content-type': 'application/json',
      prefer: 'return=minimal',
    },
    body: JSON.stringify({ word, language: 'pt-BR' }),
  });
  expect(response.ok, await response.text()).toBe(true);
}

/** supabase-js with the service role, for set-up that no person may do (catalogue rows, roles). */
export function serviceClient(baseURL: string): SupabaseClient {
  return createClient(baseURL, SUPABASE_DEMO_SERVICE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
}

/** Makes a person an admin: a user_roles record, which only an admin or the service role may write. */
export async function makeAdmin(baseURL: string, userId: string) {
  const service = serviceClient(baseURL);
  const { error } = await service.from('user_roles').insert({ user_id: userId, role: 'admin' });
  expect(error, error?.message).toBeNull();
}
