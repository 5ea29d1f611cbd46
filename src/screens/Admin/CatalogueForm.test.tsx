import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { msg } from '@lingui/core/macro';
import { CatalogueFields, useCatalogueForm } from './CatalogueForm.tsx';
import { showSection, toasts, resetSection } from './testing.tsx';

/**
 * The one frame of the admin catalogue forms (issue 35), as themes, sticker packs, stickers and
 * achievements use it besides papers and covers: a row's own fields between Nome and its place (a
 * theme's colours), a place named for where it is (a sticker's place in its pack), a new row given
 * what the caller knows (its pack, its place among its pack's stickers), and a catalogue whose rows
 * have no place at all (achievements) opened with its empty row as it is.
 */
interface Sticker {
  id: string;
  pack_id: string;
  name: string;
  sort_order: number;
}
const PROBLEMS = { id_taken: msg`Já existe um pacote ou adesivo com este código.`, server: msg`Não foi possível salvar. Tente de novo em alguns segundos.` };
const problemOf = (error: unknown) => (error === 'taken' ? ('id_taken' as const) : ('server' as const));
const ROWS: Sticker[] = [
  { id: 'star', pack_id: 'basicos', name: 'Estrela', sort_order: 3 },
  { id: 'heart', pack_id: 'basicos', name: 'Coração', sort_order: 7 },
];

function StickerForm({ onDraft }: { onDraft: (draft: Sticker) => void }) {
  const form = useCatalogueForm({ empty: { id: '', pack_id: '', name: '', sort_order: 0 }, rows: ROWS, problems: PROBLEMS, problemOf });
  onDraft(form.draft);
  return (
    <div>
      <button type="button" onClick={() => form.open(null)}>
        novo
      </button>
      <button type="button" onClick={() => form.open(null, { pack_id: 'inverno', sort_order: 1 })}>
        novo no inverno
      </button>
      <button type="button" onClick={() => form.open(ROWS[0])}>
        editar
      </button>
      <button type="button" onClick={() => form.failed('taken')}>
        falhar
      </button>
      {form.editing !== undefined ? (
        <form aria-label="adesivo" data-editing={form.editing ?? 'new'}>
          <CatalogueFields formId="f" draft={form.draft} onChange={form.setDraft} idLocked={form.editing !== null} problems={{}} nameMax={80} orderLabel="Posição no pacote">
            <label>
              Cor
              <input />
            </label>
          </CatalogueFields>
        </form>
      ) : null}
    </div>
  );
}

function AchievementForm({ onDraft }: { onDraft: (draft: { id: string; points: number }) => void }) {
  const form = useCatalogueForm({ empty: { id: '', points: 10 }, problems: PROBLEMS, problemOf });
  onDraft(form.draft);
  return (
    <button type="button" onClick={() => form.open(null)}>
      nova
    </button>
  );
}

afterEach(resetSection);

describe('the catalogue form frame', () => {
  it("shows a row's own fields between Nome and its place, with the place's own label", () => {
    showSection(<StickerForm onDraft={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'novo' }));
    const labels = [...screen.getByRole('form', { name: 'adesivo' }).querySelectorAll('label')].map((l) => l.textContent?.trim());
    expect(labels.map((l) => l?.replace(/\s+/g, ' '))).toEqual(['Código', 'Nome', 'Cor', 'Posição no pacote']);
    expect(screen.queryByLabelText('Posição na lista')).toBeNull();
  });

  it('a new row takes the next place, or what the caller gives (its pack, its place there); a row edited keeps its code', () => {
    let draft: Sticker | undefined;
    showSection(<StickerForm onDraft={(d) => (draft = d)} />);
    fireEvent.click(screen.getByRole('button', { name: 'novo' }));
    expect(draft).toEqual({ id: '', pack_id: '', name: '', sort_order: 8 });
    fireEvent.click(screen.getByRole('button', { name: 'novo no inverno' }));
    expect(draft).toEqual({ id: '', pack_id: 'inverno', name: '', sort_order: 1 });
    expect((screen.getByLabelText('Posição no pacote') as HTMLInputElement).value).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'editar' }));
    expect(draft).toEqual(ROWS[0]);
    expect((screen.getByLabelText(/Código/) as HTMLInputElement).disabled).toBe(true);
  });

  it('rows without a place (achievements) open as the empty row; a failed save toasts its problem', () => {
    let draft: { id: string; points: number } | undefined;
    showSection(<AchievementForm onDraft={(d) => (draft = d)} />);
    fireEvent.click(screen.getByRole('button', { name: 'nova' }));
    expect(draft).toEqual({ id: '', points: 10 });
    cleanup();
    showSection(<StickerForm onDraft={() => {}} />);
    act(() => fireEvent.click(screen.getByRole('button', { name: 'falhar' })));
    expect(toasts()).toEqual(['Erro ao salvar Já existe um pacote ou adesivo com este código.']);
  });
});
