import { useEffect } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useSearch } from 'wouter';
import { trackPurchase } from '../../../analytics/purchase.ts';
import { Icon } from '../../../components/Icon.tsx';
import { PageSkeleton } from '../../../components/PageSkeleton.tsx';
import { button } from '../../../components/ui.css.ts';
import { formatPrice, StoreError } from '../../../data/online/store.ts';
import { usePurchase } from '../hooks/store.ts';
import { purchaseStatusName, storeProblemMessage } from './messages.ts';
import * as css from './store.css.ts';

/**
 * /loja-sazonal/sucesso?purchase=<id> (issue 35): what the payment granted, read from the
 * person's own purchase (the server settled it from the provider's signed callback; the address
 * alone proves nothing). A purchase still waiting is asked again every 2 s.
 */
export function StoreSuccessView() {
  const { i18n } = useLingui();
  const purchaseId = new URLSearchParams(useSearch()).get('purchase') ?? '';
  const purchase = usePurchase(purchaseId);
  const { refetch } = purchase;
  const pending = purchase.data?.status === 'pending';
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => void refetch(), 2000);
    return () => clearInterval(timer);
  }, [pending, refetch]);

  const bought = purchase.data;
  // spec §3: the purchase event (currency BRL), once per purchase; analytics sends only with consent
  useEffect(() => {
    if (bought?.status !== 'paid' || bought.currency !== 'BRL') return;
    const key = `cadernos-purchase-tracked-${bought.id}`;
    try {
      if (sessionStorage.getItem(key)) return;
      sessionStorage.setItem(key, '1');
    } catch {
      // storage blocked: still once for this page
    }
    trackPurchase({ value_cents: bought.amount_cents });
  }, [bought]);

  if (purchase.isPending) return <PageSkeleton />;

  return (
    <div className={css.page} data-testid="store-success">
      <h1 className={css.heading}>
        <Trans>Compra na loja sazonal</Trans>
      </h1>
      {purchase.error ? (
        <p className={css.note.error} role="alert">
          {i18n._(storeProblemMessage(purchase.error instanceof StoreError ? purchase.error.problem : 'server'))}
        </p>
      ) : !bought ? (
        <p className={css.note.error} role="alert">
          <Trans>Não encontramos esta compra.</Trans>
        </p>
      ) : bought.status === 'paid' ? (
        <p className={css.note.success} role="status" data-testid="store-granted">
          <Icon name="check" /> <Trans>Pronto! «{bought.item_name}» agora é seu.</Trans>{' '}
          <Trans>Total pago: {formatPrice(bought.amount_cents, bought.currency, i18n.locale)}.</Trans>
        </p>
      ) : (
        <p className={bought.status === 'pending' ? css.note.info : css.note.error} role="status">
          {bought.item_name}: {i18n._(purchaseStatusName(bought.status))}
        </p>
      )}
      <div className={css.actions}>
        <Link href="/loja-sazonal" className={button.primary}>
          <Trans>Voltar à loja</Trans>
        </Link>
        <Link href="/meus-cadernos" className={button.secondary}>
          <Trans>Meus cadernos</Trans>
        </Link>
      </div>
    </div>
  );
}
