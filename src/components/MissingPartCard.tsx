import { Trans } from '@lingui/react/macro';
import { button, card } from './ui.css.ts';
import * as s from './ErrorCard.css.ts';

/**
 * A part of the app this phone has not saved yet, asked for without a signal (issue 29): said in
 * the app's words, with what can be done — connect once; it opens by itself when the signal
 * returns (ErrorBoundary retries on the `online` event), or go back to where one was.
 */
export function MissingPartCard({ onRetry }: { onRetry: () => void }) {
  return (
    <div className={s.wrap}>
      <section className={card} role="alert" aria-labelledby="missing-part-title" data-testid="missing-part">
        <h1 id="missing-part-title" className={s.title}>
          <Trans>Esta parte ainda não foi salva neste celular — conecte-se uma vez</Trans>
        </h1>
        <p>
          <Trans>
            Com internet, ela é salva e passa a abrir mesmo sem sinal. Ela abre sozinha assim que a conexão voltar; o que você já escreveu
            continua guardado.
          </Trans>
        </p>
        <div className={s.actions}>
          <button type="button" className={button.primary} onClick={onRetry}>
            <Trans>Tentar novamente</Trans>
          </button>
          <button type="button" className={button.secondary} onClick={() => history.back()}>
            <Trans>Voltar</Trans>
          </button>
        </div>
      </section>
    </div>
  );
}
