/**
 * Cover styles (issue 35; spec §3, §6), on PGlite and Postgres: `cover_styles` is read by everyone
 * while enabled and written by admins alone; the plain cover 'liso' is the free default, never
 * disabled nor sold; a premium style goes in a notebook's cover (cover ->> 'style') only when the
 * notebook's owner or the writer owns it from the store (cover_style_not_owned), a style set
 * before stays, and guests and collaborators need not own it to see it.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { failure, openTestDatabase, TEST_DATABASE_URL, type TestDatabase } from './harness.ts';

const BACKENDS = ['pglite', ...(TEST_DATABASE_URL ? ['postgres' as const] : [])] as const;

describe.each(BACKENDS)('cover styles on %s', (backend) => {
  let t: TestDatabase;
  let admin: string;
  let person: string;
  let other: string;

  beforeAll(async () => {
    t = await openTestDatabase({ backend });
    admin = await t.createUser('cover_admin', { admin: true });
    person = await t.createUser('cover_person');
    other = await t.createUser('cover_other');
  });
  afterAll(async () => {
    await t?.close();
  });

  test('the plain cover is the free style everyone reads', async () => {
    expect(await t.as('anon', `select id, is_premium, image_path from cover_styles order by sort_order`)).toEqual([{ id: 'liso', is_premium: false, image_path: null }]);
    expect(await t.as(person, `select id from cover_styles`)).toEqual([{ id: 'liso' }]);
  });

  test('only admins write; a disabled style is read by admins alone; the plain cover stays free and enabled', async () => {
    expect((await failure(t.as(person, `insert into cover_styles (id, name) values ('minha', 'Minha capa')`))).code).toBe('42501');
    expect(await t.as(person, `update cover_styles set name = 'x' where id = 'liso' returning id`)).toEqual([]);
    expect(await t.as(person, `delete from cover_styles where id = 'liso' returning id`)).toEqual([]);
    expect((await failure(t.as('anon', `insert into cover_styles (id, name) values ('anon-1', 'x')`))).code).toBe('42501');
    expect((await failure(t.as('anon', `update cover_styles set name = 'x' where id = 'liso'`))).code).toBe('42501');

    expect(await t.as(admin, `insert into cover_styles (id, name, image_path, is_premium, is_active) values ('xadrez', 'Xadrez', 'xadrez_1.png', true, false) returning id`)).toHaveLength(1);
    expect((await failure(t.as(admin, `insert into cover_styles (id, name, image_path) values ('mau', 'Mau', 'https://x.example/a.png')`))).code).toBe('23514');
    expect((await failure(t.as(admin, `insert into cover_styles (id, name) values ('vazio', '  ')`))).code).toBe('23514');
    expect((await failure(t.as(admin, `insert into cover_styles (id, name) values ('Maiúsculo', 'x')`))).code).toBe('23514');
    expect((await failure(t.as(admin, `update cover_styles set is_active = false where id = 'liso'`))).code).toBe('23514');
    expect((await failure(t.as(admin, `update cover_styles set is_premium = true where id = 'liso'`))).code).toBe('23514');
    expect(await t.as(person, `select id from cover_styles where id = 'xadrez'`)).toEqual([]);
    expect(await t.as(admin, `select id from cover_styles where id = 'xadrez'`)).toEqual([{ id: 'xadrez' }]);
    await t.as(admin, `update cover_styles set is_active = true where id = 'xadrez'`);
    expect(await t.as('anon', `select id, image_path from cover_styles where id = 'xadrez'`)).toEqual([{ id: 'xadrez', image_path: 'xadrez_1.png' }]);
  });

  test('a premium cover style is set only when the owner or the writer owns it (cover_style_not_owned)', async () => {
    await t.as(admin, `insert into cover_styles (id, name, image_path, is_premium) values ('galaxia', 'Galáxia', 'galaxia.png', true)`);
    const cover = (style: string) => JSON.stringify({ title: 'Capa', style });
    const insert = (caller: string, style: string) =>
      t.as<{ id: string }>(caller, `insert into notebooks (title, user_id, cover) values ('Caderno', $1, $2::jsonb) returning id`, [caller, cover(style)]);

    // the free style (and ids the catalogue does not know) are anyone's
    const [mine] = await insert(person, 'liso');
    expect(await insert(person, 'desconhecido')).toHaveLength(1);
    expect((await failure(insert(person, 'galaxia'))).hint).toBe('cover_style_not_owned');
    expect((await failure(t.as(person, `update notebooks set cover = $2::jsonb where id = $1`, [mine.id, cover('galaxia')]))).hint).toBe('cover_style_not_owned');
    // another person's ownership does not count
    const [item] = await t.as<{ id: string }>(
      admin,
      `insert into seasonal_items (name, category, season_id, season_name, grants_ref, item_type) values ('Galáxia', 'cover_style', 'verao-2026', 'Verão 2026', 'galaxia', 'free') returning id`,
    );
    await t.as('service', `insert into store_entitlements (user_id, item_id, source) values ($1, $2, 'free')`, [other, item.id]);
    expect((await failure(t.as(person, `update notebooks set cover = $2::jsonb where id = $1`, [mine.id, cover('galaxia')]))).hint).toBe('cover_style_not_owned');
    // owned from the store: set; the style set before stays through other changes
    await t.as('service', `insert into store_entitlements (user_id, item_id, source) values ($1, $2, 'free')`, [person, item.id]);
    expect(await t.as(person, `update notebooks set cover = $2::jsonb where id = $1 returning cover ->> 'style' as style`, [mine.id, cover('galaxia')])).toEqual([{ style: 'galaxia' }]);
    await t.as('service', `delete from store_entitlements where user_id = $1`, [person]);
    expect(await t.as(person, `update notebooks set cover = $2::jsonb where id = $1 returning id`, [mine.id, JSON.stringify({ title: 'Outro título', style: 'galaxia' })])).toHaveLength(1);
    expect(await t.as(person, `update notebooks set title = 'Renomeado' where id = $1 returning id`, [mine.id])).toHaveLength(1);
    // the service role sets anything
    expect(await t.as('service', `insert into notebooks (title, user_id, cover) values ('Caderno', $1, $2::jsonb) returning id`, [other, cover('galaxia')])).toHaveLength(1);
  });
});
