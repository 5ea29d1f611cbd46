import { Hono, type Context } from 'hono';
import type { ServerContext } from '../context.ts';
import { AuthError, errorResponse, forbidden, fromDataException, OAuthError } from './errors.ts';
import { clearMail, listMail, mailboxPage } from './mailbox.ts';
import { createRateLimits } from './rate-limit.ts';
import { isLoopbackAddress, remoteAddress } from './request.ts';
import { createUser, deleteUser, generateLink, getUserById, invite, listUsers, updateUserById } from './routes/admin.ts';
import { otp, recover, resend } from './routes/recover.ts';
import { signup } from './routes/signup.ts';
import { token } from './routes/token.ts';
import { getUser, logout, updateUser } from './routes/user.ts';
import { verifyGet, verifyPost } from './routes/verify.ts';

type Handler = (c: Context, ctx: ServerContext) => Promise<Response>;

/**
 * `/auth/v1`: the GoTrue endpoints supabase-js's auth client calls (sign-up, password / refresh /
 * PKCE grants, logout, user, recover, verify, OTP, resend, admin), with GoTrue's JSON shapes and
 * error codes, plus the local mailbox (GET /mailbox, /mailbox.json) standing in for SMTP.
 * The endpoints GoTrue rate-limits per client address are limited here the same way.
 */
export function createAuthApp(ctx: ServerContext): Hono {
  const app = new Hono();
  const route = (handler: Handler) => (c: Context) => handler(c, ctx);
  const limited = createRateLimits(ctx.config.authRateLimits);

  app.get('/health', (c) =>
    c.json({ version: 'cadernos-sync-server', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' }),
  );
  app.get('/settings', (c) => c.json(settings(ctx)));

  app.post('/signup', limited('signup'), route(signup));
  app.post('/token', limited('token'), route(token));
  app.post('/logout', route(logout));
  app.get('/user', route(getUser));
  app.put('/user', limited('user'), route(updateUser));
  app.post('/recover', limited('recover'), route(recover));
  app.post('/otp', limited('otp'), route(otp));
  app.post('/magiclink', limited('magiclink'), route(otp));
  app.post('/resend', limited('resend'), route(resend));
  app.get('/verify', limited('verify'), route(verifyGet));
  app.post('/verify', limited('verify'), route(verifyPost));

  app.post('/invite', route(invite));
  app.get('/admin/users', route(listUsers));
  app.post('/admin/users', route(createUser));
  app.get('/admin/users/:id', route(getUserById));
  app.put('/admin/users/:id', route(updateUserById));
  app.delete('/admin/users/:id', route(deleteUser));
  app.post('/admin/generate_link', route(generateLink));

  app.get('/mailbox', route(mailboxHtml));
  app.get('/mailbox.json', route(mailboxJson));
  app.delete('/mailbox.json', route(mailboxClear));

  app.all('*', (c) => errorResponse(c, new AuthError(404, 'not_found', 'Not Found')));
  app.onError((error, c) => {
    if (error instanceof AuthError || error instanceof OAuthError) return errorResponse(c, error);
    const refusedInput = fromDataException(error);
    if (refusedInput) return errorResponse(c, refusedInput);
    console.error('[auth] unexpected error:', error);
    return errorResponse(c, new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'));
  });
  return app;
}

/** GoTrue's GET /settings: e-mail sign-in only; autoconfirm when confirmation is off. */
function settings(ctx: ServerContext) {
  const providers = [
    'anonymous_users', 'apple', 'azure', 'bitbucket', 'discord', 'facebook', 'snapchat', 'figma', 'fly', 'github',
    'gitlab', 'google', 'keycloak', 'kakao', 'linkedin', 'linkedin_oidc', 'notion', 'spotify', 'slack', 'slack_oidc',
    'workos', 'twitch', 'twitter', 'email', 'phone', 'zoom',
  ];
  return {
    external: Object.fromEntries(providers.map((name) => [name, name === 'email'])),
    disable_signup: false,
    mailer_autoconfirm: !ctx.config.emailConfirmation,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
    saml_private_key_next_configured: false,
    passkeys_enabled: false,
  };
}

/**
 * The mailbox holds recovery links, so it is for this machine only (the developer, the tests), or
 * for whoever holds the service_role key — not for every device on a school's network.
 */
function assertMailboxAccess(c: Context, ctx: ServerContext): void {
  if (isLoopbackAddress(remoteAddress(c))) return;
  const bearer = /^bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
  if (bearer === ctx.config.serviceRoleKey || c.req.header('apikey') === ctx.config.serviceRoleKey) return;
  throw forbidden('not_admin', 'The mailbox is only available from this machine or with the service_role key');
}

function mailboxQuery(c: Context): { to: string | undefined; limit: number } {
  const to = c.req.query('to') || undefined;
  const requested = Number(c.req.query('limit') ?? 100);
  const limit = Number.isInteger(requested) && requested > 0 ? Math.min(requested, 1000) : 100;
  return { to, limit };
}

async function mailboxHtml(c: Context, ctx: ServerContext): Promise<Response> {
  assertMailboxAccess(c, ctx);
  const { to, limit } = mailboxQuery(c);
  return c.html(mailboxPage(await listMail(ctx.db, to, limit), to), 200, { 'cache-control': 'no-store' });
}

async function mailboxJson(c: Context, ctx: ServerContext): Promise<Response> {
  assertMailboxAccess(c, ctx);
  const { to, limit } = mailboxQuery(c);
  return c.json(await listMail(ctx.db, to, limit), 200, { 'cache-control': 'no-store' });
}

async function mailboxClear(c: Context, ctx: ServerContext): Promise<Response> {
  assertMailboxAccess(c, ctx);
  await clearMail(ctx.db, c.req.query('to') || undefined);
  return c.body(null, 204);
}
