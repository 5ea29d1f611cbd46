import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import '../../app/routes.ts'; // the pages the frame asks about (src/navigation/pages.ts)
import { PlacesNav } from './PlacesNav.tsx';
import { PLACES, type Place } from './screens.ts';

/** Every place with an address, as they will be once their screens are built. */
const ALL_BUILT: Place[] = PLACES.map((place) => ({ ...place, href: place.href ?? `/${place.id}` }));

function renderNav(path: string, counts: Record<string, number> = {}) {
  const location = memoryLocation({ path });
  render(
    <I18nProvider i18n={i18n}>
      <Router hook={location.hook}>
        <PlacesNav places={ALL_BUILT} counts={counts} />
      </Router>
    </I18nProvider>,
  );
}

beforeAll(() => i18n.loadAndActivate({ locale: 'pt-BR', messages: {} }));
afterEach(cleanup);

describe('the places navigation', () => {
  it('is a named landmark marking the current place, also from a screen below it', () => {
    renderNav('/meus-cadernos');
    const nav = screen.getByRole('navigation', { name: 'Principal' });
    expect(nav.querySelector('[aria-current="page"]')?.textContent).toBe('Cadernos');
    cleanup();
    renderNav('/notebook/abc/edit');
    expect(screen.getByRole('link', { name: 'Cadernos' }).getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('link', { name: 'Perfil' }).getAttribute('aria-current')).toBeNull();
  });

  it('names the unread notifications with the right plural, and none when there are none', () => {
    renderNav('/timeline', { notifications: 1 });
    expect(screen.getByRole('link', { name: 'Notificações, 1 não lida' })).toBeTruthy();
    cleanup();
    renderNav('/timeline', { notifications: 5 });
    expect(screen.getByRole('link', { name: 'Notificações, 5 não lidas' })).toBeTruthy();
    cleanup();
    renderNav('/timeline', { notifications: 0 });
    expect(screen.getByRole('link', { name: 'Notificações' })).toBeTruthy();
  });
});
