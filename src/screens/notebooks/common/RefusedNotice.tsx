import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { RejectedWrite } from '../../../data/sync-status.ts';
import { button } from '../../../components/ui.css.ts';
import { UserText } from '../../../components/UserText.tsx';
import { refusalMessage, refusalTitle } from './messages.ts';
import * as css from './common.css.ts';

/**
 * A write the server refused (ARCHITECTURE S8), shown where the item is: the spec's title and
 * sentence, the forbidden words when those were the reason, what was typed, and the ways out —
 * fix it (the caller's form, or a button) or discard what was typed.
 */
export function RefusedNotice({
  rejection,
  title,
  message,
  attemptedText,
  onFix,
  onDiscard,
  children,
}: {
  rejection: RejectedWrite;
  /** Other words for what failed and why than the notebook screens' (the sharing parts have theirs). */
  title?: string;
  message?: string;
  /** What the person had typed, so nothing is lost silently. */
  attemptedText?: string | null;
  onFix?: () => void;
  onDiscard: () => void;
  /** A correction form shown inside the notice. */
  children?: ReactNode;
}) {
  const { i18n } = useLingui();
  const words = <UserText>{rejection.words.join(', ')}</UserText>;
  const written = <UserText>{attemptedText}</UserText>;
  return (
    <div className={css.refusal} role="alert" data-testid="refused-write" data-key={rejection.key}>
      <p className={css.refusalTitle}>{title ?? i18n._(refusalTitle(rejection))}</p>
      <p className={css.refusalText}>{message ?? i18n._(refusalMessage(rejection))}</p>
      {rejection.words.length > 0 ? (
        <p className={css.refusalText}>
          <Trans>Palavras proibidas: {words}</Trans>
        </p>
      ) : null}
      {attemptedText ? (
        <p className={css.refusalText}>
          <Trans>O que foi escrito: “{written}”</Trans>
        </p>
      ) : null}
      {children}
      <div className={css.refusalActions}>
        {onFix ? (
          <button type="button" className={button.secondary} onClick={onFix}>
            <Trans>Corrigir</Trans>
          </button>
        ) : null}
        <button type="button" className={button.ghost} onClick={onDiscard}>
          <Trans>Descartar</Trans>
        </button>
      </div>
    </div>
  );
}
