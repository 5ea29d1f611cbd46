import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { ADULT_BIRTH_DATE } from '../../../sync-server/test-people.ts';
import { signOut, signUp } from '../auth.ts';
import { redeemBeforeSync, redeemOnSignIn } from '../invite-redemption.ts';
import { SYNCED_FIRST } from '../replication/first-pages.ts';
import { firstSyncHoldsReleased } from '../replication/first-sync-holds.ts';
import { Device, signUp as signUpPerson, startServer, type TestServer } from '../testing/harness.ts';

/**
 * Issue 20: a visitor who taps "Criar conta" on an invitation is redeemed the moment the sign-up
 * answers — not after the app has gone back to the invitation page and drawn it (half a second on
 * a slow phone) — and the invitation page then joins that redeem instead of asking again.
 *
 * The sign-up carries the invitation's code, and the server redeems it while it makes the account
 * (migration 20261124130000_invite_on_sign_up.sql): the first pages of the notebook then leave the
 * moment the sign-up answers, beside the redeem instead of a round trip after it.
 */

/** A client whose requests a test watches and may hold or change; `onRequest` may return other init. */
function watchedClient(
  server: TestServer,
  onRequest: (url: string, init: RequestInit | undefined) => Promise<RequestInit | undefined> | RequestInit | undefined,
  onAnswered: (url: string, init: RequestInit | undefined) => void = () => undefined,
): SupabaseClient {
  return createClient(server.url, server.ctx.config.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
    global: {
      fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
        const sent = (await onRequest(String(input), init)) ?? init;
        const response = await fetch(input, sent);
        onAnswered(String(input), sent);
        return response;
      },
    },
  });
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The collections a request pulls: one for replication_pull, each of replication_pull_many's (issue 34). */
function collectionsPulled(url: string, init: RequestInit | undefined): string[] {
  if (!url.includes('/rpc/replication_pull')) return [];
  const body = JSON.parse(String(init?.body)) as { p_collection?: string; p_pulls?: { collection: string }[] };
  return body.p_pulls ? body.p_pulls.map((pull) => pull.collection) : [body.p_collection!];
}
describe('an invitation redeemed on sign-in', () => {
  let server: TestServer;
  let code: string;
  let notebookId: string;
  let owner: Awaited<ReturnType<typeof signUpPerson>>;

  beforeAll(async () => {
    server = await startServer();
    owner = await signUpPerson(server, 'anfitria');
    const notebook = await owner.client.from('notebooks').insert({ title: 'Caderno da turma' }).select('id').single();
    if (notebook.error) throw new Error(notebook.error.message);
    notebookId = (notebook.data as { id: string }).id;
    const link = await owner.client.rpc('create_invite_link', { p_notebook_id: notebookId });
    if (link.error) throw new Error(link.error.message);
    code = (link.data as { code: string }).code;
  });
  afterAll(async () => {
    await signOut({ scope: 'local' }).catch(() => undefined);
    await server?.close();
  });
  afterEach(async () => signOut({ scope: 'local' }).catch(() => undefined));

  /** The invitation's flow through sign-up, on `client`: tapped "Criar conta", then the form sent. */
  async function signUpFromInvitation(client: SupabaseClient, username: string) {
    redeemOnSignIn(code, client);
    const signedUp = await signUp(
      { username, email: `${username}@example.test`, password: 'Senha-forte-1', redirectTo: server.url, birthDate: ADULT_BIRTH_DATE },
      client,
    );
    expect(signedUp).toMatchObject({ ok: true, status: 'signed-in' });
    return signedUp.ok && signedUp.status === 'signed-in' ? signedUp.userId : '';
  }

  it('starts when the sign-up answers, and the invitation page asks nothing again', async () => {
    const redeems: string[] = [];
    const client = createClient(server.url, server.ctx.config.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
      global: {
        fetch: (input: RequestInfo | URL, init?: RequestInit) => {
          if (String(input).includes('/rpc/redeem_invite')) redeems.push(String(input));
          return fetch(input, init);
        },
      },
    });

    redeemOnSignIn(code, client);
    const signedUp = await signUp(
      { username: 'convidada_ja', email: 'convidada-ja@example.test', password: 'Senha-forte-1', redirectTo: server.url, birthDate: ADULT_BIRTH_DATE },
      client,
    );
    expect(signedUp).toMatchObject({ ok: true, status: 'signed-in' });
    const friendId = signedUp.ok && signedUp.status === 'signed-in' ? signedUp.userId : '';

    // Nobody has asked for the redeem since the sign-up: the owner sees the new share anyway.
    await vi.waitFor(
      async () => {
        const shares = await owner.client.from('notebook_shares').select('shared_with').eq('notebook_id', notebookId);
        expect((shares.data ?? []).map((share) => share.shared_with)).toContain(friendId);
      },
      { timeout: 10_000, interval: 100 },
    );

    // Back on the invitation page: the same answer, and still the one request.
    expect(await redeemBeforeSync(code, client)).toEqual({ ok: true, value: notebookId });
    expect(redeems).toHaveLength(1);
  });

  it('the sign-up carries the code, and the first pages leave beside the redeem, before it answers', async () => {
    const signUpBodies: { data?: Record<string, unknown> }[] = [];
    let redeemAnswered = false;
    let pullsBeforeRedeemAnswered = 0;
    let pullSent: () => void = () => undefined;
    const aPullWasSent = new Promise<void>((resolve) => (pullSent = resolve));
    const client = watchedClient(server, async (url, init) => {
      if (url.includes('/auth/v1/signup')) signUpBodies.push(JSON.parse(String(init?.body)));
      const pulled = collectionsPulled(url, init);
      if (pulled.length > 0) {
        if (!redeemAnswered) pullsBeforeRedeemAnswered += pulled.length;
        pullSent();
      }
      if (url.includes('/rpc/redeem_invite')) {
        // The redeem's answer waits for a pull (or 3 s): pulls that wait for it would come after.
        await Promise.race([aPullWasSent, delay(3000)]);
        setTimeout(() => (redeemAnswered = true), 0);
      }
      return init;
    });

    const friendId = await signUpFromInvitation(client, 'convidada_cedo');
    expect(signUpBodies.map((body) => body.data?.invite_code)).toEqual([code]);
    expect(await redeemBeforeSync(code, client)).toEqual({ ok: true, value: notebookId });
    await vi.waitFor(() => expect(pullsBeforeRedeemAnswered).toBe(SYNCED_FIRST.length));

    // The pages asked for so early saw the share: the first sync stores the notebook from them.
    await firstSyncHoldsReleased(10_000);
    const device = await Device.open(server, { userId: friendId, username: 'convidada_cedo', email: 'convidada_cedo@example.test', password: 'Senha-forte-1', client });
    try {
      await device.settle();
      expect((await device.docs('notebooks')).map((n) => n.id)).toEqual([notebookId]);
    } finally {
      await device.close();
    }
  });

  it('a server that did not redeem with the sign-up: the pages are asked for again after the redeem, and the notebook still comes first', async () => {
    let notebookPulls = 0;
    // The redeem reaches the server after the first page was read: that page cannot have the share
    // (sent side by side, which of the two the server handles first is chance).
    let firstPageRead: () => void = () => undefined;
    const aPageWasRead = new Promise<void>((resolve) => (firstPageRead = resolve));
    const client = watchedClient(
      server,
      async (url, init) => {
        if (collectionsPulled(url, init).includes('notebooks')) notebookPulls += 1;
        if (url.includes('/rpc/redeem_invite')) await aPageWasRead;
        if (!url.includes('/auth/v1/signup')) return init;
        // An older server: the code is not in the sign-up it receives.
        const body = JSON.parse(String(init?.body)) as { data?: Record<string, unknown> };
        delete body.data?.invite_code;
        return { ...init, body: JSON.stringify(body) };
      },
      (url, init) => void (collectionsPulled(url, init).includes('notebooks') && firstPageRead()),
    );

    const friendId = await signUpFromInvitation(client, 'convidada_antiga');
    expect(await redeemBeforeSync(code, client)).toEqual({ ok: true, value: notebookId });
    await firstSyncHoldsReleased(10_000);
    await vi.waitFor(() => expect(notebookPulls).toBe(2)); // beside the redeem (without the share), and again after it

    const device = await Device.open(server, { userId: friendId, username: 'convidada_antiga', email: 'convidada_antiga@example.test', password: 'Senha-forte-1', client });
    try {
      await device.settle();
      expect((await device.docs('notebooks')).map((n) => n.id)).toEqual([notebookId]);
    } finally {
      await device.close();
    }
  });
});
