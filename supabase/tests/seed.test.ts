/**
 * The seed: idempotent, real forbidden-word lists in both languages that refuse profanity but not
 * everyday words that merely contain it, the appearance and achievement catalogues, and the demo
 * data set — which a demo person sees through a pull right away.
 */
import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openTestDatabase, SEED_FILE, type TestDatabase } from './harness.ts';
import { Device } from './replication-client.ts';

const DEMO_FILE = fileURLToPath(new URL('../seed-demo.sql', import.meta.url));
let t: TestDatabase;

beforeAll(async () => {
  t = await openTestDatabase({ seed: true });
  await t.db.exec(await fs.readFile(SEED_FILE, 'utf8')); // twice: idempotent
  await t.db.exec(await fs.readFile(DEMO_FILE, 'utf8'));
  await t.db.exec(await fs.readFile(DEMO_FILE, 'utf8'));
});
afterAll(async () => t?.close());

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

test('the demo set: two people, their notebooks and answers; Ana sees hers and Bruno’s on her first pull', async () => {
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
