/**
 * What the live-update benchmarks share (live-update, notification-live, guestbook-poll-live): the
 * built app served by the sync-server in process (PGlite, or a scratch database on `--postgres
 * URL`), headless Chromium, and people signed up through supabase-js as a phone would.
 */
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { startServer, type RunningServer } from '../../sync-server/app.ts';
import { SUPABASE_DEMO_ANON_KEY } from '../../sync-server/config.ts';
import { createScratchDatabase } from '../../sync-server/db/scratch.ts';
import { signUpAdult } from '../../sync-server/test-people.ts';
import { CHROMIUM_PATH, ensureChromium } from '../../scripts/ensure-chromium.mjs';
import { median } from './figures.ts';

export const PASSWORD = 'Caderno2025';
const root = path.resolve(import.meta.dirname, '../..');

/** `--dist DIR --runs N --port P --postgres URL`, with this bench's own default port. */
export function liveBenchArgs(defaultPort: number) {
  const { values } = parseArgs({
    options: {
      dist: { type: 'string', default: path.join(root, 'dist') },
      runs: { type: 'string', default: '10' },
      port: { type: 'string', default: String(defaultPort) },
      postgres: { type: 'string' },
    },
  });
  return { dist: values.dist!, runs: Number(values.runs), port: Number(values.port), postgres: values.postgres };
}

/** Runs `body` with the app served and a browser open; closes both (and drops the scratch database). */
export async function withLiveApp(
  args: ReturnType<typeof liveBenchArgs>,
  body: (app: { server: RunningServer; browser: Browser }) => Promise<void>,
): Promise<void> {
  ensureChromium();
  const scratch = args.postgres ? await createScratchDatabase(args.postgres) : undefined;
  const server = await startServer({
    staticDir: path.resolve(args.dist),
    port: args.port,
    dataDir: 'memory://',
    databaseUrl: scratch?.url,
    purgeIntervalMs: 0,
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox', '--disable-gpu', '--disable-quic'] });
  try {
    await body({ server, browser });
  } finally {
    await browser.close();
    await server.close();
    await scratch?.drop();
  }
}

let people = 0;

/** An adult signed up through supabase-js (the app's own sign-up), with a client of their own. */
export async function benchPerson(baseURL: string, tag: string) {
  const username = `${tag}${Date.now().toString(36)}${people++}`.slice(0, 20);
  const email = `${username}@example.com`;
  const client = createClient(baseURL, SUPABASE_DEMO_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  const { data, error } = await signUpAdult(client, { email, password: PASSWORD, username });
  if (error) throw error;
  return { username, email, userId: data.user!.id, client };
}

/**
 * The runs' table (request sent → shown, commit answered → shown) with medians, under `heading`
 * and the machine's load; over the budget (1 s unless said) the command fails.
 */
export function reportLiveRuns(heading: string, runs: { sent: number; committed: number }[], budgetMs = 1000): void {
  console.log(`\n${heading} (${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)})\n`);
  console.log('| run | request sent → shown (ms) | commit answered → shown (ms) |');
  console.log('|---|---|---|');
  runs.forEach((r, i) => console.log(`| ${i + 1} | ${r.sent.toFixed(0)} | ${r.committed.toFixed(0)} |`));
  const sent = runs.map((r) => r.sent);
  const committed = runs.map((r) => r.committed);
  console.log(`| **median** | **${median(sent).toFixed(0)}** | **${median(committed).toFixed(0)}** |`);
  console.log(`| min / max | ${Math.min(...sent).toFixed(0)} / ${Math.max(...sent).toFixed(0)} | ${Math.min(...committed).toFixed(0)} / ${Math.max(...committed).toFixed(0)} |`);
  if (median(committed) > budgetMs) {
    console.error(`over the ${budgetMs / 1000} s budget`);
    process.exitCode = 1;
  }
}
