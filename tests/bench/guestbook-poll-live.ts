/**
 * Guestbook and poll (issue 32's budgets): a live update reaches an open profile within 1 s on
 * loopback, and 50 votes cast at once on one poll all count, with no 5xx. Ana has Bia's profile
 * open in headless Chromium (360 px); someone votes in Bia's poll, or Bia approves a message,
 * through the API; the time until Ana's open screen shows it — the notice committed, delivered by
 * Realtime, the query invalidated, poll_view / guestbook_page read again, the page rendered.
 * Median of --runs each. Then 50 people vote at once over HTTP: statuses and the count.
 *
 *   npx tsx scripts/build.ts --out /tmp/dist-gp
 *   npx tsx tests/bench/guestbook-poll-live.ts --dist /tmp/dist-gp [--runs 10] [--port 4185] [--postgres URL]
 */
import os from 'node:os';
import type { Page } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { SUPABASE_DEMO_ANON_KEY } from '../../sync-server/config.ts';
import { randomUUID } from 'node:crypto';
import { adultSignUpData } from '../../sync-server/test-people.ts';
import type { RunningServer } from '../../sync-server/app.ts';
import { median } from './figures.ts';
import { PASSWORD, benchPerson, liveBenchArgs, withLiveApp } from './live-app.ts';

const args = liveBenchArgs(4185);
const RUNS = args.runs;

/** Someone who only votes or writes through the API: made straight in the database (sign-ups are rate-limited). */
async function quickPerson(server: RunningServer, tag: string) {
  const id = randomUUID();
  const username = `${tag}${id.slice(0, 8)}`.slice(0, 20);
  await server.ctx.db.query(
    `insert into auth.users (id, email, aud, role, raw_user_meta_data) values ($1, $2, 'authenticated', 'authenticated', $3)`,
    [id, `${username}@example.com`, JSON.stringify(adultSignUpData(username))],
  );
  const token = await server.ctx.jwt.sign({ role: 'authenticated', sub: id, aud: 'authenticated' }, 3600);
  const client = createClient(server.url, SUPABASE_DEMO_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
    global: { headers: { Authorization: `Bearer ${token}` } },
  });
  return { userId: id, username, client };
}

/** When (epoch ms) the page shows `text` in the element `selector`. */
function whenShown(page: Page, selector: string, text: string): Promise<number> {
  return page.evaluate(
    ([sel, wanted]) =>
      new Promise<number>((resolve) => {
        const observer = new MutationObserver(() => {
          if ([...document.querySelectorAll(sel)].some((el) => el.textContent?.includes(wanted))) {
            observer.disconnect();
            resolve(performance.timeOrigin + performance.now());
          }
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      }),
    [selector, text] as const,
  );
}

async function main() {
  await withLiveApp(args, async ({ server, browser }) => {
    const bia = await benchPerson(server.url, 'bia');
    const ana = await benchPerson(server.url, 'ana');
    const { data: poll, error: pollError } = await bia.client.rpc('save_poll', { p_poll: null, p_question: 'Praia ou montanha?', p_options: ['Praia', 'Montanha'] });
    if (pollError) throw pollError;
    const pollId = (poll as { id: string }).id;
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'pt-BR' });
    await context.addInitScript(() =>
      localStorage.setItem('cookie-consent', JSON.stringify({ necessary: true, functional: false, analytics: false, marketing: false })),
    );
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByLabel('E-mail').fill(ana.email);
    await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await page.waitForURL(/\/meus-cadernos$/);
    await page.goto(`${server.url}/profile/${bia.username}`);
    await page.getByTestId('poll').waitFor();
    await page.waitForTimeout(1000); // the channels joined

    const voters = await Promise.all(Array.from({ length: RUNS }, (_, i) => quickPerson(server, `v${i}`)));
    const votes: { sent: number; committed: number }[] = [];
    for (let i = 0; i < RUNS; i++) {
      const total = i + 1;
      const shown = whenShown(page, '[data-testid="poll-total"]', total === 1 ? '1 voto no total' : `${total} votos no total`);
      await page.waitForTimeout(50);
      const sentAt = Date.now();
      const { error } = await voters[i].client.rpc('vote_in_poll', { p_poll: pollId, p_option: i % 2 });
      const committedAt = Date.now();
      if (error) throw error;
      const shownAt = await shown;
      votes.push({ sent: shownAt - sentAt, committed: shownAt - committedAt });
      await page.waitForTimeout(200);
    }

    const approvals: { sent: number; committed: number }[] = [];
    for (let i = 0; i < RUNS; i++) {
      const text = `Recado número ${i + 1} — ${Date.now()}`;
      const { data, error } = await voters[i].client.rpc('write_guestbook_message', { p_profile: bia.userId, p_body: text, p_anonymous: i % 2 === 0 });
      if (error) throw error;
      await page.waitForTimeout(100);
      const shown = whenShown(page, '[data-testid="guestbook-message"]', text);
      await page.waitForTimeout(50);
      const sentAt = Date.now();
      const approved = await bia.client.rpc('moderate_guestbook_message', { p_message: (data as { id: string }).id, p_action: 'approve' });
      const committedAt = Date.now();
      if (approved.error) throw approved.error;
      const shownAt = await shown;
      approvals.push({ sent: shownAt - sentAt, committed: shownAt - committedAt });
      await page.waitForTimeout(200);
    }

    // 50 votes at once
    const fifty = await Promise.all(Array.from({ length: 50 }, (_, i) => quickPerson(server, `c${i}`)));
    const { data: second } = await bia.client.rpc('save_poll', { p_poll: null, p_question: 'Cinquenta votos?', p_options: ['Sim', 'Não'] });
    const secondId = (second as { id: string }).id;
    const started = Date.now();
    const answers = await Promise.all(fifty.map((v, i) => v.client.rpc('vote_in_poll', { p_poll: secondId, p_option: i % 2 })));
    const took = Date.now() - started;
    const statuses = new Map<number, number>();
    for (const a of answers) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
    const { data: view } = await ana.client.rpc('poll_view', { p_profile: bia.userId, p_poll: null });

    console.log(`\nGuestbook and poll live updates → Ana's open profile of Bia (360 px), ${RUNS} each, ${args.postgres ? 'Postgres' : 'PGlite'} (${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)})\n`);
    console.log('| what | request sent → shown, median (min / max) ms | answer received → shown, median ms |');
    console.log('|---|---|---|');
    for (const [name, runs] of [['a vote', votes], ['a message approved', approvals]] as const) {
      const sent = runs.map((r) => r.sent);
      console.log(`| ${name} | **${median(sent).toFixed(0)}** (${Math.min(...sent).toFixed(0)} / ${Math.max(...sent).toFixed(0)}) | ${median(runs.map((r) => r.committed)).toFixed(0)} |`);
    }
    console.log(`\n50 votes at once: ${took} ms; statuses ${JSON.stringify(Object.fromEntries(statuses))}; counted ${JSON.stringify((view as { counts: number[]; total: number }).counts)} = ${(view as { total: number }).total}`);
    if (Math.max(median(votes.map((r) => r.sent)), median(approvals.map((r) => r.sent))) > 1000 || (view as { total: number }).total !== 50 || [...statuses.keys()].some((s) => s >= 500)) {
      console.error('over budget');
      process.exitCode = 1;
    }
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
