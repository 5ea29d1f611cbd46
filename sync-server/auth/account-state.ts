import type { ServerContext } from '../context.ts';
import type { Queryable } from '../db/types.ts';
import { AuthError, badRequest, forbidden } from './errors.ts';
import type { UserRow } from './users.ts';

export type AccountState = 'active' | 'banned' | 'deleted';

/**
 * Whether an account may hold a session. GoTrue knows its own bans (banned_until) and removals
 * (deleted_at). This project also bans and removes accounts in their profile (spec §4: banned or
 * deleted accounts are signed out; a person may remove their own account): that state is read
 * through private.account_status(uuid), the function the database's own rules use, when the
 * schema has it — the rule keeps one home, in the migrations.
 */
export async function accountState(ctx: ServerContext, q: Queryable, user: UserRow): Promise<AccountState> {
  if (user.is_deleted) return 'deleted';
  if (user.is_banned) return 'banned';
  if (!(await hasProjectAccountStatus(ctx, q))) return 'active';
  const { rows } = await q.query<{ status: string | null }>(`select private.account_status($1) as status`, [user.id]);
  const status = rows[0]?.status;
  return status === 'banned' || status === 'deleted' ? status : 'active';
}

const projectFunctionPresent = new WeakMap<ServerContext, Promise<boolean>>();

function hasProjectAccountStatus(ctx: ServerContext, q: Queryable): Promise<boolean> {
  let present = projectFunctionPresent.get(ctx);
  if (!present) {
    present = q
      .query<{ present: boolean }>(`select to_regprocedure('private.account_status(uuid)') is not null as present`)
      .then(({ rows }) => rows[0]?.present === true);
    projectFunctionPresent.set(ctx, present);
    // A failed look-up is asked again next time rather than remembered.
    present.catch(() => projectFunctionPresent.delete(ctx));
  }
  return present;
}

/**
 * Where a banned or removed account is stopped, in GoTrue's words for bans: a new session or a
 * refresh at /token or /verify (400), or a request carrying an access token (403). A removed
 * account is a user that no longer exists (user_not_found), which the app reads as "removed".
 */
export type Checkpoint = 'session' | 'refresh' | 'jwt';

const REFUSALS: Record<Checkpoint, Record<Exclude<AccountState, 'active'>, () => AuthError>> = {
  session: {
    banned: () => badRequest('user_banned', 'User is banned'),
    deleted: () => badRequest('user_not_found', 'User not found'),
  },
  refresh: {
    banned: () => badRequest('user_banned', 'Invalid Refresh Token: User Banned'),
    deleted: () => badRequest('user_not_found', 'Invalid Refresh Token: User Not Found'),
  },
  jwt: {
    banned: () => forbidden('user_banned', 'User is banned'),
    deleted: () => forbidden('user_not_found', 'User from sub claim in JWT does not exist'),
  },
};

export function refusalOf(state: Exclude<AccountState, 'active'>, at: Checkpoint): AuthError {
  return REFUSALS[at][state]();
}

export function accountRefusal(state: AccountState, at: Checkpoint): AuthError | undefined {
  return state === 'active' ? undefined : refusalOf(state, at);
}

/** Throws the refusal of a banned or removed account; passes an active one. */
export async function assertAccountActive(ctx: ServerContext, q: Queryable, user: UserRow, at: Checkpoint): Promise<void> {
  const refusal = accountRefusal(await accountState(ctx, q, user), at);
  if (refusal) throw refusal;
}
