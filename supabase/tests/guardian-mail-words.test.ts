/**
 * The guardian's mail carries both languages (the guardian's is unknown): each part's link opens
 * the confirmation page in that part's language (walkthrough J9: the English part opened the
 * Portuguese page). Pure words, no server.
 */
import { expect, test } from 'vitest';
import { guardianMail } from '../functions/_shared/mail.ts';

const TOKEN = 'a'.repeat(64);

test.each([false, true])('each language of the mail links to its own page (sign-up in English: %s)', (english) => {
  const mail = guardianMail({ to: 'mae@example.test', userId: 'u1', username: 'lia_teen', appUrl: 'https://cadernos.example/x', token: TOKEN, english });
  const portuguese = `https://cadernos.example/guardian/${TOKEN}`;
  const inEnglish = `https://cadernos.example/en/guardian/${TOKEN}`;
  const [ptText, enText] = mail.text.split('— English —');
  expect(ptText).toContain(portuguese);
  expect(enText).toContain(inEnglish);
  expect(enText).not.toContain(portuguese);
  const [ptHtml, enHtml] = mail.html.split('<p lang="en">');
  expect(ptHtml).toContain(`href="${portuguese}"`);
  expect(enHtml).toContain(`href="${inEnglish}"`);
  // The mailbox lists the link of the language the sign-up used.
  expect(mail.link).toBe(english ? inEnglish : portuguese);
});
