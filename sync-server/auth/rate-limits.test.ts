import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { defaultConfig, GOTRUE_AUTH_RATE_LIMITS } from '../config.ts';
import { startTestServer, TEST_BACKENDS, type TestServer } from '../testing.ts';
import { signUpAdult } from '../test-people.ts';
import { fetchFrom, mailbox, uniqueEmail } from './test-helpers.ts';

/**
 * Issue 17, item 4: someone on the school's Wi-Fi tries passwords, codes, sign-ups and recovery
 * mails as fast as they can. With the defaults `npm start` runs (GoTrue's), each device (client
 * address) gets a burst of 30 and then a trickle; mails to one account wait a minute between them.
 * Each test plays its own device from its own loopback address, so they do not share buckets.
 */

const PASSWORD = 'correct horse 1';

type Outcome = { status: number; code?: string };

/** Counts outcomes as "status code", e.g. { '400 invalid_credentials': 30, '429 over_request_rate_limit': 270 }. */
function tally(outcomes: Outcome[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { status, code } of outcomes) counts[`${status} ${code ?? ''}`.trim()] = (counts[`${status} ${code ?? ''}`.trim()] ?? 0) + 1;
  return counts;
}

function outcome(error: { status?: number; code?: string } | null): Outcome {
  return error ? { status: error.status ?? 0, code: error.code } : { status: 200 };
}

