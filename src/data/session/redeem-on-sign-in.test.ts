import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { ADULT_BIRTH_DATE } from '../../../sync-server/test-people.ts';
import { signOut, signUp } from '../auth.ts';
import { redeemBeforeSync, redeemOnSignIn } from '../invite-redemption.ts';
import { signUp as signUpPerson, startServer, type TestServer } from '../testing/harness.ts';

/**
 * Issue 20: a visitor who taps "Criar conta" on an invitation is redeemed the moment the sign-up
 * answers — not after the app has gone back to the invitation page and drawn it (half a second on
 * a slow phone) — and the invitation page then joins that redeem instead of asking again.
 */
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
});
