import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { renderOnline } from '../online/testing.tsx';
import { messages as appPt } from '../../locale/locales/pt-BR/messages.po';
import { messages as notebooksPt } from '../notebooks/locales/pt-BR/messages.po';
import { messages as appEn } from '../../locale/locales/en-US/messages.po';
import { messages as notebooksEn } from '../notebooks/locales/en-US/messages.po';
import type { DataLayer } from '../../data/data-layer.ts';
import type { NotebookDoc } from '../../data/schemas/index.ts';
import { AppearanceSection } from './AppearanceSection.tsx';

/**
 * The editor's appearance save keeps what its form does not edit (spec §3: a cover has title,
 * subtitle, color, theme, stickers …): a cover from an older device or an import carries `color`,
 * `theme` and keys this version does not know; saving a new subtitle must not drop them.
 */
const catalogs = { 'pt-BR': { ...appPt, ...notebooksPt }, 'en-US': { ...appEn, ...notebooksEn } };

function notebookWith(cover: Record<string, unknown>): NotebookDoc {
  return {
    id: 'n1',
    user_id: 'u1',
    title: 'Caderno da turma',
    description: null,
    author: 'Ana',
    theme: 'purple',
    pre_moderation_enabled: false,
    paper_style: 'lined',
    sticker_border: null,
    cover,
    is_shared: false,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
    _deleted: false,
  } as unknown as NotebookDoc;
}

function renderSection(notebook: NotebookDoc) {
  const update = vi.fn(async (_id: string, _fields: Record<string, unknown>) => ({ ok: true, value: { changed: true } }));
  const layer = { api: { notebooks: { update } } } as unknown as DataLayer;
  renderOnline(<AppearanceSection layer={layer} notebook={notebook} canEdit />, 'pt-BR', catalogs);
  return update;
}

async function save() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Salvar aparência' }));
  });
}

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe("the editor's appearance save", () => {
  it("keeps the cover's color, theme and unknown keys when only the subtitle changes", async () => {
    const stickers = [{ id: 'star', size: 20, rotation: 0, layer: 'front' as const, x: 10, y: 10 }];
    const update = renderSection(notebookWith({ title: 'Capa antiga', color: '#123456', theme: 'teal', stickers, frame: { kind: 'gold' } }));
    fireEvent.input(screen.getByLabelText('Subtítulo da capa (opcional)'), { target: { value: ' Turma B ' } });
    await save();
    expect(update).toHaveBeenCalledTimes(1);
    expect(update.mock.calls[0][1].cover).toEqual({ title: 'Capa antiga', subtitle: 'Turma B', color: '#123456', theme: 'teal', stickers, frame: { kind: 'gold' } });
  });

  it('a theme chosen in the form is the cover theme saved (the cover draws cover.theme first)', async () => {
    const update = renderSection(notebookWith({ color: '#123456', theme: 'teal' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Rosa' }));
    await save();
    expect(update.mock.calls[0][1]).toMatchObject({ theme: 'pink', cover: { color: '#123456', theme: 'pink' } });
  });

  it('a cover without extra keys is saved as before, and an emptied one as null', async () => {
    const update = renderSection(notebookWith({ subtitle: 'Turma A' }));
    fireEvent.input(screen.getByLabelText('Subtítulo da capa (opcional)'), { target: { value: '' } });
    await save();
    expect(update.mock.calls[0][1].cover).toBeNull();
  });
});
