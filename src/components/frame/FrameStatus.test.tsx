import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { INITIAL_SYNC_STATUS, useSyncStatusStore } from '../../state/sync-status.ts';
import { FrameStatus } from './FrameStatus.tsx';

function renderStatus(onlineOnly = false) {
  render(
    <I18nProvider i18n={i18n}>
      <FrameStatus onlineOnly={onlineOnly} />
    </I18nProvider>,
  );
}

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

describe("the top bar's status line", () => {
  beforeAll(() => i18n.loadAndActivate({ locale: 'pt-BR', messages: {} }));
  afterEach(() => {
    cleanup();
    setOnline(true);
  });

  it('shows how many writes wait for the server, and hides when they are all synced', () => {
    useSyncStatusStore.setState({ ...INITIAL_SYNC_STATUS, pendingCount: 0 });
    renderStatus();
    expect(screen.queryByTestId('pending-writes')).toBeNull();
    act(() => useSyncStatusStore.setState({ pendingCount: 3 }));
    expect(screen.getByTestId('pending-writes').textContent).toContain('3 alterações aguardando envio');
    act(() => useSyncStatusStore.setState({ pendingCount: 1 }));
    expect(screen.getByTestId('pending-writes').textContent).toContain('1 alteração aguardando envio');
    act(() => useSyncStatusStore.setState({ pendingCount: 0 }));
    expect(screen.queryByTestId('pending-writes')).toBeNull();
  });

  it('says the phone is offline, and what happens to what is done meanwhile, inside one live region', () => {
    useSyncStatusStore.setState({ ...INITIAL_SYNC_STATUS, pendingCount: 2 });
    renderStatus();
    expect(screen.queryByTestId('offline-status')).toBeNull();
    setOnline(false);
    const region = screen.getByRole('status');
    expect(region.textContent).toContain('Sem internet');
    expect(region.textContent).toContain('será enviado quando a conexão voltar');
    expect(region.textContent).toContain('2 alterações aguardando envio');
    setOnline(true);
    expect(screen.queryByTestId('offline-status')).toBeNull();
  });

  it('on an online-only screen (a profile, the settings) says only that the phone is offline: nothing there is sent later', () => {
    useSyncStatusStore.setState({ ...INITIAL_SYNC_STATUS, pendingCount: 0 });
    renderStatus(true);
    setOnline(false);
    const region = screen.getByRole('status');
    expect(region.textContent).toContain('Sem internet');
    expect(region.textContent).not.toMatch(/enviad/);
  });
});
