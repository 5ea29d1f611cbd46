import { act, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { INITIAL_SYNC_STATUS, useSyncStatusStore } from '../state/sync-status.ts';
import { PendingWritesIndicator } from './PendingWritesIndicator.tsx';

describe('pending writes indicator', () => {
  beforeAll(() => i18n.loadAndActivate({ locale: 'pt-BR', messages: {} }));

  it('shows how many writes wait for the server, and hides when they are all synced', () => {
    useSyncStatusStore.setState({ ...INITIAL_SYNC_STATUS, pendingCount: 0 });
    render(
      <I18nProvider i18n={i18n}>
        <PendingWritesIndicator />
      </I18nProvider>,
    );
    expect(screen.queryByTestId('pending-writes')).toBeNull();
    act(() => useSyncStatusStore.setState({ pendingCount: 3 }));
    expect(screen.getByTestId('pending-writes').textContent).toContain('3 alterações aguardando envio');
    act(() => useSyncStatusStore.setState({ pendingCount: 1 }));
    expect(screen.getByTestId('pending-writes').textContent).toContain('1 alteração aguardando envio');
    act(() => useSyncStatusStore.setState({ pendingCount: 0 }));
    expect(screen.queryByTestId('pending-writes')).toBeNull();
  });
});
