/**
 * Offline cold start of the dashboard: a signed-in person opens /meus-cadernos with no connection,
 * the browser just started (its service worker not running, no page, no memory cache). Measured
 * in headless Chromium (Debian's) from navigation start, with the Performance API: first paint,
 * first contentful paint, largest contentful paint, and when the dashboard's heading is in a
 * rendered frame. Median of N cold starts (default 10).
 *
 *   npx tsx tests/bench/offline-cold-start.ts                      (builds into a temporary folder)
 *   npx tsx tests/bench/offline-cold-start.ts --dist /tmp/x-dist --runs 10 --port 4181
 *   npx tsx tests/bench/offline-cold-start.ts --throttle        (a low-end phone: CPU 4× slower)
 *
 * Setup, once and online: the sync-server (in process, throwaway database) serves the build; a
 * person signs up through the API and logs in through the login screen, which stores the session
 * and lets the service worker install and precache. Then each run relaunches the browser on the
 * same profile, goes offline before the first navigation, and opens the dashboard.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type BrowserContext } from '@playwright/test';
import { buildApp } from '../../scripts/build.ts';
import { startServer } from '../../sync-server/app.ts';
import { SUPABASE_DEMO_ANON_KEY } from '../../sync-server/config.ts';
import { adultSignUpData } from '../../sync-server/test-people.ts';
import { CHROMIUM_PATH, ensureChromium } from '../../scripts/ensure-chromium.mjs';
import { median } from './figures.ts';

// Debian's Chromium, installed when missing (as npm test does).
ensureChromium();

const { values: args } = parseArgs({
  options: {
    dist: { type: 'string' },
    runs: { type: 'string', default: '10' },
    port: { type: 'string', default: '4181' },
    /** The CPU of a low-end phone (issue 20): 4× slower through the DevTools protocol. */
    throttle: { type: 'boolean', default: false },
  },
});
const CPU_SLOWDOWN = args.throttle ? 4 : 1;

const RUNS = Number(args.runs);
const PASSWORD = 'Caderno2025';
const DASHBOARD_TITLE = 'Meus cadernos';

interface ColdStart {
  firstPaint: number;
  firstContentfulPaint: number;
  largestContentfulPaint: number;
  dashboardHeading: number;
  dashboardReady: number;
  fromServiceWorker: boolean;
}

const launchOptions = {
  executablePath: CHROMIUM_PATH,
  headless: true,
  // The same flags as the browser tests (playwright.config.ts): no background traffic.
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  locale: 'pt-BR',
  viewport: { width: 360, height: 780 },
};

/**
 * Watches, from the first script of the page, for the dashboard's heading and the largest paint.
 * A string, not a function: tsx would wrap a function's inner functions in a helper (__name)
 * the page does not have.
 */
const PROBES = `
  window.__lcp = 0;
  window.__heading = 0;
  window.__ready = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  let heading = false;
  const observer = new MutationObserver(() => {
    const headings = [...document.querySelectorAll('h1')];
    if (!headings.some((h) => h.textContent.trim() === ${JSON.stringify(DASHBOARD_TITLE)})) return;
    // The next frame's callback: what is in the page is laid out and about to be painted.
    if (!heading) requestAnimationFrame(() => (window.__heading = performance.now()));
    heading = true;
    // The screen shows aria-busy while the person's local database opens.
    if (document.querySelector('[aria-busy="true"]')) return;
    observer.disconnect();
    requestAnimationFrame(() => (window.__ready = performance.now()));
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['aria-busy'] });
`;

