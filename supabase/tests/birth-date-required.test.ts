/**
 * A date of birth is required at the server (issue 22): a sign-up through the API without one
 * used to get an adult's defaults, so a child could skip the age check. Every way a new account
 * is made is tried here, through the sync-server with supabase-js on PGlite and on PostgreSQL:
 * the public sign-up, the magic link that makes an account, and the service role's admin API,
 * which alone may vouch for an adult with `app_metadata: { age_checked_by: 'admin' }`.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, TEST_BACKENDS, type TestServer } from '../../sync-server/testing.ts';
import { ADULT_BIRTH_DATE, ADMIN_VOUCHES_FOR_AGE } from '../../sync-server/test-people.ts';

const PASSWORD = 'Senha-forte-1';

describe.each(TEST_BACKENDS)('a date of birth is required on $name', ({ postgresServerUrl }) => {
  let server: TestServer;
  let run = 0;

  const emailFor = (tag: string) => `${tag}-${Date.now().toString(36)}-${run++}@example.test`;

  /** What the service role sees of an address: the account and its profile, if any was made. */
  async function accountOf(email: string) {
    const { data, error } = await server.serviceClient().auth.admin.listUsers({ perPage: 1000 });
    expect(error).toBeNull();
    const user = data.users.find((u) => u.email === email);
    const profile = user ? (await server.serviceClient().from('profiles').select('visibility').eq('id', user.id)).data : [];
    return { user, profile };
  }

  async function mailsTo(address: string): Promise<unknown[]> {
    const res = await fetch(`${server.url}/auth/v1/mailbox.json?to=${encodeURIComponent(address)}`);
    expect(res.status).toBe(200);
    return res.json();
  }

  beforeAll(async () => {
    server = await startTestServer({ postgresServerUrl });
  });
  afterAll(async () => server?.close());

  test.each([
    ['no date at all', {}],
    ['an empty date', { birth_date: '' }],
    ['a blank date', { birth_date: '   ' }],
    ['the admin marker in the user metadata, which anyone can write', { age_checked_by: 'admin' }],
  ])('a sign-up with %s is refused with 422 birth_date_required, and nothing is made', async (_name, extra) => {
    const email = emailFor('semdata');
    const username = `semdata_${run}`;
    const { data, error } = await server.anonClient().auth.signUp({ email, password: PASSWORD, options: { data: { username, ...extra } } });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('birth_date_required');
    expect(error?.message).toBe('A date of birth is needed to create an account.');
    expect(data.user).toBeNull();
    expect(await accountOf(email)).toEqual({ user: undefined, profile: [] });
    const { data: profiles } = await server.serviceClient().from('profiles').select('id').eq('username', username);
    expect(profiles).toEqual([]);
    // The address is still free: the same person signs up with the date.
    const retry = await server.anonClient().auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { username, birth_date: ADULT_BIRTH_DATE } },
    });
    expect(retry.error).toBeNull();
  });

  test('a magic link that would make an account without a date is refused clearly, and no mail is sent', async () => {
    const email = emailFor('magico');
    const { error } = await server.anonClient().auth.signInWithOtp({ email, options: { data: { username: `magico_${run}` } } });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('birth_date_required');
    expect((await accountOf(email)).user).toBeUndefined();
    expect(await mailsTo(email)).toEqual([]);
  });

  test("the admin API with the marker makes an adult: a profile with an adult's defaults, no date kept", async () => {
    const email = emailFor('poradmin');
    const { data, error } = await server.serviceClient().auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { username: `poradmin_${run}` },
      app_metadata: ADMIN_VOUCHES_FOR_AGE,
    });
    expect(error).toBeNull();
    expect(data.user?.app_metadata).toMatchObject(ADMIN_VOUCHES_FOR_AGE);
    expect((await accountOf(email)).profile).toEqual([{ visibility: 'public' }]);
    const { data: safety } = await server.serviceClient().from('account_safety').select('birth_date').eq('user_id', data.user!.id);
    expect(safety).toEqual([{ birth_date: null }]);
    // and the person signs in like anyone
    const signIn = await server.anonClient().auth.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error).toBeNull();
  });

  test('the admin API with a date of birth and no marker makes an account as a sign-up does', async () => {
    const email = emailFor('admindata');
    const { error } = await server.serviceClient().auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { username: `admindata_${run}`, birth_date: ADULT_BIRTH_DATE },
    });
    expect(error).toBeNull();
    expect((await accountOf(email)).profile).toEqual([{ visibility: 'public' }]);
  });

  test.each([
    ['createUser without the marker', (email: string) =>
      server.serviceClient().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true, user_metadata: { username: `admin_sem_${run}` } })],
    ['createUser with another marker value', (email: string) =>
      server.serviceClient().auth.admin.createUser({ email, password: PASSWORD, app_metadata: { age_checked_by: 'me' }, user_metadata: { username: `admin_outro_${run}` } })],
    ['an invitation without a date', (email: string) =>
      server.serviceClient().auth.admin.inviteUserByEmail(email, { data: { username: `convite_${run}` } })],
    ['a sign-up link without a date', (email: string) =>
      server.serviceClient().auth.admin.generateLink({ type: 'signup', email, password: PASSWORD, options: { data: { username: `link_${run}` } } })],
  ])('the admin API: %s is refused with 422 birth_date_required, and nothing is made', async (_name, make) => {
    const email = emailFor('adminsem');
    const { error } = await make(email);
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('birth_date_required');
    expect((await accountOf(email)).user).toBeUndefined();
  });

  test("the date of birth and the guardian's address are kept only in account_safety, not in the sign-in identity", async () => {
    const minorBorn = new Date();
    minorBorn.setFullYear(minorBorn.getFullYear() - 15);
    const email = emailFor('identidade');
    const { error } = await server.anonClient().auth.signUp({
      email,
      password: PASSWORD,
      options: {
        data: {
          username: `identidade_${run}`,
          birth_date: minorBorn.toISOString().slice(0, 10),
          guardian_email: `resp-${run}@example.test`,
          guardian_acknowledged: true,
        },
      },
    });
    expect(error).toBeNull();
    const { user } = await accountOf(email);
    // What supabase-js's getUser()/admin API return: the identities' data and the user's metadata.
    const shown = JSON.stringify({ identities: user!.identities, metadata: user!.user_metadata });
    expect(shown).not.toContain('birth_date');
    expect(shown).not.toContain('guardian');
    const { rows } = await server.ctx.db.query<{ data: Record<string, unknown> }>(
      `select identity_data as data from auth.identities where user_id = $1`,
      [user!.id],
    );
    expect(rows.length).toBe(1);
    expect(Object.keys(rows[0].data).sort()).toEqual(['email', 'email_verified', 'phone_verified', 'sub', 'username']);
  });
});