describe.each(TEST_BACKENDS)('auth/v1 rate limits on $name (GoTrue defaults)', ({ postgresServerUrl }) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ postgresServerUrl, authRateLimits: GOTRUE_AUTH_RATE_LIMITS });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A supabase-js client on a device of its own: requests leave from `address` (127.0.0.x). */
  function deviceClient(address: string): SupabaseClient {
    return createClient(server.url, server.ctx.config.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
      global: { fetch: fetchFrom(address) },
    });
  }

  async function registered(label: string): Promise<string> {
    const email = uniqueEmail(label);
    const { error } = await signUpAdult(server.anonClient(), { email, password: PASSWORD });
    expect(error).toBeNull();
    return email;
  }

  it('runs on GoTrue defaults: 30 per 5 minutes for sign-ups and mails, 150 for sign-ins, 30 for codes, a minute between mails', () => {
    expect(server.ctx.config.authRateLimits).toEqual({ otp: 30, tokenRefresh: 150, verify: 30, emailMaxFrequencySeconds: 60 });
  });

  it('answers 300 wrong passwords in a row with 429 over_request_rate_limit after the first 30; the owner still signs in from her phone', async () => {
    const email = await registered('victim');
    const attacker = deviceClient('127.0.0.11');
    const outcomes: Outcome[] = [];
    for (let i = 0; i < 300; i++) {
      const { error } = await attacker.auth.signInWithPassword({ email, password: `guess ${i}` });
      outcomes.push(outcome(error));
    }
    const counts = tally(outcomes);
    expect(Object.keys(counts).sort()).toEqual(['400 invalid_credentials', '429 over_request_rate_limit']);
    expect(counts['400 invalid_credentials']).toBeGreaterThanOrEqual(30);
    expect(counts['400 invalid_credentials']).toBeLessThan(45);
    // Once refused, every later try is refused too (nothing slipped through between them).
    const firstRefused = outcomes.findIndex((o) => o.status === 429);
    expect(outcomes.slice(firstRefused).filter((o) => o.status !== 429).length).toBeLessThan(10);

    const owner = deviceClient('127.0.0.12');
    expect((await owner.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });

  it('says when to try again: Retry-After on a 429', async () => {
    const device = fetchFrom('127.0.0.13');
    const ask = () =>
      device(`${server.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', apikey: server.ctx.config.anonKey, 'X-Supabase-Api-Version': '2024-01-01' },
        body: JSON.stringify({ email: 'nobody@example.com', password: 'x' }),
      });
    let response = await ask();
    for (let i = 0; i < 40 && response.status !== 429; i++) response = await ask();
    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({ code: 'over_request_rate_limit', message: 'Request rate limit reached' });
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('refuses 50 sign-ups in a row from one device after 30; another device still signs up', async () => {
    const device = deviceClient('127.0.0.14');
    const outcomes: Outcome[] = [];
    for (let i = 0; i < 50; i++) {
      const { error } = await signUpAdult(device, { email: uniqueEmail(`flood${i}`), password: PASSWORD });
      outcomes.push(outcome(error));
    }
    const counts = tally(outcomes);
    expect(counts['200']).toBeGreaterThanOrEqual(30);
    expect(counts['200']).toBeLessThan(35);
    expect(counts['429 over_request_rate_limit']).toBe(50 - counts['200']);

    const other = deviceClient('127.0.0.15');
    expect((await signUpAdult(other, { email: uniqueEmail('neighbour'), password: PASSWORD })).error).toBeNull();
  });

  it('stops 200 guesses of a 6-digit recovery code after 30; the right code still works from the owner', async () => {
    const email = await registered('code');
    const owner = deviceClient('127.0.0.16');
    expect((await owner.auth.resetPasswordForEmail(email)).error).toBeNull();
    const [mail] = await mailbox(server.url, email);

    const attacker = deviceClient('127.0.0.17');
    const outcomes: Outcome[] = [];
    for (let i = 0; i < 200; i++) {
      const guess = String((Number(mail.token) + 1 + i) % 1_000_000).padStart(6, '0');
      const { data, error } = await attacker.auth.verifyOtp({ email, token: guess, type: 'recovery' });
      expect(data.session).toBeNull();
      outcomes.push(outcome(error));
    }
    const counts = tally(outcomes);
    expect(Object.keys(counts).sort()).toEqual(['403 otp_expired', '429 over_request_rate_limit']);
    expect(counts['403 otp_expired']).toBeGreaterThanOrEqual(30);
    expect(counts['403 otp_expired']).toBeLessThan(35);

    const verified = await owner.auth.verifyOtp({ email, token: mail.token, type: 'recovery' });
    expect(verified.error).toBeNull();
  });

  it('sends one recovery mail of 50 asked for one address; the others get 429 over_email_send_rate_limit, from any device', async () => {
    const email = await registered('mails');
    const device = deviceClient('127.0.0.18');
    const outcomes: Outcome[] = [];
    for (let i = 0; i < 50; i++) outcomes.push(outcome((await device.auth.resetPasswordForEmail(email)).error));
    const counts = tally(outcomes);
    expect(counts['200']).toBe(1);
    expect(outcomes[0]).toEqual({ status: 200 });
    expect(counts['429 over_email_send_rate_limit'] + counts['429 over_request_rate_limit']).toBe(49);
    expect(await mailbox(server.url, email)).toHaveLength(1);

    // Per address, not per device: a second device asking for the same address waits as well.
    const second = await deviceClient('127.0.0.19').auth.resetPasswordForEmail(email);
    expect(second.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    expect(second.error?.message).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/);

    // A minute later the address gets a mail again.
    await server.ctx.db.query(`update auth.users set recovery_sent_at = now() - interval '61 seconds' where email = $1`, [email]);
    expect((await deviceClient('127.0.0.19').auth.resetPasswordForEmail(email)).error).toBeNull();
    expect(await mailbox(server.url, email)).toHaveLength(2);
  });
});

describe('auth/v1 rate limits, configured', () => {
  it('reads GoTrue’s variables: GOTRUE_RATE_LIMIT_OTP, _TOKEN_REFRESH, _VERIFY and GOTRUE_SMTP_MAX_FREQUENCY', () => {
    const saved = { ...process.env };
    try {
      Object.assign(process.env, {
        GOTRUE_RATE_LIMIT_OTP: '5',
        GOTRUE_RATE_LIMIT_TOKEN_REFRESH: '20',
        GOTRUE_RATE_LIMIT_VERIFY: '7',
        GOTRUE_SMTP_MAX_FREQUENCY: '1m30s',
      });
      expect(defaultConfig().authRateLimits).toEqual({ otp: 5, tokenRefresh: 20, verify: 7, emailMaxFrequencySeconds: 90 });
    } finally {
      for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
      Object.assign(process.env, saved);
    }
    expect(defaultConfig().authRateLimits).toEqual(GOTRUE_AUTH_RATE_LIMITS);
  });

  it('refuses to start on a limit that is not a positive number', async () => {
    await expect(startTestServer({ authRateLimits: { ...GOTRUE_AUTH_RATE_LIMITS, verify: Number('ten') } })).rejects.toThrow(
      /positive number of requests per 5 minutes/,
    );
  });

  it('applies small configured limits: 3 sign-ins per 5 minutes, then 429; mails to one address without a pause when set to 0', async () => {
    const server = await startTestServer({ authRateLimits: { ...GOTRUE_AUTH_RATE_LIMITS, tokenRefresh: 3, emailMaxFrequencySeconds: 0 } });
    try {
      const email = uniqueEmail('small');
      const client = server.anonClient();
      expect((await signUpAdult(client, { email, password: PASSWORD })).error).toBeNull();
      const outcomes: Outcome[] = [];
      for (let i = 0; i < 4; i++) outcomes.push(outcome((await client.auth.signInWithPassword({ email, password: PASSWORD })).error));
      expect(outcomes).toEqual([{ status: 200 }, { status: 200 }, { status: 200 }, { status: 429, code: 'over_request_rate_limit' }]);

      for (let i = 0; i < 3; i++) expect((await client.auth.resetPasswordForEmail(email)).error).toBeNull();
      expect(await mailbox(server.url, email)).toHaveLength(3);
    } finally {
      await server.close();
    }
  });
});
