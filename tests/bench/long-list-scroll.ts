/**
 * A list of 1,000 items scrolls without a dropped frame on the Pixel 7 profile (issue 22's budget).
 *
 * The lists a real person fills to 1,000 are the dashboard (a teacher's notebooks over the years,
 * read from the device's RxDB) and the answers of a busy notebook in the owner's view (a public
 * notebook, replicated too). The online lists (blocked people, user search) page 20 at a time, so
 * they reach 1,000 rows only after 50 "Carregar mais"; the dashboard is the one measured here.
 * Its list is virtualised (src/components/VirtualList.tsx): only the rows near the screen are in
 * the DOM (4 cards at the top on this phone, of 1,000; about 8 with the rows kept beyond the screen),
 * the rest is an estimated, then measured, height. The scroll below therefore also measures the
 * rows mounted and unmounted as they come and go: during the scroll as placeholders (title only),
 * becoming full cards when the page is still for 400 ms — which happens between two gestures here.
 *
 * The built app is served by the sync-server in process; a person with N notebooks (default 1,000)
 * signs in on Playwright's devices['Pixel 7'] (412×839, DPR 2.625, touch, mobile UA) in Debian's
 * headless Chromium, waits for every card, then scrolls the page top to bottom with real
 * scroll gestures (DevTools Input.synthesizeScrollGesture) while the page counts — wheel gestures
 * (gestureSourceType 'mouse'): headless Chromium ignores synthesized touch scrolls (the page does
 * not move; tried with --touch-events=enabled too), and both end in the same compositor scroll:
 *   - dropped frames: requestAnimationFrame intervals longer than 1.5 × the 16.7 ms frame budget
 *     (each such interval counts the frames it missed: round(interval / 16.7) − 1);
 *   - long animation frames (PerformanceObserver 'long-animation-frame', ≥ 50 ms).
 *   - the page's JavaScript heap after each run (DevTools Runtime.getHeapUsage): steady, or a leak.
 * The control (--control) is a static page of 1,000 plain boxes of a card's height, all in the DOM:
 * the same scroll over the same height with no script — what this machine drops at that load.
 * Runs unthrottled and with the CPU 4× slower (Emulation.setCPUThrottlingRate): Playwright's
 * descriptor is only viewport, UA and touch, and a real Pixel 7 is about 2–4× slower than this
 * machine's cores, so both are printed. Medians of --runs. Not a test: nothing is asserted. Measure on a
 * quiet machine: at a load of 6 or more even the control drops hundreds of frames.
 *
 *   VITE_ANALYTICS_ENDPOINT=/__analytics npx tsx scripts/build.ts --out /tmp/lists-dist
 *   npx tsx tests/bench/long-list-scroll.ts --dist /tmp/lists-dist [--runs 3] [--notebooks 1000] [--speed 8000] [--port 4731]
 *       [--throttles 1,4] [--layout grid|list] [--css '<extra CSS to try>'] [--control] [--trace /tmp/scroll] [--profile /tmp/scroll] [--record-run 3]
 *   npx tsx tests/bench/trace-frames.ts /tmp/scroll-4x.json   # where the time of each frame goes
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { chromium, devices, type CDPSession, type Page } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { startServer } from '../../sync-server/app.ts';
import { SUPABASE_DEMO_ANON_KEY } from '../../sync-server/config.ts';
import { CHROMIUM_PATH, ensureChromium } from '../../scripts/ensure-chromium.mjs';
import { median } from './figures.ts';

ensureChromium();

const root = path.resolve(import.meta.dirname, '../..');
const { values: args } = parseArgs({
  options: {
    dist: { type: 'string', default: path.join(root, 'dist') },
    runs: { type: 'string', default: '3' },
    notebooks: { type: 'string', default: '1000' },
    /** Finger speed of the scroll gestures, px/s (a fast, steady swipe; flings are off): 1,000 cards are ~500,000 px. */
    speed: { type: 'string', default: '8000' },
    port: { type: 'string', default: '4731' },
    /** Which layout the dashboard shows: grid (the default one) or list. */
    layout: { type: 'string', default: 'grid' },
    /** CPU slow-downs to measure, comma-separated (1 = unthrottled). */
    throttles: { type: 'string', default: '1,4' },
    /** Extra CSS added to the page, to try a change without a build (e.g. content-visibility). */
    css: { type: 'string', default: '' },
    /** The control: a static page of as many plain boxes, as tall as the dashboard (the machine's floor). */
    control: { type: 'boolean', default: false },
    /** Writes a DevTools performance trace of each throttle's first run to <trace>-<rate>x.json (see trace-frames.ts). */
    trace: { type: 'string', default: '' },
    /** Writes a JavaScript CPU profile of each throttle's first run to <profile>-<rate>x.cpuprofile (DevTools opens it). */
    profile: { type: 'string', default: '' },
    /** Which run --trace and --profile record (1 = the first): later runs scroll a page that has been scrolled before. */
    'record-run': { type: 'string', default: '1' },
  },
});
const RUNS = Number(args.runs);
const NOTEBOOKS = Number(args.notebooks);
const SPEED = Number(args.speed);
const FRAME_MS = 1000 / 60;
const THROTTLES = args.throttles.split(',').map(Number);
const PASSWORD = 'Caderno2025';

