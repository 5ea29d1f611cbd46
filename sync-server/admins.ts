import type { Queryable } from './db/types.ts';

/**
 * `--admin <e-mail>`: gives an existing account the admin role (spec §3's user role record), so
 * nobody has to edit the database by hand. The account must exist (the person signs up first);
 * granting it again changes nothing.
 */
export type AdminGrant = 'granted' | 'already' | 'no-account';

export async function grantAdmin(db: Queryable, email: string): Promise<AdminGrant> {
  const address = email.trim().toLowerCase();
  const { rows: users } = await db.query<{ id: string }>(
    `select u.id from auth.users u join public.profiles p on p.id = u.id where lower(u.email) = $1`,
    [address],
  );
  const user = users[0];
  if (!user) return 'no-account';
  const { affectedRows } = await db.query(
    `insert into public.user_roles (user_id, role, created_by) values ($1, 'admin', null)
     on conflict (user_id, role) do nothing`,
    [user.id],
  );
  return affectedRows > 0 ? 'granted' : 'already';
}

/** The line the command line prints for each --admin. */
export async function grantAdmins(db: Queryable, emails: string[]): Promise<string[]> {
  const lines: string[] = [];
  for (const email of emails) {
    const result = await grantAdmin(db, email);
    lines.push(
      result === 'granted'
        ? `  ${email} is now an admin (the admin panel is at /admin)`
        : result === 'already'
          ? `  ${email} is an admin`
          : `  No account with the e-mail ${email} yet: sign up in the app, then start again with --admin ${email}`,
    );
  }
  return lines;
}
