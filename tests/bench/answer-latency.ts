/**
 * Issue 8's figure: time from pressing "save" on an answer to the answer showing in the list
 * (target: one frame, 16 ms), in headless Chromium (Debian's /usr/bin/chromium) on the built app
 * served by the sync-server (PGlite in memory). The screen marks the press and measures when the
 * answers list has committed the answer and when the next frame has been painted
 * (src/screens/NotebookView/latency.ts); this script reads those measures.
 *
 *   npx tsx tests/bench/answer-latency.ts [--dist /tmp/dist] [--questions 30] [--rounds 2] [--others 3] [--port 4184]
 *
 * Without --dist it builds the app into a temporary folder first. Each round answers every
 * question (round 1 creates the answers, later rounds edit them); --others people have answered
 * every question already, so the list is not empty.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, devices, type Page } from 'playwright';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestServer, type TestServer } from '../../sync-server/testing.ts';
import { signUpAdult } from '../../sync-server/test-people.ts';
import { buildApp } from '../../scripts/build.ts';
import { CHROMIUM_PATH, ensureChromium } from '../../scripts/ensure-chromium.mjs';
import { numberOption, textOption } from './figures.ts';


const QUESTIONS = numberOption('questions', 30);
const ROUNDS = numberOption('rounds', 2);
const OTHERS = numberOption('others', 3);
const PORT = numberOption('port', 4184);
const PASSWORD = 'Caderno2025';
// Debian's Chromium, installed when missing (as npm test does).
ensureChromium();

interface Person {
  userId: string;
  email: string;
  client: SupabaseClient;
}

async function signUp(server: TestServer, tag: string, n: number): Promise<Person> {
  const username = `${tag}${n}${Date.now().toString(36).slice(-5)}`.slice(0, 20);
  const email = `${username}@example.com`;
  const client = server.anonClient();
  const { data, error } = await signUpAdult(client, { email, password: PASSWORD, username });
  if (error || !data.user) throw new Error(`sign-up failed: ${error?.message}`);
  return { userId: data.user.id, email, client };
}

async function seed(server: TestServer): Promise<{ notebookId: string; answerer: Person }> {
  const owner = await signUp(server, 'dona', 0);
  const answerer = await signUp(server, 'bench', 0);
  const others = await Promise.all(Array.from({ length: OTHERS }, (_, i) => signUp(server, 'outro', i + 1)));
  const { data: notebook, error } = await owner.client.from('notebooks').insert({ title: 'Caderno de medir', user_id: owner.userId }).select('id').single();
  if (error) throw error;
  const rows = Array.from({ length: QUESTIONS }, (_, i) => ({ notebook_id: notebook.id, user_id: owner.userId, text: `Pergunta número ${i + 1}?`, order_index: i }));
  const { data: questions, error: qError } = await owner.client.from('questions').insert(rows).select('id');
  if (qError) throw qError;
  for (const person of [answerer, ...others]) {
    const { error: shareError } = await owner.client.from('notebook_shares').insert({ notebook_id: notebook.id, shared_with: person.userId, created_by: owner.userId });
    if (shareError) throw shareError;
  }
  for (const [i, person] of others.entries()) {
    const answers = questions.map((q: { id: string }) => ({ question_id: q.id, text: `Resposta de outra pessoa ${i + 1}` }));
    const { error: aError } = await person.client.from('answers').insert(answers);
    if (aError) throw aError;
  }
  return { notebookId: notebook.id as string, answerer };
}

async function answerAll(page: Page, round: number): Promise<void> {
  for (let i = 0; i < QUESTIONS; i++) {
    await page.getByTestId('page-number').filter({ hasText: `Página ${i + 1} de ${QUESTIONS}` }).waitFor();
    await page.getByLabel('Sua resposta').fill(`Resposta ${i + 1}, rodada ${round}`);
    await page.getByRole('button', { name: /^Salvar e (continuar|concluir)$/ }).click();
    await page.getByTestId('answers-list').getByText(`Resposta ${i + 1}, rodada ${round}`, { exact: true }).waitFor();
  }
  await page.getByTestId('stepper-complete').waitFor();
}

const LABELS = {
  written: 'the repository call returned (IndexedDB written)',
  listed: 'answer in the list (DOM committed)',
  painted: 'that frame painted',
};

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function main(): Promise<void> {
  let dist = textOption('dist', null);
  if (!dist) {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'answer-latency-dist-'));
    console.error(`building the app into ${dist}`);
    await buildApp({ quiet: true, outDir: dist });
  }
  const server = await startTestServer({ port: PORT, staticDir: dist });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  try {
    const { notebookId, answerer } = await seed(server);
    const context = await browser.newContext({ ...devices['Pixel 7'], baseURL: server.url, locale: 'pt-BR' });
    await context.addInitScript(() =>
      localStorage.setItem('cookie-consent', JSON.stringify({ necessary: true, functional: false, analytics: false, marketing: false })),
    );
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(answerer.email);
    await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await page.waitForURL(/meus-cadernos/);
    await page.goto(`/notebook/${notebookId}`);
    await page.getByTestId('page-number').waitFor({ timeout: 30_000 });
    const listed = await page.getByTestId('answer').count();
    for (let round = 1; round <= ROUNDS; round++) {
      if (round > 1) await page.getByRole('button', { name: 'Revisar minhas respostas' }).click();
      await answerAll(page, round);
    }
    await page.waitForTimeout(200);
    const measures = await page.evaluate(() => ({
      written: performance.getEntriesByName('answer:save-to-written').map((e) => e.duration),
      listed: performance.getEntriesByName('answer:save-to-listed').map((e) => e.duration),
      painted: performance.getEntriesByName('answer:save-to-painted').map((e) => e.duration),
    }));
    const rows = Object.entries(measures).map(([what, values]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return {
        'from save pressed to': LABELS[what as keyof typeof LABELS],
        n: sorted.length,
        'median ms': +percentile(sorted, 50).toFixed(1),
        'p95 ms': +percentile(sorted, 95).toFixed(1),
        'max ms': +sorted[sorted.length - 1].toFixed(1),
      };
    });
    console.log(`Chromium ${browser.version()}, Pixel 7 viewport; ${QUESTIONS} questions × ${ROUNDS} rounds (round 1 new answers, then edits); ${listed} answers already listed at start`);
    console.table(rows);
    if (measures.listed.length !== QUESTIONS * ROUNDS) throw new Error(`expected ${QUESTIONS * ROUNDS} measures, got ${measures.listed.length}`);
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
