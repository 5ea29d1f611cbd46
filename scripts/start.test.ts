import fs from 'node:fs';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPABASE_DEMO_ANON_KEY } from '../sync-server/config.ts';
import { freePort, interrupt, makeCheckout, npmStart, peakMemoryMb, READY_TIMEOUT, startUntilReady, stopAll } from './fresh-checkout.ts';

/**
 * The README's first command, run as a newcomer runs it: `npm start` in a checkout that has never
 * run (no `.data/`, no `dist/`), then again on the same folder (issue 16).
 */

let checkout: string;
beforeAll(() => {
  checkout = makeCheckout();
});
afterAll(() => {
  stopAll();
  fs.rmSync(checkout, { recursive: true, force: true });
});

function client(url: string) {
  return createClient(url, SUPABASE_DEMO_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
}

describe('npm start on a checkout that never ran', () => {
  it('builds, serves the app and its backend, stops on Ctrl+C and reopens the same data', { timeout: 2 * READY_TIMEOUT + 60_000 }, async () => {
    expect(fs.existsSync(path.join(checkout, '.data'))).toBe(false);
    const port = await freePort();

    const first = await startUntilReady(checkout, ['--demo', '--port', String(port)]);
    const firstPeak = peakMemoryMb(first.child.pid!);
    expect(first.url).toBe(`http://127.0.0.1:${port}`);
    expect(fs.existsSync(path.join(checkout, '.data', 'db', 'PG_VERSION'))).toBe(true);
    // The first command speaks to a person: what it does and how long it took, no bundler diagnostics.
    expect(first.output()).toMatch(/^Building the app…\nBuilt in \d+\.\d s \(\d+ files\)\. Starting the server…$/m);
    expect(first.output()).not.toMatch(/\[[A-Z_]+\]|rolldown|dynamically imported/);
    expect(fs.existsSync(path.join(checkout, '.data', 'storage'))).toBe(true);

    for (const route of ['/', '/en/notebook/a0a0a0a0-0000-4000-8000-0000000000a1']) {
      const page = await fetch(first.url + route);
      expect(page.status, route).toBe(200);
      expect(await page.text(), route).toContain('<div id="root">');
    }
    // An invite link's page carries the invitation the build prerendered (issue 20), with its code.
    const invitation = await fetch(first.url + '/n/ABCD2345');
    expect(invitation.status).toBe(200);
    const invitationHtml = await invitation.text();
    expect(invitationHtml).toContain('<div id="root" data-prerendered>');
    expect(invitationHtml).toContain('Convite para um caderno');
    expect(invitationHtml).toContain('href="/register?next=%2Fn%2FABCD2345"');

    const ana = client(first.url);
    const signedIn = await ana.auth.signInWithPassword({ email: 'ana@demo.cadernos.app', password: 'Demo1234' });
    expect(signedIn.error).toBeNull();
    const created = await ana.from('notebooks').insert({ title: 'Caderno da festa' }).select('id').single();
    expect(created.error).toBeNull();

    // A second server on the same folder is refused in one line, and the first one keeps serving.
    const second = npmStart(checkout, ['--no-build', '--port', String(await freePort())]);
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/^Another Cadernos server \(process \d+\) is using the data folder .*\.data\/db: stop it first/m);
    expect(second.output()).not.toMatch(/^\s+at /m);
    const samePort = npmStart(checkout, ['--no-build', '--memory', '--port', String(port)]);
    expect(await samePort.exited).toBe(1);
    expect(samePort.output()).toMatch(new RegExp(`^Port ${port} is already in use .*: stop it, or choose another port`, 'm'));
    expect((await fetch(first.url + '/')).status).toBe(200);

    await interrupt(first);
    expect(first.output()).toContain('SIGINT: finishing pending work and stopping');
    expect(first.output()).not.toMatch(/^\s+at /m);
    expect(fs.existsSync(path.join(checkout, '.data', 'db', 'cadernos-server.lock'))).toBe(false);

    const again = await startUntilReady(checkout, ['--no-build', '--port', String(port), '--admin', 'ana@demo.cadernos.app', '--admin', 'nobody@example.com']);
    const againPeak = peakMemoryMb(again.child.pid!);
    try {
      expect(again.output()).toContain('ana@demo.cadernos.app is now an admin');
      expect(again.output()).toContain('No account with the e-mail nobody@example.com yet: sign up in the app, then start again with --admin nobody@example.com');
      const back = client(again.url);
      expect((await back.auth.signInWithPassword({ email: 'ana@demo.cadernos.app', password: 'Demo1234' })).error).toBeNull();
      const found = await back.from('notebooks').select('title').eq('id', created.data!.id).single();
      expect(found.data).toEqual({ title: 'Caderno da festa' });
      const roles = await back.from('user_roles').select('role');
      expect(roles.data).toEqual([{ role: 'admin' }]);
    } finally {
      await interrupt(again);
    }
    console.log(
      `[fresh start] new folder (build included): spawn → ready ${(first.readyMs / 1000).toFixed(1)} s, peak RSS ${firstPeak} MB; ` +
        `reopened (--no-build): ${(again.readyMs / 1000).toFixed(1)} s, peak RSS ${againPeak} MB`,
    );
  });
});
