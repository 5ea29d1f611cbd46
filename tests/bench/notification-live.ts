/**
 * A notification reaches an open screen (issue 31's budget: within 1 s on loopback). Júlia has
 * /notificacoes open in headless Chromium; Bia answers a question of Júlia's notebook through the
 * API (supabase-js, as a device's push would be an RPC); the time until Júlia's open list shows
 * the new unread notification — the answer and its notification committed (private.notify_event),
 * the replication pulse delivered by Realtime, the pull, RxDB, the list rendered. Median of 10
 * answers (each notification read through the API between runs, so that each answer is a new
 * line), against the built app served by the sync-server in process (PGlite; `--postgres URL`).
 *
 *   npx tsx scripts/build.ts --out /tmp/notif-dist
 *   npx tsx tests/bench/notification-live.ts --dist /tmp/notif-dist [--runs 10] [--port 4184] [--postgres URL]
 *
 * "sent" is measured from the moment Bia's request leaves (the commit is inside it), "committed"
 * from the moment its answer arrives. Wall clocks of Node and Chromium on one machine.
 */
import { PASSWORD, benchPerson, liveBenchArgs, reportLiveRuns, withLiveApp } from './live-app.ts';

const args = liveBenchArgs(4184);
const RUNS = args.runs;


async function main() {
  await withLiveApp(args, async ({ server, browser }) => {
    const julia = await benchPerson(server.url, 'julia');
    const bia = await benchPerson(server.url, 'bia');
    const notebookId = crypto.randomUUID();
    const created = await julia.client.from('notebooks').insert({ id: notebookId, user_id: julia.userId, title: 'Festa da Júlia' });
    if (created.error) throw created.error;
    const questions = Array.from({ length: RUNS }, (_, i) => ({ id: crypto.randomUUID(), notebook_id: notebookId, text: `Pergunta ${i + 1}`, order_index: i }));
    const asked = await julia.client.from('questions').insert(questions);
    if (asked.error) throw asked.error;
    const shared = await julia.client.from('notebook_shares').insert({ notebook_id: notebookId, shared_with: bia.userId, created_by: julia.userId });
    if (shared.error) throw shared.error;

    const context = await browser.newContext({ viewport: { width: 412, height: 915 }, locale: 'pt-BR' });
    await context.addInitScript(() =>
      localStorage.setItem('cookie-consent', JSON.stringify({ necessary: true, functional: false, analytics: false, marketing: false })),
    );
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByLabel('E-mail').fill(julia.email);
    await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await page.waitForURL(/\/meus-cadernos$/);
    await page.goto(`${server.url}/notificacoes`);
    await page.getByRole('heading', { name: 'Notificações' }).waitFor();
    await page.waitForTimeout(1000);

    const unreadAnswers = '[data-notification-type="new_answer"][data-unread="true"]';
    const runs: { sent: number; committed: number }[] = [];
    for (let i = 0; i < RUNS; i++) {
      // the previous one read (through the API), and the open list showing it read
      const read = await julia.client.from('notifications').update({ is_read: true }).eq('recipient_id', julia.userId).eq('is_read', false);
      if (read.error) throw read.error;
      await page.waitForFunction((selector) => !document.querySelector(selector), unreadAnswers, { timeout: 15_000 });
      const shown = page.evaluate(
        (selector) =>
          new Promise<number>((resolve) => {
            const observer = new MutationObserver(() => {
              if (document.querySelector(selector)) {
                observer.disconnect();
                resolve(performance.timeOrigin + performance.now());
              }
            });
            observer.observe(document.body, { subtree: true, childList: true, attributes: true });
          }),
        unreadAnswers,
      );
      await page.waitForTimeout(50); // the observer is in place
      const sentAt = Date.now();
      const { error } = await bia.client.from('answers').insert({ question_id: questions[i].id, text: `Resposta ${i + 1}` });
      const committedAt = Date.now();
      if (error) throw error;
      const shownAt = await shown;
      runs.push({ sent: shownAt - sentAt, committed: shownAt - committedAt });
      await page.waitForTimeout(300);
    }
    reportLiveRuns(`Answer → notification on an open list, ${RUNS} answers, ${args.postgres ? 'Postgres' : 'PGlite'}`, runs);
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
