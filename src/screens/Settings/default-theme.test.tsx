import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { i18n } from '@lingui/core';
import type { MySettings } from '../../data/online/profile.ts';
import { offlineSignedInDevice, radio, THEME_TEST_USER as USER, themesOnDevice } from '../notebooks/look/testing.ts';
import { NotebookDefaultsSection } from './ProfileSections.tsx';

/**
 * The default theme of new notebooks (issue 35): Settings › Cadernos offers what the notebook
 * editor's picker offers — the themes admins added (the device's copy of the catalogue) and the
 * store's the person owns, the others «na loja» with the store's link. The create screen's start:
 * src/screens/CreateNotebook/default-theme.test.tsx.
 */
offlineSignedInDevice();

describe("Settings' default theme", () => {
  it("offers the added themes and the owned store's; the others «na loja» with the store's link", () => {
    themesOnDevice({ owned: ['noite'] });
    const settings = { notebook_theme: 'purple', notebook_pre_moderation: false, notebook_author: null } as unknown as MySettings;
    render(
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient()}>
          <NotebookDefaultsSection userId={USER} settings={settings} />
        </QueryClientProvider>
      </I18nProvider>,
    );
    expect(radio('Menta').disabled).toBe(false);
    expect(radio('Noite estrelada').disabled).toBe(false);
    expect(radio('Galáxia (na loja)').disabled).toBe(true);
    expect(screen.getByTestId('themes-in-store').querySelector('a')?.getAttribute('href')).toBe('/loja-sazonal');
    fireEvent.click(radio('Noite estrelada'));
    expect(radio('Noite estrelada').checked).toBe(true);
  });
});

