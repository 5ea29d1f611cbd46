/**
 * The first visit on a cheap phone over a bad network (issue 20): a friend taps an invite link
 * `/n/{code}` with nothing cached, registers from it and lands in the notebook. Headless Chromium
 * (Debian's) emulates a low-end phone through the DevTools protocol — CPU 4× slower
 * (Emulation.setCPUThrottlingRate), 400 ms round trip and 400 kbit/s each way
 * (Network.emulateNetworkConditions, applied to the page and to its service worker), a 360×740
 * touch screen — in a new browser context every run (no cache, no service worker, no storage).
 *
 *   npx tsx tests/bench/invite-first-visit.ts [--dist /tmp/bench-dist] [--runs 10] [--port 4350] [--questions 12]
 *       [--pace instant|person] [--no-throttle] [--profile /tmp/submit.cpuprofile]
 *
 * Measures, median of the runs:
 *   landing   navigation start → first paint, first contentful paint, and the invite screen ready
 *             (its "Criar conta" link shown); the JavaScript the landing loaded before its first
 *             contentful paint and before it was ready (gzip sizes of the built files; the server
 *             sends brotli where the browser takes it, a little smaller);
 *   sign-up   the app's own time only: landing ready + ("Criar conta" tapped → registration form
 *             ready) + ("Criar conta" submitted → the notebook's first question answerable). The
 *             person's time between is not counted: none with --pace instant (forms filled at
 *             once, the default), 3 s reading and 20 s typing with --pace person — time in which
 *             what the app preloads arrives;
 *   offline   navigation start → the notebook and every question in IndexedDB and the service
 *             worker controlling the page (what going offline right then would keep).
 * The first run also prints the page's network log up to the answerable question (when each
 * file started and ended), to show waterfalls. Not a test: targets are printed, never asserted.
 *
 * The consent choice is stored before the page loads (its dialog is the person's time).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test';
import { buildApp } from '../../scripts/build.ts';
import { startTestServer, type TestServer } from '../../sync-server/testing.ts';
import { ADULT_BIRTH_DATE, signUpAdult } from '../../sync-server/test-people.ts';
import { CHROMIUM_PATH, ensureChromium } from '../../scripts/ensure-chromium.mjs';
import { median } from './figures.ts';

ensureChromium();

const { values: args } = parseArgs({
  options: {
    dist: { type: 'string' },
    runs: { type: 'string', default: '10' },
    port: { type: 'string', default: '4350' },
    questions: { type: 'string', default: '12' },
    /** instant: forms filled at once; person: 3 s reading the invitation, 20 s typing the form. */
    pace: { type: 'string', default: 'instant' },
    /** Unthrottled, to see what the emulation costs. */
    'no-throttle': { type: 'boolean', default: false },
    /** Writes run 1's JavaScript CPU profile from the submit to the answerable question here (open in DevTools), and prints where it went. */
    profile: { type: 'string', default: '' },
  },
});

const RUNS = Number(args.runs);
const QUESTIONS = Number(args.questions);
const THROTTLED = !args['no-throttle'];
/** The person's own time, never counted: reading the invitation, typing the registration. */
const PACE = args.pace === 'person' ? { readingMs: 3000, typingMs: 20_000 } : { readingMs: 0, typingMs: 0 };
const PASSWORD = 'Caderno2025';
const NOTEBOOK_TITLE = 'Caderno da turma do 9º B';

/** A low-end phone on a bad network, as DevTools describes one. */
const PHONE = {
  cpuSlowdown: 4,
  network: { offline: false, latency: 400, downloadThroughput: 400_000 / 8, uploadThroughput: 400_000 / 8 },
  viewport: { width: 360, height: 740 },
};

const TARGETS = { landingJsKb: 80, firstPaintMs: 2000, answerableMs: 3000 };

/**
 * Page-side probes, from the first script of every document: when each screen of the path is
 * ready (in a rendered frame) and when the person's last tap or submit happened, all on the
 * page's clock (navigation start = 0). A string: tsx would wrap inner functions in a helper the
 * page does not have.
 */