async function setUp(profile: string, baseURL: string): Promise<void> {
  const username = `bench${Date.now().toString(36).slice(-8)}`;
  const email = `${username}@example.com`;
  const response = await fetch(`${baseURL}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: SUPABASE_DEMO_ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, data: adultSignUpData(username) }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);

  const context = await chromium.launchPersistentContext(profile, { ...launchOptions, baseURL });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.addInitScript(() => {
      localStorage.setItem('cookie-consent', JSON.stringify({ necessary: true, functional: false, analytics: false, marketing: false }));
    });
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await page.waitForURL(/\/meus-cadernos$/);
    await page.getByTestId('account-menu').filter({ hasText: `@${username}` }).waitFor();
    // Installed and controlling: everything is precached.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
      }
    });
  } finally {
    await context.close();
  }
}

async function coldStart(profile: string, baseURL: string): Promise<ColdStart> {
  const context: BrowserContext = await chromium.launchPersistentContext(profile, { ...launchOptions, baseURL });
  try {
    await context.setOffline(true);
    const page = context.pages()[0] ?? (await context.newPage());
    await page.addInitScript({ content: PROBES });
    if (CPU_SLOWDOWN > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const response = await page.goto('/meus-cadernos');
    await page
      .waitForFunction(() => (window as unknown as { __ready: number }).__ready > 0, undefined, { timeout: 30_000 })
      .catch(async (error: unknown) => {
        const headings = await page.locator('h1').allTextContents();
        throw new Error(`no dashboard heading at ${page.url()} (h1: ${JSON.stringify(headings)})`, { cause: error });
      });
    // Still the dashboard (a lost session would have sent the person to the login screen).
    if (new URL(page.url()).pathname !== '/meus-cadernos') throw new Error(`cold start ended at ${page.url()}`);
    // Give the largest-contentful-paint entry of that frame time to be reported.
    await page.waitForTimeout(300);
    const timings = await page.evaluate(() => {
      const [firstPaint, firstContentfulPaint] = ['first-paint', 'first-contentful-paint'].map(
        (name) => performance.getEntriesByName(name, 'paint')[0]?.startTime ?? NaN,
      );
      const w = window as unknown as { __lcp: number; __heading: number; __ready: number };
      return {
        firstPaint,
        firstContentfulPaint,
        largestContentfulPaint: w.__lcp || NaN,
        dashboardHeading: w.__heading,
        dashboardReady: w.__ready,
      };
    });
    return { ...timings, fromServiceWorker: response?.fromServiceWorker() ?? false };
  } finally {
    await context.close();
  }
}

const ms = (value: number) => `${Math.round(value)} ms`.padStart(9);

async function main() {
  const temporary = fs.mkdtempSync(path.join(os.tmpdir(), 'cadernos-coldstart-'));
  const dist = args.dist ? path.resolve(args.dist) : path.join(temporary, 'dist');
  if (!args.dist) await buildApp({ quiet: true, outDir: dist });
  const server = await startServer({
    staticDir: dist,
    port: Number(args.port),
    dataDir: 'memory://',
    storageDir: path.join(temporary, 'storage'),
  });
  const profile = path.join(temporary, 'profile');
  try {
    await setUp(profile, server.url);
    const runs: ColdStart[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await coldStart(profile, server.url));
    if (runs.some((run) => !run.fromServiceWorker)) throw new Error('a cold start was not served by the service worker');

    const cpu = CPU_SLOWDOWN > 1 ? `, CPU ${CPU_SLOWDOWN}× slower` : '';
    console.log(`Offline cold start of /meus-cadernos (signed in), headless Chromium${cpu}, ${RUNS} runs, from navigation start:\n`);
    const columns = ['firstPaint', 'firstContentfulPaint', 'largestContentfulPaint', 'dashboardHeading', 'dashboardReady'] as const;
    console.log('  run  first paint        FCP        LCP  dashboard  dashboard');
    console.log('                                          heading      ready');
    const row = (label: string, value: (key: (typeof columns)[number]) => number) =>
      console.log(`  ${label.padStart(3)}  ${columns.map((key) => ms(value(key))).join('  ')}`);
    runs.forEach((run, i) => row(String(i + 1), (key) => run[key]));
    row('med', (key) => median(runs.map((run) => run[key])));
    console.log('\n  heading: the dashboard title in a rendered frame; ready: its local database open (no aria-busy).');
    console.log(`\n  load average: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} (${os.cpus().length} cores)`);
  } finally {
    await server.close();
    fs.rmSync(temporary, { recursive: true, force: true });
  }
}

await main();
