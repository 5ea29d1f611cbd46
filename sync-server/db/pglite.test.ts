/**
 * PGlite spoken to in pipelines with prepared statements (pglite.ts): what a user would notice if
 * the cache of statements or the one-pass transactions went wrong.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from './pglite.ts';
import { asRequester } from './request-context.ts';
import type { Database } from './types.ts';

const ANA = '00000000-0000-4000-8000-00000000000a';
const BIA = '00000000-0000-4000-8000-00000000000b';
/** The statement text is the same for everyone: the cache keys it by text alone. */
const MINE = 'select note from public.notes order by note';

describe('PGlite pipelines and prepared statements', () => {
  let db: Database;

  beforeAll(async () => {
    db = await openPglite('memory://');
    await db.exec(`
      create role reader nologin;
      create table public.notes (owner uuid not null, note text not null);
      alter table public.notes enable row level security;
      create policy own on public.notes for select to reader
        using (owner = nullif(current_setting('request.jwt.claim.sub', true), '')::uuid);
      grant select on public.notes to reader;
      insert into public.notes values ('${ANA}', 'ana 1'), ('${ANA}', 'ana 2'), ('${BIA}', 'bia 1');
      create table public.counter (n int not null);
      insert into public.counter values (0);
      grant select, update on public.counter to reader;`);
  });
  afterAll(() => db.close());

  const as = (sub: string) => ({ role: 'reader', sub, aud: 'authenticated' }) as never;
  const notesOf = (sub: string) =>
    asRequester(db, as(sub), async (tx) => (await tx.query<{ note: string }>(MINE)).rows.map((r) => r.note));

  it("one person's prepared statement never answers for another (row security re-plans for each caller)", async () => {
    for (let round = 0; round < 8; round++) {
      // past the fifth run Postgres may keep a generic plan: it still applies each caller's rows
      expect(await notesOf(ANA)).toEqual(['ana 1', 'ana 2']);
      expect(await notesOf(BIA)).toEqual(['bia 1']);
    }
    // the owner (no role set) sees every row through the same statement text
    expect((await db.query<{ note: string }>(MINE)).rows.map((r) => r.note)).toEqual(['ana 1', 'ana 2', 'bia 1']);
    expect(await notesOf(ANA)).toEqual(['ana 1', 'ana 2']);
  });

  it('a role without the grant is refused even when the statement is prepared', async () => {
    await db.exec('create role stranger nologin');
    await expect(
      asRequester(db, { role: 'stranger', sub: ANA } as never, (tx) => tx.query(MINE)),
    ).rejects.toMatchObject({ code: '42501' });
    expect(await notesOf(ANA)).toEqual(['ana 1', 'ana 2']);
  });

  it('the settings go with the statement and end with the transaction', async () => {
    const sub = await asRequester(db, as(BIA), async (tx) => (await tx.query<{ sub: string; role: string }>(
      `select current_setting('request.jwt.claim.sub') as sub, current_user as role`,
    )).rows[0]);
    expect(sub).toEqual({ sub: BIA, role: 'reader' });
    const after = await db.query<{ sub: string | null; role: string }>(`select current_setting('request.jwt.claim.sub', true) as sub, current_user as role`);
    expect(after.rows[0]).toEqual({ sub: '', role: 'postgres' });
  });

  it('a read-only request cannot write, and a failed statement rolls the whole transaction back', async () => {
    await expect(
      asRequester(db, as(ANA), (tx) => tx.query('update public.counter set n = n + 1'), { readOnly: true }),
    ).rejects.toMatchObject({ code: '25006' });
    await expect(
      asRequester(db, as(ANA), async (tx) => {
        await tx.query('update public.counter set n = n + 1');
        await tx.query('select 1 / 0');
      }),
    ).rejects.toMatchObject({ code: '22012' });
    await expect(
      asRequester(db, as(ANA), async (tx) => {
        await tx.query('update public.counter set n = n + 1');
        throw new Error('the handler refused the answer');
      }),
    ).rejects.toThrow('the handler refused');
    expect((await db.query<{ n: number }>('select n from public.counter')).rows[0].n).toBe(0);
    await asRequester(db, as(ANA), (tx) => tx.query('update public.counter set n = n + 1'));
    expect((await db.query<{ n: number }>('select n from public.counter')).rows[0].n).toBe(1);
  });

  it('a prepared `select *` follows a table that gained a column (top level and in a transaction)', async () => {
    await db.exec(`create table public.shape (a int); insert into public.shape values (1); grant select on public.shape to reader`);
    const star = 'select * from public.shape';
    expect((await db.query(star)).rows).toEqual([{ a: 1 }]);
    expect((await db.transaction((tx) => tx.query(star))).rows).toEqual([{ a: 1 }]);
    await db.exec(`alter table public.shape add column b text default 'x'`);
    expect((await db.query(star)).rows).toEqual([{ a: 1, b: 'x' }]);
    await db.exec(`alter table public.shape add column c int default 2`);
    expect((await db.transaction((tx) => tx.query(star))).rows).toEqual([{ a: 1, b: 'x', c: 2 }]);
  });

  it('a statement prepared before DEALLOCATE ALL is prepared again', async () => {
    expect(await notesOf(BIA)).toEqual(['bia 1']);
    await db.exec('deallocate all');
    expect(await notesOf(BIA)).toEqual(['bia 1']);
    expect((await db.query<{ n: number }>('select n from public.counter')).rows[0].n).toBeGreaterThanOrEqual(0);
  });

  it('parameters arrive as node-postgres sends them', async () => {
    const { rows } = await db.query<Record<string, unknown>>(
      'select $1::int as n, $2::boolean as b, $3::text[] as a, $4::jsonb as j, $5::text as t, $6::text as z',
      [7, true, ['x', 'y "z"', null], { k: [1, 2] }, 'plain', null],
    );
    expect(rows[0]).toEqual({ n: 7, b: true, a: '{x,"y \\"z\\"",NULL}', j: { k: [1, 2] }, t: 'plain', z: null });
    // array types beyond the common ones come as PGlite parses them (arrays), as before
    const names = await db.query<{ a: unknown }>(`select array['reader'::name, 'x'::name] as a`);
    expect(names.rows[0].a).toEqual(['reader', 'x']);
    const affected = await db.query('update public.counter set n = n');
    expect(affected.affectedRows).toBe(1);
  });
});
