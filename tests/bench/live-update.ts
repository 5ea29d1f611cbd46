/**
 * A live update reaches an open screen (issue 22's budget: within 1 s on loopback). Ana has Bia's
 * profile open in headless Chromium; Bia changes her status phrase through the API (supabase-js,
 * as the settings screen does); the time until Ana's open screen shows the new phrase — the
 * profile_notices row committed, delivered by Realtime, the query invalidated, profile_view read
 * again, the page rendered. Median of 10 changes, against the built app served by the sync-server
 * in process (PGlite; `--postgres URL` for a Postgres server).
 *
 *   VITE_ANALYTICS_ENDPOINT=/__analytics npx tsx scripts/build.ts --out /tmp/live-dist
 *   npx tsx tests/bench/live-update.ts --dist /tmp/live-dist [--runs 10] [--port 4183] [--postgres URL]
 *
 * "sent" is measured from the moment Bia's request leaves (the commit is inside it), "committed"
 * from the moment its answer arrives (the commit is done). Wall clocks of Node and Chromium on one
 * machine.
 */
import { PASSWORD, benchPerson, liveBenchArgs, reportLiveRuns, withLiveApp } from './live-app.ts';

const args = liveBenchArgs(4183);
const RUNS = args.runs;


async function main() {
  await withLiveApp(args, async ({ server, browser }) => {
    const bia = await benchPerson(server.url, 'bia');
    const ana = await benchPerson(server.url, 'ana');
    const context = await browser.newContext({ viewport: { width: 412, height: 915 }, locale: 'pt-BR' });
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
    await page.getByTestId('profile').waitFor();
    // the screen's channel joined (it reads the profile again when it does)
    await page.waitForTimeout(1000);

    const runs: { sent: number; committed: number }[] = [];
    for (let i = 0; i < RUNS; i++) {
      const phrase = `estudando ${i + 1} — ${Date.now()}`;
      const shown = page.evaluate(
        (text) =>
          // no named functions in here: tsx would wrap them in a helper the page does not have
          new Promise<number>((resolve) => {
            const observer = new MutationObserver(() => {
              if (document.querySelector('[data-testid="profile-status"]')?.textContent === text) {
                observer.disconnect();
                resolve(performance.timeOrigin + performance.now());
              }
            });
            observer.observe(document.body, { subtree: true, childList: true, characterData: true });
          }),
        phrase,
      );
      await page.waitForTimeout(50); // the observer is in place
      const sentAt = Date.now();
      const { error } = await bia.client.from('profiles').update({ status_message: phrase }).eq('id', bia.userId);
      const committedAt = Date.now();
      if (error) throw error;
      const shownAt = await shown;
      runs.push({ sent: shownAt - sentAt, committed: shownAt - committedAt });
      await page.waitForTimeout(300);
    }
    reportLiveRuns(`Live update → open profile screen, ${RUNS} changes, ${args.postgres ? 'Postgres' : 'PGlite'}`, runs);
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
