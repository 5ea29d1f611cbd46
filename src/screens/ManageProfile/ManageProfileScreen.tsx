import { useState, type ComponentType } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, Redirect } from 'wouter';
import { PageSkeleton } from '../../components/PageSkeleton.tsx';
import { useTabFromAddress, useTabKeys } from '../../components/tabs.ts';
import { button } from '../../components/ui.css.ts';
import { useSessionStore } from '../../state/session.ts';
import { backTo } from '../../navigation/links.ts';
import { OnlineData } from '../online/OnlineData.tsx';
import ManageGuestbook, { GuestbookPendingCount } from '../online/social/ManageGuestbook.tsx';
import ManagePoll from '../online/social/ManagePoll.tsx';
import * as css from './ManageProfile.css.ts';
import * as tabs from '../../components/tabs.css.ts';

const TABS = ['guestbook', 'poll'] as const;
type Tab = (typeof TABS)[number];

/** What each tab shows: the guestbook's and the poll's moderation (online-only, inside <OnlineData>). */
const MANAGE_PROFILE_PANELS: Record<Tab, ComponentType> = { guestbook: ManageGuestbook, poll: ManagePoll };

/** /manage-profile (spec §2): the guestbook's and the poll's moderation, in two tabs. */
export default function ManageProfileScreen() {
  const { t } = useLingui();
  const status = useSessionStore((s) => s.status);
  const [tab, setTab] = useState<Tab>(useTabFromAddress(TABS, 'guestbook'));
  const { onKeyDown, tabRef } = useTabKeys(TABS, tab, setTab);
  if (status === 'loading') return <PageSkeleton />;
  if (status === 'signed-out') return <Redirect to={backTo('/login', '/manage-profile')} replace />;
  const labels: Record<Tab, string> = { guestbook: t`Mural`, poll: t`Enquete` };
  const Panel = MANAGE_PROFILE_PANELS[tab];
  return (
    <OnlineData>
    <div className={css.page}>
      <h1 className={css.title}>
        <Trans>Gerenciar perfil público</Trans>
      </h1>
      <div role="tablist" aria-label={t`Moderação do perfil`} className={tabs.tablist}>
        {TABS.map((name) => (
          <button
            key={name}
            ref={tabRef(name)}
            type="button"
            role="tab"
            id={`manage-tab-${name}`}
            aria-selected={tab === name}
            aria-controls="manage-panel"
            tabIndex={tab === name ? 0 : -1}
            className={tabs.tab}
            onClick={() => setTab(name)}
            onKeyDown={onKeyDown}
          >
            {labels[name]}
            {name === 'guestbook' && <GuestbookPendingCount />}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="manage-panel" aria-labelledby={`manage-tab-${tab}`} className={tabs.panel} tabIndex={0}>
        <Panel />
        <div className={css.actions}>
          <Link href="/profile" className={button.secondary}>
            <Trans>Ver meu perfil</Trans>
          </Link>
          <Link href="/settings" className={button.secondary}>
            <Trans>Editar perfil</Trans>
          </Link>
        </div>
      </div>
    </div>
    </OnlineData>
  );
}
