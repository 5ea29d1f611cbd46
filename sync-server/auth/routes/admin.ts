import type { Context } from 'hono';
import type { ServerContext } from '../../context.ts';
import type { Queryable } from '../../db/types.ts';
import { parseGoDuration } from '../../go-duration.ts';
import { sendConfirmation, type MailContext } from '../emails.ts';
import { badRequest, notFound, unprocessable, validationFailed } from '../errors.ts';
import { requireAdmin } from '../guard.ts';
import { actionLink, generateOtp, tokenHash } from '../mailbox.ts';
import { checkPasswordStrength, hashPassword } from '../passwords.ts';
import { chooseRedirect } from '../redirect.ts';
import { booleanParam, objectParam, readParams, requestInfo, stringParam, validateEmail, type Params } from '../request.ts';
import { endOtherSessions } from '../sessions.ts';
import {
  confirmEmail,
  DEFAULT_AUD,
  findUserByEmail,
  findUserById,
  insertUser,
  loadUserJson,
  mergeUserMetadata,
  setPassword,
  userJson,
  loadIdentities,
  type UserRow,
} from '../users.ts';
import { translateInsertError } from './signup.ts';

/** The admin API of GoTrue (internal/api/admin.go, invite.go) that supabase-js's auth.admin calls, for the service_role key. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL_EXISTS = 'A user with this email address has already been registered';

async function loadUserParam(c: Context, ctx: ServerContext): Promise<UserRow> {
  await requireAdmin(c, ctx);
  const id = c.req.param('id') ?? '';
  if (!UUID.test(id)) throw notFound('validation_failed', 'user_id must be an UUID');
  const user = await findUserById(ctx.db, id);
  if (!user) throw notFound('user_not_found', 'User not found');
  return user;
}

/** GET /admin/users?page=&per_page= — newest first, with GoTrue's X-Total-Count and Link headers. */
export async function listUsers(c: Context, ctx: ServerContext): Promise<Response> {
  await requireAdmin(c, ctx);
  const page = positiveInt(c.req.query('page'), 1);
  const perPage = Math.min(positiveInt(c.req.query('per_page'), 50), 1000);
  const { rows } = await ctx.db.query<{ id: string }>(
    `select id from auth.users order by created_at desc, id limit $1 offset $2`,
    [perPage, (page - 1) * perPage],
  );
  const counted = await ctx.db.query<{ total: string }>(`select count(*)::text as total from auth.users`);
  const total = Number(counted.rows[0].total);
  const users = [];
  for (const row of rows) users.push(await loadUserJson(ctx.db, row.id));
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const base = `${new URL(c.req.url).pathname}`;
  const links = [
    ...(page < lastPage ? [`<${base}?page=${page + 1}&per_page=${perPage}>; rel="next"`] : []),
    `<${base}?page=${lastPage}&per_page=${perPage}>; rel="last"`,
  ];
  return c.json({ users, aud: DEFAULT_AUD }, 200, { 'x-total-count': String(total), link: links.join(', ') });
}

function positiveInt(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw validationFailed(`Bad Pagination Parameters: invalid value ${JSON.stringify(value)}`);
  return n;
}

export async function getUserById(c: Context, ctx: ServerContext): Promise<Response> {
  const user = await loadUserParam(c, ctx);
  return c.json(userJson(user, await loadIdentities(ctx.db, user.id)));
}

/** POST /admin/users (createUser): e-mail required here (no phone provider); password optional. */
export async function createUser(c: Context, ctx: ServerContext): Promise<Response> {
  await requireAdmin(c, ctx);
  const params = await readParams(c, ctx.config.maxBodyBytes);
  if (stringParam(params, 'phone')) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
  const rawEmail = stringParam(params, 'email');
  if (!rawEmail) throw validationFailed('Cannot create a user without either an email or phone');
  const email = validateEmail(rawEmail);
  const password = stringParam(params, 'password');
  const id = stringParam(params, 'id');
  if (id !== undefined && !UUID.test(id)) throw validationFailed('ID must conform to the uuid v4 format');
  if (password) checkPasswordStrength(password);
  const ban = banUntil(stringParam(params, 'ban_duration'));
  if (await findUserByEmail(ctx.db, email)) throw unprocessable('email_exists', EMAIL_EXISTS);

  const passwordHash = password ? await hashPassword(password) : null;
  const appMetadata = objectParam(params, 'app_metadata');
  const body = await ctx.db
    .transaction(async (tx) => {
      const userId = await insertUser(tx, {
        id,
        email,
        passwordHash,
        userMetadata: objectParam(params, 'user_metadata') ?? {},
        role: stringParam(params, 'role'),
        emailConfirmed: booleanParam(params, 'email_confirm') ?? false,
      });
      // After the insert, as GoTrue does (adminUserCreate: tx.Create, then UpdateAppMetaData): the
      // project's triggers see the same rows here as on Supabase (the date-of-birth check reads
      // the caller's app_metadata at commit, migration 20261124120000).
      if (appMetadata) await mergeUserMetadata(tx, userId, 'raw_app_meta_data', appMetadata);
      if (ban !== undefined) await applyBan(tx, userId, ban);
      return loadUserJson(tx, userId);
    })
    .catch(translateInsertError);
  return c.json(body);
}

