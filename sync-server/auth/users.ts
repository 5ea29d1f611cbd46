import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/types.ts';
import { AuthError } from './errors.ts';

/** GoTrue's instance_id for every row since multi-instance support was dropped. */
export const NIL_UUID = '00000000-0000-0000-0000-000000000000';
export const DEFAULT_AUD = 'authenticated';
export const DEFAULT_ROLE = 'authenticated';

/** Timestamps leave Postgres as Go's JSON prints them (RFC 3339, UTC, microseconds). */
export function isoTimestamp(column: string, alias: string): string {
  return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as ${alias}`;
}

const USER_TIMESTAMPS = [
  'email_confirmed_at',
  'invited_at',
  'phone_confirmed_at',
  'confirmation_sent_at',
  'confirmed_at',
  'recovery_sent_at',
  'email_change_sent_at',
  'phone_change_sent_at',
  'reauthentication_sent_at',
  'last_sign_in_at',
  'created_at',
  'updated_at',
  'banned_until',
  'deleted_at',
] as const;

type UserTimestamp = (typeof USER_TIMESTAMPS)[number];

export type UserRow = {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  phone: string | null;
  encrypted_password: string | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  is_anonymous: boolean;
  is_sso_user: boolean;
  email_change: string | null;
  phone_change: string | null;
  confirmation_token: string | null;
  recovery_token: string | null;
  email_change_token_new: string | null;
  is_banned: boolean;
  is_deleted: boolean;
  /** A NULL in a column GoTrue reads as a plain Go string (see GOTRUE_STRING_COLUMNS). */
  has_null_string: boolean;
} & Record<UserTimestamp, string | null>;

/**
 * The columns of auth.users that GoTrue's models.User scans into plain Go strings: a NULL in any
 * of them fails the scan, and GoTrue answers 500 "Database error querying schema". GoTrue writes
 * '' itself; SQL that inserts users must too (the first four have no default in its schema).
 */
const GOTRUE_STRING_COLUMNS = [
  'confirmation_token',
  'recovery_token',
  'email_change_token_new',
  'email_change',
  'email_change_token_current',
  'phone_change',
  'phone_change_token',
  'reauthentication_token',
] as const;

const USER_SELECT = `
  select u.id, u.aud, u.role, u.email, u.phone, u.encrypted_password, u.raw_app_meta_data,
         u.raw_user_meta_data, u.is_anonymous, u.is_sso_user, u.email_change, u.phone_change,
         u.confirmation_token, u.recovery_token, u.email_change_token_new,
         ${USER_TIMESTAMPS.map((name) => isoTimestamp(`u.${name}`, name)).join(', ')},
         coalesce(u.banned_until > now(), false) as is_banned,
         u.deleted_at is not null as is_deleted,
         num_nulls(${GOTRUE_STRING_COLUMNS.map((name) => `u.${name}`).join(', ')}) > 0 as has_null_string
    from auth.users u`;

/** The user as GoTrue would load it: a row GoTrue cannot read fails here the way it fails there. */
function readable(row: UserRow | undefined): UserRow | undefined {
  if (row?.has_null_string) throw new AuthError(500, 'unexpected_failure', 'Database error querying schema');
  return row;
}

export async function findUserById(q: Queryable, id: string): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>(`${USER_SELECT} where u.id = $1`, [id]);
  return readable(rows[0]);
}

/** Case-insensitive, as GoTrue; soft-deleted and SSO users are not found by e-mail. */
export async function findUserByEmail(q: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>(
    `${USER_SELECT} where lower(u.email) = lower($1) and u.is_sso_user = false and u.deleted_at is null
     order by u.created_at limit 1`,
    [email],
  );
  return readable(rows[0]);
}

export async function findUserByTokenHash(
  q: Queryable,
  column: 'confirmation_token' | 'recovery_token' | 'email_change_token_new',
  tokenHash: string,
): Promise<UserRow | undefined> {
  // Column names come from the fixed union above, never from the client.
  const { rows } = await q.query<UserRow>(
    `${USER_SELECT} where u.${column} = $1 and u.${column} <> '' and u.deleted_at is null limit 1`,
    [tokenHash],
  );
  return readable(rows[0]);
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: string | null;
  created_at: string | null;
  updated_at: string | null;
  email: string | null;
}

export async function loadIdentities(q: Queryable, userId: string): Promise<IdentityRow[]> {
  const { rows } = await q.query<IdentityRow>(
    `select i.id, i.provider_id, i.user_id, i.identity_data, i.provider, i.email,
            ${isoTimestamp('i.last_sign_in_at', 'last_sign_in_at')},
            ${isoTimestamp('i.created_at', 'created_at')},
            ${isoTimestamp('i.updated_at', 'updated_at')}
       from auth.identities i where i.user_id = $1 order by i.created_at, i.id`,
    [userId],
  );
  return rows;
}

/** GoTrue's models.Identity JSON (note: `id` is the provider's id, `identity_id` the row's). */
export function identityJson(row: IdentityRow): Record<string, unknown> {
  return withoutNulls({
    identity_id: row.id,
    id: row.provider_id,
    user_id: row.user_id,
    identity_data: row.identity_data,
    provider: row.provider,
    last_sign_in_at: row.last_sign_in_at,
    created_at: row.created_at ?? undefined,
    updated_at: row.updated_at ?? undefined,
    email: row.email || undefined,
  });
}

/** GoTrue's models.User JSON: same keys, same order, optional timestamps omitted when empty. */
export function userJson(row: UserRow, identities: IdentityRow[]): Record<string, unknown> {
  return withoutNulls({
    id: row.id,
    aud: row.aud ?? DEFAULT_AUD,
    role: row.role || DEFAULT_ROLE,
    email: row.email ?? '',
    email_confirmed_at: row.email_confirmed_at,
    invited_at: row.invited_at,
    phone: row.phone ?? '',
    phone_confirmed_at: row.phone_confirmed_at,
    confirmation_sent_at: row.confirmation_sent_at,
    confirmed_at: row.confirmed_at,
    recovery_sent_at: row.recovery_sent_at,
    new_email: row.email_change || undefined,
    email_change_sent_at: row.email_change_sent_at,
    new_phone: row.phone_change || undefined,
    phone_change_sent_at: row.phone_change_sent_at,
    reauthentication_sent_at: row.reauthentication_sent_at,
    last_sign_in_at: row.last_sign_in_at,
    app_metadata: row.raw_app_meta_data ?? {},
    user_metadata: row.raw_user_meta_data ?? {},
    identities: identities.map(identityJson),
    created_at: row.created_at,
    updated_at: row.updated_at,
    banned_until: row.banned_until,
    deleted_at: row.deleted_at,
    is_anonymous: row.is_anonymous,
  });
}

export async function loadUserJson(q: Queryable, userId: string): Promise<Record<string, unknown>> {
  const row = await findUserById(q, userId);
  if (!row) throw new Error(`user ${userId} vanished`);
  return userJson(row, await loadIdentities(q, userId));
}

function withoutNulls(object: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== null && value !== undefined));
}

export interface NewUser {
  id?: string;
  email: string;
  passwordHash: string | null;
  userMetadata: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  role?: string;
  aud?: string;
  emailConfirmed: boolean;
  invited?: boolean;
}

/**
 * Inserts the user and its e-mail identity (GoTrue's signupNewUser + createNewIdentity). Triggers
 * from the project's migrations (e.g. "create a profile for each new user") run here, inside the
 * caller's transaction, exactly as they do under GoTrue.
 */
export async function insertUser(q: Queryable, user: NewUser): Promise<string> {
  const id = user.id ?? randomUUID();
  const appMetadata = { provider: 'email', providers: ['email'], ...user.appMetadata };
  const userMetadata = user.emailConfirmed ? { ...user.userMetadata, email_verified: true } : user.userMetadata;
  await q.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data,
                             raw_user_meta_data, email_confirmed_at, invited_at, created_at, updated_at,
                             confirmation_token, recovery_token, email_change_token_new, email_change,
                             is_anonymous)
     values ($1, $2, $3, $4, lower($5), $6, $7::jsonb, $8::jsonb,
             case when $9::boolean then now() end, case when $10::boolean then now() end, now(), now(),
             '', '', '', '', false)`,
    [
      NIL_UUID,
      id,
      user.aud ?? DEFAULT_AUD,
      user.role ?? DEFAULT_ROLE,
      user.email,
      user.passwordHash ?? '',
      JSON.stringify(appMetadata),
      JSON.stringify(userMetadata),
      user.emailConfirmed,
      user.invited ?? false,
    ],
  );
  const identityData = {
    ...user.userMetadata,
    sub: id,
    email: user.email.toLowerCase(),
    email_verified: user.emailConfirmed,
    phone_verified: false,
  };
  await q.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1::text, ($1::text)::uuid, $2::jsonb, 'email', now(), now(), now())`,
    [id, JSON.stringify(identityData)],
  );
  return id;
}

/** GoTrue's User.Confirm plus the identity's email_verified flag (signupVerify). */
export async function confirmEmail(q: Queryable, userId: string): Promise<void> {
  await q.query(
    `update auth.users
        set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = '',
            raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}'::jsonb,
            updated_at = now()
      where id = $1`,
    [userId],
  );
  await q.query(
    `update auth.identities
        set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
      where user_id = $1 and provider = 'email'`,
    [userId],
  );
}

/**
 * GoTrue's UpdateUserMetaData: a shallow merge in which a null value removes the key.
 * Done in SQL so concurrent updates of different keys do not overwrite one another.
 */
export async function mergeUserMetadata(
  q: Queryable,
  userId: string,
  column: 'raw_user_meta_data' | 'raw_app_meta_data',
  updates: Record<string, unknown>,
): Promise<void> {
  const removed = Object.keys(updates).filter((key) => updates[key] === null);
  const kept = Object.fromEntries(Object.entries(updates).filter(([, value]) => value !== null));
  await q.query(
    `update auth.users set ${column} = (coalesce(${column}, '{}'::jsonb) - array(select jsonb_array_elements_text($2::jsonb)))
                        || $3::jsonb,
            updated_at = now()
      where id = $1`,
    [userId, JSON.stringify(removed), JSON.stringify(kept)],
  );
}

/** GoTrue's User.UpdatePassword: pending e-mail tokens die with the old password. */
export async function setPassword(q: Queryable, userId: string, passwordHash: string): Promise<void> {
  await q.query(
    `update auth.users
        set encrypted_password = $2, confirmation_token = '', confirmation_sent_at = null,
            recovery_token = '', recovery_sent_at = null, email_change_token_current = '',
            email_change_token_new = '', email_change_sent_at = null, reauthentication_token = '',
            reauthentication_sent_at = null, updated_at = now()
      where id = $1`,
    [userId, passwordHash],
  );
}
