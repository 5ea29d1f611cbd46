import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './auth.ts';
import { signUp as signUpPerson, startServer, type TestServer } from './testing/harness.ts';
import { ADULT_BIRTH_DATE } from '../../sync-server/test-people.ts';

/**
 * A username taken between the form's check and the sign-up (issue 18). GoTrue answers the sign-up
 * trigger's 'Username is already taken' with a bare 500 ("Database error saving new user"), and
 * the sync-server now answers the same: the data layer asks the database again and says
 * 'usernameTaken', which the form shows at the username field — on Supabase and here alike.
 */
describe('sign-up with a username someone already has', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it("is 'usernameTaken', not the server's unreadable 500", async () => {
    await signUpPerson(server, 'ja_tenho');
    const outcome = await signUp(
      { username: 'JA_TENHO', email: 'segunda-pessoa@example.test', password: 'Senha-forte-1', redirectTo: server.url, birthDate: ADULT_BIRTH_DATE },
      server.anonClient(),
    );
    expect(outcome).toEqual({ ok: false, code: 'usernameTaken' });
  });

  it('a failure that is not about the username stays what it was', async () => {
    const outcome = await signUp(
      { username: 'livre_ainda', email: 'ja_tenho-x@example.test', password: 'curta', redirectTo: server.url },
      server.anonClient(),
    );
    expect(outcome).toMatchObject({ ok: false, code: 'weak' });
  });
});

/**
 * A sign-up without a date of birth (issue 22): the form never sends one, but the server refuses
 * it anyway, and the data layer says so as a code the screen has words for.
 */
describe('sign-up without a date of birth', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it("is 'birthDateRequired', and no account is made", async () => {
    const person = { username: 'sem_data', email: 'sem-data@example.test', password: 'Senha-forte-1', redirectTo: server.url };
    const outcome = await signUp(person, server.anonClient());
    expect(outcome).toMatchObject({ ok: false, code: 'birthDateRequired' });
    expect(await signUp({ ...person, birthDate: ADULT_BIRTH_DATE }, server.anonClient())).toMatchObject({ ok: true, status: 'signed-in' });
  });
});
