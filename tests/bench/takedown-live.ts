/**
 * A hide reaches a participant's open notebook (issue 33's budget: within 2 s on loopback). Caio
 * has a notebook open in headless Chromium with anonymous answers of Bia's; an admin hides one at a
 * time through `admin_act` (supabase-js, as /admin › Denúncias calls it); the time until that
 * answer has left Caio's open screen — the hide committed, the notebook's pulse delivered by
 * Realtime, the device's pull, the deletion applied to IndexedDB, the list rendered. Median of
 * `--runs` hides, against the built app served by the sync-server in process (PGlite; `--postgres
 * URL` for a Postgres server).
 *
 *   VITE_ANALYTICS_ENDPOINT=/__analytics npx tsx scripts/build.ts --out /tmp/live-dist
 *   npx tsx tests/bench/takedown-live.ts --dist /tmp/live-dist [--runs 10] [--port 4187] [--postgres URL]
 */
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { SUPABASE_DEMO_SERVICE_KEY } from '../../sync-server/config.ts';
import { PASSWORD, benchPerson, liveBenchArgs, reportLiveRuns, withLiveApp } from './live-app.ts';

const args = liveBenchArgs(4187);
const RUNS = args.runs;
const HIDE_BUDGET_MS = 2000;

function must<T>({ data, error }: { data: T | null; error: { message: string } | null }): NonNullable<T> {
  if (error) throw new Error(error.message);
  return data as NonNullable<T>;
}

async function main() {
  await withLiveApp(args, async ({ server, browser }) => {
    const [owner, bia, caio, admin] = await Promise.all(['dona', 'bia', 'caio', 'moderador'].map((tag) => benchPerson(server.url, tag)));
    const service = createClient(server.url, SUPABASE_DEMO_SERVICE_KEY, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    });
    must(await service.from('user_roles').insert({ user_id: admin.userId, role: 'admin' }));

    const notebook = must<{ id: string }>(await owner.client.from('notebooks').insert({ user_id: owner.userId, title: 'Caderno da turma' }).select('id').single());
    const questions = must<{ id: string; order_index: number }[]>(
      await owner.client
        .from('questions')
        .insert(Array.from({ length: RUNS }, (_, i) => ({ notebook_id: notebook.id, text: `Pergunta ${i + 1}?`, order_index: i })))
        .select('id, order_index'),
    ).sort((a, b) => a.order_index - b.order_index);
    for (const person of [bia, caio]) must(await owner.client.from('notebook_shares').insert({ notebook_id: notebook.id, shared_with: person.userId, created_by: owner.userId }));
    const texts = questions.map((_, i) => `resposta anônima ${i + 1} de bia`);
    const answers = must<{ id: string; text: string }[]>(
      await bia.client
        .from('answers')
        .insert(questions.map((q, i) => ({ question_id: q.id, text: texts[i], is_anonymous: true })))
        .select('id, text'),
    );
    const answerWith = new Map(answers.map((a) => [a.text, a.id]));

    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'pt-BR' });
    await context.addInitScript(() =>
      localStorage.setItem('cookie-consent', JSON.stringify({ necessary: true, functional: false, analytics: false, marketing: false })),
    );
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByLabel('E-mail').fill(caio.email);
    await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await page.waitForURL(/\/meus-cadernos$/);
    await page.goto(`${server.url}/notebook/${notebook.id}`);
    await page.getByTestId('answers-list').getByText(texts[RUNS - 1]).waitFor({ timeout: 30_000 });
    // the notebook's channel joined and the first sync settled
    await page.waitForTimeout(1500);

    const runs: { sent: number; committed: number }[] = [];
    for (const text of texts) {
      const gone = page.evaluate(
        (hidden) =>
          // no named functions in here: tsx would wrap them in a helper the page does not have
          new Promise<number>((resolve) => {
            const observer = new MutationObserver(() => {
              if (!document.querySelector('[data-testid="answers-list"]')?.textContent?.includes(hidden)) {
                observer.disconnect();
                resolve(performance.timeOrigin + performance.now());
              }
            });
            observer.observe(document.body, { subtree: true, childList: true, characterData: true });
          }),
        text,
      );
      await page.waitForTimeout(50); // the observer is in place
      const sentAt = Date.now();
      must(await admin.client.rpc('admin_act', { p_kind: 'answer', p_target: answerWith.get(text), p_action: 'hide', p_reason: 'Ofende a turma' }));
      const committedAt = Date.now();
      const goneAt = await gone;
      runs.push({ sent: goneAt - sentAt, committed: goneAt - committedAt });
      await page.waitForTimeout(300);
    }
    reportLiveRuns(`A hide → gone from a participant's open notebook, ${RUNS} hides, ${args.postgres ? 'Postgres' : 'PGlite'}`, runs, HIDE_BUDGET_MS);
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
