import type { ComponentType } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import HomeScreen from '../Home/HomeScreen.tsx';
import AboutScreen from '../About/AboutScreen.tsx';
import TermsScreen from '../Terms/TermsScreen.tsx';
import PrivacyScreen from '../Privacy/PrivacyScreen.tsx';
import CookiesScreen from '../Cookies/CookiesScreen.tsx';
import FaqScreen from '../Faq/FaqScreen.tsx';
import ContactScreen from '../Contact/ContactScreen.tsx';
import { ACCEPT_ALL, useConsentStore } from '../../state/consent.ts';

function renderPage(Page: ComponentType) {
  return render(
    <I18nProvider i18n={i18n}>
      <Page />
    </I18nProvider>,
  );
}

const PAGES: [string, ComponentType][] = [
  ['home', HomeScreen],
  ['about', AboutScreen],
  ['terms', TermsScreen],
  ['privacy', PrivacyScreen],
  ['cookies', CookiesScreen],
  ['faq', FaqScreen],
  ['contact', ContactScreen],
];

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'pt-BR', messages: {} });
});
afterEach(cleanup);

describe.each(PAGES)('%s page', (_name, Page) => {
  it('has one h1, no skipped heading level and no <main> of its own', () => {
    const { container } = renderPage(Page);
    expect(container.querySelectorAll('h1')).toHaveLength(1);
    expect(container.querySelector('main')).toBeNull();
    const visible = [...container.querySelectorAll('h1, h2, h3, h4, h5, h6')].filter((h) => !h.closest('[aria-hidden="true"]'));
    let previous = 0;
    for (const heading of visible) {
      const level = Number(heading.tagName[1]);
      expect(level, heading.textContent ?? '').toBeLessThanOrEqual(previous + 1);
      previous = level;
    }
  });

  it('gives every link and button a name', () => {
    const { container } = renderPage(Page);
    for (const el of container.querySelectorAll('a, button, summary')) {
      expect(el.textContent?.trim(), el.outerHTML).toBeTruthy();
    }
  });
});

describe('page content', () => {
  it('home offers the three ways in', () => {
    renderPage(HomeScreen);
    expect(screen.getAllByRole('link', { name: 'Criar um caderno' })[0].getAttribute('href')).toBe('/create');
    expect(screen.getByRole('link', { name: 'Meus cadernos' }).getAttribute('href')).toBe('/meus-cadernos');
    expect(screen.getByRole('link', { name: 'Entrar' }).getAttribute('href')).toBe('/login');
  });

  it('terms state the effective date, the minimum age and guardian supervision', () => {
    const { container } = renderPage(TermsScreen);
    const text = container.textContent ?? '';
    expect(text).toContain('15/08/2025');
    expect(text).toContain('13 anos ou mais');
    expect(text).toMatch(/supervisão de um dos pais ou responsável/);
    expect(text).toContain('30 dias de antecedência');
  });

  it('privacy states the retention and response figures of spec §9', () => {
    const { container } = renderPage(PrivacyScreen);
    const text = container.textContent ?? '';
    expect(text).toContain('Contas inativas são excluídas depois de 2 anos');
    expect(text).toContain('Registros de segurança são guardados por até 1 ano');
    expect(text).toContain('em até 15 dias úteis');
    expect(text).toContain('30 dias de antecedência');
    expect(text).toContain('LGPD');
  });

  it('privacy says what deleting an account removes, what is kept and why (issue 28: delete_my_account)', () => {
    const { container } = renderPage(PrivacyScreen);
    const section = container.querySelector('#excluir-conta')?.parentElement?.textContent ?? '';
    expect(section).toContain('Quando você exclui sua conta');
    for (const removed of ['os arquivos da sua foto de perfil e da sua capa', 'nome de autor dos cadernos', 'todas as sessões']) {
      expect(section).toContain(removed);
    }
    expect(section).toContain('Fica uma conta removida, sem nada seu');
    expect(section).toContain('removido_');
    expect(section).toContain('sem você como anfitrião');
    expect(section).toContain('As marcas de exclusão são apagadas depois de 30 dias');
  });

  it('cookies list the four categories and the stored keys, and the button reopens the consent dialog', () => {
    useConsentStore.setState({ choice: ACCEPT_ALL });
    const { container } = renderPage(CookiesScreen);
    for (const name of ['Necessários', 'Funcionais', 'Análise', 'Marketing']) {
      expect(screen.getByRole('heading', { level: 3, name })).toBeTruthy();
    }
    for (const key of ['ui-theme', 'i18nextLng', 'cookie-consent']) {
      expect(container.textContent).toContain(key);
    }
    fireEvent.click(screen.getByRole('button', { name: 'Preferências de cookies' }));
    expect(useConsentStore.getState().choice).toBeNull();
  });

  it('faq has 10 to 14 questions that fold open', () => {
    const { container } = renderPage(FaqScreen);
    const items = container.querySelectorAll('details > summary');
    expect(items.length).toBeGreaterThanOrEqual(10);
    expect(items.length).toBeLessThanOrEqual(14);
  });

  it('contact gives the support e-mail and the reply time at once; the form comes as its own part', async () => {
    const { container } = renderPage(ContactScreen);
    expect(screen.getByRole('link', { name: 'Escrever um e-mail' }).getAttribute('href')).toBe('mailto:contato@cadernos.app');
    expect(container.textContent).toContain('Respondemos em até 24 horas.');
    // the page's text does not wait for the form's code (ContactForm.tsx, loaded by itself)
    expect(container.querySelector('form')).toBeNull();
    // the part's module is transformed on first import here: it may take a few seconds under load
    const form = await screen.findByTestId('contact-form', {}, { timeout: 15_000 });
    for (const name of ['Nome', 'E-mail para a resposta', 'Categoria', 'Assunto', 'Mensagem']) {
      expect(screen.getByLabelText(name).closest('form')).toBe(form);
    }
  }, 20_000);
});

describe('faq links', () => {
  it('opens the question named in the address', () => {
    window.history.replaceState(null, '', '/faq#offline');
    Element.prototype.scrollIntoView ??= () => {};
    const { container } = renderPage(FaqScreen);
    expect((container.querySelector('#offline') as HTMLDetailsElement).open).toBe(true);
    expect((container.querySelector('#instalar') as HTMLDetailsElement).open).toBe(false);
    window.history.replaceState(null, '', '/');
  });
});
