import { expect, test } from '@playwright/test';
import { PHONE, dismissConsent, expectNoSeriousAxeIssues, phonePage } from './helpers.ts';
import { createNotebook, logIn, makeAdmin, serviceClient, signUp } from './people.ts';

/**
 * The seasonal store (issue 35) at 360 px: an admin adds an item in /admin › Catálogo da loja and
 * lets a person into the beta; the person takes a free item with one tap, buys a theme through the
 * local provider's checkout (success: /loja-sazonal/sucesso says what was granted), and a failed
 * and a cancelled checkout grant nothing. The store is reached from its entry on the dashboard
 * (beta people only). A minor's purchase asks the guardian by e-mail, is confirmed on the guardian's
 * page and then paid once; a declined one says nothing was charged.
 */

test('admin catalogue → beta person claims a free item, buys one (paid), and a failed and a cancelled checkout grant nothing', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const admin = await signUp(baseURL!, 'lojista');
  await makeAdmin(baseURL!, admin.userId);
  const buyer = await signUp(baseURL!, 'cliente');
  const service = serviceClient(baseURL!);
  const season = `verao-${Date.now().toString(36)}`;
  const { error } = await service.from('seasonal_items').insert([
    { name: `Adesivos grátis ${season}`, category: 'sticker_pack', season_id: season, season_name: 'Verão de teste', item_type: 'free' },
    { name: `Papel recusado ${season}`, category: 'paper_style', season_id: season, season_name: 'Verão de teste', item_type: 'promo', price_cents: 500 },
    { name: `Capa cancelada ${season}`, category: 'cover_style', season_id: season, season_name: 'Verão de teste', item_type: 'promo', price_cents: 700 },
  ]);
  expect(error, error?.message).toBeNull();

  // the admin creates the theme and opens the beta to the buyer
  const adminPage = await phonePage(browser);
  await logIn(adminPage, admin);
  await adminPage.goto('/admin?tab=catalogue');
  const section = adminPage.getByTestId('admin-catalogue');
  await expect(section.getByRole('heading', { name: 'Catálogo da loja sazonal' })).toBeVisible();
  await section.getByRole('button', { name: 'Novo item' }).click();
  const form = section.getByRole('form', { name: 'Novo item' });
  await form.getByLabel('Nome', { exact: true }).fill(`Tema Aurora ${season}`);
  await form.getByLabel('Código do tema, papel ou pacote que o item libera').fill('galaxy');
  await form.getByLabel('Código da temporada').fill(season);
  await form.getByLabel('Nome da temporada').fill('Verão de teste');
  await form.getByLabel('Tipo').selectOption('exclusive');
  await form.getByRole('button', { name: 'Salvar item' }).click();
  await expect(form.getByText('Itens exclusivos precisam de um preço.')).toBeVisible();
  await form.getByLabel('Preço').fill('12,90');
  await form.getByRole('button', { name: 'Salvar item' }).click();
  await expect(section.getByTestId(`catalogue-item-Tema Aurora ${season}`)).toContainText('R$ 12,90');
  await section.getByLabel('Liberar a loja em teste para (nome de usuário)').fill(buyer.username);
  await section.getByRole('button', { name: 'Liberar acesso' }).click();
  await expect(adminPage.getByTestId('toast').filter({ hasText: `Acesso à loja liberado para @${buyer.username}` })).toBeVisible();
  expect(await adminPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoSeriousAxeIssues(adminPage, 'admin catalogue');

  // the buyer's store: its place on the dashboard, shown to people in the beta
  const page = await phonePage(browser);
  await logIn(page, buyer);
  await page.waitForURL(/\/meus-cadernos/);
  const entry = page.getByRole('link', { name: 'Loja sazonal (em testes)' });
  await expect(entry).toBeVisible();
  await entry.click();
  await expect(page).toHaveURL(/\/loja-sazonal$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Loja sazonal' })).toBeVisible();
  const free = page.getByTestId(`store-item-Adesivos grátis ${season}`);
  await free.getByRole('button', { name: 'Pegar grátis' }).click();
  await expect(free.getByTestId('store-owned')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoSeriousAxeIssues(page, 'store');

  // success
  const theme = page.getByTestId(`store-item-Tema Aurora ${season}`);
  await theme.getByRole('button', { name: 'Comprar por R$ 12,90' }).click();
  await expect(page.getByRole('heading', { name: 'Confirmar pagamento' })).toBeVisible();
  await expect(page.getByTestId('checkout-total')).toHaveText('R$ 12,90');
  await expectNoSeriousAxeIssues(page, 'checkout page');
  // the checkout page's buttons work from the keyboard: "Pagar" focused, Enter submits it
  await page.getByRole('button', { name: 'Pagar' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/loja-sazonal\/sucesso\?purchase=/);
  await expect(page.getByTestId('store-granted')).toContainText(`«Tema Aurora ${season}» agora é seu.`);
  await expect(page.getByTestId('store-granted')).toContainText('R$ 12,90');
  await page.getByRole('link', { name: 'Voltar à loja' }).click();
  await expect(page.getByTestId(`store-item-Tema Aurora ${season}`).getByTestId('store-owned')).toBeVisible();

  // failed
  const paper = page.getByTestId(`store-item-Papel recusado ${season}`);
  await paper.getByRole('button', { name: 'Comprar por R$ 5,00' }).click();
  await page.getByRole('button', { name: 'Simular pagamento recusado' }).click();
  await expect(page).toHaveURL(/\/loja-sazonal\?purchase=.*result=failed/);
  await expect(page.getByTestId('store-result')).toHaveText('O pagamento foi recusado. Nada foi cobrado e nada mudou.');
  await expect(page.getByTestId(`store-item-Papel recusado ${season}`).getByTestId('store-owned')).toHaveCount(0);

  // cancelled
  await page.getByTestId(`store-item-Capa cancelada ${season}`).getByRole('button', { name: 'Comprar por R$ 7,00' }).click();
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page).toHaveURL(/\/loja-sazonal\?purchase=.*result=cancelled/);
  await expect(page.getByTestId('store-result')).toHaveText('Compra cancelada. Nada foi cobrado.');
  await expect(page.getByTestId(`store-item-Capa cancelada ${season}`).getByTestId('store-owned')).toHaveCount(0);

  // the receipts in Settings › Conta: the paid one, the declined one, the cancelled one
  await page.goto('/settings?tab=account');
  const receipts = page.getByTestId('store-receipts');
  await expect(receipts.getByRole('heading', { name: 'Recibos da loja' })).toBeVisible();
  await expect(receipts.getByRole('listitem')).toHaveCount(3);
  await expect(receipts.getByRole('listitem').filter({ hasText: `Tema Aurora ${season}` })).toContainText('Pago');
  await expect(receipts.getByRole('listitem').filter({ hasText: `Papel recusado ${season}` })).toContainText('Pagamento recusado');
  await expect(receipts.getByRole('listitem').filter({ hasText: `Capa cancelada ${season}` })).toContainText('Cancelado');

  // only one thing was paid for, and the database agrees
  const { data: owned } = await service.from('store_entitlements').select('source').eq('user_id', buyer.userId);
  expect((owned ?? []).map((o) => o.source).sort()).toEqual(['free', 'purchase']);
});

test('a person outside the beta sees that the store is in testing', async ({ browser, baseURL }) => {
  const person = await signUp(baseURL!, 'curioso');
  const page = await phonePage(browser);
  const accessRead = page.waitForResponse((response) => response.url().includes('/store_beta_access'));
  await logIn(page, person);
  await page.waitForURL(/\/meus-cadernos/);
  // no entry on the dashboard for people outside the beta (once their access was read)
  await accessRead;
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('store-entry')).toHaveCount(0);
  await page.goto('/en/loja-sazonal');
  await expect(page.getByTestId('store-beta-only')).toHaveText('The seasonal store is in testing: only invited people can use it for now.');
});

test("a minor's purchase waits for the guardian: asked by e-mail, confirmed on the guardian's page, then paid once; a declined one says nothing was charged", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const teen = await signUp(baseURL!, 'menorloja');
  const guardian = `resp-${teen.username}@example.test`;
  const service = serviceClient(baseURL!);
  const born = new Date();
  born.setUTCFullYear(born.getUTCFullYear() - 15);
  const safety = await service.from('account_safety').update({ birth_date: born.toISOString().slice(0, 10), guardian_email: guardian }).eq('user_id', teen.userId);
  expect(safety.error, safety.error?.message).toBeNull();
  expect((await service.from('store_beta_access').insert({ user_id: teen.userId })).error).toBeNull();
  const season = `teen-${Date.now().toString(36)}`;
  const items = await service.from('seasonal_items').insert([
    { name: `Capa estrelada ${season}`, category: 'cover_style', season_id: season, season_name: 'Temporada teen', item_type: 'promo', price_cents: 990 },
    { name: `Papel recusado ${season}`, category: 'paper_style', season_id: season, season_name: 'Temporada teen', item_type: 'promo', price_cents: 450 },
  ]);
  expect(items.error, items.error?.message).toBeNull();
  const guardianMails = async () =>
    ((await (await fetch(`${baseURL}/auth/v1/mailbox.json?to=${encodeURIComponent(guardian)}`)).json()) as { subject: string; link: string }[]).filter((m) =>
      m.link.includes('/guardian/purchase/'),
    );

  const page = await phonePage(browser);
  await logIn(page, teen);
  await page.waitForURL(/\/meus-cadernos/);
  await page.getByRole('link', { name: 'Loja sazonal (em testes)' }).click();
  const cover = page.getByTestId(`store-item-Capa estrelada ${season}`);
  await cover.getByRole('button', { name: 'Comprar por R$ 9,90' }).click();
  await expect(cover.getByTestId('store-guardian')).toHaveText(
    'Pedimos a confirmação do seu responsável por e-mail. Nada foi cobrado. Quando ele confirmar, você poderá pagar aqui.',
  );
  await expect(cover.getByRole('button')).toHaveCount(0);
  await expect.poll(async () => (await guardianMails()).length).toBe(1);
  const [mail] = await guardianMails();
  expect(mail.subject).toContain(`Capa estrelada ${season}`);

  // the guardian's page is the app's (no account): who, the item, the real total, one payment; confirm
  expect(new URL(mail.link).pathname).toMatch(/^\/guardian\/purchase\/[0-9a-f]{64}$/);
  const guardianPage = await phonePage(browser);
  // the old address of the link (mails sent before the page moved into the app) leads to it
  await guardianPage.goto(`/payments/v1/guardian/${mail.link.split('/').pop()}`);
  await expect(guardianPage).toHaveURL(mail.link);
  await expect(guardianPage.getByRole('heading', { level: 1 })).toHaveText(`${teen.username} quer comprar um item`);
  await expect(guardianPage.getByTestId('guardian-item')).toHaveText(`Capa estrelada ${season} (Estilo de capa)`);
  await expect(guardianPage.getByTestId('guardian-total')).toHaveText('R$ 9,90');
  await expect(guardianPage.getByText('Pagamento único. Sem cobrança recorrente. Sem itens-surpresa.')).toBeVisible();
  expect(await guardianPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoSeriousAxeIssues(guardianPage, "guardian's purchase page");
  // confirm and decline weigh the same (same size on the phone)
  const confirmBox = await guardianPage.getByRole('button', { name: 'Confirmar a compra' }).boundingBox();
  const declineBox = await guardianPage.getByRole('button', { name: 'Recusar a compra' }).boundingBox();
  expect([confirmBox!.width, confirmBox!.height]).toEqual([declineBox!.width, declineBox!.height]);
  // by keyboard: Tab to the confirm button, Enter
  await guardianPage.getByRole('button', { name: 'Confirmar a compra' }).focus();
  await guardianPage.keyboard.press('Enter');
  await expect(guardianPage.getByTestId('guardian-state')).toContainText('Compra confirmada.');
  await expect(guardianPage.getByTestId('guardian-state')).toBeFocused();
  // opened again: already answered, no buttons
  await guardianPage.reload();
  await expect(guardianPage.getByTestId('guardian-state')).toContainText('Este pedido já foi respondido.');
  await expect(guardianPage.getByRole('button', { name: /Confirmar a compra|Recusar a compra/ })).toHaveCount(0);

  // the minor pays it, once
  await page.reload();
  await expect(cover.getByTestId('store-guardian')).toHaveText('Seu responsável confirmou esta compra. Você pode pagar quando quiser.');
  await cover.getByRole('button', { name: 'Pagar R$ 9,90' }).click();
  await expect(page.getByTestId('checkout-total')).toHaveText('R$ 9,90');
  await page.getByRole('button', { name: 'Pagar' }).click();
  await expect(page).toHaveURL(/\/loja-sazonal\/sucesso\?purchase=/);
  await page.goto('/loja-sazonal');
  await expect(cover.getByTestId('store-owned')).toBeVisible();

  // another one the guardian declines
  const paper = page.getByTestId(`store-item-Papel recusado ${season}`);
  await paper.getByRole('button', { name: 'Comprar por R$ 4,50' }).click();
  await expect(paper.getByTestId('store-guardian')).toBeVisible();
  await expect.poll(async () => (await guardianMails()).length).toBe(2);
  // the mailbox's order is not the order of sending when two mails share a second: the new link
  const declineMail = (await guardianMails()).find((m) => m.link !== mail.link)!;
  // the mail's English part: the same page in English, the total in English
  const english = new URL(declineMail.link);
  english.pathname = `/en${english.pathname}`;
  await guardianPage.goto(english.toString());
  await expect(guardianPage.getByTestId('guardian-total')).toHaveText('R$4.50');
  await expect(guardianPage.getByText('One payment. No recurring charge. No surprise items.')).toBeVisible();
  await guardianPage.getByRole('button', { name: 'Decline the purchase' }).click();
  await expect(guardianPage.getByTestId('guardian-state')).toHaveText('Purchase declined. Nothing was charged.');
  await page.reload();
  await expect(paper.getByTestId('store-guardian')).toHaveText('Seu responsável recusou esta compra. Nada foi cobrado.');
  await expect(paper.getByRole('button', { name: 'Pedir ao responsável de novo' })).toBeVisible();
});

test('a bought theme is offered in the editor (the others marked "na loja"), applied to a notebook, and a sharee sees it offline', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const [owner, friend] = await Promise.all([signUp(baseURL!, 'estilosa'), signUp(baseURL!, 'amiga')]);
  const service = serviceClient(baseURL!);
  expect((await service.from('store_beta_access').insert({ user_id: owner.userId })).error).toBeNull();
  const { data: item, error } = await service
    .from('seasonal_items')
    .insert({ name: `Galáxia ${Date.now().toString(36)}`, category: 'theme', grants_ref: 'galaxy', season_id: 'inverno-teste', season_name: 'Inverno', item_type: 'exclusive', price_cents: 990 })
    .select('id')
    .single();
  expect(error, error?.message).toBeNull();
  // bought through the payments API and the checkout page's form, as a browser does
  const token = (await owner.client.auth.getSession()).data.session!.access_token;
  const started = await fetch(`${baseURL}/payments/v1/checkout`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ item_id: item!.id, return_to: `${baseURL}/loja-sazonal` }),
  });
  const { purchase_id } = (await started.json()) as { purchase_id: string };
  const paid = await fetch(`${baseURL}/payments/v1/local/checkout/${purchase_id}`, { method: 'POST', body: new URLSearchParams({ outcome: 'paid' }), redirect: 'manual' });
  expect(paid.status).toBe(303);

  const notebook = await createNotebook(owner, 'Caderno estrelado', ['Qual é o seu planeta favorito?']);
  expect((await owner.client.from('notebook_shares').insert({ notebook_id: notebook.id, shared_with: friend.userId, created_by: owner.userId })).error).toBeNull();

  const page = await phonePage(browser);
  await logIn(page, owner);
  await page.goto(`/notebook/${notebook.id}/edit`);
  const appearance = page.getByTestId('appearance-section');
  const galaxy = appearance.getByRole('radio', { name: 'Galáxia', exact: true });
  await expect(galaxy).toBeEnabled();
  await expect(appearance.getByRole('radio', { name: 'Tons pastel (na loja)' })).toBeDisabled();
  await expect(appearance.getByTestId('themes-in-store').getByRole('link', { name: 'loja sazonal' })).toHaveAttribute('href', '/loja-sazonal');
  await galaxy.check();
  await appearance.getByRole('button', { name: 'Salvar aparência' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Caderno atualizado' })).toBeVisible();
  await expect
    .poll(async () => (await service.from('notebooks').select('theme').eq('id', notebook.id).single()).data?.theme, { timeout: 20_000 })
    .toBe('galaxy');

  // the friend owns nothing from the store and sees the owner's theme, online and offline
  const context = await browser.newContext({ viewport: PHONE });
  const friendPage = await context.newPage();
  await dismissConsent(friendPage);
  await logIn(friendPage, friend);
  await friendPage.goto(`/notebook/${notebook.id}`);
  const cover = friendPage.getByTestId('notebook-cover').first();
  const galaxyCover = 'rgb(49, 46, 129)';
  await expect.poll(() => cover.evaluate((el) => getComputedStyle(el).backgroundColor), { timeout: 20_000 }).toBe(galaxyCover);
  await friendPage.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await context.setOffline(true);
  await friendPage.reload();
  await expect.poll(() => friendPage.getByTestId('notebook-cover').first().evaluate((el) => getComputedStyle(el).backgroundColor), { timeout: 20_000 }).toBe(galaxyCover);
  await context.close();
});
