import { Suspense } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import type { NotebookView } from '../../data/queries/notebook.ts';
import { Icon } from '../../components/Icon.tsx';
import { useMenu } from '../../components/frame/useMenu.ts';
import * as frame from '../../components/frame/frame.css.ts';
// Blocking a person (issue 22): its own chunk; no item when it cannot be fetched offline.
import { LazyBlockPersonButton as BlockPersonButton } from '../safety/lazy.ts';
import * as css from './NotebookView.css.ts';

/**
 * The notebook's less frequent actions behind one "⋮" button (issue 29: "Bloquear @…" and "Passar
 * o caderno" stood between a participant and the first question): the party, for someone who can
 * answer a notebook that has questions to pass around; blocking the owner, for anyone else. A menu
 * button and its panel, as the account menu: Escape, a press elsewhere or leaving it closes it.
 */
export function NotebookMenu({ view, ownerUsername, questionCount }: { view: NotebookView; ownerUsername?: string | null; questionCount: number }) {
  const { t } = useLingui();
  const menu = useMenu();
  const { notebook } = view;
  const party = view.may.answer && questionCount > 0;
  const block = view.role !== 'owner' && Boolean(ownerUsername);
  if (!party && !block) return null;
  return (
    <div className={`${frame.menuRoot} ${css.menu}`} ref={menu.root}>
      <button {...menu.toggleProps} className={frame.iconButton} aria-label={t`Mais ações`} data-testid="notebook-menu">
        <Icon name="more-vertical" />
      </button>
      <div id={menu.panelId} className={frame.menuPanel} hidden={!menu.open} role="group" aria-label={t`Mais ações`}>
        {party ? (
          // Issue 21: the phone goes around the room, each friend answers as themselves.
          <Link href={`/notebook/${notebook.id}/rodada`} className={frame.menuItem} data-testid="pass-the-phone">
            <Icon name="users" />
            <Trans>Passar o caderno</Trans>
          </Link>
        ) : null}
        {block ? (
          <div className={css.menuBlock}>
            <Suspense fallback={null}>
              <BlockPersonButton userId={notebook.user_id} username={ownerUsername!} checkFirst={false} />
            </Suspense>
          </div>
        ) : null}
      </div>
    </div>
  );
}
