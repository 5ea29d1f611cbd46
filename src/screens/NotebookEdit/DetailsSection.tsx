import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { FormField } from '../../components/FormField.tsx';
import * as f from '../../components/form.css.ts';
import { button } from '../../components/ui.css.ts';
import type { DataLayer } from '../../data/data-layer.ts';
import type { NotebookDoc } from '../../data/schemas/index.ts';
import { DEFAULT_AUTHOR } from '../../data/repositories/notebooks.ts';
import { useSyncStatusStore } from '../../state/sync-status.ts';
import { toast } from '../../state/toast.ts';
import { useUnsavedChanges } from '../../state/unsaved.ts';
import { RefusedNotice, SyncBadge } from '../notebooks/common/index.ts';
import { problemText } from '../notebooks/common/messages.ts';
import { draftProblems } from '../notebooks/common/draft.ts';
import { useDraft } from './useDraft.ts';
import * as css from './Edit.css.ts';

/** Title, description and author label; saved together (an unchanged save writes nothing, spec §5). */
export function DetailsSection({ layer, notebook, canEdit }: { layer: DataLayer; notebook: NotebookDoc; canEdit: boolean }) {
  const { t, i18n } = useLingui();
  const { draft, setDraft, dirty, reset, saved } = useDraft({ title: notebook.title, description: notebook.description ?? '', author: notebook.author });
  const [error, setError] = useState<{ title?: string; form?: string }>({});
  const key = `notebooks/${notebook.id}`;
  const rejection = useSyncStatusStore((s) => s.rejections.find((r) => r.key === key && r.operation === 'update'));
  useUnsavedChanges(`edit-details-${notebook.id}`, dirty);

  async function save(event: FormEvent) {
    event.preventDefault();
    const problems = draftProblems(draft);
    if (problems.title) return setError({ title: problemText(i18n, problems.title, 'notebook') });
    const result = await layer.api.rejections.fix(key, () =>
      layer.api.notebooks.update(notebook.id, { title: draft.title, description: draft.description.trim() || null, author: draft.author }),
    );
    if (!result.ok) {
      const message = problemText(i18n, result.problem, 'notebook');
      setError(result.problem.field === 'title' ? { title: message } : { form: message });
      toast({ title: t`Erro ao atualizar caderno`, description: message, variant: 'destructive' });
      return;
    }
    setError({});
    saved();
    if (result.value.changed) toast({ title: t`Caderno atualizado` });
  }

  return (
    <section className={css.section} aria-labelledby="details">
      <h2 id="details" className={css.sectionTitle}>
        <Trans>Detalhes</Trans> <SyncBadge collection="notebooks" id={notebook.id} />
      </h2>
      {rejection ? (
        <RefusedNotice
          rejection={rejection}
          attemptedText={typeof rejection.attempted.title === 'string' ? rejection.attempted.title : null}
          onDiscard={() => void layer.api.rejections.discard(key)}
        />
      ) : null}
      <form className={f.form} onSubmit={(e) => void save(e)} noValidate>
        <fieldset className={f.fieldset} disabled={!canEdit}>
          <legend className={css.muted}>{canEdit ? <Trans>Altere e salve.</Trans> : <Trans>Só o dono e os editores podem mudar os detalhes.</Trans>}</legend>
          <FormField
            id="edit-title"
            label={<Trans>Título</Trans>}
            value={draft.title}
            dir="auto"
            onChange={(e) => setDraft({ title: e.target.value })}
            error={error.title}
            autoComplete="off"
          />
          <div className={f.field}>
            <label htmlFor="edit-description" className={f.label}>
              <Trans>Descrição (opcional)</Trans>
            </label>
            <textarea id="edit-description" className={css.textarea} dir="auto" value={draft.description} onChange={(e) => setDraft({ description: e.target.value })} />
          </div>
          <FormField id="edit-author" label={<Trans>Nome do autor</Trans>} value={draft.author} dir="auto" placeholder={DEFAULT_AUTHOR} onChange={(e) => setDraft({ author: e.target.value })} />
        </fieldset>
        {error.form ? (
          <p className={f.alert} role="alert">
            {error.form}
          </p>
        ) : null}
        {canEdit ? (
          <div className={css.actions}>
            <button type="submit" className={button.primary} disabled={!dirty}>
              <Trans>Salvar detalhes</Trans>
            </button>
            {dirty ? (
              <button type="button" className={button.ghost} onClick={reset}>
                <Trans>Desfazer</Trans>
              </button>
            ) : null}
          </div>
        ) : null}
      </form>
    </section>
  );
}
