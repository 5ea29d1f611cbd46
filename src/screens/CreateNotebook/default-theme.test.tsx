import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { of } from 'rxjs';
import type { DataLayer } from '../../data/data-layer.ts';
import { offlineSignedInDevice, radio, themesOnDevice } from '../notebooks/look/testing.ts';
import { CreateForm } from './CreateNotebookScreen.tsx';

/**
 * The default theme of new notebooks (issue 35): a notebook created with a store default is
 * saved with it only while the person owns it (else the server refuses it: "30 a store theme is
 * owned"), purple otherwise; a free theme admins added is a default as the app's own.
 * Settings › Cadernos' picker: src/screens/Settings/default-theme.test.tsx.
 */
offlineSignedInDevice();

describe('a new notebook with a store default', () => {
  function create(theme: string) {
    const made = vi.fn(async (_input: { theme?: string }) => ({ ok: true as const, value: { id: 'n1' } }));
    const layer = {
      api: { queries: { notebookDefaults: () => of({ theme, preModeration: false, author: 'Usuário' }) }, notebooks: { create: made } },
    } as unknown as DataLayer;
    render(
      <I18nProvider i18n={i18n}>
        <CreateForm layer={layer} />
      </I18nProvider>,
    );
    return made;
  }

  async function submit(made: ReturnType<typeof create>) {
    fireEvent.input(screen.getByLabelText('Título'), { target: { value: 'Meu caderno novo' } });
    await act(async () => fireEvent.submit(screen.getByLabelText('Título').closest('form')!));
    await waitFor(() => expect(made).toHaveBeenCalled());
    return made.mock.calls[0][0].theme;
  }

  it('starts with it while the person owns it', async () => {
    themesOnDevice({ owned: ['noite'] });
    const made = create('noite');
    await waitFor(() => expect(radio('Noite estrelada').checked).toBe(true));
    expect(await submit(made)).toBe('noite');
  });

  it('starts purple when the person no longer owns it (the server would refuse the notebook)', async () => {
    themesOnDevice({ owned: [] });
    const made = create('noite');
    await waitFor(() => expect(radio('Roxo').checked).toBe(true));
    expect(await submit(made)).toBe('purple');
  });

  it('starts with a free theme an admin added', async () => {
    themesOnDevice({ owned: [] });
    const made = create('menta');
    await waitFor(() => expect(radio('Menta').checked).toBe(true));
    expect(await submit(made)).toBe('menta');
  });
});
