import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createClient } from '@supabase/supabase-js';
import { SUPABASE_DEMO_ANON_KEY } from '../config.ts';
import { signUpAdult } from '../test-people.ts';
import { uniqueEmail } from './test-helpers.ts';

/** sync-server/main.ts, the command line: help, flags, and a graceful stop that loses no write. */

const ROOT = path.resolve(import.meta.dirname, '../..');
const MAIN = path.join(ROOT, 'sync-server', 'main.ts');

function run(args: string[]): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitForUrl(output: () => string, exited: Promise<number | null>): Promise<string> {
  const deadline = Date.now() + 60_000;
  let done = false;
  void exited.then(() => (done = true));
  while (Date.now() < deadline && !done) {
    const match = /listening on (http:\/\/\S+)/.exec(output());
    if (match) return match[1];
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not start:\n${output()}`);
}

describe('sync-server/main.ts', () => {
  let workDir: string;

  beforeAll(async () => {
    workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cadernos-cli-'));
    await fs.mkdir(path.join(workDir, 'migrations'));
    await fs.mkdir(path.join(workDir, 'functions'));
  });
  afterAll(async () => {
    await fs.rm(workDir, { recursive: true, force: true });
  });

  it('prints its usage with --help and refuses unknown flags', async () => {
    const help = run(['--help']);
    expect(await help.exited).toBe(0);
    expect(help.output()).toContain('Usage: npx tsx sync-server/main.ts');
    expect(help.output()).toContain('--database-url');

    const bad = run(['--no-such-flag']);
    expect(await bad.exited).toBe(2);
    expect(bad.output()).toContain("Unknown option '--no-such-flag'");
  });

  it('starts from flags, prints URL and anon key, stops on SIGTERM, and finds its data after a restart', async () => {
    const args = [
      '--port', '0',
      '--data-dir', path.join(workDir, 'db'),
      '--storage-dir', path.join(workDir, 'storage'),
      '--migrations', path.join(workDir, 'migrations'),
      '--functions', path.join(workDir, 'functions'),
      '--email-confirmation',
    ];
    const first = run(args);
    const url = await waitForUrl(first.output, first.exited);
    expect(first.output()).toContain(SUPABASE_DEMO_ANON_KEY);
    expect(first.output()).toContain('e-mail confirmation on');

    const client = () =>
      createClient(url, SUPABASE_DEMO_ANON_KEY, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        realtime: { transport: WebSocket as never },
      });
    const email = uniqueEmail('cli');
    const signUp = await signUpAdult(client(), { email, password: 'persisted 1' });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull(); // --email-confirmation took effect

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = run(args.map((arg) => (arg === '--email-confirmation' ? '--no-email-confirmation' : arg)));
    const secondUrl = await waitForUrl(second.output, second.exited);
    try {
      const mails = await (await fetch(`${secondUrl}/auth/v1/mailbox.json?to=${encodeURIComponent(email)}`)).json();
      expect(mails).toHaveLength(1);
      const again = await createClient(secondUrl, SUPABASE_DEMO_ANON_KEY, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        realtime: { transport: WebSocket as never },
      }).auth.signUp({ email, password: 'persisted 1' });
      expect(again.error).toMatchObject({ code: 'user_already_exists' });
    } finally {
      second.child.kill('SIGINT');
      expect(await second.exited).toBe(0);
    }
  }, 120_000);
});
