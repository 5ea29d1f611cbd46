import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { button, card } from './ui.css.ts';
import * as s from './ErrorCard.css.ts';

/** Spec §8: unexpected errors show 'something went wrong', the message, retry and go home. */
export function ErrorCard({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className={s.wrap}>
      <section className={card} role="alert" aria-labelledby="error-card-title" data-testid="error-card">
        <h1 id="error-card-title" className={s.title}>
          <Trans>Algo deu errado</Trans>
        </h1>
        <p className={s.message}>{message}</p>
        <div className={s.actions}>
          <button type="button" className={button.primary} onClick={onRetry}>
            <Trans>Tentar novamente</Trans>
          </button>
          <Link href="/" className={button.secondary}>
            <Trans>Ir para o início</Trans>
          </Link>
        </div>
      </section>
    </div>
  );
}