/** PUT /admin/users/:id (updateUserById): e-mail, password, metadata, role, email_confirm, ban_duration. */
export async function updateUserById(c: Context, ctx: ServerContext): Promise<Response> {
  const user = await loadUserParam(c, ctx);
  const params = await readParams(c, ctx.config.maxBodyBytes);
  if (stringParam(params, 'phone')) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
  const rawEmail = stringParam(params, 'email');
  const email = rawEmail ? validateEmail(rawEmail) : undefined;
  const password = stringParam(params, 'password');
  if (password !== undefined) checkPasswordStrength(password);
  const ban = banUntil(stringParam(params, 'ban_duration'));
  if (email && email !== user.email?.toLowerCase()) {
    const other = await findUserByEmail(ctx.db, email);
    if (other && other.id !== user.id) throw unprocessable('email_exists', EMAIL_EXISTS);
  }
  const passwordHash = password !== undefined ? await hashPassword(password) : undefined;
  const body = await ctx.db.transaction(async (tx) => {
    const role = stringParam(params, 'role');
    if (role) await tx.query(`update auth.users set role = $2, updated_at = now() where id = $1`, [user.id, role]);
    if (booleanParam(params, 'email_confirm')) await confirmEmail(tx, user.id);
    if (passwordHash !== undefined) {
      await setPassword(tx, user.id, passwordHash);
      await endOtherSessions(tx, user.id);
    }
    if (email) await setEmail(tx, user.id, email, booleanParam(params, 'email_confirm') ?? false);
    const appMetadata = objectParam(params, 'app_metadata');
    if (appMetadata) await mergeUserMetadata(tx, user.id, 'raw_app_meta_data', appMetadata);
    const userMetadata = objectParam(params, 'user_metadata');
    if (userMetadata) await mergeUserMetadata(tx, user.id, 'raw_user_meta_data', userMetadata);
    if (ban !== undefined) await applyBan(tx, user.id, ban);
    return loadUserJson(tx, user.id);
  });
  return c.json(body);
}

