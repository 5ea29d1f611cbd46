/**
 * The device's copy of the sticker catalogue (issue 35; src/data/online/sticker-catalogue.ts) read
 * from the sync-server's REST on PGlite and Postgres, as a visitor reads it: the packs in the order
 * admins set (sticker_packs.sort_order), then each pack's stickers in theirs — the picker lists
 * them so. Before, the rows came by pack id: a pack named 'alfa' came first whatever its place.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, TEST_BACKENDS, type TestServer } from '../../sync-server/testing.ts';
import { STICKER_CATALOGUE_QUERY, stickerOf } from '../../src/data/online/sticker-catalogue.ts';

describe.each(TEST_BACKENDS)('the sticker catalogue copy on $name', ({ postgresServerUrl }) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ postgresServerUrl });
    await server.ctx.db.exec(`
      insert into public.sticker_packs (id, name, is_premium, sort_order) values
        ('zeta', 'Pacote Zeta', false, 2), ('alfa', 'Pacote Alfa', true, 3), ('meio', 'Pacote do meio', false, 2),
        ('fora', 'Desligado', false, 0);
      update public.sticker_packs set is_active = false where id = 'fora';
      insert into public.stickers (id, pack_id, name, image_path, sort_order) values
        ('alfa-um', 'alfa', 'Um', 'alfa-um.png', 0),
        ('zeta-b', 'zeta', 'B', 'zeta-b.png', 1), ('zeta-a', 'zeta', 'A', 'zeta-a.png', 2), ('zeta-c', 'zeta', 'C', 'zeta-c.png', 1),
        ('meio-x', 'meio', 'X', 'meio-x.webp', 5),
        ('fora-1', 'fora', 'Fora', 'fora-1.png', 0);
    `);
  });
  afterAll(async () => {
    await server?.close();
  });

  test("packs in the admins' order, then each pack's stickers in theirs (ties by id)", async () => {
    const anonKey = server.ctx.config.anonKey;
    const response = await fetch(`${server.url}/rest/v1/${STICKER_CATALOGUE_QUERY}`, { headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}` } });
    expect(response.status).toBe(200);
    const rows = ((await response.json()) as Parameters<typeof stickerOf>[0][]).map((r) => stickerOf(r, server.url)).filter((s) => s !== null);
    // the app's own pack basicos (place 1) first, then zeta and meio (place 2, by id: meio, zeta), then alfa; the disabled pack left out
    expect([...new Set(rows.map((s) => s.pack_id))]).toEqual(['basicos', 'meio', 'zeta', 'alfa']);
    expect(rows.filter((s) => s.pack_id !== 'basicos').map((s) => s.id)).toEqual(['meio-x', 'zeta-b', 'zeta-c', 'zeta-a', 'alfa-um']);
    expect(rows.find((s) => s.id === 'alfa-um')).toEqual({
      id: 'alfa-um',
      name: 'Um',
      pack_id: 'alfa',
      pack_name: 'Pacote Alfa',
      is_premium: true,
      image_url: `${server.url}/storage/v1/object/public/store-images/alfa-um.png`,
    });
  });
});
