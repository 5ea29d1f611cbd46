/**
 * Long lists page (issue 22's budget): the people one blocked (`my_blocks`) and user search
 * (`search_users`) answer a page at a time with a keyset cursor — through the sync-server with
 * supabase-js, on PGlite and on PostgreSQL. Page sizes, the cursor, no repeated or skipped row when
 * a row is added between two pages, and the rules of the whole list hold on every page (a person
 * reads only their own blocks; search never shows a blocked person or a minor to a stranger).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, TEST_BACKENDS, type TestServer } from '../../sync-server/testing.ts';

interface Person {
  id: string;
  username: string;
  client: SupabaseClient;
}

interface BlockRow {
  blocked_id: string;
  username: string;
  created_at: string;
}

interface FoundRow {
  id: string;
  username: string;
}

const PASSWORD = 'Senha-forte-1';

function bornYearsAgo(years: number): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

describe.each(TEST_BACKENDS)('list paging on $name', ({ postgresServerUrl }) => {
  let server: TestServer;
  let run = 0;

  async function signUp(username: string, extra: Record<string, unknown> = {}): Promise<Person> {
    const client = server.anonClient();
    const { data, error } = await client.auth.signUp({
      email: `${username}-${Date.now().toString(36)}-${run++}@example.test`,
      password: PASSWORD,
      options: { data: { username, birth_date: bornYearsAgo(30), ...extra } },
    });
    if (error || !data.user) throw error ?? new Error('no user after sign-up');
    return { id: data.user.id, username, client };
  }

  async function signUpMany(prefix: string, count: number): Promise<Person[]> {
    const people: Person[] = [];
    for (let i = 0; i < count; i++) people.push(await signUp(`${prefix}${String(i).padStart(2, '0')}`));
    return people;
  }

  async function blocksPage(person: Person, limit: number, after?: BlockRow): Promise<BlockRow[]> {
    const { data, error } = await person.client.rpc('my_blocks', {
      p_limit: limit,
      p_after_created_at: after?.created_at ?? null,
      p_after_id: after?.blocked_id ?? null,
    });
    expect(error).toBeNull();
    return data as BlockRow[];
  }

  /** Every page of my_blocks, in order, until a short page. */
  async function allBlockPages(person: Person, limit: number): Promise<BlockRow[][]> {
    const pages: BlockRow[][] = [];
    for (;;) {
      const page = await blocksPage(person, limit, pages.at(-1)?.at(-1));
      pages.push(page);
      if (page.length < limit) return pages;
    }
  }

  async function searchPage(person: Person, query: string, limit: number, after?: string): Promise<FoundRow[]> {
    const { data, error } = await person.client.rpc('search_users', { p_query: query, p_limit: limit, p_after: after ?? null });
    expect(error).toBeNull();
    return data as FoundRow[];
  }

  async function allSearchPages(person: Person, query: string, limit: number): Promise<FoundRow[][]> {
    const pages: FoundRow[][] = [];
    for (;;) {
      const page = await searchPage(person, query, limit, pages.at(-1)?.at(-1)?.username);
      pages.push(page);
      if (page.length < limit) return pages;
    }
  }

  beforeAll(async () => {
    server = await startTestServer({ postgresServerUrl });
  });
  afterAll(async () => server?.close());

  describe('the people one blocked', () => {
    let blocker: Person;
    let blocked: Person[];

    beforeAll(async () => {
      blocker = await signUp('pg_blocker');
      blocked = await signUpMany('pg_bl_', 46);
      // 26 blocks one at a time (each its own moment), then 20 in one insert (one moment for all:
      // the cursor must still tell them apart).
      for (const person of blocked.slice(0, 26)) {
        expect((await blocker.client.from('blocks').insert({ blocked_id: person.id })).error).toBeNull();
      }
      const together = blocked.slice(26).map((person) => ({ blocked_id: person.id }));
      expect((await blocker.client.from('blocks').insert(together)).error).toBeNull();
    }, 120_000);

    test('pages of 20 bring every blocked person once, newest block first', async () => {
      const pages = await allBlockPages(blocker, 20);
      expect(pages.map((page) => page.length)).toEqual([20, 20, 6]);
      const rows = pages.flat();
      expect(new Set(rows.map((row) => row.blocked_id)).size).toBe(46);
      expect(new Set(rows.map((row) => row.blocked_id))).toEqual(new Set(blocked.map((person) => person.id)));
      // The first blocks come last (newest first).
      expect(rows.slice(-26).map((row) => row.username)).toEqual(
        blocked
          .slice(0, 26)
          .map((person) => person.username)
          .reverse(),
      );
      const times = rows.map((row) => Date.parse(row.created_at));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    });

    test('the page size is held to 1–50, and a call without arguments reads the first page', async () => {
      expect(await blocksPage(blocker, 500)).toHaveLength(46);
      expect(await blocksPage(blocker, 0)).toHaveLength(1);
      const { data, error } = await blocker.client.rpc('my_blocks');
      expect(error).toBeNull();
      expect(data).toHaveLength(20);
    });

    test('a block made between two pages repeats no one and skips no one', async () => {
      const first = await blocksPage(blocker, 20);
      const newcomer = await signUp('pg_newcomer');
      expect((await blocker.client.from('blocks').insert({ blocked_id: newcomer.id })).error).toBeNull();
      // An unblock of someone already read must not shift the rest either.
      expect((await blocker.client.from('blocks').delete().eq('blocked_id', first[0].blocked_id)).error).toBeNull();
      const second = await blocksPage(blocker, 20, first.at(-1));
      const third = await blocksPage(blocker, 20, second.at(-1));
      const ids = [...first, ...second, ...third].map((row) => row.blocked_id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(new Set(ids)).toEqual(new Set(blocked.map((person) => person.id)));
      // The newcomer leads the list read again from the start.
      expect((await blocksPage(blocker, 20))[0].blocked_id).toBe(newcomer.id);
    }, 30_000);

    test("each person reads only their own blocks; a visitor reads nothing", async () => {
      const stranger = await signUp('pg_stranger');
      expect(await blocksPage(stranger, 50)).toEqual([]);
      const { data, error } = await stranger.client.rpc('my_blocks', {
        p_limit: 50,
        p_after_created_at: '2999-01-01T00:00:00Z',
        p_after_id: null,
      });
      expect(error).toBeNull();
      expect(data).toEqual([]);
      const visitor = await server.anonClient().rpc('my_blocks', { p_limit: 50 });
      expect(visitor.error).not.toBeNull();
      expect(visitor.data).toBeNull();
    });
  });

  describe('user search', () => {
    let searcher: Person;
    let matches: Person[];
    let blockedMatch: Person;
    let blockingMatch: Person;
    let minorMatch: Person;

    beforeAll(async () => {
      searcher = await signUp('busca_quem');
      // 'pag' itself (the exact username), 24 starting with it, 3 with it inside, 2 by name only.
      matches = [
        await signUp('pag'),
        ...(await signUpMany('pag_', 24)),
        await signUp('x_pag_a'),
        await signUp('x_pag_b'),
        await signUp('y_pag_c'),
        await signUp('nome_um', { display_name: 'Pagina Um' }),
        await signUp('nome_dois', { display_name: 'Pagina Dois' }),
      ];
      blockedMatch = await signUp('pag_bloqueado');
      blockingMatch = await signUp('pag_bloqueia');
      minorMatch = await signUp('pag_menor', {
        birth_date: bornYearsAgo(14),
        guardian_email: `guardiao-${Date.now()}@example.test`,
        guardian_acknowledged: true,
      });
      expect((await searcher.client.from('blocks').insert({ blocked_id: blockedMatch.id })).error).toBeNull();
      expect((await blockingMatch.client.from('blocks').insert({ blocked_id: searcher.id })).error).toBeNull();
      // Display names are set after sign-up when the sign-up's data does not carry them.
      for (const person of matches.slice(-2)) {
        const name = person.username === 'nome_um' ? 'Pagina Um' : 'Pagina Dois';
        expect((await person.client.from('profiles').update({ display_name: name }).eq('id', person.id)).error).toBeNull();
      }
    }, 120_000);

    test('pages of 10: the exact username, then usernames starting with the query, then the rest — each once', async () => {
      const pages = await allSearchPages(searcher, 'pag', 10);
      expect(pages.map((page) => page.length)).toEqual([10, 10, 10, 0]);
      const names = pages.flat().map((row) => row.username);
      expect(names[0]).toBe('pag');
      expect(names.slice(1, 25)).toEqual([...names.slice(1, 25)].sort());
      expect(names.slice(1, 25).every((name) => name.startsWith('pag_'))).toBe(true);
      expect(new Set(names.slice(25))).toEqual(new Set(['x_pag_a', 'x_pag_b', 'y_pag_c', 'nome_um', 'nome_dois']));
      expect(new Set(names).size).toBe(names.length);
      expect(new Set(names)).toEqual(new Set(matches.map((person) => person.username)));
    });

    test('no page shows someone the searcher blocked, someone who blocked them, or a minor who is a stranger', async () => {
      const names = (await allSearchPages(searcher, 'pag', 7)).flat().map((row) => row.username);
      expect(names).toHaveLength(matches.length);
      for (const hidden of [blockedMatch, blockingMatch, minorMatch]) expect(names).not.toContain(hidden.username);
      // '@' searches usernames by prefix, pages the same way.
      const byUsername = (await allSearchPages(searcher, '@PAG', 20)).flat().map((row) => row.username);
      expect(byUsername).toEqual(matches.slice(0, 25).map((person) => person.username));
    });

    test('an account made between two pages repeats no one and skips no one', async () => {
      const first = await searchPage(searcher, 'pag', 10);
      await signUp('pag_00a'); // sorts before the cursor: the next pages do not bring it (nor repeat)
      await signUp('pag_zz'); // sorts after it: a later page brings it
      const rest = (await allSearchPages(searcher, 'pag', 10)).flat();
      const later: FoundRow[] = [];
      for (let after = first.at(-1)!.username; ; ) {
        const page = await searchPage(searcher, 'pag', 10, after);
        later.push(...page);
        if (page.length < 10) break;
        after = page.at(-1)!.username;
      }
      const names = [...first, ...later].map((row) => row.username);
      expect(new Set(names).size).toBe(names.length);
      expect(new Set(names)).toEqual(new Set([...matches.map((person) => person.username), 'pag_zz']));
      // Read again from the start, both are there.
      expect(rest.map((row) => row.username)).toEqual(expect.arrayContaining(['pag_00a', 'pag_zz']));
    }, 30_000);

    test('the page size is held to 1–50; a visitor is refused', async () => {
      expect((await searchPage(searcher, 'pag', 500)).length).toBeGreaterThanOrEqual(matches.length);
      expect(await searchPage(searcher, 'pag', 0)).toHaveLength(1);
      const visitor = await server.anonClient().rpc('search_users', { p_query: 'pag' });
      expect(visitor.error).not.toBeNull();
    });
  });
});
