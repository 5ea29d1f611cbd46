import { devices, expect, test } from '@playwright/test';
import { claimHashOf, formatClaimCode, newAnswerSecret, newClaimCode } from '../../src/data/round/claim-code.ts';
import { answerIdFor } from '../../src/data/derived-ids.ts';
import { dismissConsent, expectFitsPhone } from './helpers.ts';
import { createNotebook, logIn, signUp, type SignedUp } from './people.ts';

/**
 * Issue 29, item 3: a friend claims with the code of their turn while their answers have not left
 * the host's phone (it pushed the guest row as the turn began, then lost the signal). Before, the
 * claim said "Nenhuma resposta nova passou para a sua conta." and the guest was claimed for good.
 * Now the screen says what is true — the answers are still on the phone they were written on, and
 * this same code claims them once it has been online — and it does, once they arrive.
 */

const PHONE = { ...devices['Pixel 7'], viewport: { width: 360, height: 740 }, locale: 'pt-BR' };

/** What the host's phone pushes, as its data layer does (replication_push). */
async function push(host: SignedUp, collection: 'guests' | 'answers', row: Record<string, unknown>) {
  const { data, error } = await host.client.rpc('replication_push', {
    p_collection: collection,
    p_rows: [{ newDocumentState: { ...row, _deleted: false }, assumedMasterState: null }],
  });
  expect(error, error?.message).toBeNull();
  expect(data).toEqual({ conflicts: [], rejected: [] });
}

test('a claim before the answers left the host’s phone says they are still there, and the same code claims them later', async ({ browser, baseURL }) => {
  const host = await signUp(baseURL!, 'anfitria');
  const friend = await signUp(baseURL!, 'lia_amiga');
  const notebook = await createNotebook(host, 'Festa da Lia', ['Uma lembrança?']);
  const code = newClaimCode();
  const at = new Date().toISOString();
  const guest = {
    id: crypto.randomUUID(),
    notebook_id: notebook.id,
    host_id: host.userId,
    name: 'Lia',
    is_anonymous: false,
    answer_secret: newAnswerSecret(),
    claim_hash: await claimHashOf(code),
    claimed_by: null,
    claimed_at: null,
    created_at: at,
    updated_at: at,
    server_rev: 0,
  };
  await push(host, 'guests', guest);

  const context = await browser.newContext({ ...PHONE, baseURL });
  const page = await context.newPage();
  try {
    await dismissConsent(page);
    await logIn(page, friend);
    await page.goto(`/claim/${code}`);
    // The link claims at once.
    await expect(page.getByText('Nenhuma resposta deste código chegou ao servidor ainda', { exact: false })).toBeVisible();
    await expect(page.getByText('continuam no celular em que foram escritas', { exact: false })).toBeVisible();
    await expect(page.getByText('Nenhuma resposta nova passou para a sua conta.')).toHaveCount(0);
    await expect(page.getByLabel('Código')).toHaveValue(formatClaimCode(code));
    await expectFitsPhone(page, 'claim before the answers arrived');

    // The host's phone comes online: the answer arrives; the same code claims it.
    const questionId = notebook.questionIds[0];
    await push(host, 'answers', {
      id: await answerIdFor(guest.answer_secret, questionId),
      question_id: questionId,
      notebook_id: notebook.id,
      user_id: null,
      guest_id: guest.id,
      text: 'A fogueira',
      is_anonymous: false,
      responder_name: null,
      moderation_status: 'approved',
      moderated_by: null,
      moderated_at: null,
      moderation_notes: null,
      client_clock: Date.now(),
      created_at: at,
      updated_at: at,
      server_rev: 0,
    });
    await page.getByRole('button', { name: 'Resgatar respostas' }).click();
    await expect(page.getByTestId('claim-done')).toContainText('1 resposta agora é sua.');
  } finally {
    await context.close();
  }
});
