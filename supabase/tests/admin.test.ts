/**
 * The admin's tools (issue 33, schemas/admin.sql), through supabase-js on the real sync-server
 * (PGlite, and Postgres when TEST_DATABASE_URL is set): the audit log (admins read it; nobody —
 * an admin, a person, the service role, the database owner — changes or erases it), bans (the
 * banned person's next request is refused with account_banned, as any ban), roles (the last admin
 * stays) and the admin RPCs (each refuses anyone but an admin, each records itself).
 */
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, TEST_BACKENDS, type TestServer } from '../../sync-server/testing.ts';
import { signUpAdult } from '../../sync-server/test-people.ts';

interface Person {
  id: string;
  username: string;
  email: string;
  token: string;
  client: SupabaseClient;
}

interface AuditRow {
  admin_id: string | null;
  action: string;
  target_kind: string | null;
  target_id: string | null;
  user_id: string | null;
  reason: string | null;
  details: Record<string, unknown> | null;
}

describe.each(TEST_BACKENDS)('admin tools on $name', ({ postgresServerUrl }) => {
  let server: TestServer;
  let service: SupabaseClient;
  let admin: Person, someone: Person, other: Person;
  let run = 0;

  async function person(username: string, options: { admin?: boolean; displayName?: string } = {}): Promise<Person> {
    const name = `${username}${run++}`;
    const email = `${name}@example.test`;
    const signUp = await signUpAdult(server.anonClient(), {
      email,
      password: 'Senha-forte-1',
      username: name,
      data: options.displayName ? { display_name: options.displayName } : {},
    });
    if (signUp.error || !signUp.data.session) throw signUp.error ?? new Error('no session after sign-up');
    const id = signUp.data.user!.id;
    if (options.admin) await server.ctx.db.query(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [id]);
    const token = signUp.data.session.access_token;
    const client = createClient(server.url, server.ctx.config.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
      global: { headers: { Authorization: `Bearer ${token}` } },
    });
    return { id, username: name, email, token, client };
  }

  async function audit(where = 'true', params: unknown[] = []): Promise<AuditRow[]> {
    return (
      await server.ctx.db.query<AuditRow>(
        `select admin_id, action, target_kind, target_id, user_id, reason, details from public.admin_actions
          where ${where} order by created_at, id`,
        params,
      )
    ).rows;
  }

  beforeAll(async () => {
    server = await startTestServer({ postgresServerUrl });
    service = server.serviceClient();
    admin = await person('chefe', { admin: true });
    someone = await person('aluno', { displayName: 'Beatriz Souza' });
    other = await person('outra');
  });
  afterAll(async () => server?.close());

  describe('the audit log', () => {
    let rowId: string;
    beforeAll(async () => {
      await server.ctx.db.query(`select private.record_admin_action('dismiss', 'answer', $1, $2, null, 'teste')`, [
        randomUUID(),
        someone.id,
      ]);
      rowId = (await server.ctx.db.query<{ id: string }>(`select id from public.admin_actions order by created_at desc limit 1`)).rows[0].id;
    });

    test('admins read it; a signed-in person and a visitor read nothing', async () => {
      const asAdmin = await admin.client.from('admin_actions').select('id, action').eq('id', rowId);
      expect(asAdmin.error).toBeNull();
      expect(asAdmin.data).toEqual([{ id: rowId, action: 'dismiss' }]);
      const asPerson = await someone.client.from('admin_actions').select('id');
      expect(asPerson.error).toBeNull();
      expect(asPerson.data).toEqual([]);
      const asVisitor = await server.anonClient().from('admin_actions').select('id');
      expect(asVisitor.data ?? []).toEqual([]);
    });

    test('nobody writes it directly but the service role; nobody updates or deletes a row (admin, service role, owner)', async () => {
      const forged = await admin.client.from('admin_actions').insert({ action: 'ban', user_id: other.id });
      expect(forged.error?.code).toBe('42501');

      for (const client of [admin.client, someone.client]) {
        await client.from('admin_actions').update({ reason: 'apagado' }).eq('id', rowId);
        await client.from('admin_actions').delete().eq('id', rowId);
      }
      const serviceUpdate = await service.from('admin_actions').update({ reason: 'apagado' }).eq('id', rowId);
      expect(serviceUpdate.error?.code).toBe('42501');
      const serviceDelete = await service.from('admin_actions').delete().eq('id', rowId);
      expect(serviceDelete.error?.code).toBe('42501');

      // the database owner (a SECURITY DEFINER function, a migration) is stopped by the trigger
      await expect(server.ctx.db.query(`update public.admin_actions set reason = 'x' where id = $1`, [rowId])).rejects.toMatchObject({
        code: '42501',
      });
      await expect(server.ctx.db.query(`delete from public.admin_actions where id = $1`, [rowId])).rejects.toMatchObject({
        code: '42501',
      });
      await expect(server.ctx.db.query(`truncate public.admin_actions`)).rejects.toMatchObject({ code: '42501' });

      const [row] = await audit('id = $1', [rowId]);
      expect(row).toMatchObject({ action: 'dismiss', reason: 'teste', user_id: someone.id });
    });
  });

  describe('bans', () => {
    test('private.ban_account bans and records who, whom and why; the banned person is refused with account_banned; unban lets them back', async () => {
      const victim = await person('banida');
      // as TAKEDOWN's SECURITY DEFINER admin_act calls it: the owner's rights, the admin's claims
      await server.ctx.db.transaction(async (tx) => {
        await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ role: 'authenticated', sub: admin.id })]);
        await tx.query(`select private.ban_account($1, 'spam repetido')`, [victim.id]);
      });
      const status = await server.ctx.db.query<{ account_status: string }>(`select account_status from profiles where id = $1`, [victim.id]);
      expect(status.rows[0].account_status).toBe('banned');
      expect(await audit('user_id = $1', [victim.id])).toEqual([
        expect.objectContaining({ admin_id: admin.id, action: 'ban', target_kind: 'profile', target_id: victim.id, reason: 'spam repetido' }),
      ]);

      // the next request: a write refused with account_banned, the account check with user_banned
      const write = await victim.client.from('profiles').update({ bio: 'ainda aqui' }).eq('id', victim.id);
      expect(write.error?.hint).toBe('account_banned');
      const check = await victim.client.auth.getUser(victim.token);
      expect((check.error as { code?: string } | null)?.code).toBe('user_banned');

      await server.ctx.db.query(`select private.unban_account($1, 'engano')`, [victim.id]);
      const again = await victim.client.from('profiles').update({ bio: 'de volta' }).eq('id', victim.id);
      expect(again.error).toBeNull();
      expect((await audit('user_id = $1', [victim.id])).map((r) => [r.action, r.reason])).toEqual([
        ['ban', 'spam repetido'],
        ['unban', 'engano'],
      ]);
    });

    test('an admin\'s direct profile update changes nothing: a ban goes through the audited RPC alone', async () => {
      const victim = await person('direta');
      const { data } = await admin.client.from('profiles').update({ account_status: 'banned', bio: 'editada' }).eq('id', victim.id).select('id');
      expect(data ?? []).toEqual([]);
      expect((await server.ctx.db.query(`select account_status, bio from public.profiles where id = $1`, [victim.id])).rows).toEqual([
        { account_status: 'active', bio: null },
      ]);
      expect(await audit('user_id = $1', [victim.id])).toEqual([]);
    });
  });

  describe('roles and forbidden words', () => {
    test('the last admin cannot be demoted, not even by a direct delete; a role change is recorded', async () => {
      const { error } = await admin.client.from('user_roles').delete().eq('user_id', admin.id).eq('role', 'admin');
      expect(error?.hint).toBe('last_admin');
      const second = await person('vice');
      expect((await admin.client.from('user_roles').insert({ user_id: second.id, role: 'admin' })).error).toBeNull();
      expect((await second.client.from('user_roles').delete().eq('user_id', second.id).eq('role', 'admin')).error).toBeNull();
      expect((await audit('user_id = $1', [second.id])).map((r) => [r.action, r.details, r.admin_id])).toEqual([
        ['role_granted', { role: 'admin' }, admin.id],
        ['role_revoked', { role: 'admin' }, second.id],
      ]);
    });

    test('a forbidden word added and removed by an admin is recorded with the word and its language', async () => {
      const word = `proibida${run++}`;
      const added = await admin.client.from('forbidden_words').insert({ word, language: 'en-US' }).select('id').single();
      expect(added.error).toBeNull();
      expect((await admin.client.from('forbidden_words').delete().eq('id', added.data!.id)).error).toBeNull();
      expect((await audit('target_id = $1', [added.data!.id])).map((r) => [r.action, r.details])).toEqual([
        ['forbidden_word_added', { word, language: 'en-US' }],
        ['forbidden_word_removed', { word, language: 'en-US' }],
      ]);
    });
  });

  describe('the admin RPCs', () => {
    const calls = (user: string) =>
      [
        ['admin_people', { p_query: 'a' }],
        ['admin_set_banned', { p_user: user, p_banned: true, p_reason: 'x' }],
        ['admin_set_admin', { p_user: user, p_is_admin: true }],
        ['admin_audit_log', {}],
      ] as const;

    test('a signed-in person who is not an admin is refused each one (42501 not_allowed) and nothing changes; a visitor too', async () => {
      for (const [fn, args] of calls(other.id)) {
        const { error } = await someone.client.rpc(fn, args);
        expect({ fn, code: error?.code, hint: error?.hint }).toEqual({ fn, code: '42501', hint: 'not_allowed' });
        const visitor = await server.anonClient().rpc(fn, args);
        expect({ fn, code: visitor.error?.code }).toEqual({ fn, code: '42501' });
      }
      const [row] = (await server.ctx.db.query<{ account_status: string }>(`select account_status from profiles where id = $1`, [other.id])).rows;
      expect(row.account_status).toBe('active');
      expect(await audit('user_id = $1', [other.id])).toEqual([]);
    });

    test('a banned admin is no admin: refused too', async () => {
      const fallen = await person('caido', { admin: true });
      await server.ctx.db.query(`update profiles set account_status = 'banned' where id = $1`, [fallen.id]);
      const { error } = await fallen.client.rpc('admin_people', { p_query: '' });
      expect(error?.code === '42501' || (error as { code?: string } | null)?.code === 'user_banned').toBe(true);
    });

    test('admin_people finds by @username, e-mail and name, with counts of content and reports, a page at a time', async () => {
      // someone wrote a notebook and an answer there, and was reported (their profile, their answer)
      const [{ id: notebookId }] = (
        await server.ctx.db.query<{ id: string }>(`insert into notebooks (title, user_id) values ('Caderno da Bia', $1) returning id`, [someone.id])
      ).rows;
      const [{ id: questionId }] = (
        await server.ctx.db.query<{ id: string }>(`insert into questions (notebook_id, text) values ($1, 'Qual sua cor?') returning id`, [notebookId])
      ).rows;
      // the reporter sees the notebook (one reports only what one can see)
      await server.ctx.db.query(`insert into notebook_shares (notebook_id, created_by, shared_with, access_level) values ($1, $2, $3, 'viewer')`, [
        notebookId,
        someone.id,
        other.id,
      ]);
      const answer = await someone.client.from('answers').insert({ question_id: questionId, notebook_id: notebookId, text: 'azul' }).select('id').single();
      expect(answer.error).toBeNull();
      expect((await other.client.from('reports').insert({ kind: 'profile', target_id: someone.id, reason: 'spam' })).error).toBeNull();
      expect((await other.client.from('reports').insert({ kind: 'answer', target_id: answer.data!.id, reason: 'bullying' })).error).toBeNull();

      const expected = expect.objectContaining({
        id: someone.id,
        username: someone.username,
        display_name: 'Beatriz Souza',
        email: someone.email,
        account_status: 'active',
        is_admin: false,
        notebooks: 1,
        answers: 1,
        guestbook_messages: 0,
        polls: 0,
        reports_open: 2,
        reports_total: 2,
      });
      for (const query of [`@${someone.username.slice(0, 5).toUpperCase()}`, someone.email.split('@')[0] + '@EXAMPLE', 'beatriz sou']) {
        const { data, error } = await admin.client.rpc('admin_people', { p_query: query });
        expect(error).toBeNull();
        expect(data, query).toEqual(expect.arrayContaining([expected]));
      }
      // '@' + a username's middle finds nothing (the beginning only); LIKE's characters are literal
      expect((await admin.client.rpc('admin_people', { p_query: `@${someone.username.slice(2)}` })).data).toEqual([]);
      expect((await admin.client.rpc('admin_people', { p_query: '%' })).data).toEqual([]);

      // paging: everyone, two at a time, nothing repeated or skipped
      const all = (await admin.client.rpc('admin_people', { p_query: '', p_limit: 50 })).data as { username: string }[];
      const paged: string[] = [];
      let after: string | null = null;
      for (;;) {
        const { data } = await admin.client.rpc('admin_people', { p_query: '', p_limit: 2, p_after: after });
        const rows = data as { username: string }[];
        if (rows.length === 0) break;
        paged.push(...rows.map((r) => r.username));
        after = rows.at(-1)!.username;
      }
      expect(paged).toEqual(all.map((r) => r.username));
      expect(paged.length).toBeGreaterThanOrEqual(3);
    });

    test('admin_set_banned: a reason is required to ban; one\'s own account never; the ban and unban are in the audit log', async () => {
      const victim = await person('alvo');
      expect((await admin.client.rpc('admin_set_banned', { p_user: victim.id, p_banned: true, p_reason: '  ' })).error?.hint).toBe('reason_required');
      expect((await admin.client.rpc('admin_set_banned', { p_user: admin.id, p_banned: true, p_reason: 'eu' })).error?.hint).toBe('own_account');
      expect((await admin.client.rpc('admin_set_banned', { p_user: randomUUID(), p_banned: true, p_reason: 'x' })).error?.hint).toBe('not_found');
      const banned = await admin.client.rpc('admin_set_banned', { p_user: victim.id, p_banned: true, p_reason: 'ofensas' });
      expect(banned).toMatchObject({ error: null, data: 'banned' });
      expect((await victim.client.from('profiles').update({ bio: 'oi' }).eq('id', victim.id)).error?.hint).toBe('account_banned');
      const back = await admin.client.rpc('admin_set_banned', { p_user: victim.id, p_banned: false, p_reason: null });
      expect(back).toMatchObject({ error: null, data: 'active' });
      const log = await admin.client.rpc('admin_audit_log', { p_user: victim.id });
      expect(log.error).toBeNull();
      expect((log.data as AuditRow[]).map((r) => [r.action, r.reason])).toEqual([
        ['unban', null],
        ['ban', 'ofensas'],
      ]);
      expect(log.data).toEqual(
        expect.arrayContaining([expect.objectContaining({ admin_username: admin.username, user_username: victim.username })]),
      );
    });

    test('admin_set_admin promotes and demotes; the last admin cannot be demoted (last_admin), even by themselves', async () => {
      // a fresh server state is not guaranteed: demote every other admin first, through the RPC
      const others = (
        await server.ctx.db.query<{ user_id: string }>(`select user_id from user_roles where role = 'admin' and user_id <> $1`, [admin.id])
      ).rows;
      for (const { user_id } of others) {
        expect((await admin.client.rpc('admin_set_admin', { p_user: user_id, p_is_admin: false })).error).toBeNull();
      }
      const last = await admin.client.rpc('admin_set_admin', { p_user: admin.id, p_is_admin: false });
      expect(last.error?.hint).toBe('last_admin');
      expect((await admin.client.rpc('admin_people', { p_query: `@${admin.username}` })).data).toEqual([
        expect.objectContaining({ is_admin: true }),
      ]);

      const helper = await person('ajudante');
      expect(await admin.client.rpc('admin_set_admin', { p_user: helper.id, p_is_admin: true })).toMatchObject({ error: null, data: true });
      expect((await helper.client.rpc('admin_people', { p_query: '' })).error).toBeNull();
      // now two: one may step down
      expect(await admin.client.rpc('admin_set_admin', { p_user: admin.id, p_is_admin: false })).toMatchObject({ error: null, data: false });
      expect((await admin.client.rpc('admin_people', { p_query: '' })).error?.hint).toBe('not_allowed');
      // and the helper, the last one now, cannot
      expect((await helper.client.rpc('admin_set_admin', { p_user: helper.id, p_is_admin: false })).error?.hint).toBe('last_admin');
      expect(await helper.client.rpc('admin_set_admin', { p_user: admin.id, p_is_admin: true })).toMatchObject({ error: null, data: true });
      const log = (await helper.client.rpc('admin_audit_log', { p_user: admin.id })).data as AuditRow[];
      expect(log.slice(0, 2).map((r) => [r.action, r.details])).toEqual([
        ['role_granted', { role: 'admin' }],
        ['role_revoked', { role: 'admin' }],
      ]);
    });

    test('admin_audit_log pages newest first without repeating or skipping', async () => {
      const all = (await admin.client.rpc('admin_audit_log', { p_limit: 50 })).data as (AuditRow & { id: string; created_at: string })[];
      expect(all.length).toBeGreaterThan(4);
      const paged: string[] = [];
      let after: { p_after_at: string; p_after_id: string } | Record<string, never> = {};
      for (;;) {
        const { data, error } = await admin.client.rpc('admin_audit_log', { p_limit: 3, ...after });
        expect(error).toBeNull();
        const rows = data as { id: string; created_at: string }[];
        if (rows.length === 0) break;
        paged.push(...rows.map((r) => r.id));
        after = { p_after_at: rows.at(-1)!.created_at, p_after_id: rows.at(-1)!.id };
      }
      expect(paged.slice(0, all.length)).toEqual(all.map((r) => r.id));
    });
  });
});
