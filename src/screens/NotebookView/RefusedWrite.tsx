import { Trans, useLingui } from '@lingui/react/macro';
import type { RejectedWrite } from '../../state/sync-status.ts';
import { button } from '../../components/ui.css.ts';
import { sentence } from '../notebooks/common/answer-sentences.ts';
import * as css from './NotebookView.css.ts';

/**
 * A write the server refused (ARCHITECTURE S8), shown where the item is: the spec's title and
 * sentence, the forbidden words when those were the reason, and the two ways out — fix it (write
 * it again, corrected) or discard what was typed.
 */
export function RefusedWrite({ rejection, onFix, onDiscard }: { rejection: RejectedWrite; onFix?: () => void; onDiscard: () => void }) {
  const { i18n } = useLingui();
  const words = rejection.words.join(', ');
  const say = (text: string) => {
    const known = sentence(text);
    return typeof known === 'string' ? known : i18n._(known);
  };
  return (
    <div className={css.refusal} role="alert" data-testid="refused-write">
      <p className={css.refusalTitle}>{say(rejection.title)}</p>
      {rejection.message ? <p className={css.muted}>{say(rejection.message)}</p> : null}
      {rejection.words.length > 0 ? (
        <p className={css.muted}>
          <Trans>Palavras proibidas: {words}</Trans>
        </p>
      ) : null}
      <div className={css.actions}>
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
