/**
 * Reference data and demo data. The reference data is a migration (`supabase db push` runs no
 * seed, so a hosted project would otherwise have no forbidden words, themes, achievements or
 * translations): idempotent, real forbidden-word lists in both languages that refuse profanity but
 * not everyday words that merely contain it, the appearance and achievement catalogues. The demo
 * data set (public password) is local-only — never a seed of config.toml, refused by a session
 * that has not opted in — and a demo person sees it through a pull right away.
 */
import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { applySeed } from '../../sync-server/db/migrations.ts';
import { DEMO_SEED_FILE, failure, openTestDatabase, type TestDatabase } from './harness.ts';
import { Device } from './replication-client.ts';

// The reference data as it is now (schemas/): the first migration's rows were changed by later
// ones (20261129034000 gave the themes the app's colours, which the old rows no longer pass).
const REFERENCE_DATA = fileURLToPath(new URL('../schemas/reference_data.sql', import.meta.url));
const CONFIG_TOML = fileURLToPath(new URL('../config.toml', import.meta.url));
const OPT_IN = { 'cadernos.allow_demo_data': 'on' };
let t: TestDatabase;

beforeAll(async () => {
  t = await openTestDatabase(); // migrations only: no seed file runs
});
afterAll(async () => t?.close());

test('the reference data comes with the migrations, and applying it again changes nothing', async () => {
  const count = `select (select count(*) from forbidden_words)::int as words, (select count(*) from notebook_themes)::int as themes,
                        (select count(*) from paper_styles)::int as papers, (select count(*) from achievements)::int as achievements,
                        (select count(*) from translations)::int as translations`;
  const [before] = await t.sql<Record<string, number>>(count);
  expect(before).toMatchObject({ themes: 9, papers: 9, achievements: 8, translations: 3 });
  await t.db.exec(await fs.readFile(REFERENCE_DATA, 'utf8'));
  expect(await t.sql(count)).toEqual([before]);
});

test('forbidden-word lists for pt-BR and en-US are real starting lists', async () => {
  const counts = await t.sql<{ language: string; n: number }>(`select language, count(*)::int as n from forbidden_words group by 1 order by 1`);
  expect(counts.map((c) => c.language)).toEqual(['en-US', 'pt-BR']);
  for (const c of counts) expect(c.n).toBeGreaterThanOrEqual(50);
});

test.each([
  ['Que porra é essa?', ['porra']],
  ['Vai tomar no CU!', ['cu', 'tomar no cu', 'vai tomar no cu']],
  ['FODA-SE', ['foda', 'foda-se']],
  ['what the fuck', ['fuck']],
  ['You are a Bitch.', ['bitch']],
])('"%s" is refused with %j', async (text, words) => {
  const [{ found }] = await t.sql<{ found: string }>(`select find_forbidden_words($1)::text as found`, [text]);
  expect(found).toBe(`{${words.map((w) => (w.includes(' ') ? `"${w}"` : w)).join(',')}}`);
});

test.each([
  'Minha cor favorita é azul',
  'Ele é um cara de pau',
  'O pinto piou no quintal',
  'Cuidado com o degrau, vou rolar na grama',
  'Fui a Cuba e comi cuscuz',
  'Class assignment: pass the glass to Cassie',
  'The cocktail party in Scunthorpe',
])('"%s" is accepted (no false positive)', async (text) => {
  const [{ found }] = await t.sql<{ found: string }>(`select find_forbidden_words($1)::text as found`, [text]);
  expect(found).toBe('{}');
});

test('catalogues: six spec themes (purple first), lined-blue paper, the eight named achievements with §9 thresholds', async () => {
  const themes = await t.sql<{ id: string }>(`select id from notebook_themes where not is_premium order by sort_order`);
  expect(themes.map((r) => r.id)).toEqual(['purple', 'pink', 'blue', 'teal', 'yellow', 'orange']);
  expect(await t.sql(`select is_active from paper_styles where id = 'lined-blue'`)).toEqual([{ is_active: true }]);
  const achievements = await t.sql<{ id: string; threshold: number }>(`select id, threshold from achievements order by id`);
  expect(Object.fromEntries(achievements.map((a) => [a.id, a.threshold]))).toMatchObject({
    first_visit: 1, first_notebook: 1, prolific_creator: 5, participative: 10,
    explorer: 3, collaborative: 1, influencer: 10, veteran: 365,
  });
  await expect(t.sql(`update paper_styles set is_active = false where id = 'lined-blue'`)).rejects.toMatchObject({ code: '23514' });
});

test('the demo set refuses a session that has not opted in (it never reaches a hosted project by accident)', async () => {
  const refused = await failure(t.db.exec(await fs.readFile(DEMO_SEED_FILE, 'utf8')));
  expect(refused.message).toBe('seed-demo.sql loads demo accounts with a public password: local machines only');
  expect(await t.sql(`select 1 from auth.users where email like '%@demo.cadernos.app'`)).toEqual([]);
});

test('config.toml seeds nothing: supabase db push --include-seed cannot send the demo accounts', async () => {
  const toml = await fs.readFile(CONFIG_TOML, 'utf8');
  const seedSection = /\[db\.seed\]([^[]*)/.exec(toml)?.[1] ?? '';
  expect(seedSection.replace(/#.*$/gm, '')).toMatch(/^\s*enabled\s*=\s*false\s*$/m);
  expect(seedSection.replace(/#.*$/gm, '')).not.toMatch(/seed-demo/);
});

test('the demo accounts are written as GoTrue writes accounts: token columns empty, never NULL', async () => {
  await applySeed(t.db, DEMO_SEED_FILE, OPT_IN);
  await applySeed(t.db, DEMO_SEED_FILE, OPT_IN); // idempotent
  const rows = await t.sql(
    `select email, confirmation_token, recovery_token, email_change_token_new, email_change, email_change_token_current,
            phone_change, phone_change_token, reauthentication_token
       from auth.users where email like '%@demo.cadernos.app' order by email`,
  );
  const empty = { confirmation_token: '', recovery_token: '', email_change_token_new: '', email_change: '',
                  email_change_token_current: '', phone_change: '', phone_change_token: '', reauthentication_token: '' };
  expect(rows).toEqual([{ email: 'ana@demo.cadernos.app', ...empty }, { email: 'bruno@demo.cadernos.app', ...empty }]);
});

test('the demo set: two people, their notebooks and answers; Ana sees hers and Bruno’s on her first pull', async () => {
  await applySeed(t.db, DEMO_SEED_FILE, OPT_IN);
  const [ana] = await t.sql<{ id: string }>(`select id from profiles where username = 'ana_demo'`);
  const phone = new Device(t, ana.id);
  await phone.syncAll();
  expect(phone.docs('notebooks').map((n) => n.title).sort()).toEqual(['Caderno da turma 8ºB', 'Perguntas do Bruno']);
  expect(phone.docs('questions')).toHaveLength(11);
  const answers = phone.docs('answers');
  expect(answers).toHaveLength(7); // Bruno's six on hers (one anonymous, identity visible to her: she owns it) + her pending one
  expect(answers.filter((a) => a.is_anonymous)).toMatchObject([{ user_id: (await t.sql<{ id: string }>(`select id from profiles where username = 'bruno_demo'`))[0].id }]);
  expect(phone.docs('notifications').length).toBeGreaterThan(0);
});
