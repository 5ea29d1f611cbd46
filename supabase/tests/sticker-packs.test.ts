/**
 * Sticker packs (issue 35; spec §3, §6), on PGlite and Postgres: `sticker_packs` and `stickers`
 * are read by everyone while enabled and written by admins alone; the app's built-in stickers are
 * the free pack 'basicos' (the ids covers already store, src/screens/notebooks/look/appearance.ts);
 * a premium pack's sticker goes on a cover only when the notebook's owner or the writer owns the
 * pack from the store (sticker_not_owned), and stickers already there stay.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FREE_STICKERS } from '../../src/styles/sticker-ids.ts';
import { failure, openTestDatabase, TEST_DATABASE_URL, type TestDatabase } from './harness.ts';

const BACKENDS = ['pglite', ...(TEST_DATABASE_URL ? ['postgres' as const] : [])] as const;

describe.each(BACKENDS)('sticker packs on %s', (backend) => {
  let t: TestDatabase;
  let admin: string;
  let person: string;
  let other: string;

  beforeAll(async () => {
    t = await openTestDatabase({ backend });
    admin = await t.createUser('sticker_admin', { admin: true });
    person = await t.createUser('sticker_person');
    other = await t.createUser('sticker_other');
  });
  afterAll(async () => {
    await t?.close();
  });

  test("the app's built-in stickers are the free pack everyone reads", async () => {
    const rows = await t.as<{ id: string; pack_id: string; is_premium: boolean }>(
      'anon',
      `select s.id, s.pack_id, p.is_premium from stickers s join sticker_packs p on p.id = s.pack_id where not p.is_premium order by s.sort_order`,
    );
    expect(rows.map((r) => r.id)).toEqual([...FREE_STICKERS]);
    expect(new Set(rows.map((r) => r.pack_id))).toEqual(new Set(['basicos']));
  });

  test('only admins write packs and stickers; a disabled pack is read by admins alone', async () => {
    expect((await failure(t.as(person, `insert into sticker_packs (id, name) values ('meu', 'Meu pacote')`))).code).toBe('42501');
    expect((await failure(t.as(person, `insert into stickers (id, pack_id, name) values ('meu-adesivo', 'basicos', 'Meu')`))).code).toBe('42501');
    expect(await t.as(person, `update sticker_packs set name = 'x' where id = 'basicos' returning id`)).toEqual([]);
    expect(await t.as(person, `update stickers set name = 'x' where id = 'star' returning id`)).toEqual([]);
    expect(await t.as(person, `delete from stickers where id = 'star' returning id`)).toEqual([]);
    expect((await failure(t.as('anon', `update sticker_packs set name = 'x' where id = 'basicos'`))).code).toBe('42501');
    expect((await failure(t.as('anon', `insert into stickers (id, pack_id, name) values ('anon-1', 'basicos', 'x')`))).code).toBe('42501');

    expect(await t.as(admin, `insert into sticker_packs (id, name, is_premium, is_active) values ('inverno', 'Inverno', true, false) returning id`)).toHaveLength(1);
    expect(
      await t.as(admin, `insert into stickers (id, pack_id, name, image_path) values ('floco', 'inverno', 'Floco de neve', 'floco_1.png') returning id`),
    ).toHaveLength(1);
    expect((await failure(t.as(admin, `insert into stickers (id, pack_id, name, image_path) values ('mau', 'inverno', 'Mau', 'https://x.example/a.png')`))).code).toBe('23514');
    expect((await failure(t.as(admin, `insert into sticker_packs (id, name) values ('vazio', '  ')`))).code).toBe('23514');
    // the app's own stickers stay free and enabled for everyone, as the default paper and theme stay
    expect((await failure(t.as(admin, `update sticker_packs set is_active = false where id = 'basicos'`))).code).toBe('23514');
    expect((await failure(t.as(admin, `update sticker_packs set is_premium = true where id = 'basicos'`))).code).toBe('23514');
    expect(await t.as(person, `select id from stickers where pack_id = 'inverno'`)).toEqual([]);
    expect(await t.as('anon', `select id from sticker_packs where id = 'inverno'`)).toEqual([]);
    expect(await t.as(admin, `select id from stickers where pack_id = 'inverno'`)).toEqual([{ id: 'floco' }]);
    await t.as(admin, `update sticker_packs set is_active = true where id = 'inverno'`);
    expect(await t.as('anon', `select id, image_path from stickers where pack_id = 'inverno'`)).toEqual([{ id: 'floco', image_path: 'floco_1.png' }]);
  });

  test("a premium sticker goes on a cover only when the owner or the writer owns its pack (sticker_not_owned)", async () => {
    await t.as(admin, `insert into sticker_packs (id, name, is_premium) values ('praia', 'Praia', true)`);
    await t.as(admin, `insert into stickers (id, pack_id, name, image_path) values ('concha', 'praia', 'Concha', 'concha.png')`);
    const cover = (ids: string[]) => JSON.stringify({ stickers: ids.map((id) => ({ id, size: 16, rotation: 0, layer: 'front' })) });
    const insert = (caller: string, ids: string[]) =>
      t.as<{ id: string }>(caller, `insert into notebooks (title, user_id, cover) values ('Caderno', $1, $2::jsonb) returning id`, [caller, cover(ids)]);

    // free stickers (and ids the catalogue does not know) are anyone's
    const [mine] = await insert(person, ['star', 'heart', 'desconhecido']);
    expect((await failure(insert(person, ['star', 'concha']))).hint).toBe('sticker_not_owned');
    expect((await failure(t.as(person, `update notebooks set cover = $2::jsonb where id = $1`, [mine.id, cover(['star', 'concha'])]))).hint).toBe('sticker_not_owned');
    // another person's ownership does not count
    const [item] = await t.as<{ id: string }>(
      admin,
      `insert into seasonal_items (name, category, season_id, season_name, grants_ref, item_type) values ('Praia', 'sticker_pack', 'verao-2026', 'Verão 2026', 'praia', 'free') returning id`,
    );
    await t.as('service', `insert into store_entitlements (user_id, item_id, source) values ($1, $2, 'free')`, [other, item.id]);
    expect((await failure(t.as(person, `update notebooks set cover = $2::jsonb where id = $1`, [mine.id, cover(['concha'])]))).hint).toBe('sticker_not_owned');
    // owned from the store: put on; a sticker already there stays through other changes
    await t.as('service', `insert into store_entitlements (user_id, item_id, source) values ($1, $2, 'free')`, [person, item.id]);
    expect(
      await t.as(person, `update notebooks set cover = $2::jsonb where id = $1 returning cover -> 'stickers' -> 1 ->> 'id' as id`, [mine.id, cover(['star', 'concha'])]),
    ).toEqual([{ id: 'concha' }]);
    await t.as('service', `delete from store_entitlements where user_id = $1`, [person]);
    expect(await t.as(person, `update notebooks set cover = $2::jsonb where id = $1 returning id`, [mine.id, cover(['concha', 'sun'])])).toHaveLength(1);
    expect(await t.as(person, `update notebooks set title = 'Renomeado' where id = $1 returning id`, [mine.id])).toHaveLength(1);
    // the service role sets anything
    expect(await t.as('service', `insert into notebooks (title, user_id, cover) values ('Caderno', $1, $2::jsonb) returning id`, [other, cover(['concha'])])).toHaveLength(1);
  });
});
