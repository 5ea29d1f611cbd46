/**
 * Dashboard cold start with no connection (issue 8's figure): a person with 100 notebooks opens
 * the installed app offline — a new browser process, the page served by the service worker, the
 * notebooks read from IndexedDB. Measures the time from navigation start to the first render of
 * the dashboard with its notebooks (the `dashboard-rendered` performance mark the screen sets),
 * median of 10 runs, against the built app served by the sync-server in process.
 *
 *   npx tsx scripts/build.ts --out /tmp/h8a-dist
 *   npx tsx tests/bench/dashboard-cold-start.ts --dist /tmp/h8a-dist [--runs 10] [--notebooks 100] [--port 4182]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { chromium, type BrowserContext } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { startServer } from '../../sync-server/app.ts';
import { SUPABASE_DEMO_ANON_KEY } from '../../sync-server/config.ts';
import { signUpAdult } from '../../sync-server/test-people.ts';
import { CHROMIUM_PATH, ensureChromium } from '../../scripts/ensure-chromium.mjs';
import { median } from './figures.ts';

// Debian's Chromium, installed when missing (as npm test does).
ensureChromium();

const root = path.resolve(import.meta.dirname, '../..');
const { values: args } = parseArgs({
  options: {
    dist: { type: 'string', default: path.join(root, 'dist') },
    runs: { type: 'string', default: '10' },
    notebooks: { type: 'string', default: '100' },
    port: { type: 'string', default: '4182' },
  },
});
const RUNS = Number(args.runs);
const NOTEBOOKS = Number(args.notebooks);
const QUESTIONS_PER_NOTEBOOK = 3;

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

function launch(userDataDir: string, offline: boolean): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    viewport: { width: 412, height: 915 },
    locale: 'pt-BR',
    offline,
  });
}

async function seedPerson(baseURL: string) {
  const id = `bench${Date.now().toString(36)}`.slice(0, 20);
  const person = { email: `${id}@example.com`, password: 'Caderno2025', username: id };
  const client = createClient(baseURL, SUPABASE_DEMO_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  const signUp = await signUpAdult(client, person);
  if (signUp.error) throw signUp.error;
  const userId = signUp.data.user!.id;
  const notebooks = Array.from({ length: NOTEBOOKS }, (_, i) => ({ id: randomUUID(), user_id: userId, title: `Caderno ${i + 1}`, description: 'Perguntas para a turma' }));
  const inserted = await client.from('notebooks').insert(notebooks);
  if (inserted.error) throw inserted.error;
  const questions = notebooks.flatMap((nb) =>
    Array.from({ length: QUESTIONS_PER_NOTEBOOK }, (_, i) => ({ id: randomUUID(), notebook_id: nb.id, text: `Pergunta ${i + 1}?`, order_index: i })),
  );
  const q = await client.from('questions').insert(questions);
  if (q.error) throw q.error;
  return person;
}

/** Online once: log in, let the data layer pull everything and the service worker take control. */
async function installAndSync(baseURL: string, userDataDir: string, person: { email: string; password: string }) {
  const context = await launch(userDataDir, false);
  const page = context.pages()[0] ?? (await context.newPage());
  await page.addInitScript(() => localStorage.setItem('cookie-consent', JSON.stringify({ necessary: true, functional: false, analytics: false, marketing: false })));
  await page.goto(`${baseURL}/login`);
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByLabel('Senha', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await page.waitForURL(/\/meus-cadernos$/);
  // The list is virtualised above 60 notebooks (issue 22): the tab's count says they are all here.
  await page.getByRole('tab', { name: `Meus cadernos (${NOTEBOOKS})` }).waitFor({ timeout: 60_000 });
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
  });
  await context.close();
}

async function coldOfflineStart(baseURL: string, userDataDir: string): Promise<Run> {
  const context = await launch(userDataDir, true);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    if (process.env.BENCH_DEBUG) {
      page.on('console', (m) => console.log('console:', m.text()));
      page.on('crash', () => console.log('crash'));
      page.on('close', () => console.log('close'));
      page.on('framenavigated', (f) => console.log('nav', f.url()));
    }
    await page.goto(`${baseURL}/meus-cadernos`);
    const handle = await page.waitForFunction(
      () => {
        const mark = performance.getEntriesByName('dashboard-rendered')[0];
        const paint = performance.getEntriesByName('first-contentful-paint')[0];
        return mark
          ? {
              rendered: mark.startTime,
              firstPaint: paint?.startTime ?? NaN,
              // The whole list's size as each card tells screen readers (only the rows near the screen are in the DOM).
              cards: Number(document.querySelector('[data-testid="notebook-card"]')?.getAttribute('aria-setsize') ?? 0),
            }
          : null;
      },
      null,
      { timeout: 60_000 },
    );
    return (await handle.jsonValue()) as Run;
  } finally {
    await context.close();
  }
}

interface Run {
  /** navigation start → the dashboard's first render with the notebooks (ms) */
  rendered: number;
  /** navigation start → first contentful paint of the app shell (ms) */
  firstPaint: number;
  cards: number;
}


async function main() {
  const server = await startServer({ staticDir: path.resolve(args.dist), port: Number(args.port), dataDir: 'memory://' });
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dashboard-bench-'));
  try {
    const person = await seedPerson(server.url);
    await installAndSync(server.url, userDataDir, person);
    const results: Run[] = [];
    for (let i = 0; i < RUNS; i++) results.push(await coldOfflineStart(server.url, userDataDir));
    console.log(`\nDashboard cold start, offline, ${NOTEBOOKS} notebooks × ${QUESTIONS_PER_NOTEBOOK} questions (${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)})\n`);
    console.log('| run | first paint of the app (ms) | dashboard rendered with notebooks (ms) | cards |');
    console.log('|---|---|---|---|');
    results.forEach((r, i) => console.log(`| ${i + 1} | ${r.firstPaint.toFixed(0)} | ${r.rendered.toFixed(0)} | ${r.cards} |`));
    const times = results.map((r) => r.rendered);
    const paints = results.map((r) => r.firstPaint);
    console.log(`| **median** | **${median(paints).toFixed(0)}** | **${median(times).toFixed(0)}** | |`);
    console.log(`| min / max | ${Math.min(...paints).toFixed(0)} / ${Math.max(...paints).toFixed(0)} | ${Math.min(...times).toFixed(0)} / ${Math.max(...times).toFixed(0)} | |`);
    if (results.some((r) => r.cards !== NOTEBOOKS)) {
      console.error(`some runs rendered fewer than ${NOTEBOOKS} cards`);
      process.exitCode = 1;
    }
  } finally {
    fs.rmSync(userDataDir, { recursive: true, force: true });
    await server.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
