import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import * as f from '../../components/form.css.ts';
import { button } from '../../components/ui.css.ts';
import type { DataLayer } from '../../data/data-layer.ts';
import type { NotebookInput } from '../../data/repositories/notebooks.ts';
import { useSyncStatusStore, type RejectedWrite } from '../../state/sync-status.ts';
import { toast } from '../../state/toast.ts';
import { RefusedNotice } from '../notebooks/common/index.ts';
import { problemText } from '../notebooks/common/messages.ts';
import { correctedNotebook } from './refusals.ts';

/**
 * Notebooks the server refused to create or change (S8), on the dashboard where they were: a
 * refused new notebook is no longer in the list, so its title, the reason and a way to fix it
 * (write it again, corrected) or discard it are shown here.
 */
export function RefusedNotebooks({ layer }: { layer: DataLayer }) {
  const rejections = useSyncStatusStore((s) => s.rejections);
  const mine = rejections.filter((r) => r.collection === 'notebooks' && r.operation !== 'delete');
  if (mine.length === 0) return null;
  return (
    <section aria-labelledby="refused-notebooks" data-testid="refused-notebooks">
      <h2 id="refused-notebooks" className={f.label}>
        <Trans>Não enviados</Trans>
      </h2>
      {mine.map((rejection) => (
        <RefusedNotebook key={rejection.key} layer={layer} rejection={rejection} />
      ))}
    </section>
  );
}

function RefusedNotebook({ layer, rejection }: { layer: DataLayer; rejection: RejectedWrite }) {
  const { t, i18n } = useLingui();
  const attemptedTitle = typeof rejection.attempted.title === 'string' ? rejection.attempted.title : '';
  const [fixing, setFixing] = useState(false);
  const [title, setTitle] = useState(attemptedTitle);
  const [problem, setProblem] = useState<string | null>(null);

  async function fix() {
    const input: NotebookInput = correctedNotebook(rejection.attempted, title);
    const result =
      rejection.operation === 'insert'
        ? await layer.api.rejections.fix(rejection.key, () => layer.api.notebooks.create(input))
        : await layer.api.rejections.fix(rejection.key, () => layer.api.notebooks.update(rejection.id, input));
    if (result.ok) {
      toast({ title: rejection.operation === 'insert' ? t`Caderno criado!` : t`Caderno atualizado` });
      return;
    }
    setProblem(problemText(i18n, result.problem, 'notebook'));
  }

  return (
    <RefusedNotice
      rejection={rejection}
      attemptedText={attemptedTitle}
      onFix={fixing ? undefined : () => setFixing(true)}
      onDiscard={() => void layer.api.rejections.discard(rejection.key)}
    >
      {fixing ? (
        <form
          className={f.form}
          onSubmit={(event) => {
            event.preventDefault();
            void fix();
          }}
        >
          <div className={f.field}>
            <label htmlFor={`fix-${rejection.key}`} className={f.label}>
              <Trans>Título</Trans>
            </label>
            <input
              id={`fix-${rejection.key}`}
              className={f.input}
              dir="auto"
              value={title}
              onChange={(event) => setTitle(event.target.value)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `fix-${rejection.key}-error` : undefined}
            />
            {problem ? (
              <p id={`fix-${rejection.key}-error`} className={f.error}>
                {problem}
              </p>
            ) : null}
          </div>
          <button type="submit" className={button.primary}>
            {t`Salvar correção`}
          </button>
        </form>
      ) : null}
    </RefusedNotice>
  );
}