async function seedPerson(baseURL: string) {
  const id = `scroll${Date.now().toString(36)}`.slice(0, 20);
  const person = { email: `${id}@example.com`, password: PASSWORD };
  const client = createClient(baseURL, SUPABASE_DEMO_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  const signUp = await client.auth.signUp({
    email: person.email,
    password: PASSWORD,
    options: { data: { username: id, birth_date: '1990-04-12' } },
  });
  if (signUp.error) throw signUp.error;
  const userId = signUp.data.user!.id;
  const notebooks = Array.from({ length: NOTEBOOKS }, (_, i) => ({
    id: randomUUID(),
    user_id: userId,
    title: `Caderno ${i + 1} da turma`,
    description: i % 3 === 0 ? 'Perguntas para a turma do oitavo ano, para lembrar do ano' : null,
  }));
  for (let i = 0; i < notebooks.length; i += 250) {
    const inserted = await client.from('notebooks').insert(notebooks.slice(i, i + 250));
    if (inserted.error) throw inserted.error;
  }
  const questions = notebooks.map((nb) => ({ id: randomUUID(), notebook_id: nb.id, text: 'Qual sua cor favorita?', order_index: 0 }));
  for (let i = 0; i < questions.length; i += 500) {
    const q = await client.from('questions').insert(questions.slice(i, i + 500));
    if (q.error) throw q.error;
  }
  return person;
}

interface Run {
  /** frames in the scroll (the rAF callbacks seen) */
  frames: number;
  /** frames missed: rAF intervals > 1.5 × budget, each counting the frames it skipped */
  dropped: number;
  /** the longest rAF interval (ms) */
  worstMs: number;
  /** long animation frames (≥ 50 ms) seen by PerformanceObserver */
  longFrames: number;
  /** how long the scroll took (ms) and how far it went (px) */
  durationMs: number;
  distance: number;
  /** the page's JavaScript heap after the run (MB): a heap that grows run after run is a leak */
  heapMb: number;
}

// The page-side counters are plain strings: tsx's transform would name the functions (__name),
// which does not exist in the page.
const START_COUNTING = `(() => {
  const state = { stamps: [], loaf: 0, running: true, observer: undefined };
  window.__scroll = state;
  const tick = (t) => {
    if (!state.running) return;
    state.stamps.push(t);
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  try {
    state.observer = new PerformanceObserver((list) => { state.loaf += list.getEntries().length; });
    state.observer.observe({ type: 'long-animation-frame', buffered: false });
  } catch {
    // no long-animation-frame support: only rAF intervals count
  }
})()`;

const STOP_COUNTING = `(() => {
  const state = window.__scroll;
  state.running = false;
  state.observer?.disconnect();
  return { stamps: state.stamps, loaf: state.loaf };
})()`;

/** Starts counting frames in the page (rAF intervals and long animation frames). */
async function startCounting(page: Page) {
  await page.evaluate(START_COUNTING);
}

async function stopCounting(page: Page): Promise<{ stamps: number[]; loaf: number }> {
  return (await page.evaluate(STOP_COUNTING)) as { stamps: number[]; loaf: number };
}

/** Scrolls the page from the top to the bottom with touch gestures; returns when the end is reached. */
async function scrollToBottom(page: Page, cdp: CDPSession): Promise<number> {
  const { width, height } = page.viewportSize()!;
  let travelled = 0;
  for (let guard = 0; guard < 500; guard++) {
    const { y, max } = await page.evaluate(() => ({ y: window.scrollY, max: document.documentElement.scrollHeight - window.innerHeight }));
    if (y >= max - 2) break;
    const distance = Math.min(max - y, height * 6);
    await cdp.send('Input.synthesizeScrollGesture', {
      x: Math.round(width / 2),
      y: Math.round(height * 0.8),
      yDistance: -distance,
      speed: SPEED,
      gestureSourceType: 'mouse',
      preventFling: true,
    });
    travelled += distance;
    const after = await page.evaluate(() => window.scrollY);
    if (after <= y) throw new Error(`the scroll gesture did not move the page (${y} → ${after})`);
  }
  return travelled;
}

async function oneRun(page: Page, cdp: CDPSession): Promise<Run> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(500);
  await startCounting(page);
  const started = Date.now();
  const distance = await scrollToBottom(page, cdp);
  const durationMs = Date.now() - started;
  const { stamps, loaf } = await stopCounting(page);
  let dropped = 0;
  let worstMs = 0;
  for (let i = 1; i < stamps.length; i++) {
    const interval = stamps[i] - stamps[i - 1];
    worstMs = Math.max(worstMs, interval);
    if (interval > 1.5 * FRAME_MS) dropped += Math.round(interval / FRAME_MS) - 1;
  }
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return { frames: stamps.length, dropped, worstMs, longFrames: loaf, durationMs, distance, heapMb: usedSize / 2 ** 20 };
}

