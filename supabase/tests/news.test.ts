/**
 * News (/timeline, issue 31): public.news gives a person what their friends did that they may see
 * — through the sync-server with supabase-js, on PGlite and on PostgreSQL. The visibility matrix
 * (a friend, a stranger, a blocked person, a private profile, an anonymous answer, a guest, a minor,
 * a banned and a removed account), the paging (keyset, 1–50, newest first, nothing repeated or
 * skipped), and the status phrase's history (kept small, gone when the phrase or the account is).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, TEST_BACKENDS, type TestServer } from '../../sync-server/testing.ts';

interface Person {
  id: string;
  username: string;
  client: SupabaseClient;
}

interface NewsRow {
  kind: string;
  at: string;
  id: string;
  actor_id: string;
  actor_username: string;
  notebook_id: string | null;
  notebook_title: string | null;
  achievement_id: string | null;
  achievement_name_pt: string | null;
  achievement_name_en: string | null;
  status_message: string | null;
}

const PASSWORD = 'Senha-forte-1';

function bornYearsAgo(years: number): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

describe.each(TEST_BACKENDS)('News on $name', ({ postgresServerUrl }) => {
  let server: TestServer;
  let run = 0;

  async function sql<Row = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<Row[]> {
    return (await server.ctx.db.query(text, params)).rows as Row[];
  }

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

  async function signUpMinor(username: string): Promise<Person> {
    return signUp(username, { birth_date: bornYearsAgo(14), guardian_email: `guardiao-${username}@example.test`, guardian_acknowledged: true });
  }

  async function news(person: Person, limit?: number, after?: NewsRow): Promise<NewsRow[]> {
    const { data, error } = await person.client.rpc('news', {
      ...(limit === undefined ? {} : { p_limit: limit }),
      ...(after ? { p_after_at: after.at, p_after_id: after.id } : {}),
    });
    expect(error).toBeNull();
    return data as NewsRow[];
  }

  /** What `reader` sees of `actor` in their first 50 items, as "kind title/achievement/phrase". */
  async function seenOf(reader: Person, actor: Person): Promise<string[]> {
    return (await news(reader, 50))
      .filter((row) => row.actor_id === actor.id)
      .map((row) => `${row.kind} ${row.notebook_title ?? row.achievement_id ?? row.status_message}`);
  }

  async function befriend(a: Person, b: Person): Promise<void> {
    const sent = await a.client.rpc('send_friend_request', { p_user_id: b.id });
    expect(sent.error).toBeNull();
    const accepted = await b.client.rpc('accept_friend_request', { p_request_id: (sent.data as { request_id: string }).request_id });
    expect(accepted.error).toBeNull();
  }

  async function createNotebook(owner: Person, title: string): Promise<{ id: string; questionIds: string[] }> {
    const { data: notebook, error } = await owner.client.from('notebooks').insert({ title, user_id: owner.id }).select('id').single();
    expect(error).toBeNull();
    const { data: questions, error: qError } = await owner.client
      .from('questions')
      .insert([1, 2, 3].map((n) => ({ notebook_id: notebook!.id, text: `Pergunta ${n} de ${title}`, order_index: n })))
      .select('id, order_index');
    expect(qError).toBeNull();
    const ids = (questions as { id: string; order_index: number }[]).sort((x, y) => x.order_index - y.order_index).map((q) => q.id);
    return { id: notebook!.id as string, questionIds: ids };
  }

  async function share(owner: Person, notebookId: string, person: Person): Promise<void> {
    expect((await owner.client.from('notebook_shares').insert({ notebook_id: notebookId, shared_with: person.id })).error).toBeNull();
  }

  async function answer(person: Person, questionId: string, extra: Record<string, unknown> = {}): Promise<void> {
    const { error } = await person.client.from('answers').insert({ question_id: questionId, text: `Resposta de ${person.username}`, ...extra });
    expect(error).toBeNull();
  }

  async function setStatus(person: Person, phrase: string | null): Promise<void> {
    expect((await person.client.from('profiles').update({ status_message: phrase }).eq('id', person.id)).error).toBeNull();
  }

  /** An award of an earlier day (others see an award from the day after it). */
  async function awardedYesterday(person: Person, achievement: string): Promise<void> {
    await sql(
      `insert into public.user_achievements (user_id, achievement_id, earned_at) values ($1, $2, now() - interval '1 day')
       on conflict (user_id, achievement_id) do update set earned_at = excluded.earned_at`,
      [person.id, achievement],
    );
  }

  beforeAll(async () => {
    server = await startTestServer({ postgresServerUrl });
  });
  afterAll(async () => server?.close());

  describe('the visibility matrix', () => {
    let me: Person;
    let mine: { id: string; questionIds: string[] };

    beforeAll(async () => {
      me = await signUp('news_me');
      mine = await createNotebook(me, 'Meu caderno');
    }, 60_000);

    test('a friend: a notebook of theirs I am in, their signed answers to my notebook (one item a day), an achievement from the next day, their status phrase', async () => {
      const ana = await signUp('news_ana');
      await befriend(ana, me);
      const shared = await createNotebook(ana, 'Caderno da Ana');
      await share(ana, shared.id, me);
      await createNotebook(ana, 'Diário secreto da Ana'); // not shared with me
      await share(me, mine.id, ana);
      await answer(ana, mine.questionIds[0]);
      await answer(ana, mine.questionIds[1]);
      await setStatus(ana, 'Estudando para a prova');

      // newest first: the phrase, her answers (one item for both), the shared notebook
      expect(await seenOf(me, ana)).toEqual([
        'status_changed Estudando para a prova',
        'answered_my_notebook Meu caderno',
        'notebook_created Caderno da Ana',
      ]);
      // her first notebook's award (today) shows from tomorrow on, as on her profile
      const today = await sql<{ achievement_id: string }>(`select achievement_id from public.user_achievements where user_id = $1`, [ana.id]);
      expect(today.map((row) => row.achievement_id)).toContain('first_notebook');
      expect((await seenOf(me, ana)).filter((line) => line.startsWith('achievement_earned'))).toEqual([]);
      await awardedYesterday(ana, 'first_notebook');
      const items = (await news(me, 50)).filter((row) => row.actor_id === ana.id);
      expect(items.at(-1)).toMatchObject({
        kind: 'achievement_earned',
        achievement_id: 'first_notebook',
        achievement_name_pt: 'Primeiro caderno',
        actor_username: 'news_ana',
      });
      // the answered item points at my notebook and carries no answer text
      const answered = items.find((row) => row.kind === 'answered_my_notebook')!;
      expect(answered.notebook_id).toBe(mine.id);
      expect(JSON.stringify(items)).not.toContain('Resposta de');
      // and the friend reads my side: I created nothing she is in but the notebook she answered
      expect(await seenOf(ana, me)).toEqual(['notebook_created Meu caderno']);
    }, 60_000);

    test('a stranger: nothing — not their notebook shared with me, not their signed answer, not their phrase or award', async () => {
      const bia = await signUp('news_bia');
      // no automatic friendship for her (her setting), so she stays a stranger after answering
      expect((await bia.client.from('user_settings').update({ friend_requests_from: 'nobody' }).eq('user_id', bia.id)).error).toBeNull();
      const hers = await createNotebook(bia, 'Caderno da Bia');
      await share(bia, hers.id, me);
      await share(me, mine.id, bia);
      await answer(bia, mine.questionIds[0]);
      await setStatus(bia, 'Oi, mundo');
      await awardedYesterday(bia, 'first_notebook');
      expect(await sql(`select 1 from public.friendships where $1 in (user_a, user_b) and $2 in (user_a, user_b)`, [bia.id, me.id])).toEqual([]);
      expect(await seenOf(me, bia)).toEqual([]);
    }, 60_000);

    test('blocked, either way: nothing of the other, also what was there before the block', async () => {
      const caio = await signUp('news_caio');
      const duda = await signUp('news_duda');
      for (const person of [caio, duda]) {
        await befriend(person, me);
        await share(me, mine.id, person);
        await answer(person, mine.questionIds[2]);
        await setStatus(person, `Frase de ${person.username}`);
      }
      expect(await seenOf(me, caio)).toHaveLength(2);
      expect(await seenOf(me, duda)).toHaveLength(2);
      expect((await me.client.from('blocks').insert({ blocked_id: caio.id })).error).toBeNull();
      expect((await duda.client.from('blocks').insert({ blocked_id: me.id })).error).toBeNull();
      expect(await seenOf(me, caio)).toEqual([]);
      expect(await seenOf(me, duda)).toEqual([]);
      expect(await seenOf(caio, me)).toEqual([]);
      expect(await seenOf(duda, me)).toEqual([]);
      // unblocking does not make friends again: still nothing
      expect((await me.client.from('blocks').delete().eq('blocked_id', caio.id)).error).toBeNull();
      expect(await seenOf(me, caio)).toEqual([]);
    }, 60_000);

    test('a private profile: a friend sees what the profile page shows a friend (friends see it whole); a removed friend shows nothing', async () => {
      const edu = await signUp('news_edu');
      expect((await edu.client.from('profiles').update({ visibility: 'private' }).eq('id', edu.id)).error).toBeNull();
      await befriend(edu, me);
      await setStatus(edu, 'Só para amigos');
      await awardedYesterday(edu, 'first_visit');
      const { data: view } = await me.client.rpc('profile_view', { p_username: 'news_edu' });
      expect(view).toMatchObject({ reach: 'full', status_message: 'Só para amigos' });
      expect(await seenOf(me, edu)).toEqual(['status_changed Só para amigos', 'achievement_earned first_visit']);
      // no longer friends: a private profile shows a stranger its card only, and News nothing
      expect((await me.client.rpc('remove_friend', { p_user_id: edu.id })).error).toBeNull();
      expect(await seenOf(me, edu)).toEqual([]);
    }, 60_000);

    test('an anonymous answer never appears as its writer\'s activity; a guest\'s answer never appears', async () => {
      const fabi = await signUp('news_fabi');
      await befriend(fabi, me);
      await share(me, mine.id, fabi);
      await answer(fabi, mine.questionIds[0], { is_anonymous: true, responder_name: 'Alguém' });
      expect(await seenOf(me, fabi)).toEqual([]);
      // a signed answer the same day is an item of its own — made of signed answers only
      await answer(fabi, mine.questionIds[1]);
      const items = (await news(me, 50)).filter((row) => row.actor_id === fabi.id);
      expect(items.map((row) => row.kind)).toEqual(['answered_my_notebook']);
      const signed = await sql<{ id: string; created_at: string }>(
        `select id, created_at from public.answers where user_id = $1 and not is_anonymous`,
        [fabi.id],
      );
      expect(items[0].id).toBe(signed[0].id);
      expect(Date.parse(items[0].at)).toBe(Date.parse(signed[0].created_at));
      // made anonymous later, it leaves News
      expect((await fabi.client.from('answers').update({ is_anonymous: true, client_clock: Date.now() }).eq('id', signed[0].id)).error).toBeNull();
      expect(await seenOf(me, fabi)).toEqual([]);

      // a round on my phone: the guests' answers are nobody's activity
      const guestId = crypto.randomUUID();
      const secret = 'a'.repeat(43);
      expect(
        (await me.client.from('guests').insert({ id: guestId, notebook_id: mine.id, name: 'Fabi', answer_secret: secret, claim_hash: 'b'.repeat(64) })).error,
      ).toBeNull();
      const before = await news(me, 50);
      const [{ id: guestAnswerId }] = await sql<{ id: string }>(`select public.answer_id($1, $2) as id`, [mine.questionIds[2], secret]);
      const guestAnswer = await me.client
        .from('answers')
        .insert({ id: guestAnswerId, question_id: mine.questionIds[2], notebook_id: mine.id, user_id: null, guest_id: guestId, text: 'Resposta da convidada', responder_name: 'Fabi' });
      expect(guestAnswer.error).toBeNull();
      expect(await sql(`select 1 from public.answers where guest_id = $1`, [guestId])).toHaveLength(1);
      expect(await news(me, 50)).toEqual(before);
    }, 60_000);

    test('a minor: never in an adult stranger\'s News (no automatic friendship across the age line); a minor\'s friends who are minors see them', async () => {
      const gabi = await signUpMinor('news_gabi');
      const hugo = await signUpMinor('news_hugo');
      await share(me, mine.id, gabi);
      await answer(gabi, mine.questionIds[0]);
      await setStatus(gabi, 'Frase da Gabi');
      const hers = await createNotebook(gabi, 'Caderno da Gabi');
      await share(gabi, hers.id, me);
      expect(await seenOf(me, gabi)).toEqual([]);
      // two minors who became friends by an answer see each other
      await share(gabi, hers.id, hugo);
      await answer(hugo, hers.questionIds[0]);
      expect(await seenOf(gabi, hugo)).toEqual(['answered_my_notebook Caderno da Gabi']);
      expect(await seenOf(hugo, gabi)).toEqual(['notebook_created Caderno da Gabi', 'status_changed Frase da Gabi']);
    }, 60_000);

    test('banned and removed accounts: nothing; a removed account leaves no status history', async () => {
      const iris = await signUp('news_iris');
      const joao = await signUp('news_joao');
      for (const person of [iris, joao]) {
        await befriend(person, me);
        await setStatus(person, `Frase de ${person.username}`);
        expect(await seenOf(me, person)).toHaveLength(1);
      }
      await sql(`update public.profiles set account_status = 'banned' where id = $1`, [iris.id]);
      expect(await seenOf(me, iris)).toEqual([]);
      expect((await joao.client.rpc('delete_my_account', { p_username: 'news_joao' })).error).toBeNull();
      expect(await seenOf(me, joao)).toEqual([]);
      expect(await sql(`select 1 from private.status_history where user_id = $1`, [joao.id])).toEqual([]);
      // and a banned reader reads nothing
      expect(await news(iris, 50)).toEqual([]);
    }, 60_000);

    test('a notebook I am only invited to (not accepted) is not news; once I accept, it is', async () => {
      const kaka = await signUp('news_kaka');
      await befriend(kaka, me);
      const hers = await createNotebook(kaka, 'Caderno da Kaka');
      expect((await kaka.client.from('notebook_collaborators').insert({ notebook_id: hers.id, user_id: me.id, role: 'collaborator' })).error).toBeNull();
      expect(await seenOf(me, kaka)).toEqual([]);
      expect((await me.client.from('notebook_collaborators').update({ status: 'accepted' }).eq('notebook_id', hers.id).eq('user_id', me.id)).error).toBeNull();
      expect(await seenOf(me, kaka)).toEqual(['notebook_created Caderno da Kaka']);
    }, 60_000);
  });

  describe('paging', () => {
    let reader: Person;
    let friends: Person[];

    beforeAll(async () => {
      reader = await signUp('news_leitor');
      friends = [];
      for (let i = 0; i < 3; i++) {
        const friend = await signUp(`news_pag${i}`);
        await befriend(friend, reader);
        friends.push(friend);
      }
      // 15 phrases each (the history keeps the last 10 per person: 30 items) and 5 notebooks each shared with the reader
      for (const friend of friends) {
        for (let n = 0; n < 15; n++) await setStatus(friend, `Frase ${n} de ${friend.username}`);
        for (let n = 0; n < 5; n++) {
          const { data, error } = await friend.client.from('notebooks').insert({ title: `Caderno ${n} de ${friend.username}`, user_id: friend.id }).select('id').single();
          expect(error).toBeNull();
          await share(friend, data!.id as string, reader);
        }
      }
    }, 120_000);

    test('pages of 20 bring every item once, newest first; the history keeps the last 10 phrases of each person', async () => {
      const pages: NewsRow[][] = [];
      for (;;) {
        const page = await news(reader, 20, pages.at(-1)?.at(-1));
        pages.push(page);
        if (page.length < 20) break;
      }
      expect(pages.map((page) => page.length)).toEqual([20, 20, 5]);
      const rows = pages.flat();
      expect(new Set(rows.map((row) => row.id)).size).toBe(45);
      const times = rows.map((row) => Date.parse(row.at));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      for (const friend of friends) {
        const phrases = rows.filter((row) => row.actor_id === friend.id && row.kind === 'status_changed').map((row) => row.status_message);
        expect(phrases).toEqual(Array.from({ length: 10 }, (_, n) => `Frase ${14 - n} de ${friend.username}`));
      }
    });

    test('something new between two pages repeats nothing and skips nothing', async () => {
      const first = await news(reader, 20);
      await setStatus(friends[0], 'Novidade no meio');
      const second = await news(reader, 20, first.at(-1));
      const third = await news(reader, 20, second.at(-1));
      const ids = [...first, ...second, ...third].map((row) => row.id);
      expect(new Set(ids).size).toBe(ids.length);
      // the oldest phrase of friends[0] left the history (10 kept); everything else is there once
      expect(ids.length).toBe(44);
      expect((await news(reader, 1))[0].status_message).toBe('Novidade no meio');
    });

    test('the page size is held to 1–50, 20 without one; clearing a phrase takes the person\'s phrases out of News', async () => {
      expect(await news(reader, 500)).toHaveLength(45);
      expect(await news(reader, 0)).toHaveLength(1);
      expect(await news(reader)).toHaveLength(20);
      await setStatus(friends[1], null);
      const rows = await news(reader, 50);
      expect(rows.filter((row) => row.actor_id === friends[1].id).map((row) => row.kind)).toEqual(Array(5).fill('notebook_created'));
      expect(await sql(`select 1 from private.status_history where user_id = $1`, [friends[1].id])).toEqual([]);
    });

    test('a phrase older than 30 days is not news, and the next phrase set (anyone\'s) removes it', async () => {
      const [newest] = await sql<{ id: string }>(
        `select id from private.status_history where user_id = $1 order by changed_at desc, id desc limit 1`,
        [friends[2].id],
      );
      await sql(`update private.status_history set changed_at = now() - interval '31 days' where id = $1`, [newest.id]);
      expect((await news(reader, 50)).map((row) => row.id)).not.toContain(newest.id);
      await setStatus(friends[0], 'Mais uma frase');
      expect(await sql(`select 1 from private.status_history where id = $1`, [newest.id])).toEqual([]);
    });

    test('a visitor may not call it; a cursor far in the future reads from the start', async () => {
      const visitor = await server.anonClient().rpc('news', {});
      expect(visitor.error).not.toBeNull();
      expect(visitor.data).toBeNull();
      const far = await reader.client.rpc('news', { p_limit: 5, p_after_at: '2999-01-01T00:00:00Z', p_after_id: null });
      expect(far.error).toBeNull();
      expect(far.data).toHaveLength(5);
    });
  });
});
