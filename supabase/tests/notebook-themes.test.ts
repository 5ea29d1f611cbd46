/**
 * The notebook themes catalogue (issue 35; spec §3, §5), on PGlite and Postgres: everyone reads it,
 * only admins write it; a theme's colours are the app's theme contract (cover, coverText, accent,
 * accentSoft, spine; '#rrggbb') with the cover's text readable on the cover (contrast ≥ 4.5:1,
 * WCAG AA) — a theme an admin adds is drawn from them everywhere —; a name is required; the
 * default theme (purple) cannot be disabled. The app's own themes have on the server the colours
 * the app draws them with (src/styles/theme-colors.ts).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ALL_NOTEBOOK_THEMES, THEME_PALETTES, contrastRatio } from '../../src/styles/theme-colors.ts';
import { failure, openTestDatabase, TEST_DATABASE_URL, type TestDatabase } from './harness.ts';

const BACKENDS = ['pglite', ...(TEST_DATABASE_URL ? ['postgres' as const] : [])] as const;

const good = { cover: '#1e3a8a', coverText: '#fefce8', accent: '#1d4ed8', accentSoft: '#dbeafe', spine: '#172554' };

describe.each(BACKENDS)('the notebook themes catalogue on %s', (backend) => {
  let t: TestDatabase;
  let admin: string;
  let person: string;

  beforeAll(async () => {
    t = await openTestDatabase({ backend });
    admin = await t.createUser('theme_admin', { admin: true });
    person = await t.createUser('theme_person');
  });
  afterAll(async () => {
    await t?.close();
  });

  const insert = (caller: string, id: string, colors: unknown, extra = '') =>
    t.as<{ id: string }>(caller, `insert into notebook_themes (id, name, colors, is_premium${extra ? ', is_active' : ''}) values ($1, 'Noite', $2::jsonb, true${extra}) returning id`, [id, JSON.stringify(colors)]);

  test("the app's themes have on the server the colours the app draws them with", async () => {
    const rows = await t.as<{ id: string; colors: unknown }>('anon', `select id, colors from notebook_themes order by sort_order`);
    expect(rows.map((r) => r.id)).toEqual([...ALL_NOTEBOOK_THEMES]);
    for (const row of rows) expect(row.colors, row.id).toEqual(THEME_PALETTES[row.id as keyof typeof THEME_PALETTES]);
    for (const id of ALL_NOTEBOOK_THEMES) expect(contrastRatio(THEME_PALETTES[id].cover, THEME_PALETTES[id].coverText), id).toBeGreaterThanOrEqual(4.5);
  });

  test('only admins add, change and remove themes; everyone reads them', async () => {
    expect((await failure(insert(person, 'noite', good))).code).toBe('42501');
    expect(await insert(admin, 'noite', good)).toEqual([{ id: 'noite' }]);
    expect(await t.as(person, `update notebook_themes set name = 'Minha' where id = 'noite' returning id`)).toEqual([]);
    expect(await t.as(person, `delete from notebook_themes where id = 'noite' returning id`)).toEqual([]);
    expect((await failure(t.as('anon', `update notebook_themes set name = 'Minha' where id = 'noite'`))).code).toBe('42501');
    expect(await t.as('anon', `select name, colors from notebook_themes where id = 'noite'`)).toEqual([{ name: 'Noite', colors: good }]);
    expect(await t.as(admin, `update notebook_themes set is_active = false where id = 'noite' returning is_active`)).toEqual([{ is_active: false }]);
  });

  test('the default theme (purple) cannot be disabled; a name is required', async () => {
    const refused = await failure(t.as(admin, `update notebook_themes set is_active = false where id = 'purple'`));
    expect(refused.code).toBe('23514');
    expect(refused.message).toContain('notebook_themes_default_stays_active');
    expect(await t.as(admin, `update notebook_themes set is_active = false where id = 'pink' returning id`)).toHaveLength(1);
    await t.as(admin, `update notebook_themes set is_active = true where id = 'pink'`);
    expect((await failure(t.as(admin, `update notebook_themes set name = '  ' where id = 'pink'`))).code).toBe('23514');
  });

  test('a bad colour or an unreadable cover is refused (contrast below 4.5:1)', async () => {
    const bad = [
      {},
      { ...good, cover: 'red' },
      { ...good, cover: '#1E3A8A' },
      { ...good, spine: '#12345' },
      { ...good, accent: 12 },
      { ...good, extra: '#000000' },
      (({ spine: _s, ...rest }) => rest)(good),
      { ...good, cover: '#0d9488', coverText: '#ffffff' }, // 3.7:1
      { ...good, cover: '#777777', coverText: '#ffffff' }, // 4.48:1
    ];
    for (const [i, colors] of bad.entries()) {
      const refused = await failure(insert(admin, `ruim-${i}`, colors));
      expect(refused.code, JSON.stringify(colors)).toBe('23514');
      expect(refused.message).toContain('notebook_themes_colors');
    }
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(await insert(admin, 'cinza', { ...good, cover: '#767676', coverText: '#ffffff' })).toEqual([{ id: 'cinza' }]);
  });
});
