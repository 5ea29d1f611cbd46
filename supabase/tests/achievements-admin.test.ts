/**
 * The achievements catalogue admins keep (issue 35; /admin › Conquistas), on PGlite and Postgres:
 * everyone reads it; only admins add, change and remove achievements — the table grants insert,
 * update and delete to authenticated, so the policies are what stands between a person and the
 * catalogue —; spec §5's checks: a name in both languages, a known type and rarity, points ≥ 0,
 * level ≥ 1, threshold ≥ 0; an icon the app draws or none; a disabled achievement is awarded to nobody.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ACHIEVEMENT_ICONS } from '../../src/data/online/achievement-icons.ts';
import { failure, openTestDatabase, TEST_DATABASE_URL, type TestDatabase } from './harness.ts';

const BACKENDS = ['pglite', ...(TEST_DATABASE_URL ? ['postgres' as const] : [])] as const;

const row = { id: 'night_owl', name_pt: 'Coruja', name_en: 'Night owl', description_pt: 'Respondeu de madrugada', description_en: 'Answered at night', type: 'participation', rarity: 'rare', points: 30, level: 2, threshold: 3 };
type Row = typeof row;

describe.each(BACKENDS)('the achievements catalogue on %s', (backend) => {
  let t: TestDatabase;
  let admin: string;
  let person: string;

  beforeAll(async () => {
    t = await openTestDatabase({ backend });
    admin = await t.createUser('ach_admin', { admin: true });
    person = await t.createUser('ach_person');
  });
  afterAll(async () => {
    await t?.close();
  });

  const insert = (caller: string, r: Row) =>
    t.as<{ id: string }>(
      caller,
      `insert into achievements (id, name_pt, name_en, description_pt, description_en, type, rarity, points, level, threshold)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
      [r.id, r.name_pt, r.name_en, r.description_pt, r.description_en, r.type, r.rarity, r.points, r.level, r.threshold],
    );

  test('only admins add, change and remove achievements; everyone reads them', async () => {
    expect((await failure(insert(person, row))).code).toBe('42501');
    expect((await failure(insert('anon' as string, row))).code).toBe('42501');
    expect(await insert(admin, row)).toEqual([{ id: 'night_owl' }]);
    expect(await t.as(person, `update achievements set points = 1000 where id in ('night_owl', 'first_notebook') returning id`)).toEqual([]);
    expect(await t.as(person, `delete from achievements where id = 'night_owl' returning id`)).toEqual([]);
    expect(await t.as('anon', `select name_en, points, is_active from achievements where id = 'night_owl'`)).toEqual([{ name_en: 'Night owl', points: 30, is_active: true }]);
    expect(await t.as(admin, `update achievements set is_active = false, points = 35 where id = 'night_owl' returning is_active, points`)).toEqual([{ is_active: false, points: 35 }]);
  });

  test("spec §5: a name in both languages, the type's and rarity's codes, points ≥ 0, level ≥ 1, threshold ≥ 0", async () => {
    const bad: Partial<Row>[] = [
      { name_pt: '   ' },
      { name_en: '' },
      { name_pt: 'x'.repeat(81) },
      { description_en: 'x'.repeat(301) },
      { type: 'secret' },
      { rarity: 'mythic' },
      { points: -1 },
      { level: 0 },
      { threshold: -1 },
      { id: 'Night Owl' },
    ];
    for (const [i, change] of bad.entries()) {
      expect((await failure(insert(admin, { ...row, id: `bad_${i}`, ...change }))).code, JSON.stringify(change)).toBe('23514');
    }
  });

  test("an achievement's icon is one the app draws (ACHIEVEMENT_ICONS) or none", async () => {
    for (const icon of ACHIEVEMENT_ICONS) {
      expect(await t.as(admin, `update achievements set icon = $1 where id = 'night_owl' returning icon`, [icon])).toEqual([{ icon }]);
    }
    expect(await t.as(admin, `update achievements set icon = null where id = 'night_owl' returning icon`)).toEqual([{ icon: null }]);
    for (const icon of ['rocket', '🏆', '<svg onload=alert(1)>', '']) {
      expect((await failure(t.as(admin, `update achievements set icon = $1 where id = 'night_owl'`, [icon]))).code, icon).toBe('23514');
    }
    // the seeded achievements' icons are drawn by the app
    const seeded = await t.as<{ icon: string | null }>('anon', `select distinct icon from achievements where icon is not null`);
    for (const { icon } of seeded) expect(ACHIEVEMENT_ICONS as readonly string[]).toContain(icon);
  });

  test('a disabled achievement is awarded to nobody', async () => {
    await t.as(admin, `update achievements set is_active = false where id = 'first_notebook'`);
    await t.as(person, `insert into notebooks (title, user_id) values ('Primeiro', $1)`, [person]);
    expect(await t.sql(`select achievement_id from user_achievements where user_id = $1`, [person])).toEqual([]);
    await t.as(admin, `update achievements set is_active = true where id = 'first_notebook'`);
  });
});
