import { Trans } from '@lingui/react/macro';
import { button } from '../../components/ui.css.ts';
import * as css from './admin.css.ts';

/** A section's list not read yet: still loading, or its error with a retry — one wording for every section. */
export function NotLoaded({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  if (!failed) {
    return (
      <p className={css.muted} role="status">
        <Trans>Carregando…</Trans>
      </p>
    );
  }
  return (
    <div className={css.inline} role="alert">
      <p className={css.error}>
        <Trans>Não foi possível carregar. Verifique sua conexão e tente de novo.</Trans>
      </p>
      <button type="button" className={button.secondary} onClick={onRetry}>
        <Trans>Tentar de novo</Trans>
      </button>
    </div>
  );
}
