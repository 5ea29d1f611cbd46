import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { Link } from 'wouter';
import { FormField } from '../../components/FormField.tsx';
import { UserText } from '../../components/UserText.tsx';
import { button } from '../../components/ui.css.ts';
import type { DataLayer } from '../../data/data-layer.ts';
import type { NotebookDoc } from '../../data/schemas/index.ts';
import type { CoverSticker } from '../../data/schemas/notebooks.ts';
import { toast } from '../../state/toast.ts';
import { useUnsavedChanges } from '../../state/unsaved.ts';
import { problemText } from '../notebooks/common/messages.ts';
import { NotebookCover, NotebookPaper } from '../notebooks/look/index.ts';
import { BorderPicker, CoverStylePicker, PaperPicker, StickerEditor, ThemePicker } from '../notebooks/look/AppearanceControls.tsx';
import { placeSticker, tidyCover } from '../notebooks/look/stickers.ts';
import { useOwnedLooks } from '../notebooks/look/useOwnedLooks.ts';
import { useCoverCatalogue, usePaperCatalogue, useThemeCatalogue } from '../notebooks/look/usePaperCatalogue.ts';
import { useDraft } from './useDraft.ts';
import * as css from './Edit.css.ts';

interface Look {
  theme: string;
  paper_style: string;
  sticker_border: string | null;
  coverTitle: string;
  subtitle: string;
  coverStyle: string;
  stickers: CoverSticker[];
}

function lookOf(notebook: NotebookDoc): Look {
  return {
    theme: notebook.cover?.theme ?? notebook.theme,
    paper_style: notebook.paper_style,
    sticker_border: notebook.sticker_border,
    coverTitle: notebook.cover?.title ?? '',
    subtitle: notebook.cover?.subtitle ?? '',
    coverStyle: notebook.cover?.style ?? '',
    stickers: notebook.cover?.stickers ?? [],
  };
}

/**
 * The cover as saved: what the form edits over the stored cover, so keys it does not edit (an older
 * device's or an import's `color`, keys a newer version adds) stay. The form's theme is read from
 * `cover.theme` when there is one (the cover draws it first), so a chosen theme is written there too.
 */
function coverToSave(notebook: NotebookDoc, draft: Look) {
  const stored = notebook.cover ?? {};
  return tidyCover({
    ...stored,
    title: draft.coverTitle,
    subtitle: draft.subtitle,
    style: draft.coverStyle,
    stickers: draft.stickers,
    ...(stored.theme ? { theme: draft.theme } : null),
  });
}

/**
 * Cover and appearance (spec §2 edit): theme, paper, border, cover texts and stickers, with a
 * live preview. Collaborators see it but cannot change it (spec §6).
 */
export function AppearanceSection({ layer, notebook, canEdit }: { layer: DataLayer; notebook: NotebookDoc; canEdit: boolean }) {
  const { t, i18n } = useLingui();
  const { draft, setDraft, dirty, reset, saved } = useDraft(lookOf(notebook));
  const owned = useOwnedLooks();
  const papers = usePaperCatalogue();
  const themes = useThemeCatalogue();
  const coverStyles = useCoverCatalogue();
  useUnsavedChanges(`edit-look-${notebook.id}`, dirty);
  const cover = coverToSave(notebook, draft);
  const author = <UserText>{notebook.author}</UserText>;

  async function save() {
    const result = await layer.api.notebooks.update(notebook.id, {
      theme: draft.theme,
      paper_style: draft.paper_style,
      sticker_border: draft.sticker_border,
      cover,
    });
    if (!result.ok) {
      toast({ title: t`Erro ao atualizar caderno`, description: problemText(i18n, result.problem, 'notebook'), variant: 'destructive' });
      return;
    }
    saved();
    if (result.value.changed) toast({ title: t`Caderno atualizado` });
  }

  return (
    <section className={css.section} aria-labelledby="appearance" data-testid="appearance-section">
      <h2 id="appearance" className={css.sectionTitle}>
        <Trans>Capa e aparência</Trans>
      </h2>
      {canEdit ? null : (
        <p className={css.note} data-testid="appearance-readonly">
          <Trans>Você pode ver a aparência deste caderno, mas só o dono e os editores podem mudá-la.</Trans>
        </p>
      )}
      <div className={css.split}>
        <div className={css.previewColumn} aria-label={i18n._(previewLabel)} role="group">
          <NotebookCover
            title={notebook.title}
            author={<Trans>por {author}</Trans>}
            theme={draft.theme}
            cover={cover}
            stickerBorder={draft.sticker_border}
            titleAs="p"
            onStickerMove={canEdit ? (index, place) => setDraft({ stickers: placeSticker(draft.stickers, index, place) }) : undefined}
          />
          <NotebookPaper paper={draft.paper_style} theme={draft.theme} handwriting>
            <p style={{ margin: 0 }}>
              <Trans>Qual é a sua cor favorita?</Trans>
            </p>
          </NotebookPaper>
        </div>
        <div className={css.sections}>
          <ThemePicker name="edit-theme" value={draft.theme} onChange={(theme) => setDraft({ theme })} disabled={!canEdit} owned={owned?.themes ?? []} catalogue={themes} />
          <PaperPicker value={draft.paper_style} onChange={(paper_style) => setDraft({ paper_style })} disabled={!canEdit} owned={owned?.papers ?? []} catalogue={papers} />
          <CoverStylePicker value={draft.coverStyle} onChange={(coverStyle) => setDraft({ coverStyle })} disabled={!canEdit} owned={owned?.covers ?? []} catalogue={coverStyles} />
          <BorderPicker value={draft.sticker_border} onChange={(sticker_border) => setDraft({ sticker_border })} disabled={!canEdit} />
          <FormField id="cover-title" label={<Trans>Título da capa (opcional)</Trans>} hint={<Trans>Se ficar vazio, a capa mostra o título do caderno.</Trans>} value={draft.coverTitle} dir="auto" disabled={!canEdit} onChange={(e) => setDraft({ coverTitle: e.target.value })} />
          <FormField id="edit-cover-subtitle" label={<Trans>Subtítulo da capa (opcional)</Trans>} value={draft.subtitle} dir="auto" disabled={!canEdit} onChange={(e) => setDraft({ subtitle: e.target.value })} />
          <StickerEditor stickers={draft.stickers} onChange={(stickers) => setDraft({ stickers })} disabled={!canEdit} owned={owned?.stickers ?? []} />
          {canEdit ? (
            <div className={css.actions}>
              <button type="button" className={button.primary} disabled={!dirty} onClick={() => void save()}>
                <Trans>Salvar aparência</Trans>
              </button>
              {dirty ? (
                <button type="button" className={button.ghost} onClick={reset}>
                  <Trans>Desfazer</Trans>
                </button>
              ) : null}
            </div>
          ) : null}
          <p className={css.muted}>
            <Trans>
              Mais temas, papéis, capas e adesivos na <Link href="/loja-sazonal">loja sazonal</Link>.
            </Trans>
          </p>
        </div>
      </div>
    </section>
  );
}

const previewLabel = msg`Prévia da aparência`;
