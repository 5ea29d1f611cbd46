/**
 * Friends (issue 31): the tables' RLS per role (visitor, stranger, friend, blocked, minor, self,
 * admin), the request states (send, accept, decline, cancel, remove) and their refusal codes,
 * an accept and a cancel at the same moment, who may ask whom (friend_requests_from, blocks, the
 * age line), the automatic friendship made by answering a notebook and the anonymous rule,
 * suggestions (never a minor to an adult stranger, never someone blocked), the lists' pages, a
 * profile's friends following connections visibility, and a removed account's friendships —
 * as PostgREST calls them, on PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { failure, openTestDatabase, TEST_DATABASE_URL, type TestDatabase } from './harness.ts';

const BACKENDS: { name: string; backend: 'pglite' | 'postgres' }[] = [
  { name: 'pglite', backend: 'pglite' },
  ...(TEST_DATABASE_URL ? [{ name: 'postgres', backend: 'postgres' as const }] : []),
];

function bornYearsAgo(years: number): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

interface Refusal {
  code?: string;
  hint?: string;
  detail?: string;
}

describe.each(BACKENDS)('friends on $name', ({ backend }) => {
  let t: TestDatabase;
  let n = 0;

  const person = (name: string, options: { admin?: boolean } = {}) => t.createUser(`${name}_${n++}`, options);

  /** A 14-year-old whose guardian confirmed (the minor's defaults; friend requests from companions). */
  async function minor(name: string): Promise<string> {
    const id = randomUUID();
    await t.sql(
      `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_user_meta_data, raw_app_meta_data)
       values ($1, 'authenticated', 'authenticated', $2, now(), $3, '{"provider":"email"}')`,
      [id, `${name}-${id.slice(0, 8)}@example.test`, JSON.stringify({
        username: `${name}_${n++}`, birth_date: bornYearsAgo(14), guardian_email: `resp-${id.slice(0, 8)}@example.test`, guardian_acknowledged: true,
      })],
    );
    await t.sql(`update account_safety set guardian_confirmed_at = now() where user_id = $1`, [id]);
    return id;
  }

  async function notebookOf(owner: string, options: { preModeration?: boolean } = {}) {
    const [{ id: notebookId }] = await t.as<{ id: string }>(
      owner, `insert into notebooks (title, user_id, pre_moderation_enabled) values ('Caderno', $1, $2) returning id`, [owner, options.preModeration ?? false],
    );
    const [{ id: questionId }] = await t.as<{ id: string }>(owner, `insert into questions (notebook_id, text) values ($1, 'Cor favorita?') returning id`, [notebookId]);
    return { notebookId, questionId };
  }

  const share = (owner: string, notebookId: string, person: string) =>
    t.as(owner, `insert into notebook_shares (notebook_id, shared_with) values ($1, $2)`, [notebookId, person]);

  async function answer(who: string, questionId: string, anonymous = false) {
    const [row] = await t.as<{ id: string }>(
      who, `insert into answers (question_id, text, is_anonymous) values ($1, 'Azul', $2) returning id`, [questionId, anonymous],
    );
    return row.id;
  }

  const send = async (from: string, to: string) =>
    (await t.as<{ r: { request_id: string; status: string } }>(from, `select send_friend_request($1) as r`, [to]))[0].r;
  const accept = (who: string, request: string) => t.as(who, `select accept_friend_request($1) as r`, [request]);
  const decline = (who: string, request: string) => t.as(who, `select decline_friend_request($1) as r`, [request]);
  const cancel = (who: string, request: string) => t.as(who, `select cancel_friend_request($1) as r`, [request]);
  const remove = (who: string, friend: string) => t.as(who, `select remove_friend($1) as r`, [friend]);
  const areFriends = async (a: string, b: string) =>
    (await t.sql<{ f: boolean }>(`select private.are_friends($1, $2) as f`, [a, b]))[0].f;
  const refusal = async (promise: Promise<unknown>) => {
    const e = (await failure(promise)) as Refusal;
    return { code: e.code, hint: e.hint };
  };
  async function befriend(a: string, b: string) {
    const { request_id } = await send(a, b);
    await accept(b, request_id);
  }
  const notificationsOf = (who: string, type: string) =>
    t.sql<{ actor_id: string | null; subject_id: string | null; notebook_id: string | null }>(
      `select actor_id, subject_id, notebook_id from notifications where recipient_id = $1 and type = $2`, [who, type],
    );

  beforeAll(async () => {
    t = await openTestDatabase({ backend });
  });
  afterAll(async () => t?.close());

  describe('the tables: read by the two people and admins, written by nobody through REST', () => {
    let a: string, b: string, stranger: string, admin: string, requestId: string;
    beforeAll(async () => {
      a = await person('ana');
      b = await person('bia');
      stranger = await person('estranha');
      admin = await person('admina', { admin: true });
      await befriend(a, b);
      requestId = (await send(a, stranger)).request_id;
    });

    test('self and the friend read their friendship; a stranger nothing; an admin all; a visitor is refused', async () => {
      for (const who of [a, b]) {
        expect(await t.as(who, `select origin from friendships where $1 in (user_a, user_b) and $2 in (user_a, user_b)`, [a, b])).toEqual([{ origin: 'request' }]);
      }
      expect(await t.as(stranger, `select * from friendships where $1 in (user_a, user_b)`, [a])).toEqual([]);
      expect(await t.as(admin, `select origin from friendships where $1 in (user_a, user_b)`, [a])).toEqual([{ origin: 'request' }]);
      expect((await failure(t.as('anon', `select * from friendships`))).code).toBe('42501');
      expect((await failure(t.as('anon', `select * from friend_requests`))).code).toBe('42501');
    });

    test('a request is read by its sender and its recipient (and admins), not by a third person', async () => {
      for (const who of [a, stranger, admin]) {
        expect(await t.as(who, `select status from friend_requests where id = $1`, [requestId])).toEqual([{ status: 'pending' }]);
      }
      expect(await t.as(b, `select status from friend_requests where id = $1`, [requestId])).toEqual([]);
    });

    test('nobody inserts, updates or deletes a friendship or a request directly (only the RPCs write)', async () => {
      const [x, y] = [a, stranger].sort();
      for (const statement of [
        [`insert into friendships (user_a, user_b, origin) values ($1, $2, 'request')`, [x, y]],
        [`insert into friend_requests (sender_id, recipient_id) values ($1, $2)`, [stranger, a]],
        [`update friend_requests set status = 'accepted' where id = $1`, [requestId]],
        [`delete from friendships where user_a = $1`, [x]],
        [`delete from friend_requests where id = $1`, [requestId]],
      ] as const) {
        for (const who of [a, stranger, admin]) {
          expect((await failure(t.as(who, statement[0], [...statement[1]]))).code).toBe('42501');
        }
      }
      expect(await areFriends(a, stranger)).toBe(false);
    });

    test('private.are_friends is for definer code: no API role executes it', async () => {
      for (const who of [a, 'anon']) {
        expect((await failure(t.as(who, `select private.are_friends($1, $2)`, [a, b]))).code).toBe('42501');
      }
    });

    test('a visitor calls none of the writes and reads', async () => {
      for (const [sql, args] of [
        [`select send_friend_request($1)`, [a]],
        [`select accept_friend_request($1)`, [requestId]],
        [`select remove_friend($1)`, [a]],
        [`select * from my_friends()`, []],
        [`select * from friend_suggestions()`, []],
        [`select * from my_friend_requests('received')`, []],
      ] as const) {
        expect((await failure(t.as('anon', sql, [...args]))).code).toBe('42501');
      }
    });
  });

  describe('request states (spec §4)', () => {
    let a: string, b: string, c: string;
    beforeAll(async () => {
      a = await person('alice');
      b = await person('beto');
      c = await person('caio');
    });

    test('send → pending, listed as sent and received, with a notification naming the sender', async () => {
      const sent = await send(a, b);
      expect(sent.status).toBe('pending');
      expect(await t.as(a, `select request_id, user_id from my_friend_requests('sent')`)).toEqual([{ request_id: sent.request_id, user_id: b }]);
      expect(await t.as(b, `select request_id, user_id from my_friend_requests('received')`)).toEqual([{ request_id: sent.request_id, user_id: a }]);
      expect(await notificationsOf(b, 'friend_request')).toEqual([{ actor_id: a, subject_id: sent.request_id, notebook_id: null }]);
      expect(await refusal(send(a, b))).toEqual({ code: 'PT409', hint: 'friend_request_exists' });
    });

    test('only the recipient declines or accepts, only the sender cancels (others: not_found)', async () => {
      const [{ request_id }] = await t.as<{ request_id: string }>(b, `select request_id from my_friend_requests('received')`);
      expect(await refusal(accept(a, request_id))).toEqual({ code: 'PT404', hint: 'not_found' });
      expect(await refusal(decline(c, request_id))).toEqual({ code: 'PT404', hint: 'not_found' });
      expect(await refusal(cancel(b, request_id))).toEqual({ code: 'PT404', hint: 'not_found' });
      expect(await refusal(accept(b, randomUUID()))).toEqual({ code: 'PT404', hint: 'not_found' });
    });

    test('declined: gone from both lists, nobody told, and the sender may ask again', async () => {
      const [{ request_id }] = await t.as<{ request_id: string }>(b, `select request_id from my_friend_requests('received')`);
      await decline(b, request_id);
      expect(await t.as(a, `select * from my_friend_requests('sent')`)).toEqual([]);
      expect(await t.as(b, `select * from my_friend_requests('received')`)).toEqual([]);
      expect(await t.sql(`select status from friend_requests where id = $1`, [request_id])).toEqual([{ status: 'declined' }]);
      const e = (await failure(accept(b, request_id))) as Refusal;
      expect([e.code, e.hint, e.detail]).toEqual(['PT409', 'friend_request_not_pending', 'declined']);
      expect((await send(a, b)).status).toBe('pending');
    });

    test('cancelled by the sender: the recipient can no longer accept it', async () => {
      const [{ request_id }] = await t.as<{ request_id: string }>(a, `select request_id from my_friend_requests('sent')`);
      await cancel(a, request_id);
      const e = (await failure(accept(b, request_id))) as Refusal;
      expect([e.code, e.hint, e.detail]).toEqual(['PT409', 'friend_request_not_pending', 'cancelled']);
      expect(await areFriends(a, b)).toBe(false);
    });

    test('accepted: friends (origin request), the sender told; again: already answered; a new send: already friends', async () => {
      const { request_id } = await send(a, b);
      const [{ r }] = await accept(b, request_id);
      expect(r).toEqual({ request_id, status: 'accepted', friend_id: a });
      expect(await areFriends(a, b)).toBe(true);
      expect(await notificationsOf(a, 'friend_accepted')).toEqual([{ actor_id: b, subject_id: request_id, notebook_id: null }]);
      expect((await failure(accept(b, request_id))) as Refusal).toMatchObject({ code: 'PT409', hint: 'friend_request_not_pending', detail: 'accepted' });
      expect(await refusal(send(b, a))).toEqual({ code: 'PT409', hint: 'already_friends' });
      expect(await t.as(a, `select user_id, origin, answered_by_me from my_friends()`)).toEqual([{ user_id: b, origin: 'request', answered_by_me: false }]);
    });

    test('two requests crossing: asking someone who asked you accepts theirs', async () => {
      const { request_id } = await send(c, a);
      expect(await send(a, c)).toEqual({ request_id, status: 'accepted' });
      expect(await areFriends(a, c)).toBe(true);
    });

    test('remove: either friend ends it, the other is not told; removing a non-friend is not_friends', async () => {
      await remove(c, a);
      expect(await areFriends(a, c)).toBe(false);
      expect(await refusal(remove(a, c))).toEqual({ code: 'PT404', hint: 'not_friends' });
      expect(await refusal(send(a, a))).toEqual({ code: 'PT400', hint: 'friend_self' });
      expect(await refusal(send(a, randomUUID()))).toEqual({ code: 'PT404', hint: 'not_found' });
    });

    test('an accept and a cancel at the same moment: exactly one wins, and the state says which', async () => {
      for (let round = 0; round < 3; round++) {
        const x = await person('corrida_a');
        const y = await person('corrida_b');
        const { request_id } = await send(x, y);
        // the accept holds its transaction open a moment; the cancel comes meanwhile
        const accepting = t.tx(y, async (q) => {
          await q.query(`select accept_friend_request($1)`, [request_id]);
          await q.query(`select pg_sleep(0.2)`);
        });
        const cancelling = cancel(x, request_id);
        const [accepted, cancelled] = await Promise.allSettled([accepting, cancelling]);
        const won = [accepted.status, cancelled.status].filter((s) => s === 'fulfilled');
        expect(won).toHaveLength(1);
        const loser = (accepted.status === 'rejected' ? accepted.reason : (cancelled as PromiseRejectedResult).reason) as Refusal;
        expect(loser.hint).toBe('friend_request_not_pending');
        const [{ status }] = await t.sql<{ status: string }>(`select status from friend_requests where id = $1`, [request_id]);
        expect(status).toBe(accepted.status === 'fulfilled' ? 'accepted' : 'cancelled');
        expect(await areFriends(x, y)).toBe(status === 'accepted');
      }
    });

    test('a banned account can neither send nor answer requests', async () => {
      const banned = await person('banida');
      const { request_id } = await send(banned, a);
      await t.sql(`update profiles set account_status = 'banned' where id = $1`, [banned]);
      expect(await refusal(send(banned, b))).toEqual({ code: '42501', hint: 'account_banned' });
      expect(await refusal(accept(a, request_id))).toEqual({ code: 'PT404', hint: 'not_found' });
      expect(await refusal(send(a, banned))).toEqual({ code: 'PT404', hint: 'not_found' });
    });
  });

  describe('who may ask whom: friend_requests_from, blocks, the age line', () => {
    test("'nobody' refuses everyone; 'companions' only people who share a notebook", async () => {
      const closed = await person('fechada');
      const picky = await person('seletiva');
      const companion = await person('colega');
      const stranger = await person('desconhecido');
      await t.as(closed, `update user_settings set friend_requests_from = 'nobody' where user_id = $1`, [closed]);
      await t.as(picky, `update user_settings set friend_requests_from = 'companions' where user_id = $1`, [picky]);
      const { notebookId } = await notebookOf(picky);
      await share(picky, notebookId, companion);
      expect(await refusal(send(stranger, closed))).toEqual({ code: 'PT403', hint: 'friend_requests_closed' });
      expect(await refusal(send(stranger, picky))).toEqual({ code: 'PT403', hint: 'friend_requests_closed' });
      expect((await send(companion, picky)).status).toBe('pending');
      // the setting is the recipient's: the closed person may still ask others
      expect((await send(closed, stranger)).status).toBe('pending');
    });

    test('a block: the blocked person hears not_found, the blocker blocked; it ends the friendship and the pending requests', async () => {
      const blocker = await person('bloqueadora');
      const blocked = await person('bloqueado');
      const other = await person('terceira');
      await befriend(blocker, blocked);
      const pending = await send(other, blocker);
      const theirs = await send(blocked, other);
      await t.as(blocker, `insert into blocks (blocked_id) values ($1)`, [blocked]);
      expect(await areFriends(blocker, blocked)).toBe(false);
      expect(await refusal(send(blocked, blocker))).toEqual({ code: 'PT404', hint: 'not_found' });
      expect(await refusal(send(blocker, blocked))).toEqual({ code: 'PT403', hint: 'blocked' });
      // requests with other people stay
      expect(await t.sql(`select status from friend_requests where id in ($1, $2)`, [pending.request_id, theirs.request_id])).toEqual([{ status: 'pending' }, { status: 'pending' }]);
      // a pending request between the two is gone when one blocks the other
      const x = await person('pede');
      const y = await person('bloqueia');
      const request = await send(x, y);
      await t.as(y, `insert into blocks (blocked_id) values ($1)`, [x]);
      expect(await t.sql(`select * from friend_requests where id = $1`, [request.request_id])).toEqual([]);
      expect(await refusal(accept(y, request.request_id))).toEqual({ code: 'PT404', hint: 'not_found' });
    });

    test('across the age line only the minor asks, and only a notebook companion: an adult never asks a minor (whatever the setting), not even one whose notebook they joined', async () => {
      const teen = await minor('teen');
      const adult = await person('adulto');
      // even a minor who opened requests to everyone (their guardian confirmed)
      await t.sql(`update user_settings set friend_requests_from = 'everyone' where user_id = $1`, [teen]);
      expect(await refusal(send(adult, teen))).toEqual({ code: 'PT403', hint: 'friend_requests_closed' });
      expect(await refusal(send(teen, adult))).toEqual({ code: 'PT403', hint: 'friend_requests_closed' });
      const otherTeen = await minor('teen2');
      expect((await send(otherTeen, teen)).status).toBe('pending');
      // an adult who joined the teen's notebook (an invite link can be forwarded to anyone) still cannot ask
      const { notebookId: teensNotebook } = await notebookOf(teen);
      await share(teen, teensNotebook, adult);
      expect(await refusal(send(adult, teen))).toEqual({ code: 'PT403', hint: 'friend_requests_closed' });
      // the teen may ask that companion, and the adult may accept
      const { request_id } = await send(teen, adult);
      await accept(adult, request_id);
      expect(await areFriends(adult, teen)).toBe(true);
    });
  });

  describe('the automatic friendship (spec §1) and the anonymous rule', () => {
    test('a signed answer makes the answerer and the owner friends (origin answered), both told', async () => {
      const owner = await person('dona');
      const answerer = await person('respondeu');
      const { notebookId, questionId } = await notebookOf(owner);
      await share(owner, notebookId, answerer);
      await answer(answerer, questionId);
      expect(await areFriends(owner, answerer)).toBe(true);
      expect(await t.as(owner, `select user_id, origin, answered_by_me from my_friends()`)).toEqual([{ user_id: answerer, origin: 'answered', answered_by_me: false }]);
      expect(await t.as(answerer, `select user_id, origin, answered_by_me from my_friends()`)).toEqual([{ user_id: owner, origin: 'answered', answered_by_me: true }]);
      expect(await notificationsOf(owner, 'friendship_started')).toEqual([{ actor_id: answerer, subject_id: null, notebook_id: null }]);
      expect(await notificationsOf(answerer, 'friendship_started')).toEqual([{ actor_id: owner, subject_id: null, notebook_id: null }]);
    });

    test('an anonymous answer makes no friendship, no notification of one, no suggestion it would not make without it', async () => {
      const owner = await person('dona_anon');
      const secret = await person('secreta');
      const { notebookId, questionId } = await notebookOf(owner);
      await share(owner, notebookId, secret);
      const suggestedBefore = await t.as(owner, `select user_id, shared_notebooks, mutual_friends from friend_suggestions()`);
      const requestsBefore = await t.sql(`select count(*)::int as n from friend_requests`);
      const answerId = await answer(secret, questionId, true);
      expect(await areFriends(owner, secret)).toBe(false);
      expect(await t.sql(`select * from friendships where $1 in (user_a, user_b)`, [secret])).toEqual([]);
      expect(await t.sql(`select count(*)::int as n from friend_requests`)).toEqual(requestsBefore);
      expect(await t.sql(`select * from notifications where type like 'friend%' and (actor_id = $1 or recipient_id = $1)`, [secret])).toEqual([]);
      expect(await t.as(owner, `select user_id, shared_notebooks, mutual_friends from friend_suggestions()`)).toEqual(suggestedBefore);
      // made signed later: the friendship is made then (the answer now names its writer)
      await t.as(secret, `update answers set is_anonymous = false where id = $1`, [answerId]);
      expect(await areFriends(owner, secret)).toBe(true);
      // made anonymous again: the friendship made in the open stays
      await t.as(secret, `update answers set is_anonymous = true where id = $1`, [answerId]);
      expect(await areFriends(owner, secret)).toBe(true);
    });

    test('with pre-moderation the friendship waits for the approval; a rejected answer makes none', async () => {
      const owner = await person('moderadora');
      const waiting = await person('espera');
      const rejected = await person('recusada');
      const { notebookId, questionId } = await notebookOf(owner, { preModeration: true });
      await share(owner, notebookId, waiting);
      await share(owner, notebookId, rejected);
      const first = await answer(waiting, questionId);
      const second = await answer(rejected, questionId);
      expect(await areFriends(owner, waiting)).toBe(false);
      await t.as(owner, `select moderate_answer($1, 'rejected')`, [second]);
      await t.as(owner, `select moderate_answer($1, 'approved')`, [first]);
      expect(await areFriends(owner, waiting)).toBe(true);
      expect(await areFriends(owner, rejected)).toBe(false);
    });

    test('none across the age line, a block, or a "nobody" setting; none for the owner answering their own notebook', async () => {
      const owner = await person('dona_regras');
      const teen = await minor('teen_resp');
      const closed = await person('ninguem');
      const { notebookId, questionId } = await notebookOf(owner);
      for (const p of [teen, closed]) await share(owner, notebookId, p);
      await t.as(closed, `update user_settings set friend_requests_from = 'nobody' where user_id = $1`, [closed]);
      await answer(teen, questionId);
      await answer(closed, questionId);
      await answer(owner, questionId);
      expect(await areFriends(owner, teen)).toBe(false);
      expect(await areFriends(owner, closed)).toBe(false);
      expect(await t.sql(`select * from friendships where $1 in (user_a, user_b)`, [owner])).toEqual([]);
      // the teen and the adult owner are companions: they may still ask
      expect((await send(teen, owner)).status).toBe('pending');
    });

    test('a pending request between the two is settled as accepted by the answer', async () => {
      const owner = await person('dona_pedido');
      const answerer = await person('resp_pedido');
      const { notebookId, questionId } = await notebookOf(owner);
      await share(owner, notebookId, answerer);
      const { request_id } = await send(owner, answerer);
      await answer(answerer, questionId);
      expect(await t.sql(`select status from friend_requests where id = $1`, [request_id])).toEqual([{ status: 'accepted' }]);
      expect(await t.as(owner, `select origin from my_friends()`)).toEqual([{ origin: 'answered' }]);
    });
  });

  describe('lists: my friends, requests, suggestions, a profile\'s friends', () => {
    test('my friends: username order, keyset pages, the number of notebooks we share', async () => {
      const me = await person('eu');
      const friends: string[] = [];
      for (let i = 0; i < 5; i++) friends.push(await t.createUser(`amigo_lista_${i}_${n++}`));
      for (const f of friends) await befriend(me, f);
      const a = await notebookOf(me);
      const b = await notebookOf(friends[0]);
      await share(me, a.notebookId, friends[0]);
      await share(friends[0], b.notebookId, me);
      await share(me, a.notebookId, friends[1]);
      const first = await t.as<{ username: string; shared_notebooks: number }>(me, `select username, shared_notebooks from my_friends(2)`);
      const second = await t.as<{ username: string }>(me, `select username from my_friends(2, $1)`, [first[1].username]);
      const third = await t.as<{ username: string }>(me, `select username from my_friends(2, $1)`, [second[1].username]);
      expect([...first, ...second, ...third].map((r) => r.username)).toEqual(
        (await t.sql<{ username: string }>(`select username from profiles where id = any($1) order by lower(username)`, [friends])).map((r) => r.username),
      );
      const all = await t.as<{ user_id: string; shared_notebooks: number }>(me, `select user_id, shared_notebooks from my_friends(50)`);
      expect(Object.fromEntries(all.map((r) => [r.user_id, r.shared_notebooks]))).toEqual({
        [friends[0]]: 2, [friends[1]]: 1, [friends[2]]: 0, [friends[3]]: 0, [friends[4]]: 0,
      });
    });

    test('requests: newest first, pages by (created_at, id)', async () => {
      const me = await person('recebe');
      const senders: string[] = [];
      for (let i = 0; i < 5; i++) {
        const s = await person(`remetente${i}`);
        await send(s, me);
        senders.push(s);
      }
      const page1 = await t.as<{ user_id: string; created_at: string; request_id: string }>(me, `select * from my_friend_requests('received', 3)`);
      const last = page1.at(-1)!;
      const page2 = await t.as<{ user_id: string }>(me, `select * from my_friend_requests('received', 3, $1, $2)`, [last.created_at, last.request_id]);
      expect([...page1, ...page2].map((r) => r.user_id)).toEqual([...senders].reverse());
      expect(await refusal(t.as(me, `select * from my_friend_requests('everything')`))).toEqual({ code: 'PT400', hint: 'validation' });
    });

    test('suggestions: companions and friends of friends, most in common first; never a minor for an adult stranger, never someone blocked, not friends nor pending', async () => {
      const me = await person('sugere');
      const friend = await person('amiga_sug');
      const fof = await person('amiga_da_amiga');
      const fofTeen = await minor('teen_da_amiga');
      const companion = await person('companheira');
      const teenCompanion = await minor('teen_companheira');
      const blockedCompanion = await person('bloqueada_sug');
      const blockerCompanion = await person('bloqueia_sug');
      const pendingCompanion = await person('pendente_sug');
      const privateFof = await person('fof_privada');
      await befriend(me, friend);
      await befriend(friend, fof);
      await befriend(friend, privateFof);
      await t.sql(`update profiles set connections_visibility = 'private' where id = $1`, [privateFof]);
      const { notebookId: teenNotebook } = await notebookOf(friend);
      await share(friend, teenNotebook, fofTeen);
      await befriend(fofTeen, friend); // across the age line the minor asks
      const { notebookId } = await notebookOf(me);
      for (const p of [companion, teenCompanion, blockedCompanion, blockerCompanion, pendingCompanion, fof]) await share(me, notebookId, p);
      await t.as(me, `insert into blocks (blocked_id) values ($1)`, [blockedCompanion]);
      await t.as(blockerCompanion, `insert into blocks (blocked_id) values ($1)`, [me]);
      await send(pendingCompanion, me);
      const rows = await t.as<{ user_id: string; shared_notebooks: number; mutual_friends: number }>(me, `select user_id, shared_notebooks, mutual_friends from friend_suggestions()`);
      // the teen companion is no suggestion for an adult: suggestions never cross the age line
      expect(rows).toEqual([
        { user_id: fof, shared_notebooks: 1, mutual_friends: 1 },
        { user_id: companion, shared_notebooks: 1, mutual_friends: 0 },
      ]);
      // nor an adult for the teen, even one whose notebook it shares
      const forTeen = await t.as<{ user_id: string }>(teenCompanion, `select user_id from friend_suggestions(50)`);
      expect(forTeen.map((r) => r.user_id)).not.toContain(me);
      // paging: the page after the first row
      const page2 = await t.as<{ user_id: string }>(me, `select user_id from friend_suggestions(1, 2, $1)`, [fof]);
      expect(page2.map((r) => r.user_id)).toEqual([rows[1].user_id]);
      // the teen's friend (an adult stranger to the teen) never gets the teen
      const adultStranger = await person('adulta_sug');
      await befriend(adultStranger, friend);
      const theirs = await t.as<{ user_id: string }>(adultStranger, `select user_id from friend_suggestions(50)`);
      expect(theirs.map((r) => r.user_id)).not.toContain(fofTeen);
      expect(theirs.map((r) => r.user_id)).toContain(fof);
    });

    test("a profile's friends follow connections visibility; minors hidden from adult strangers and visitors; blocked hidden", async () => {
      const owner = await person('perfil');
      const friend = await person('amiga_perfil');
      const teen = await minor('teen_perfil');
      const blockedByViewer = await person('bloq_perfil');
      const stranger = await person('visita_perfil');
      const admin = await person('adm_perfil', { admin: true });
      await befriend(owner, friend);
      await befriend(owner, blockedByViewer);
      const { notebookId } = await notebookOf(owner);
      await share(owner, notebookId, teen);
      await befriend(teen, owner); // across the age line the minor asks
      await t.as(stranger, `insert into blocks (blocked_id) values ($1)`, [blockedByViewer]);
      const [{ username }] = await t.sql<{ username: string }>(`select username from profiles where id = $1`, [owner]);
      const listed = async (who: string) =>
        (await t.as<{ user_id: string }>(who, `select user_id from profile_friends($1)`, [username])).map((r) => r.user_id).sort();
      await t.sql(`update profiles set connections_visibility = 'public' where id = $1`, [owner]);
      expect(await listed('anon')).toEqual([friend, blockedByViewer].sort());
      expect(await listed(stranger)).toEqual([friend]);
      // an adult who is no companion of the teen: the teen is not listed
      expect(await listed(friend)).toEqual([friend, blockedByViewer].sort());
      expect(await listed(owner)).toEqual([friend, teen, blockedByViewer].sort());
      expect(await listed(teen)).toEqual([friend, teen, blockedByViewer].sort());
      await t.sql(`update profiles set connections_visibility = 'friends' where id = $1`, [owner]);
      expect(await listed('anon')).toEqual([]);
      expect(await listed(stranger)).toEqual([]);
      expect(await listed(friend)).toContain(friend);
      expect((await t.as<{ p: { connections_visible: boolean } }>(friend, `select profile_view($1) as p`, [username]))[0].p.connections_visible).toBe(true);
      expect((await t.as<{ p: { connections_visible: boolean } }>(stranger, `select profile_view($1) as p`, [username]))[0].p.connections_visible).toBe(false);
      await t.sql(`update profiles set connections_visibility = 'private' where id = $1`, [owner]);
      expect(await listed(friend)).toEqual([]);
      expect(await listed(owner)).toEqual([friend, teen, blockedByViewer].sort());
      expect(await listed(admin)).toEqual([friend, teen, blockedByViewer].sort());
    });

    test('a friend sees a private profile in full; a stranger its card', async () => {
      const owner = await person('privada');
      const friend = await person('amiga_privada');
      const stranger = await person('estranha_privada');
      await befriend(owner, friend);
      await t.sql(`update profiles set visibility = 'private' where id = $1`, [owner]);
      const [{ username }] = await t.sql<{ username: string }>(`select username from profiles where id = $1`, [owner]);
      expect((await t.as<{ p: { reach: string } }>(friend, `select profile_view($1) as p`, [username]))[0].p.reach).toBe('full');
      expect((await t.as<{ p: { reach: string } }>(stranger, `select profile_view($1) as p`, [username]))[0].p.reach).toBe('card');
    });
  });

  test("friend_relationship: what the profile's button offers — never a request that would be refused", async () => {
    const me = await person('botao');
    const friend = await person('botao_amiga');
    const asked = await person('botao_pedida');
    const asker = await person('botao_pede');
    const closed = await person('botao_fechada');
    const teen = await minor('botao_teen');
    const relationship = async (other: string) =>
      (await t.as<{ r: Record<string, unknown> }>(me, `select friend_relationship($1) as r`, [other]))[0].r;
    await befriend(me, friend);
    const sent = await send(me, asked);
    const received = await send(asker, me);
    await t.as(closed, `update user_settings set friend_requests_from = 'nobody' where user_id = $1`, [closed]);
    expect(await relationship(me)).toEqual({ state: 'self' });
    expect(await relationship(friend)).toEqual({ state: 'friends' });
    expect(await relationship(asked)).toEqual({ state: 'sent', request_id: sent.request_id });
    expect(await relationship(asker)).toEqual({ state: 'received', request_id: received.request_id });
    expect(await relationship(closed)).toEqual({ state: 'none', may_ask: false });
    // an adult is never offered to ask a minor, companions or not; the minor is offered to ask a companion
    expect(await relationship(teen)).toEqual({ state: 'none', may_ask: false });
    const { notebookId } = await notebookOf(me);
    await share(me, notebookId, teen);
    expect(await relationship(teen)).toEqual({ state: 'none', may_ask: false });
    const [{ r: teensView }] = await t.as<{ r: Record<string, unknown> }>(teen, `select friend_relationship($1) as r`, [me]);
    expect(teensView).toEqual({ state: 'none', may_ask: true });
    await t.as(teen, `insert into blocks (blocked_id) values ($1)`, [me]);
    expect(await relationship(teen)).toEqual({ state: 'none', may_ask: false });
    expect((await failure(t.as('anon', `select friend_relationship($1)`, [me]))).code).toBe('42501');
  });

  test('your data: the export has my friendships, how each began, and the requests I sent or received', async () => {
    const me = await person('exporta_amigos');
    const friend = await person('amiga_exportada');
    const asked = await person('pedido_exportado');
    await befriend(me, friend);
    await send(me, asked);
    const [{ data }] = await t.as<{ data: { friendships: unknown[]; friend_requests: unknown[] } }>(me, `select export_my_data() as data`);
    expect(data.friendships).toEqual([expect.objectContaining({ friend_id: friend, origin: 'request' })]);
    expect(data.friend_requests).toEqual([
      expect.objectContaining({ direction: 'sent', other_id: friend, status: 'accepted' }),
      expect.objectContaining({ direction: 'sent', other_id: asked, status: 'pending' }),
    ]);
  });

  test("a removed account's friendships and requests go with it", async () => {
    const leaving = await person('saindo');
    const friend = await person('fica');
    const other = await person('outra_fica');
    await befriend(leaving, friend);
    await send(other, leaving);
    const [{ username }] = await t.sql<{ username: string }>(`select username from profiles where id = $1`, [leaving]);
    await t.as(leaving, `select delete_my_account($1)`, [username]);
    expect(await t.sql(`select * from friendships where $1 in (user_a, user_b, answered_by)`, [leaving])).toEqual([]);
    expect(await t.sql(`select * from friend_requests where $1 in (sender_id, recipient_id)`, [leaving])).toEqual([]);
    expect(await t.as(friend, `select * from my_friends()`)).toEqual([]);
  });
});
