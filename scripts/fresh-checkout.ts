import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The README's first command as a newcomer runs it, for the fresh-start test and benchmark: a copy
 * of this repository's files (tracked and new, as git sees them; no `.data/`, no `dist/`) sharing
 * its node_modules, and `npm start` in its own process group, stopped as Ctrl+C stops it.
 */

const repo = path.resolve(import.meta.dirname, '..');
export const READY_TIMEOUT = 180_000;

/** Every `npm start` spawned here; `stopAll` kills what is left (a test that failed midway). */
const running = new Set<ChildProcess>();

export function makeCheckout(): string {
  const checkout = fs.mkdtempSync(path.join(os.tmpdir(), 'cadernos-fresh-clone-'));
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: repo, encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    const from = path.join(repo, file);
    if (!fs.existsSync(from) || file.startsWith('.scratch/')) continue;
    fs.mkdirSync(path.dirname(path.join(checkout, file)), { recursive: true });
    fs.copyFileSync(from, path.join(checkout, file));
  }
  fs.symlinkSync(path.join(repo, 'node_modules'), path.join(checkout, 'node_modules'), 'dir');
  return checkout;
}

export function stopAll(): void {
  for (const child of running) {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

export interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
  readyMs: number;
}

/** Environment of a newcomer's shell: none of the server's variables from this test run. */
export function newcomerEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ['SYNC_DATA_DIR', 'SYNC_STORAGE_DIR', 'DATABASE_URL', 'PORT', 'HOST', 'JWT_SECRET', 'ANON_KEY', 'SERVICE_ROLE_KEY']) delete env[name];
  return env;
}

/** `npm start -- <args>` in its own process group, as a terminal runs it (Ctrl+C reaches all of it). */
export function npmStart(checkout: string, args: string[]): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
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

export async function startUntilReady(checkout: string, args: string[]): Promise<Started> {
  const spawned = Date.now();
  const run = npmStart(checkout, args);
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
export async function interrupt(started: Started): Promise<void> {
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
export function peakMemoryMb(rootPid: number): number | undefined {
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

export async function freePort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as import('node:net').AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
