import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSearch } from 'wouter';
import { Icon } from '../../../components/Icon.tsx';
import { PageSkeleton } from '../../../components/PageSkeleton.tsx';
import { useOnline } from '../../../components/frame/useOnline.ts';
import { button } from '../../../components/ui.css.ts';
import { formatPrice, guardianStateOf, isPaid, StoreError, type SeasonalItem } from '../../../data/online/store.ts';
import { appUrl } from '../../../navigation/links.ts';
import { OfflineNote } from '../OnlineData.tsx';
import { useClaimFree, useGuardianPurchases, useOwnedItems, useStartCheckout, useStoreAccess, useStoreItems } from '../hooks/store.ts';
import { StoreBanner } from './StoreBanner.tsx';
import { categoryName, guardianStateMessage, itemTypeName, storeProblemMessage } from './messages.ts';
import { StorePreview } from './StorePreview.tsx';
import * as css from './store.css.ts';

/**
 * /loja-sazonal (issue 35; spec §1–§6): the items of the seasons on sale now, for admins and the
 * people an admin let into the beta. A free item is taken with one tap; a paid one shows its real
 * total and opens the payment provider's checkout; what the person owns is marked. Honest by
 * design: no countdown, no random items, one payment, nothing recurring. A minor's purchase asks the
 * guardian first (by e-mail, the safe sign-up's guardian): the item then says whether it was asked,
 * confirmed (pay now), declined or left unanswered — nothing is charged until it is paid.
 */
export function StoreView({ userId }: { userId: string }) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const search = new URLSearchParams(useSearch());
  const result = search.get('result');
  // the three reads go out together (RLS gives an outsider no items): one round trip, not two
  const access = useStoreAccess(userId);
  const items = useStoreItems(userId, true);
  const owned = useOwnedItems(userId, true);
  // a minor's questions to the guardian (none for an adult): not waited for
  const guardian = useGuardianPurchases(userId, true);
  const claim = useClaimFree(userId);
  const checkout = useStartCheckout(userId);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  // items on sale mean access: shown as soon as they and what the person owns arrive
  const hasItems = (items.data?.length ?? 0) > 0;
  const offlineNote = (
    <OfflineNote>
      <Trans>Você está sem internet. Conecte-se para usar a loja.</Trans>
    </OfflineNote>
  );
  if (items.isPending || owned.isPending || (!hasItems && access.isPending)) {
    // offline the reads wait (paused) until the connection returns: say so instead of a skeleton
    if (!online)
      return (
        <div className={css.page} data-testid="store">
          <StoreBanner />
          {offlineNote}
        </div>
      );
    return <PageSkeleton />;
  }
  const loadError = items.error ?? owned.error ?? (hasItems ? null : access.error);
  const mayUse = hasItems || access.data === true;

  async function take(item: SeasonalItem) {
    setProblem(null);
    setBusy(item.id);
    try {
      await claim.mutateAsync(item.id);
    } catch (error) {
      setProblem(i18n._(storeProblemMessage(error instanceof StoreError ? error.problem : 'server')));
    } finally {
      setBusy(null);
    }
  }

  async function buy(item: SeasonalItem) {
    setProblem(null);
    setBusy(item.id);
    try {
      const started = await checkout.mutateAsync({ itemId: item.id, returnTo: appUrl('/loja-sazonal'), language: i18n.locale });
      if (started.checkout_url) {
        window.location.assign(started.checkout_url);
        return;
      }
      // a minor's: the guardian was asked; the item says so (its question reads again)
      setBusy(null);
    } catch (error) {
      setProblem(i18n._(storeProblemMessage(error instanceof StoreError ? error.problem : 'server')));
      setBusy(null);
    }
  }

  const seasons = new Map<string, { name: string; items: SeasonalItem[] }>();
  for (const item of items.data ?? []) {
    const season = seasons.get(item.season_id) ?? { name: item.season_name, items: [] };
    season.items.push(item);
    seasons.set(item.season_id, season);
  }

  return (
    <div className={css.page} data-testid="store">
      <StoreBanner />
      {result === 'failed' && (
        <p className={css.note.error} role="alert" data-testid="store-result">
          <Trans>O pagamento foi recusado. Nada foi cobrado e nada mudou.</Trans>
        </p>
      )}
      {result === 'cancelled' && (
        <p className={css.note.info} role="status" data-testid="store-result">
          <Trans>Compra cancelada. Nada foi cobrado.</Trans>
        </p>
      )}
      {problem && (
        <p className={css.note.error} role="alert" data-testid="store-problem">
          {problem}
        </p>
      )}
      {offlineNote}
      {loadError ? (
        <p className={css.note.error} role="alert">
          {i18n._(storeProblemMessage(loadError instanceof StoreError ? loadError.problem : 'server'))}
        </p>
      ) : !mayUse ? (
        <p className={css.note.info} data-testid="store-beta-only">
          {i18n._(storeProblemMessage('store_beta_only'))}
        </p>
      ) : seasons.size === 0 ? (
        <p className={css.note.info}>
          <Trans>Nenhum item à venda nesta temporada. Volte em breve!</Trans>
        </p>
      ) : (
        [...seasons].map(([id, season]) => (
          <section key={id} className={css.season} aria-label={season.name}>
            <h2 className={css.seasonTitle}>{season.name}</h2>
            <ul className={css.grid}>
              {season.items.map((item) => {
                const mine = owned.data?.has(item.id) ?? false;
                const price = isPaid(item) ? formatPrice(item.price_cents ?? 0, item.currency, i18n.locale) : null;
                const asked = mine || !price ? null : guardianStateOf(guardian.data ?? [], item.id);
                return (
                  <li key={item.id} className={css.item} data-testid={`store-item-${item.name}`}>
                    <StorePreview item={item} />
                    <p className={css.name}>{item.name}</p>
                    <p className={css.meta}>
                      {i18n._(categoryName(item.category))} · {i18n._(itemTypeName(item.item_type))}
                      {item.is_featured ? <> · <Trans>Destaque</Trans></> : null}
                    </p>
                    <p className={css.price}>{price ?? t`Grátis`}</p>
                    {mine ? (
                      <p className={css.owned} data-testid="store-owned">
                        <Icon name="check" />
                        <Trans>Já é seu</Trans>
                      </p>
                    ) : price && asked ? (
                      <>
                        <p className={css.meta} role="status" data-testid="store-guardian">
                          {i18n._(guardianStateMessage(asked))}
                        </p>
                        {asked === 'confirmed' ? (
                          <button type="button" className={button.primary} disabled={!online || busy !== null} onClick={() => void buy(item)}>
                            <Trans>Pagar {price}</Trans>
                          </button>
                        ) : asked !== 'asked' ? (
                          <button type="button" className={button.secondary} disabled={!online || busy !== null} onClick={() => void buy(item)}>
                            <Trans>Pedir ao responsável de novo</Trans>
                          </button>
                        ) : null}
                      </>
                    ) : price ? (
                      <button type="button" className={button.primary} disabled={!online || busy !== null} onClick={() => void buy(item)}>
                        <Trans>Comprar por {price}</Trans>
                      </button>
                    ) : (
                      <button type="button" className={button.secondary} disabled={!online || busy !== null} onClick={() => void take(item)}>
                        <Icon name="plus" />
                        <Trans>Pegar grátis</Trans>
                      </button>
                    )}
                  </li>
                );
              })}
            </ul>
          </section>
        ))
      )}
      <p className={css.meta}>
        <Trans>Preço total mostrado antes de pagar. Pagamento único, sem cobrança recorrente e sem itens-surpresa.</Trans>
      </p>
    </div>
  );
}
