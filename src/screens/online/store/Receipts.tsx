import { useId } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatPrice, StoreError } from '../../../data/online/store.ts';
import { useReceipts } from '../hooks/store.ts';
import { purchaseStatusName, storeProblemMessage } from './messages.ts';
import * as css from './store.css.ts';

/**
 * The person's receipts from the seasonal store (issue 35): every finished purchase with its
 * date, item, total and outcome. For Settings (inside OnlineData).
 */
export function StoreReceipts({ userId }: { userId: string }) {
  const { i18n } = useLingui();
  const headingId = useId();
  const receipts = useReceipts(userId);
  return (
    <section aria-labelledby={headingId} data-testid="store-receipts">
      <h2 id={headingId} className={css.seasonTitle}>
        <Trans>Recibos da loja</Trans>
      </h2>
      {receipts.isPending ? null : receipts.error ? (
        <p className={css.note.error} role="alert">
          {i18n._(storeProblemMessage(receipts.error instanceof StoreError ? receipts.error.problem : 'server'))}
        </p>
      ) : receipts.data.length === 0 ? (
        <p className={css.meta}>
          <Trans>Nenhuma compra ainda.</Trans>
        </p>
      ) : (
        <ul className={css.receipts}>
          {receipts.data.map((r) => (
            <li key={r.id} className={css.receipt}>
              <span className={css.name}>{r.item_name}</span>
              <span className={css.price}>{formatPrice(r.amount_cents, r.currency, i18n.locale)}</span>
              <span className={css.meta}>{i18n.date(new Date(r.created_at), { dateStyle: 'medium', timeStyle: 'short' })}</span>
              <span className={css.meta}>{i18n._(purchaseStatusName(r.status))}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