const PROBES = `
  window.__ready = {};
  window.__acted = 0;
  const screens = {
    landing: () => document.querySelector('[data-testid="invite-login"] a[href*="register"]'),
    register: () => document.querySelector('form input[autocomplete="username"], form input[name="username"]') && document.querySelector('form button[type="submit"]'),
    answerable: () => document.querySelector('[data-testid="question-page"] h3') && document.querySelector('[data-testid="question-page"] textarea:not([disabled])'),
  };
  const look = () => {
    for (const [name, isReady] of Object.entries(screens)) {
      if (window.__ready[name] || !isReady()) continue;
      window.__ready[name] = -1;
      requestAnimationFrame(() => (window.__ready[name] = performance.now()));
    }
  };
  new MutationObserver(look).observe(document, { childList: true, subtree: true, attributes: true });
  for (const type of ['click', 'submit']) addEventListener(type, (event) => (window.__acted = event.timeStamp), true);
`;

/** Paint times, the scripts loaded (path, start, end) and the load event, on the page's clock. */
const LANDING_TIMINGS = `(() => {
  const at = (name) => performance.getEntriesByName(name, 'paint')[0]?.startTime ?? NaN;
  const scripts = performance
    .getEntriesByType('resource')
    .filter((e) => e.initiatorType === 'script' || e.initiatorType === 'link' || /\\.js$/.test(new URL(e.name).pathname))
    .map((e) => ({ path: new URL(e.name).pathname, start: e.startTime, end: e.responseEnd }));
  const load = performance.getEntriesByType('navigation')[0].loadEventStart;
  return { firstPaint: at('first-paint'), firstContentfulPaint: at('first-contentful-paint'), scripts, load };
})()`;
interface LandingTimings {
  firstPaint: number;
  firstContentfulPaint: number;
  scripts: { path: string; start: number; end: number }[];
  load: number;
}

/** Whether the service worker controls the page and IndexedDB holds the notebook and every question. */
const STORED_OFFLINE = `(async () => {
  if (!navigator.serviceWorker.controller) return false;
  const request = (r) => new Promise((resolve, reject) => { r.onsuccess = () => resolve(r.result); r.onerror = () => reject(r.error); });
  let text = '';
  for (const info of await indexedDB.databases()) {
    const db = await request(indexedDB.open(info.name));
    for (const name of [...db.objectStoreNames]) text += JSON.stringify(await request(db.transaction(name, 'readonly').objectStore(name).getAll()));
    db.close();
  }
  if (!text.includes(${JSON.stringify(NOTEBOOK_TITLE)})) return false;
  for (let i = 1; i <= ${QUESTIONS}; i++) if (!text.includes('Pergunta ' + i + ':')) return false;
  return true;
})()`;

/** Every file the page fetched: start → end on the page's clock, and its path. */
const NETWORK_LOG = `performance.getEntriesByType('resource').map((r) => {
  const url = new URL(r.name);
  return String(Math.round(r.startTime)).padStart(6) + ' → ' + String(Math.round(r.responseEnd)).padStart(6) + ' ms  ' + url.pathname + url.search.slice(0, 40);
})`;

interface Run {
  firstPaint: number;
  firstContentfulPaint: number;
  landingReady: number;
  landingJsBeforeFcp: number;
  landingJsReady: number;
  landingJsFiles: number;
  registerReady: number;
  answerable: number;
  firstVisitToAnswerable: number;
  offlineReady: number;
  /** The path on the page's clock: landing ready, form ready, submitted, answerable. */
  milestones: string;
  network?: string[];
}

const ms = (value: number) => `${Math.round(value)} ms`;
const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** gzip size of each built file, by URL path (what a compressing server sends). */
function gzipSizes(dist: string): Map<string, number> {
  const sizes = new Map<string, number>();
  const assets = path.join(dist, 'assets');
  for (const name of fs.readdirSync(assets)) {
    if (name.endsWith('.js')) sizes.set(`/assets/${name}`, gzipSync(fs.readFileSync(path.join(assets, name))).length);
  }
  return sizes;
}