/**
 * Signs in and waits until the device holds every notebook (the tab's count) and the first card is
 * drawn, then for the sync to settle. The list renders only the cards near the screen (VirtualList),
 * so the last card is not waited for: before it was virtualised, all came in the same render.
 */
async function openDashboard(page: Page, person: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByLabel('Senha', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await page.waitForURL(/\/meus-cadernos$/);
  await page.getByRole('tab', { name: `Meus cadernos (${NOTEBOOKS})` }).waitFor({ timeout: 180_000 });
  await page.getByTestId('notebook-card').first().waitFor({ timeout: 30_000 });
  await page.waitForTimeout(2000); // the sync settles
}

/**
 * A DevTools performance trace (the categories the Performance panel records: main-thread tasks,
 * style, layout, paint, compositing and raster) while one run scrolls.
 */
async function startTrace(cdp: CDPSession) {
  const events: unknown[] = [];
  const collect = ({ value }: { value: unknown[] }) => events.push(...value);
  cdp.on('Tracing.dataCollected', collect);
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      recordMode: 'recordContinuously',
      includedCategories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'disabled-by-default-devtools.timeline.frame',
        'blink',
        'cc',
        'gpu',
        'viz',
        'toplevel',
        'v8.execute',
        'blink.user_timing',
        'loading',
        'latencyInfo',
      ],
    },
  });
  return {
    async stop(file: string) {
      const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
      await cdp.send('Tracing.end');
      await done;
      cdp.off('Tracing.dataCollected', collect);
      writeFileSync(file, JSON.stringify({ traceEvents: events }));
      console.log(`(trace of this run: ${file}, ${events.length} events)`);
    },
  };
}


