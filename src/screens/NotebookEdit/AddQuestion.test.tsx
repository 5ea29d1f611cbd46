import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import type { DataLayer } from '../../data/data-layer.ts';
import type { WriteResult } from '../../data/problems.ts';
import { AddQuestion } from './QuestionsSection.tsx';

/** A data layer whose question writes resolve when the test says, as a busy phone's IndexedDB does. */
function slowLayer() {
  const pending: Array<{ text: string; resolve: (result: WriteResult<unknown>) => void }> = [];
  const add = (_notebookId: string, text: string) => new Promise<WriteResult<unknown>>((resolve) => pending.push({ text, resolve }));
  const layer = { api: { questions: { add } } } as unknown as DataLayer;
  return { layer, pending };
}

function renderAdd(layer: DataLayer) {
  render(
    <I18nProvider i18n={i18n}>
      <AddQuestion layer={layer} notebookId="n1" />
    </I18nProvider>,
  );
  return screen.getByLabelText('Nova pergunta') as HTMLInputElement;
}

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'pt-BR', messages: {} });
});
afterEach(cleanup);

describe('adding questions one after another', () => {
  it('the next question typed while the last one is still being saved is kept (the party test lost it)', async () => {
    const { layer, pending } = slowLayer();
    const field = renderAdd(layer);
    fireEvent.input(field, { target: { value: 'Sobremesa favorita?' } });
    fireEvent.submit(field.form!);
    expect(pending.map((p) => p.text)).toEqual(['Sobremesa favorita?']);
    fireEvent.input(field, { target: { value: 'Música da festa?' } });
    await act(async () => pending[0].resolve({ ok: true, value: null }));
    expect(field.value).toBe('Música da festa?');
  });

  it('a saved question clears the field when nothing new was typed', async () => {
    const { layer, pending } = slowLayer();
    const field = renderAdd(layer);
    fireEvent.input(field, { target: { value: 'Um conselho?' } });
    fireEvent.submit(field.form!);
    await act(async () => pending[0].resolve({ ok: true, value: null }));
    expect(field.value).toBe('');
    expect(document.activeElement).toBe(field);
  });
});