async function seedInvite(server: TestServer): Promise<string> {
  const client = server.anonClient();
  const username = `dona${Date.now().toString(36)}`.slice(0, 20);
  const signUp = await signUpAdult(client, { email: `${username}@example.com`, password: PASSWORD, username });
  if (signUp.error || !signUp.data.user) throw new Error(`owner sign-up failed: ${signUp.error?.message}`);
  const notebookId = randomUUID();
  const notebook = await client.from('notebooks').insert({ id: notebookId, user_id: signUp.data.user.id, title: NOTEBOOK_TITLE });
  if (notebook.error) throw notebook.error;
  const questions = Array.from({ length: QUESTIONS }, (_, i) => ({
    id: randomUUID(),
    notebook_id: notebookId,
    text: `Pergunta ${i + 1}: qual é a sua lembrança favorita da escola?`,
    order_index: i,
  }));
  const inserted = await client.from('questions').insert(questions);
  if (inserted.error) throw inserted.error;
  const link = await client.rpc('create_invite_link', { p_notebook_id: notebookId });
  if (link.error) throw link.error;
  return (link.data as { code: string }).code;
}

/** The same phone for the service worker: throttling set on the page does not reach it. */
async function throttleServiceWorkers(browser: Browser): Promise<() => Promise<void>> {
  const session = await browser.newBrowserCDPSession();
  let nextId = 1;
  session.on('Target.targetCreated', ({ targetInfo }) => {
    if (targetInfo.type !== 'service_worker') return;
    void session
      .send('Target.attachToTarget', { targetId: targetInfo.targetId, flatten: false })
      .then(({ sessionId }) => {
        const send = (method: string, params: object) =>
          session.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: nextId++, method, params }) });
        return Promise.all([
          send('Network.enable', {}),
          send('Network.emulateNetworkConditions', PHONE.network),
          send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown }),
        ]);
      })
      .catch(() => undefined);
  });
  await session.send('Target.setDiscoverTargets', { discover: true });
  return () => session.detach();
}

async function throttlePage(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', PHONE.network);
  return cdp;
}

/** Waits for a probe's screen, then returns its time and the person's action before it. */
async function readyAfterAction(page: Page, screen: string): Promise<{ ready: number; acted: number }> {
  const handle = await page.waitForFunction(
    (name) => {
      const w = window as unknown as { __ready: Record<string, number>; __acted: number };
      return w.__ready[name] > 0 ? { ready: w.__ready[name], acted: w.__acted } : null;
    },
    screen,
    { timeout: 120_000, polling: 100 },
  );
  return (await handle.jsonValue()) as { ready: number; acted: number };
}

/** Every string of the page's IndexedDB databases joined, searched for the notebook and its questions. */
async function storedOffline(page: Page): Promise<boolean> {
  return (await page.evaluate(STORED_OFFLINE)) as boolean;
}

/** The page's JavaScript sampling profiler (1 ms), started now. */
async function startProfiler(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
  await cdp.send('Profiler.start');
  return cdp;
}

