import { Suspense, useEffect, useId, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useTabFromAddress, useTabKeys } from '../../components/tabs.ts';
import { OfflineNote, OnlineData } from '../online/OnlineData.tsx';
import { ADMIN_SECTIONS } from './sections.ts';
import * as css from './admin.css.ts';

const IDS = ADMIN_SECTIONS.map((section) => section.id);

/**
 * /admin (spec §2, §6; issue 33): the admin panel's shell. The route guard (src/app/guards.tsx)
 * lets only admins in; the database refuses everyone else on every call (not_allowed), so this is
 * only the screen. The sections (./sections.ts) are tabs above the section at 360 px and a side
 * navigation on a laptop; each loads as its own chunk when first opened. Online-only: the
 * sections read through TanStack Query (OnlineData) and keep nothing on the device.
 */
export default function AdminScreen() {
  return (
    <OnlineData>
      <AdminPanel />
    </OnlineData>
  );
}

function AdminPanel() {
  const { t, i18n } = useLingui();
  const [current, setCurrent] = useState<string>(useTabFromAddress(IDS, IDS[0]));
  const { onKeyDown, tabRef } = useTabKeys(IDS, current, setCurrent);
  const base = useId();
  const section = ADMIN_SECTIONS.find((s) => s.id === current) ?? ADMIN_SECTIONS[0];
  const Section = section.component;
  // at 360 px the row scrolls sideways: the chosen tab (a link's ?tab=, the arrow keys) in sight
  useEffect(() => {
    document.getElementById(`${base}-${section.id}-tab`)?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [base, section.id]);

  return (
    <div className={css.page}>
      <h1 className={css.heading}>
        <Trans>Painel de administração</Trans>
      </h1>
      <div role="tablist" aria-label={t`Seções do painel`} className={css.nav} onKeyDown={onKeyDown}>
        {ADMIN_SECTIONS.map(({ id, label }) => (
          <button
            key={id}
            ref={tabRef(id)}
            type="button"
            role="tab"
            id={`${base}-${id}-tab`}
            aria-selected={id === section.id}
            aria-controls={`${base}-panel`}
            tabIndex={id === section.id ? 0 : -1}
            className={css.navItem}
            onClick={() => setCurrent(id)}
            data-testid={`admin-tab-${id}`}
          >
            {i18n._(label)}
          </button>
        ))}
      </div>
      <section role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-${section.id}-tab`} className={css.panel}>
        <OfflineNote>
          <Trans>Você está sem internet. O painel de administração precisa de conexão.</Trans>
        </OfflineNote>
        <Suspense
          fallback={
            <p className={css.muted} role="status">
              <Trans>Carregando…</Trans>
            </p>
          }
        >
          <Section key={section.id} />
        </Suspense>
      </section>
    </div>
  );
}
