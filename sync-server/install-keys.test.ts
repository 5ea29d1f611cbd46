import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from './app.ts';
import { SUPABASE_DEMO_ANON_KEY, SUPABASE_DEMO_JWT_SECRET, SUPABASE_DEMO_SERVICE_KEY } from './config.ts';
import { KEYS_FILE } from './install-keys.ts';
import { StartupError } from './startup-checks.ts';

/**
 * Issue 17: a server that every phone on a school's Wi-Fi can reach never runs on the Supabase
 * CLI's published keys. (The test binds 0.0.0.0 but only talks to it over loopback.)
 */

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cadernos-keys-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const staticDir = path.join(root, 'site');
fs.mkdirSync(staticDir);
fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>');

function onTheNetwork(dataDir: string) {
  return startServer({ host: '0.0.0.0', port: 0, dataDir, storageDir: path.join(root, 'storage'), staticDir, purgeIntervalMs: 0 });
}

async function forgedServiceToken(): Promise<string> {
  return new SignJWT({ role: 'service_role', iss: 'supabase-demo' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(SUPABASE_DEMO_JWT_SECRET));
}

// Each test opens a new data folder, so every migration runs on a fresh PGlite (twice where the
// server is reopened): 20–30 s on a loaded 2-core machine, over the 30 s default (CI run at 470f6fd).
describe('keys on a shared network', { timeout: 120_000 }, () => {
  it('are made for the install, kept in its data folder, handed to the app, and the published ones are refused', async () => {
    const dataDir = path.join(root, 'db');
    const server = await onTheNetwork(dataDir);
    const local = `http://127.0.0.1:${server.port}`;
    let anonKey: string;
    try {
      const { config } = server.ctx;
      expect(config.jwtSecret).not.toBe(SUPABASE_DEMO_JWT_SECRET);
      expect(config.anonKey).not.toBe(SUPABASE_DEMO_ANON_KEY);
      expect(config.serviceRoleKey).not.toBe(SUPABASE_DEMO_SERVICE_KEY);
      const file = path.join(dataDir, KEYS_FILE);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      anonKey = config.anonKey;

      // Whoever knows the published keys gets nothing: not the users, not the admin API.
      for (const token of [SUPABASE_DEMO_SERVICE_KEY, await forgedServiceToken()]) {
        const users = await fetch(`${local}/auth/v1/admin/users`, { headers: { apikey: token, authorization: `Bearer ${token}` } });
        expect([401, 403]).toContain(users.status); // GoTrue answers 403 bad_jwt
        const rows = await fetch(`${local}/rest/v1/answers?select=user_id`, { headers: { apikey: token, authorization: `Bearer ${token}` } });
        expect(rows.status).toBe(401);
      }
      // The install's own keys work, and every page tells the app its anon key.
      const users = await fetch(`${local}/auth/v1/admin/users`, {
        headers: { apikey: config.serviceRoleKey, authorization: `Bearer ${config.serviceRoleKey}` },
      });
      expect(users.status).toBe(200);
      for (const route of ['/', '/n/ABCD2345', '/index.html']) {
        expect(await (await fetch(local + route)).text()).toContain(`<meta name="cadernos-anon-key" content="${anonKey}">`);
      }
      const themes = await fetch(`${local}/rest/v1/notebook_themes?select=id&limit=1`, { headers: { apikey: anonKey } });
      expect(themes.status).toBe(200);
    } finally {
      await server.close();
    }

    // The next start on the same folder keeps them (sessions stay valid).
    const again = await onTheNetwork(dataDir);
    try {
      expect(again.ctx.config.anonKey).toBe(anonKey);
    } finally {
      await again.close();
    }
  });

  it('on loopback, stay the Supabase CLI demo keys supabase-js code expects', async () => {
    const server = await startServer({ port: 0, dataDir: 'memory://', staticDir, purgeIntervalMs: 0 });
    try {
      expect(server.ctx.config.anonKey).toBe(SUPABASE_DEMO_ANON_KEY);
      expect(await (await fetch(`${server.url}/`)).text()).toContain(`content="${SUPABASE_DEMO_ANON_KEY}"`);
    } finally {
      await server.close();
    }
  });

  it('refuses an own JWT secret paired with the published anon or service_role key', async () => {
    const started = startServer({ host: '0.0.0.0', port: 0, dataDir: 'memory://', jwtSecret: 'x'.repeat(40), purgeIntervalMs: 0 });
    await expect(started).rejects.toBeInstanceOf(StartupError);
    await expect(started).rejects.toThrow('also set ANON_KEY and SERVICE_ROLE_KEY signed with it');
  });
});
