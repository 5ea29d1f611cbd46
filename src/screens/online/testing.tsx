import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nProvider } from '@lingui/react';
import { i18n, type Messages } from '@lingui/core';

/**
 * For component tests of online parts (admin sections, store): renders `ui` as the app does — in
 * `locale` with its area's catalog, under a fresh TanStack Query client that does not retry, so a
 * failed read shows its error at once.
 */
export function renderOnline(ui: ReactElement, locale: 'pt-BR' | 'en-US', catalogs: Record<'pt-BR' | 'en-US', Messages>) {
  i18n.loadAndActivate({ locale, messages: catalogs[locale] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </I18nProvider>,
  );
}
