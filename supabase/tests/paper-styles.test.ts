/**
 * The paper styles are one catalogue (issue 35), on PGlite and Postgres: the server's
 * `paper_styles` rows are the ids the app draws (src/styles/paper-styles.ts) — the app stored
 * 'lined-red', which the table lacked, so such a notebook could not be saved (notebooks.paper_style
 * refers to the table) —, its premium rows are the app's store papers, set on a notebook only when
 * its owner or the writer owns them (paper_not_owned); everyone reads the catalogue, only admins write it, and the default paper (lined-blue) cannot be disabled (spec §5).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PAPER_STYLES, STORE_PAPERS } from '../../src/styles/paper-styles.ts';
import { failure, openTestDatabase, TEST_DATABASE_URL, type TestDatabase } from './harness.ts';

const BACKENDS = ['pglite', ...(TEST_DATABASE_URL ? ['postgres' as const] : [])] as const;

describe.each(BACKENDS)('the paper styles catalogue on %s', (backend) => {
  let t: TestDatabase;
  let admin: string;
  let person: string;

  beforeAll(async () => {
    t = await openTestDatabase({ backend });
    admin = await t.createUser('paper_admin', { admin: true });
    person = await t.createUser('paper_person');
  });
  afterAll(async () => {
    await t?.close();
  });

  test("the server's rows are the papers the app draws; its premium rows are the store's", async () => {
    const rows = await t.as<{ id: string; is_premium: boolean }>('anon', `select id, is_premium from paper_styles order by id`);
    expect(rows.map((r) => r.id)).toEqual([...PAPER_STYLES].sort());
    expect(rows.filter((r) => r.is_premium).map((r) => r.id)).toEqual([...STORE_PAPERS].sort());
  });

  test('a notebook on every free paper is saved; a store paper needs its owner or the writer to own it (paper_not_owned)', async () => {
    const insert = (caller: string, owner: string, paper: string) =>
      t.as<{ id: string; paper_style: string }>(
        caller,
        `insert into notebooks (title, user_id, paper_style) values ('Caderno', $1, $2) returning id, paper_style`,
        [owner, paper],
      );
    for (const paper of PAPER_STYLES.filter((p) => !STORE_PAPERS.includes(p))) {
      expect((await insert(person, person, paper))[0].paper_style).toBe(paper);
    }
    for (const paper of STORE_PAPERS) {
      expect((await failure(insert(person, person, paper))).hint).toBe('paper_not_owned');
    }
    const [mine] = await insert(person, person, 'plain');
    expect((await failure(t.as(person, `update notebooks set paper_style = 'kraft' where id = $1`, [mine.id]))).hint).toBe('paper_not_owned');
    // owned from the store: chosen; a paper already set stays through other changes; the service role sets anything
    const [item] = await t.as<{ id: string }>(
      admin,
      `insert into seasonal_items (name, category, season_id, season_name, grants_ref, item_type) values ('Papel Kraft', 'paper_style', 'verao-2026', 'Verão 2026', 'kraft', 'free') returning id`,
    );
    await t.as('service', `insert into store_entitlements (user_id, item_id, source) values ($1, $2, 'free')`, [person, item.id]);
    expect(await t.as(person, `update notebooks set paper_style = 'kraft' where id = $1 returning paper_style`, [mine.id])).toEqual([{ paper_style: 'kraft' }]);
    expect((await failure(t.as(person, `update notebooks set paper_style = 'vintage' where id = $1`, [mine.id]))).hint).toBe('paper_not_owned');
    await t.as('service', `update notebooks set paper_style = 'vintage' where id = $1`, [mine.id]);
    expect(await t.as(person, `update notebooks set title = 'Renomeado' where id = $1 returning paper_style`, [mine.id])).toEqual([{ paper_style: 'vintage' }]);
  });

  test('only admins write the catalogue; lined-blue cannot be disabled', async () => {
    expect((await failure(t.as(person, `insert into paper_styles (id, name) values ('mine', 'Meu papel')`))).code).toBe('42501');
    expect(await t.as(person, `update paper_styles set name = 'x' where id = 'grid' returning id`)).toEqual([]);
    expect(await t.as(person, `delete from paper_styles where id = 'plain' returning id`)).toEqual([]);
    expect((await failure(t.as('anon', `update paper_styles set name = 'x' where id = 'grid'`))).code).toBe('42501');
    expect(await t.as(admin, `insert into paper_styles (id, name, is_premium) values ('sazonal-teste', 'Papel da estação', true) returning id`)).toHaveLength(1);
    expect(await t.as(admin, `update paper_styles set is_active = false where id = 'sazonal-teste' returning id`)).toHaveLength(1);
    expect(await t.as(admin, `delete from paper_styles where id = 'sazonal-teste' returning id`)).toHaveLength(1);
    expect((await failure(t.as(admin, `update paper_styles set is_active = false where id = 'lined-blue'`))).code).toBe('23514');
  });
});
