import { useEffect, useMemo, useRef } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useOnline } from '../../../components/frame/useOnline.ts';
import * as d from '../../../components/dialog.css.ts';
import { Icon } from '../../../components/Icon.tsx';
import { button } from '../../../components/ui.css.ts';
import type { DataLayer } from '../../../data/data-layer.ts';
import { accessHolders } from '../../../data/repositories/sharing.ts';
import { useDataLayer, useObservable } from '../../../state/data-layer.ts';
import { InviteLinks } from './InviteLinks.tsx';
import { PeopleWithAccess } from './PeopleWithAccess.tsx';
import * as s from './sharing.css.ts';

/**
 * The share dialog (spec §2, issue 9): the notebook's invite links and codes, people invited by
 * @username or name, and who has access. Searching and sharing with people ask the server, so
 * offline the dialog says so plainly; invite links are made offline too and await activation until
 * the phone syncs (issue 21); revoking and removing work offline.
 */
export function ShareDialog({ notebookId, onClose }: { notebookId: string; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const data = useDataLayer();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // The button that opened the dialog gets focus back when it closes (QA J12: Escape left it on <body>).
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (typeof dialog.showModal === 'function' && !dialog.open) dialog.showModal();
    else dialog.setAttribute('open', '');
    return () => {
      // Closed before it leaves the page: while modal, everything outside it is inert and unfocusable.
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={`${d.dialog} ${s.dialog}`}
      aria-labelledby="share-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      data-testid="share-dialog"
    >
      <div className={s.header}>
        <h2 id="share-title" className={d.title}>
          <Trans>Compartilhar caderno</Trans>
        </h2>
        <CloseButton onClose={onClose} />
      </div>
      {data.status === 'ready' ? (
        <ShareContent layer={data.layer} notebookId={notebookId} />
      ) : (
        <p role="status" className={d.text}>
          <Trans>Carregando…</Trans>
        </p>
      )}
    </dialog>
  );
}

function CloseButton({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  return (
    <button type="button" className={button.ghost} onClick={onClose} aria-label={t`Fechar`}>
      <Icon name="close" />
    </button>
  );
}

function ShareContent({ layer, notebookId }: { layer: DataLayer; notebookId: string }) {
  const online = useOnline();
  const view = useObservable(useMemo(() => layer.api.queries.notebook(notebookId), [layer, notebookId]));
  const profiles = useObservable(useMemo(() => layer.api.queries.profiles(), [layer]));

  if (view === undefined) return null;
  if (view === null || view.role !== 'owner') {
    return (
      <p className={d.text} role="alert">
        <Trans>Só o dono do caderno pode compartilhá-lo.</Trans>
      </p>
    );
  }
  return (
    <>
      {!online && (
        <p className={s.offline} role="status" data-testid="share-offline">
          <Trans>
            Você está sem internet. Convites criados agora ficam aguardando ativação até este aparelho se conectar; buscar pessoas e
            compartilhar com elas precisam de conexão.
          </Trans>
        </p>
      )}
      <InviteLinks layer={layer} notebook={view.notebook} links={view.inviteLinks} online={online} />
      <PeopleWithAccess
        layer={layer}
        notebookId={notebookId}
        shares={view.shares}
        alreadyIn={accessHolders(view.notebook.user_id, view.shares, view.collaborators, false)}
        profiles={profiles}
        online={online}
      />
    </>
  );
}