/** Stops the profiler, writes the profile (DevTools opens it) and prints the files and functions that took the main thread. */
async function stopProfiler(cdp: CDPSession, file: string): Promise<void> {
  const { profile } = await cdp.send('Profiler.stop');
  fs.writeFileSync(file, JSON.stringify(profile));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 1; i < samples.length; i++) self.set(samples[i - 1], (self.get(samples[i - 1]) ?? 0) + deltas[i] / 1000);
  const files = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const [id, msSpent] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const where = url ? path.basename(new URL(url, 'http://x').pathname) : '';
    if (functionName === '(idle)' || functionName === '(program)') continue;
    files.set(where || functionName, (files.get(where || functionName) ?? 0) + msSpent);
    const name = `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
    functions.set(name, (functions.get(name) ?? 0) + msSpent);
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map].sort((a, b) => b[1] - a[1]).slice(0, n).map(([name, msSpent]) => `      ${String(Math.round(msSpent)).padStart(6)} ms  ${name}`);
  const busy = [...files.values()].reduce((sum, msSpent) => sum + msSpent, 0);
  console.log(
    [`  run 1, submit → answerable: ${Math.round(busy)} ms of JavaScript on the main thread (profile: ${file})`, '    by file:', ...top(files, 12), '    by function (self time):', ...top(functions, 20)].join('\n'),
  );
  await cdp.detach();
}

async function firstVisit(browser: Browser, baseURL: string, code: string, sizes: Map<string, number>, withLog: boolean): Promise<Run> {
  const context = await browser.newContext({
    baseURL,
    viewport: PHONE.viewport,
    screen: PHONE.viewport,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'pt-BR',
    serviceWorkers: 'allow',
  });
  try {
    await context.addInitScript(() =>
      localStorage.setItem('cookie-consent', JSON.stringify({ necessary: true, functional: false, analytics: false, marketing: false })),
    );
    await context.addInitScript({ content: PROBES });
    const page = await context.newPage();
    if (THROTTLED) await throttlePage(page);

    // 1. The link is tapped: the landing route.
    await page.goto(`/n/${code}`, { waitUntil: 'load', timeout: 120_000 });
    const landing = await readyAfterAction(page, 'landing');
    const paints = (await page.evaluate(LANDING_TIMINGS)) as LandingTimings;
    const jsBy = (until: number) =>
      paints.scripts.filter((s) => s.end <= until && sizes.has(s.path)).reduce((sum, s) => sum + sizes.get(s.path)!, 0);
    const scriptsBy = (until: number) => paints.scripts.filter((s) => s.end <= until && sizes.has(s.path)).length;

    // 2. "Criar conta" → the registration form.
    if (PACE.readingMs) await page.waitForTimeout(PACE.readingMs);
    await page.getByTestId('invite-login').getByRole('link', { name: 'Criar conta' }).click();
    const register = await readyAfterAction(page, 'register');
    const username = `amiga${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    await page.getByLabel('Nome de usuário').fill(username);
    await page.getByLabel('E-mail').fill(`${username}@example.com`);
    await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirme a senha').fill(PASSWORD);
    await page.getByLabel('Data de nascimento').fill(ADULT_BIRTH_DATE);
    const typed = (await page.evaluate(() => performance.now())) - register.ready;
    if (PACE.typingMs > typed) await page.waitForTimeout(PACE.typingMs - typed);

    // 3. Submitted → signed up, invite redeemed, the notebook open at its first question.
    const profiler = withLog && args.profile ? await startProfiler(page) : null;
    await page.getByRole('button', { name: 'Criar conta' }).click();
    const answerable = await readyAfterAction(page, 'answerable');
    if (profiler) await stopProfiler(profiler, args.profile);
    if (!/\/notebook\//.test(page.url())) throw new Error(`the path ended at ${page.url()}`);

    // 4. Offline-ready: the notebook and its questions in IndexedDB, the service worker controlling.
    let offlineReady = NaN;
    const deadline = Date.now() + 180_000;
    while (Date.now() < deadline) {
      if (await storedOffline(page).catch(() => false)) {
        offlineReady = await page.evaluate(() => performance.now());
        break;
      }
      await page.waitForTimeout(250);
    }
    if (Number.isNaN(offlineReady)) throw new Error('never offline-ready');

    const network = withLog
      ? ((await page.evaluate(NETWORK_LOG)) as string[])
      : undefined;

    const registerTime = register.ready - register.acted;
    const answerTime = answerable.ready - answerable.acted;
    return {
      firstPaint: paints.firstPaint,
      firstContentfulPaint: paints.firstContentfulPaint,
      landingReady: landing.ready,
      landingJsBeforeFcp: jsBy(paints.firstContentfulPaint),
      landingJsReady: jsBy(landing.ready),
      landingJsFiles: scriptsBy(landing.ready),
      registerReady: registerTime,
      answerable: answerTime,
      firstVisitToAnswerable: landing.ready + registerTime + answerTime,
      offlineReady,
      milestones: `landing ready ${ms(landing.ready)}, "Criar conta" tapped ${ms(register.acted)}, form ready ${ms(register.ready)}, submitted ${ms(answerable.acted)}, question answerable ${ms(answerable.ready)}, offline-ready ${ms(offlineReady)}`,
      network,
    };
  } finally {
    await context.close();
  }
}