async function main() {
  const server = await startServer({ staticDir: path.resolve(args.dist), port: Number(args.port), dataDir: 'memory://' });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--no-first-run'] });
  try {
    const person = args.control ? null : await seedPerson(server.url);
    const context = await browser.newContext({ ...devices['Pixel 7'], baseURL: server.url, locale: 'pt-BR' });
    await context.addInitScript(
      ([layout, css]) => {
        localStorage.setItem('cookie-consent', JSON.stringify({ necessary: true, functional: false, analytics: false, marketing: false }));
        if (layout === 'list') localStorage.setItem('dashboard-view', JSON.stringify({ layout: 'list' }));
        if (css) document.addEventListener('DOMContentLoaded', () => document.head.append(Object.assign(document.createElement('style'), { textContent: css })));
      },
      [args.layout, args.css],
    );
    const page = await context.newPage();
    if (args.control) {
      await page.goto('/');
      await page.setContent(
        `<meta name="viewport" content="width=device-width"><body style="margin:0">${'<div style="box-sizing:border-box;height:491px;margin:0 12px 16px;border:1px solid #ccc;border-radius:12px;padding:12px"><h3>Caderno</h3><p>por alguém · Perguntas para a turma</p><button>Ver</button></div>'.repeat(NOTEBOOKS)}</body>`,
      );
    } else await openDashboard(page, person!);
    const cdp = await context.newCDPSession(page);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    const inDom = args.control ? NOTEBOOKS : await page.getByTestId('notebook-card').count();

    console.log(
      `\nScrolling ${args.control ? 'the control (plain boxes)' : 'the dashboard'} with ${NOTEBOOKS} notebooks (${args.layout}${args.css ? `, with ${args.css}` : ''}), ${height} px tall, ${inDom} cards in the DOM at the top, wheel scroll gestures at ${SPEED} px/s on devices['Pixel 7'] — Chromium ${browser.version()}, ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}\n`,
    );
    console.log('| CPU | run | frames | dropped frames | worst frame (ms) | long animation frames | scroll (s) | JS heap after (MB) |');
    console.log('|---|---|---|---|---|---|---|---|');
    const summary: string[] = [];
    for (const rate of THROTTLES) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) {
        const recorded = i === Number(args['record-run']) - 1;
        const tracing = args.trace && recorded ? await startTrace(cdp) : null;
        const profiling = args.profile && recorded;
        if (profiling) await cdp.send('Profiler.enable').then(() => cdp.send('Profiler.start'));
        const run = await oneRun(page, cdp);
        if (tracing) await tracing.stop(`${args.trace}-${rate}x.json`);
        if (profiling) {
          const { profile } = await cdp.send('Profiler.stop');
          writeFileSync(`${args.profile}-${rate}x.cpuprofile`, JSON.stringify(profile));
          console.log(`(CPU profile of this run: ${args.profile}-${rate}x.cpuprofile)`);
        }
        runs.push(run);
        console.log(
          `| ${rate}× | ${i + 1} | ${run.frames} | ${run.dropped} | ${run.worstMs.toFixed(0)} | ${run.longFrames} | ${(run.durationMs / 1000).toFixed(1)} | ${run.heapMb.toFixed(1)} |`,
        );
      }
      summary.push(
        `| **${rate}× median** | | ${median(runs.map((r) => r.frames))} | **${median(runs.map((r) => r.dropped))}** | ${median(runs.map((r) => r.worstMs)).toFixed(0)} | ${median(runs.map((r) => r.longFrames))} | ${(median(runs.map((r) => r.durationMs)) / 1000).toFixed(1)} | ${median(runs.map((r) => r.heapMb)).toFixed(1)} |`,
      );
    }
    for (const line of summary) console.log(line);
    await context.close();
  } finally {
    await browser.close();
    await server.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
