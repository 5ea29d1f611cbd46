/**
 * The default theme of a person's new notebooks (Settings › Cadernos; issue 35), on PGlite and
 * Postgres: any theme of the catalogue — the ones admins added too (before: only the app's first
 * six, a check) —, a premium one only while the person owns it from the store (hint
 * look_not_owned), so that a notebook created with it passes "30 a store theme is owned".
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { failure, openTestDatabase, TEST_DATABASE_URL, type TestDatabase } from './harness.ts';

const BACKENDS = ['pglite', ...(TEST_DATABASE_URL ? ['postgres' as const] : [])] as const;
const colors = { cover: '#1e3a8a', coverText: '#fefce8', accent: '#1d4ed8', accentSoft: '#dbeafe', spine: '#172554' };

describe.each(BACKENDS)('the default theme of new notebooks on %s', (backend) => {
  let t: TestDatabase;
  let admin: string;
  let owner: string;
  let other: string;

  beforeAll(async () => {
    t = await openTestDatabase({ backend });
    admin = await t.createUser('default_theme_admin', { admin: true });
    owner = await t.createUser('default_theme_owner');
    other = await t.createUser('default_theme_other');
    await t.as(admin, `insert into notebook_themes (id, name, colors, is_premium) values ('noite', 'Noite', $1::jsonb, false), ('aurora', 'Aurora', $1::jsonb, true)`, [
      JSON.stringify(colors),
    ]);
    const [item] = await t.as<{ id: string }>(
      admin,
      `insert into seasonal_items (season_id, season_name, category, name, grants_ref, item_type) values ('verao-2026', 'Verão 2026', 'theme', 'Tema Aurora', 'aurora', 'free') returning id`,
    );
    await t.as('service', `insert into store_entitlements (user_id, item_id, source) values ($1, $2, 'free')`, [owner, item.id]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const setDefault = (caller: string, theme: string) =>
    t.as<{ notebook_theme: string }>(caller, `update user_settings set notebook_theme = $1 where user_id = $2 returning notebook_theme`, [theme, caller]);

  test('a free theme an admin added is a default; an unknown one is refused', async () => {
    expect(await setDefault(other, 'noite')).toEqual([{ notebook_theme: 'noite' }]);
    const unknown = await failure(setDefault(other, 'neon'));
    expect([unknown.code, unknown.hint]).toEqual(['23503', 'theme_unknown']);
  });

  test('a store theme is a default only for who owns it, and the notebook made with it is saved', async () => {
    const refused = await failure(setDefault(other, 'aurora'));
    expect([refused.code, refused.hint]).toEqual(['42501', 'look_not_owned']);
    expect((await failure(setDefault(other, 'galaxy'))).hint).toBe('look_not_owned');
    expect(await setDefault(owner, 'aurora')).toEqual([{ notebook_theme: 'aurora' }]);
    const [made] = await t.as<{ theme: string }>(
      owner,
      `insert into notebooks (id, user_id, title, theme) select gen_random_uuid(), $1, 'Caderno novo', notebook_theme from user_settings where user_id = $1 returning theme`,
      [owner],
    );
    expect(made.theme).toBe('aurora');
    // a default set before stays through the person's other changes
    expect(await t.as(owner, `update user_settings set notebook_pre_moderation = true where user_id = $1 returning notebook_theme`, [owner])).toEqual([
      { notebook_theme: 'aurora' },
    ]);
  });
});