async function main() {
  const temporary = fs.mkdtempSync(path.join(os.tmpdir(), 'cadernos-invite-bench-'));
  const dist = args.dist ? path.resolve(args.dist) : path.join(temporary, 'dist');
  if (!args.dist) await buildApp({ quiet: true, outDir: dist });
  const sizes = gzipSizes(dist);
  const server = await startTestServer({ staticDir: dist, port: Number(args.port), storageDir: path.join(temporary, 'storage') });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
  const stopThrottlingWorkers = THROTTLED ? await throttleServiceWorkers(browser) : async () => undefined;
  const loads = [os.loadavg()[0]];
  try {
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      const code = await seedInvite(server);
      runs.push(await firstVisit(browser, server.url, code, sizes, i === 0));
      loads.push(os.loadavg()[0]);
      process.stdout.write(`run ${i + 1}/${RUNS} done (load ${os.loadavg()[0].toFixed(1)})\n`);
    }
    print(runs, loads);
  } finally {
    await stopThrottlingWorkers().catch(() => undefined);
    await browser.close();
    await server.close();
    fs.rmSync(temporary, { recursive: true, force: true });
  }
}

function print(runs: Run[], loads: number[]) {
  const profile = THROTTLED
    ? `CPU ${PHONE.cpuSlowdown}× slower, ${PHONE.network.latency} ms round trip, 400 kbit/s each way, ${PHONE.viewport.width}×${PHONE.viewport.height}`
    : `unthrottled, ${PHONE.viewport.width}×${PHONE.viewport.height}`;
  const pace = PACE.typingMs ? `a person's pace: ${PACE.readingMs / 1000} s reading the invitation, ${PACE.typingMs / 1000} s typing the form` : 'forms filled at once';
  console.log(`\nFirst visit from an invite link (${profile}; ${pace}), headless Chromium, nothing cached, ${runs.length} runs:\n`);
  const columns: [keyof Run, string][] = [
    ['firstPaint', 'first paint'],
    ['firstContentfulPaint', 'FCP'],
    ['landingReady', 'landing ready'],
    ['registerReady', 'tap → form'],
    ['answerable', 'submit → question'],
    ['firstVisitToAnswerable', 'link → question (app time)'],
    ['offlineReady', 'offline-ready'],
  ];
  console.log(`  run  ${columns.map(([, label]) => label.padStart(Math.max(9, label.length))).join('  ')}`);
  const row = (label: string, value: (key: keyof Run) => number) =>
    console.log(`  ${label.padStart(3)}  ${columns.map(([key, header]) => `${Math.round(value(key))} ms`.padStart(Math.max(9, header.length))).join('  ')}`);
  runs.forEach((run, i) => row(String(i + 1), (key) => run[key] as number));
  const med = (key: keyof Run) => median(runs.map((run) => run[key] as number));
  row('med', med);

  const js = med('landingJsReady');
  console.log(
    `\n  landing route JavaScript (gzip sizes of the built files): ${kB(med('landingJsBeforeFcp'))} before its first contentful paint, ${kB(js)} before it was ready (${med('landingJsFiles')} files)`,
  );
  console.log('\n  targets:');
  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
  console.log(`    landing route JavaScript ≤ ${TARGETS.landingJsKb} kB gzip: ${kB(js)} — ${verdict(js <= TARGETS.landingJsKb * 1024)}`);
  console.log(`    first paint ≤ ${TARGETS.firstPaintMs} ms: ${Math.round(med('firstPaint'))} ms (contentful ${Math.round(med('firstContentfulPaint'))} ms) — ${verdict(med('firstPaint') <= TARGETS.firstPaintMs)}`);
  console.log(
    `    invite link → first question answerable ≤ ${TARGETS.answerableMs} ms (app time): ${Math.round(med('firstVisitToAnswerable'))} ms — ${verdict(med('firstVisitToAnswerable') <= TARGETS.answerableMs)}`,
  );
  console.log(`\n  load average during the runs: ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} (${os.cpus().length} cores)`);
  console.log(`\n  run 1 on the page's clock: ${runs[0].milestones}`);
  if (runs[0].network) console.log(`\n  network log of run 1 (page clock, start → end):\n${runs[0].network.map((line) => `    ${line}`).join('\n')}`);
}

await main();
