import { expect, test, type Browser, type Page } from '@playwright/test';
import { dismissConsent, expectFitsPhone, expectNoSeriousAxeIssues } from './helpers.ts';
import { logIn, makeAdmin, signUp } from './people.ts';

/**
 * The contact form on /contato (issue 33; spec §5, §8) at 360 px: each empty or invalid field says
 * what it needs, a visitor's message is sent and reaches the admins' inbox (/admin?tab=contact),
 * where an admin opens it, has a reply link and marks it answered; a signed-in person finds their
 * name and e-mail filled in; offline the form says it needs the internet and keeps the text.
 */

test.use({ viewport: { width: 360, height: 740 } });

async function personPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await dismissConsent(page);
  return page;
}

test('a visitor is told what each field needs, sends a message, and an admin finds it in the inbox and marks it answered', async ({ browser, baseURL }) => {
  // two people, two pages, four accessibility checks
  test.setTimeout(90_000);
  const page = await personPage(browser);
  await page.goto('/contato');
  const form = page.getByTestId('contact-form');
  await expect(form).toBeVisible();
  await expectNoSeriousAxeIssues(page, '/contato');
  await expectFitsPhone(page, '/contato');

  // Empty: every field says what it needs, and the first one takes the focus.
  await form.getByRole('button', { name: 'Enviar mensagem' }).click();
  for (const words of ['Informe seu nome.', 'Informe seu e-mail.', 'Escolha uma categoria.', 'Informe o assunto.', 'Escreva sua mensagem.']) {
    await expect(form.getByText(words)).toBeVisible();
  }
  await expect(page.getByLabel('Nome')).toBeFocused();
  await expectNoSeriousAxeIssues(page, '/contato with its errors');
  await expectFitsPhone(page, '/contato with its errors');

  // An invalid e-mail.
  const subject = `Não consigo abrir meu caderno ${Date.now().toString(36)}`;
  await page.getByLabel('Nome').fill('Maria Visitante');
  await page.getByLabel('E-mail para a resposta').fill('maria@');
  await page.getByLabel('Categoria').selectOption('bug');
  await page.getByLabel('Assunto').fill(subject);
  await page.getByLabel('Mensagem', { exact: true }).fill('Quando toco no caderno, a tela fica branca.');
  await expect(page.getByText(/caracteres restantes/)).toBeVisible();
  await form.getByRole('button', { name: 'Enviar mensagem' }).click();
  await expect(form.getByText('Informe um e-mail válido, como nome@exemplo.com.')).toBeVisible();
  await expect(page.getByLabel('E-mail para a resposta')).toBeFocused();

  await page.getByLabel('E-mail para a resposta').fill('maria.visitante@example.com');
  await form.getByRole('button', { name: 'Enviar mensagem' }).click();
  await expect(page.getByTestId('contact-sent')).toContainText('respondemos em até 24 horas no e-mail maria.visitante@example.com');
  await expect(page.getByTestId('toast').filter({ hasText: 'Mensagem enviada!' })).toBeVisible();

  // The admin's inbox.
  const admin = await signUp(baseURL!, 'contato');
  await makeAdmin(baseURL!, admin.userId);
  const adminPage = await personPage(browser);
  await logIn(adminPage, admin);
  await adminPage.goto('/admin?tab=contact');
  const inbox = adminPage.getByTestId('admin-contact');
  const item = inbox.getByTestId('admin-contact-message').filter({ hasText: subject });
  await expect(item).toBeVisible({ timeout: 15_000 });
  await item.getByRole('button', { name: new RegExp(subject) }).click();
  await expect(item).toContainText('Quando toco no caderno, a tela fica branca.');
  await expect(item).toContainText('maria.visitante@example.com');
  await expect(item.getByRole('link', { name: 'Responder por e-mail' })).toHaveAttribute('href', /^mailto:maria\.visitante@example\.com\?subject=Re%3A%20/);
  await expectNoSeriousAxeIssues(adminPage, '/admin?tab=contact');
  await expectFitsPhone(adminPage, '/admin?tab=contact');
  await item.getByRole('button', { name: 'Marcar como respondida' }).click();
  await expect(adminPage.getByTestId('toast').filter({ hasText: 'Mensagem marcada como respondida' })).toBeVisible();
  await expect(item).toHaveCount(0); // it left the "new" list
  await inbox.getByRole('button', { name: /^Respondidas/ }).click();
  await expect(inbox.getByTestId('admin-contact-message').filter({ hasText: subject })).toContainText('Respondida');
});

test("a signed-in person finds their name and e-mail filled in; offline the form says so and keeps what was typed", async ({ browser, baseURL }) => {
  const person = await signUp(baseURL!, 'escreve');
  const page = await personPage(browser);
  await logIn(page, person);
  await page.goto('/contato');
  await expect(page.getByLabel('Nome')).toHaveValue(person.username);
  await expect(page.getByLabel('E-mail para a resposta')).toHaveValue(person.email);
  await page.getByLabel('Categoria').selectOption('suggestion');
  await page.getByLabel('Assunto').fill('Uma ideia');
  await page.getByLabel('Mensagem', { exact: true }).fill('Cadernos com figurinhas!');

  await page.context().setOffline(true);
  await expect(page.getByTestId('contact-offline')).toContainText('precisa de conexão');
  await expect(page.getByRole('button', { name: 'Enviar mensagem' })).toBeDisabled();
  await expectNoSeriousAxeIssues(page, '/contato offline');
  await page.context().setOffline(false);
  await expect(page.getByLabel('Mensagem', { exact: true })).toHaveValue('Cadernos com figurinhas!');
  await page.getByRole('button', { name: 'Enviar mensagem' }).click();
  await expect(page.getByTestId('contact-sent')).toContainText(person.email);
});
