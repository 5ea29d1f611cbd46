import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAccountStatus } from './auth.ts';
import { signUp, startServer, type Person, type TestServer } from './testing/harness.ts';

/**
 * The admin flag the /admin guard waits for (issue 16): a failed read of the role must not turn a
 * real admin into a non-admin — the guard would then send them away. The device's last known
 * flag stands until the server answers.
 */
describe('account status', () => {
  let server: TestServer;
  let admin: Person;

  beforeAll(async () => {
    server = await startServer();
    admin = await signUp(server, 'admin_status');
    await server.ctx.db.query(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [admin.userId]);
  });
  afterAll(async () => {
    await server.close();
  });

  it("keeps an admin's last known flag when the role cannot be read", async () => {
    const first = await getAccountStatus(admin.client);
    expect(first).toMatchObject({ status: 'active', account: { isAdmin: true } });

    await server.ctx.db.exec('revoke select on public.user_roles from authenticated');
    try {
      const unreadable = await getAccountStatus(admin.client);
      expect(unreadable).toMatchObject({ status: 'active', account: { isAdmin: true } });
    } finally {
      await server.ctx.db.exec('grant select on public.user_roles to authenticated');
    }

    await server.ctx.db.query(`delete from public.user_roles where user_id = $1`, [admin.userId]);
    expect(await getAccountStatus(admin.client)).toMatchObject({ status: 'active', account: { isAdmin: false } });
  });
});
