import { useId, useState, type FormEvent } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useOnline } from '../../../components/frame/useOnline.ts';
import * as f from '../../../components/form.css.ts';
import { button } from '../../../components/ui.css.ts';
import { AdminError, WORD_LANGUAGES, type WordLanguage } from '../../../data/online/admin.ts';
import { toast } from '../../../state/toast.ts';
import { problemMessage, SAVE_ERROR_TITLE } from '../admin-messages.ts';
import { useForbiddenWords, useWordChange, type WordChange } from '../../online/hooks/admin.ts';
import { useLoadErrorToast } from '../useLoadErrorToast.ts';
import * as css from '../admin.css.ts';
import { NotLoaded } from '../NotLoaded.tsx';

/**
 * /admin › Palavras proibidas (spec §5; issue 33): each language's list, add and remove. Written
 * straight into public.forbidden_words (admins only, by RLS; each change recorded in the audit log
 * by the database): effective in the database at once, on devices after their next sync.
 */
export default function ForbiddenWordsSection() {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const inputId = useId();
  const [language, setLanguage] = useState<WordLanguage>(i18n.locale === 'en-US' ? 'en-US' : 'pt-BR');
  const [draft, setDraft] = useState('');
  const words = useForbiddenWords(language);
  const change = useWordChange();
  const online = useOnline();
  useLoadErrorToast(words.isError && !words.data);
  const names: Record<WordLanguage, string> = { 'pt-BR': t`Português`, 'en-US': t`Inglês` };

  const save = (next: WordChange, done: string, after?: () => void) =>
    change.mutate(next, {
      onSuccess: () => {
        after?.();
        toast({ title: done });
      },
      onError: (error) => {
        const problem = error instanceof AdminError ? error.problem : 'server';
        toast({ title: i18n._(SAVE_ERROR_TITLE), description: i18n._(problemMessage(problem)), variant: 'destructive' });
      },
    });

  const add = (event: FormEvent) => {
    event.preventDefault();
    const word = draft.trim();
    if (!word) return;
    save({ kind: 'add', language, word }, t`Palavra adicionada: ${word}`, () => setDraft(''));
  };

  return (
    <div className={css.panel} aria-labelledby={headingId} role="region">
      <h2 id={headingId} className={css.sectionTitle}>
        <Trans>Palavras proibidas</Trans>
      </h2>
      <p className={css.muted}>
        <Trans>Valem na hora para tudo o que é salvo no servidor, e nos aparelhos depois da próxima sincronização.</Trans>
      </p>
      <div role="group" aria-label={t`Idioma da lista`} className={css.actions}>
        {WORD_LANGUAGES.map((code) => (
          <button
            key={code}
            type="button"
            aria-pressed={code === language}
            className={code === language ? button.primary : button.secondary}
            onClick={() => setLanguage(code)}
          >
            {names[code]} ({code})
          </button>
        ))}
      </div>
      <form className={css.row} onSubmit={add}>
        <div className={css.grow}>
          <label htmlFor={inputId} className={f.label}>
            <Trans>Nova palavra</Trans>
          </label>
          <input
            id={inputId}
            className={f.input}
            value={draft}
            maxLength={100}
            autoComplete="off"
            onChange={(event) => setDraft(event.currentTarget.value)}
          />
        </div>
        <button type="submit" className={button.primary} disabled={!online || change.isPending || draft.trim() === ''}>
          <Trans>Adicionar</Trans>
        </button>
      </form>
      {!words.data ? (
        <NotLoaded failed={words.isError} onRetry={() => void words.refetch()} />
      ) : words.data.length === 0 ? (
        <p className={css.muted}>
          <Trans>Nenhuma palavra nesta lista.</Trans>
        </p>
      ) : (
        <>
          <p className={css.muted} role="status">
            <Plural value={words.data.length} one="# palavra" other="# palavras" />
          </p>
          <ul className={css.words} data-testid="admin-words">
            {words.data.map((w) => (
              <li key={w.id} className={css.word}>
                <span>{w.word}</span>
                <button
                  type="button"
                  className={css.removeWord}
                  aria-label={t`Remover ${w.word}`}
                  disabled={!online || change.isPending}
                  onClick={() => save({ kind: 'remove', language, id: w.id }, t`Palavra removida: ${w.word}`)}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
