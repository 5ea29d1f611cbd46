import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPABASE_DEMO_ANON_KEY } from '../sync-server/config.ts';

/**
 * The README's first command, run as a newcomer runs it: `npm start` in a checkout that has never
 * run (no `.data/`, no `dist/`), then again on the same folder. The checkout is a copy of this
 * repository's files (tracked and new, as git sees them) sharing its node_modules.
 */

const repo = path.resolve(import.meta.dirname, '..');
const READY_TIMEOUT = 180_000;
let checkout: string;

beforeAll(() => {
  checkout = fs.mkdtempSync(path.join(os.tmpdir(), 'cadernos-fresh-clone-'));
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: repo, encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    const from = path.join(repo, file);
    if (!fs.existsSync(from) || file.startsWith('.scratch/')) continue;
    fs.mkdirSync(path.dirname(path.join(checkout, file)), { recursive: true });
    fs.copyFileSync(from, path.join(checkout, file));
  }
  fs.symlinkSync(path.join(repo, 'node_modules'), path.join(checkout, 'node_modules'), 'dir');
});

/** Every `npm start` of this file, stopped at the end even when an assertion failed midway. */
const running = new Set<ChildProcess>();

afterAll(() => {
  for (const child of running) {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  fs.rmSync(checkout, { recursive: true, force: true });
});

interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
  readyMs: number;
}

/** Environment of a newcomer's shell: none of the server's variables from this test run. */
function newcomerEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ['SYNC_DATA_DIR', 'SYNC_STORAGE_DIR', 'DATABASE_URL', 'PORT', 'HOST', 'JWT_SECRET', 'ANON_KEY', 'SERVICE_ROLE_KEY']) delete env[name];
  return env;
}

/** `npm start -- <args>` in its own process group, as a terminal runs it (Ctrl+C reaches all of it). */
function npmStart(args: string[]): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn('npm', ['start', '--', ...args], { cwd: checkout, env: newcomerEnv(), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  child.stdout!.on('data', (chunk) => (text += chunk));
  child.stderr!.on('data', (chunk) => (text += chunk));
  running.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  return { child, output: () => text, exited };
}

async function startUntilReady(args: string[]): Promise<Started> {
  const spawned = Date.now();
  const run = npmStart(args);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready after ${READY_TIMEOUT} ms:\n${run.output()}`)), READY_TIMEOUT);
    const poll = setInterval(() => {
      const match = /running at (http:\/\/\S+)/.exec(run.output());
      if (match) done(() => resolve(match[1]));
    }, 50);
    void run.exited.then((code) => done(() => reject(new Error(`npm start exited with ${code}:\n${run.output()}`))));
    function done(settle: () => void) {
      clearTimeout(timer);
      clearInterval(poll);
      settle();
    }
  });
  return { child: run.child, url, output: run.output, readyMs: Date.now() - spawned };
}

/**
 * Ctrl+C: SIGINT to the whole process group, as a terminal sends it. npm itself dies of the signal;
 * what matters is that the server finishes and every process of the group is gone.
 */
async function interrupt(started: Started): Promise<void> {
  const group = -started.child.pid!;
  process.kill(group, 'SIGINT');
  const deadline = Date.now() + 30_000;
  while (groupAlive(group)) {
    if (Date.now() > deadline) throw new Error(`still running 30 s after SIGINT:\n${started.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function groupAlive(group: number): boolean {
  try {
    process.kill(group, 0);
    return true;
  } catch {
    return false;
  }
}

/** The largest resident size any process of the group reached (Linux /proc), in MB. */
function peakMemoryMb(rootPid: number): number | undefined {
  if (!fs.existsSync('/proc/self/status')) return undefined;
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // the process ended meanwhile
    }
  }
  const family = new Set([rootPid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, parent] of parents) if (family.has(parent) && !family.has(pid)) grew = family.add(pid) !== undefined;
  }
  let peakKb = 0;
  for (const pid of family) {
    const hwm = /VmHWM:\s+(\d+)/.exec(fs.existsSync(`/proc/${pid}/status`) ? fs.readFileSync(`/proc/${pid}/status`, 'utf8') : '');
    if (hwm) peakKb = Math.max(peakKb, Number(hwm[1]));
  }
  return Math.round(peakKb / 1024);
}

function client(url: string) {
  return createClient(url, SUPABASE_DEMO_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
}

async function freePort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as import('node:net').AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

describe('npm start on a checkout that never ran', () => {
  it('builds, serves the app and its backend, stops on Ctrl+C and reopens the same data', { timeout: 2 * READY_TIMEOUT + 60_000 }, async () => {
    expect(fs.existsSync(path.join(checkout, '.data'))).toBe(false);
    const port = await freePort();

    const first = await startUntilReady(['--demo', '--port', String(port)]);
    const firstPeak = peakMemoryMb(first.child.pid!);
    expect(first.url).toBe(`http://127.0.0.1:${port}`);
    expect(fs.existsSync(path.join(checkout, '.data', 'db', 'PG_VERSION'))).toBe(true);
    expect(fs.existsSync(path.join(checkout, '.data', 'storage'))).toBe(true);

    for (const route of ['/', '/n/ABCD2345', '/en/notebook/a0a0a0a0-0000-4000-8000-0000000000a1']) {
      const page = await fetch(first.url + route);
      expect(page.status, route).toBe(200);
      expect(await page.text(), route).toContain('<div id="root">');
    }

    const ana = client(first.url);
    const signedIn = await ana.auth.signInWithPassword({ email: 'ana@demo.cadernos.app', password: 'Demo1234' });
    expect(signedIn.error).toBeNull();
    const created = await ana.from('notebooks').insert({ title: 'Caderno da festa' }).select('id').single();
    expect(created.error).toBeNull();

    // A second server on the same folder is refused in one line, and the first one keeps serving.
    const second = npmStart(['--no-build', '--port', String(await freePort())]);
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/^Another Cadernos server \(process \d+\) is using the data folder .*\.data\/db: stop it first/m);
    expect(second.output()).not.toMatch(/^\s+at /m);
    const samePort = npmStart(['--no-build', '--memory', '--port', String(port)]);
    expect(await samePort.exited).toBe(1);
    expect(samePort.output()).toMatch(new RegExp(`^Port ${port} is already in use .*: stop it, or choose another port`, 'm'));
    expect((await fetch(first.url + '/')).status).toBe(200);

    await interrupt(first);
    expect(first.output()).toContain('SIGINT: finishing pending work and stopping');
    expect(first.output()).not.toMatch(/^\s+at /m);
    expect(fs.existsSync(path.join(checkout, '.data', 'db', 'cadernos-server.lock'))).toBe(false);

    const again = await startUntilReady(['--no-build', '--port', String(port), '--admin', 'ana@demo.cadernos.app', '--admin', 'nobody@example.com']);
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
