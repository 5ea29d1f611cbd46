/**
 * Friends (issue 31) at 360 px, in two browser contexts: Ana asks Bia from Bia's profile
 * ("Adicionar amigo"), Bia finds the request under /amigos' "Pedidos" (the tab says how many wait)
 * and accepts it — both open screens follow without a reload; each list then says the
 * friendship began with a request; Caio shares a notebook
 * with Ana and she answers it (signed): the two are friends without asking, and her list says she
 * answered a notebook of Caio's. An anonymous answer (Bia's, to Caio's notebook) makes no
 * friendship. Offline the list stays and the actions wait. The frame's Amigos place leads there; the tabs work by keyboard; axe on each screen;
 * each fits 360 px.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { dismissConsent, expectFitsPhone, expectNoSeriousAxeIssues } from './helpers.ts';
import { createNotebook, logIn, signUp, type SignedUp } from './people.ts';

const PHONE = { width: 360, height: 740 };

async function signedInPage(browser: Browser, person: SignedUp): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await dismissConsent(page);
  await logIn(page, person);
  await expect(page).not.toHaveURL(/\/login/);
  return page;
}

async function answerAs(person: SignedUp, notebookId: string, questionId: string, anonymous: boolean) {
  const { error } = await person.client.from('answers').insert({ question_id: questionId, notebook_id: notebookId, text: 'Azul, sempre', is_anonymous: anonymous });
  expect(error, error?.message).toBeNull();
}

test('two people become friends by a request and by answering a notebook', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const ana = await signUp(baseURL!, 'anaamiga');
  const bia = await signUp(baseURL!, 'biaamiga');
  const caio = await signUp(baseURL!, 'caioamigo');
  const [anaPage, biaPage] = [await signedInPage(browser, ana), await signedInPage(browser, bia)];

  // Bia has /amigos open, reached through the frame's Amigos place
  await biaPage.goto('/meus-cadernos');
  await biaPage.getByRole('link', { name: 'Amigos' }).first().click();
  await expect(biaPage).toHaveURL(/\/amigos$/);
  await expect(biaPage.getByRole('heading', { name: 'Amigos', level: 1 })).toBeVisible();
  await expect(biaPage.getByText('Você ainda não tem amigos aqui.', { exact: false })).toBeVisible();

  // Ana asks Bia from Bia's profile
  await anaPage.goto(`/profile/${bia.username}`);
  await anaPage.getByRole('button', { name: 'Adicionar amigo' }).click();
  await expect(anaPage.getByTestId('friend-state')).toHaveText('Pedido de amizade enviado.');
  await expect(anaPage.getByRole('button', { name: `Cancelar o pedido para ${bia.username}` })).toBeVisible();
  await expectNoSeriousAxeIssues(anaPage, "Bia's profile, request sent");
  await expectFitsPhone(anaPage, "Bia's profile, request sent");

  // Bia's open screen hears of it (no reload): the Pedidos tab says one waits
  await expect(biaPage.getByTestId('friends-tab-requests')).toContainText('1');
  // the tabs by keyboard: → from "Amigos" selects "Pedidos"
  await biaPage.getByTestId('friends-tab-friends').focus();
  await biaPage.keyboard.press('ArrowRight');
  await expect(biaPage.getByTestId('friends-tab-requests')).toBeFocused();
  await expect(biaPage.getByTestId('friends-tab-requests')).toHaveAttribute('aria-selected', 'true');
  const received = biaPage.getByTestId('request-received');
  await expect(received).toHaveCount(1);
  await expect(received).toContainText(ana.username);
  await expectNoSeriousAxeIssues(biaPage, '/amigos, requests');
  await expectFitsPhone(biaPage, '/amigos, requests');
  await received.getByRole('button', { name: `Aceitar o pedido de ${ana.username}` }).click();
  await expect(received).toHaveCount(0);
  await biaPage.getByRole('tab', { name: 'Amigos' }).click();
  const biasFriend = biaPage.getByTestId('friend');
  await expect(biasFriend).toHaveCount(1);
  await expect(biasFriend.getByTestId('friend-origin')).toContainText('por um pedido de amizade');
  await expectNoSeriousAxeIssues(biaPage, '/amigos, friends');
  await expectFitsPhone(biaPage, '/amigos, friends');

  // Ana's open profile of Bia now says they are friends (no reload)
  await expect(anaPage.getByTestId('friend-state')).toHaveText('Vocês são amigos.');

  // Caio shares a notebook with Ana and Bia; Ana answers it signed, Bia anonymously
  const notebook = await createNotebook(caio, 'Caderno do Caio', ['Cor favorita?']);
  for (const person of [ana, bia]) {
    const { error } = await caio.client.from('notebook_shares').insert({ notebook_id: notebook.id, shared_with: person.userId, created_by: caio.userId });
    expect(error, error?.message).toBeNull();
  }
  await answerAs(ana, notebook.id, notebook.questionIds[0], false);
  await answerAs(bia, notebook.id, notebook.questionIds[0], true);

  await anaPage.goto('/amigos');
  const anasFriends = anaPage.getByTestId('friend');
  await expect(anasFriends).toHaveCount(2);
  const caioRow = anasFriends.filter({ hasText: caio.username });
  await expect(caioRow.getByTestId('friend-origin')).toContainText(`quando você respondeu um caderno de ${caio.username}`);
  await expect(caioRow.getByTestId('friend-shared')).toHaveText('1 caderno em comum.');
  await expect(anasFriends.filter({ hasText: bia.username }).getByTestId('friend-shared')).toHaveText('1 caderno em comum.');
  await expectNoSeriousAxeIssues(anaPage, "/amigos, Ana's friends");
  await expectFitsPhone(anaPage, "/amigos, Ana's friends");

  // Bia's anonymous answer made no friendship with Caio: he is a suggestion (same notebook), not a friend
  await biaPage.reload();
  await expect(biaPage.getByTestId('friend')).toHaveCount(1);
  await biaPage.getByRole('tab', { name: 'Sugestões' }).click();
  const suggestion = biaPage.getByTestId('suggestion').filter({ hasText: caio.username });
  await expect(suggestion).toBeVisible();
  await expectNoSeriousAxeIssues(biaPage, '/amigos, suggestions');
  await expectFitsPhone(biaPage, '/amigos, suggestions');

  // Caio's profile lists his friends to Bia (connections public): Ana, not Bia
  await biaPage.goto(`/profile/${caio.username}`);
  const listed = biaPage.getByTestId('profile-friends').getByTestId('profile-friend');
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText(ana.username);
  await expectNoSeriousAxeIssues(biaPage, "Caio's profile, his friends");
  await expectFitsPhone(biaPage, "Caio's profile, his friends");

  // offline: the last copy stays readable and the screen says plainly that changes need the connection
  await anaPage.context().setOffline(true);
  // one note, not two that both begin "você está sem internet" (a walkthrough found them stacked)
  const offline = anaPage.getByRole('status').filter({ hasText: 'Você está sem internet' });
  await expect(offline).toHaveCount(1);
  await expect(offline).toHaveText(
    'Você está sem internet: isto é o que o aparelho guardou da última vez. Conecte-se para adicionar, aceitar ou remover amigos.',
  );
  await expect(anaPage.getByTestId('friend')).toHaveCount(2);
  await anaPage.getByRole('button', { name: `Remover ${caio.username} dos amigos` }).click();
  await expect(anaPage.getByRole('button', { name: `Confirmar: remover ${caio.username} dos amigos` })).toBeDisabled();
  await anaPage.context().setOffline(false);
  await expect(anaPage.getByRole('button', { name: `Confirmar: remover ${caio.username} dos amigos` })).toBeEnabled();
  await anaPage.getByRole('button', { name: 'Manter' }).click();

  // in English, at /en/friends
  await anaPage.goto('/en/friends');
  await expect(anaPage.getByRole('heading', { name: 'Friends', level: 1 })).toBeVisible();
  await expect(anaPage.getByTestId('friend').filter({ hasText: caio.username }).getByTestId('friend-origin')).toContainText(
    `when you answered a notebook of ${caio.username}'s`,
  );
});