async function setEmail(tx: Queryable, userId: string, email: string, verified: boolean): Promise<void> {
  await tx.query(`update auth.users set email = $2, updated_at = now() where id = $1`, [userId, email]);
  const { affectedRows } = await tx.query(
    `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', $3::boolean),
            updated_at = now()
      where user_id = $1 and provider = 'email'`,
    [userId, email, verified],
  );
  if (affectedRows === 0) {
    await tx.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
       values ($1::text, ($1::text)::uuid, jsonb_build_object('sub', $1::text, 'email', $2::text, 'email_verified', $3::boolean, 'phone_verified', false),
               'email', now(), now(), now())`,
      [userId, email, verified],
    );
  }
}

/** DELETE /admin/users/:id — hard delete (cascades to sessions and identities) or should_soft_delete. */
export async function deleteUser(c: Context, ctx: ServerContext): Promise<Response> {
  const user = await loadUserParam(c, ctx);
  const params = await readParams(c, ctx.config.maxBodyBytes, { allowEmpty: true });
  const soft = booleanParam(params, 'should_soft_delete') ?? false;
  await ctx.db.transaction(async (tx) => {
    if (!soft) {
      await tx.query(`delete from auth.users where id = $1`, [user.id]);
      return;
    }
    if (user.is_deleted) return;
    // GoTrue's SoftDeleteUser: obfuscated e-mail (so it can be reused), no password, empty metadata, signed out.
    await tx.query(
      `update auth.users set email = encode(digest(id::text || coalesce(email, ''), 'sha256'), 'hex') || '@deleted.invalid',
              encrypted_password = '', confirmation_token = '', recovery_token = '', email_change_token_new = '',
              email_change = '', raw_user_meta_data = '{}'::jsonb, raw_app_meta_data = '{}'::jsonb,
              deleted_at = now(), updated_at = now()
        where id = $1`,
      [user.id],
    );
    await tx.query(`delete from auth.identities where user_id = $1`, [user.id]);
    await endOtherSessions(tx, user.id);
  });
  return c.json({});
}

/** POST /invite (inviteUserByEmail): creates the user without a password and mails an invite link. */
export async function invite(c: Context, ctx: ServerContext): Promise<Response> {
  await requireAdmin(c, ctx);
  const params = await readParams(c, ctx.config.maxBodyBytes);
  const email = validateEmail(stringParam(params, 'email'));
  const mail = adminMailContext(c, ctx, params);
  const existing = await findUserByEmail(ctx.db, email);
  if (existing?.email_confirmed_at) throw unprocessable('email_exists', EMAIL_EXISTS);
  const body = await ctx.db
    .transaction(async (tx) => {
      const userId =
        existing?.id ??
        (await insertUser(tx, { email, passwordHash: null, userMetadata: objectParam(params, 'data') ?? {}, emailConfirmed: false, invited: true }));
      await sendConfirmation(tx, { id: userId, email }, mail, 'invite');
      return loadUserJson(tx, userId);
    })
    .catch(translateInsertError);
  return c.json(body);
}

function adminMailContext(c: Context, ctx: ServerContext, params: Params): MailContext {
  const info = requestInfo(c, ctx);
  const requested = stringParam(params, 'redirect_to') ?? c.req.query('redirect_to');
  // The service role's mails (invites) are not held back by the public's pause between mails.
  return { info, redirectTo: chooseRedirect(requested, ctx.config.siteUrl, info), pkce: false, minSecondsBetweenMails: 0 };
}

type LinkType = 'signup' | 'invite' | 'magiclink' | 'recovery';

/**
 * POST /admin/generate_link (generateLink): the link and code a mail would carry, without sending
 * it. Types signup (creates the user with the given password), invite, magiclink and recovery.
 */
export async function generateLink(c: Context, ctx: ServerContext): Promise<Response> {
  await requireAdmin(c, ctx);
  const params = await readParams(c, ctx.config.maxBodyBytes);
  const type = stringParam(params, 'type') as LinkType | undefined;
  if (!type || !['signup', 'invite', 'magiclink', 'recovery'].includes(type)) {
    throw validationFailed('Invalid email action link type requested');
  }
  const email = validateEmail(stringParam(params, 'email'));
  const password = stringParam(params, 'password');
  if (type === 'signup') checkPasswordStrength(password ?? '');
  const mail = adminMailContext(c, ctx, params);
  const existing = await findUserByEmail(ctx.db, email);
  if (!existing && (type === 'magiclink' || type === 'recovery')) throw notFound('user_not_found', 'User with this email not found');
  if (existing && (type === 'signup' || type === 'invite') && existing.email_confirmed_at) {
    throw unprocessable('email_exists', EMAIL_EXISTS);
  }
  const passwordHash = type === 'signup' && !existing ? await hashPassword(password ?? '') : null;
  const body = await ctx.db
    .transaction(async (tx) => {
      const userId =
        existing?.id ??
        (await insertUser(tx, {
          email,
          passwordHash,
          userMetadata: objectParam(params, 'data') ?? {},
          emailConfirmed: false,
          invited: type === 'invite',
        }));
      const otp = generateOtp();
      const hashed = tokenHash(email, otp);
      const column = type === 'signup' || type === 'invite' ? 'confirmation' : 'recovery';
      await tx.query(`update auth.users set ${column}_token = $2, ${column}_sent_at = now() where id = $1`, [userId, hashed]);
      const link = actionLink({ kind: type, token: hashed, redirectTo: mail.redirectTo, externalUrl: mail.info.externalUrl });
      return {
        ...(await loadUserJson(tx, userId)),
        action_link: link,
        email_otp: otp,
        hashed_token: hashed,
        redirect_to: mail.redirectTo,
        verification_type: type,
      };
    })
    .catch(translateInsertError);
  return c.json(body);
}

/** ban_duration as a Go duration ("24h", "1h30m"); "none" lifts the ban. Returns ms, 0 = lift. */
function banUntil(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (value === 'none') return 0;
  const duration = parseGoDuration(value);
  if (duration === undefined) throw badRequest('validation_failed', `invalid format for ban duration: time: invalid duration "${value}"`);
  return duration;
}

async function applyBan(tx: Queryable, userId: string, durationMs: number): Promise<void> {
  await tx.query(
    `update auth.users set banned_until = case when $2::double precision = 0 then null
                                               else now() + make_interval(secs => $2::double precision / 1000) end,
            updated_at = now()
      where id = $1`,
    [userId, durationMs],
  );
}
