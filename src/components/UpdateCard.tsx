import { Trans } from '@lingui/react/macro';
import { useUpdateStore } from '../state/service-worker.ts';
import { button } from './ui.css.ts';
import * as s from './overlays.css.ts';

/** Spec §4: a waiting new version offers "now" or "later". */
export function UpdateCard() {
  const { waiting, dismissed, pendingApply, applyNow, later } = useUpdateStore();
  if (!waiting || dismissed) return null;
  return (
    <section className={s.card} role="status" aria-labelledby="update-title" data-testid="update-card">
      <h2 id="update-title" className={s.cardTitle}>
        <Trans>Nova versão disponível</Trans>
      </h2>
      <p className={s.cardText}>
        {pendingApply ? (
          <Trans>Assim que você salvar o que está escrevendo, o Cadernos atualiza sozinho.</Trans>
        ) : (
          <Trans>Atualize para ter as últimas melhorias. Leva só um instante.</Trans>
        )}
      </p>
      <div className={s.cardActions}>
        <button type="button" className={button.primary} onClick={applyNow} disabled={pendingApply}>
          <Trans>Atualizar agora</Trans>
        </button>
        <button type="button" className={button.secondary} onClick={later}>
          <Trans>Depois</Trans>
        </button>
      </div>
    </section>
  );
}
