import { useId } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { LoadMore } from '../../../components/LoadMore.tsx';
import { useOnline } from '../../../components/frame/useOnline.ts';
import { button } from '../../../components/ui.css.ts';
import type { GuestbookStatus, ModerationAction } from '../../../data/online/guestbook.ts';
import { useSessionStore } from '../../../state/session.ts';
import { toast } from '../../../state/toast.ts';
import { OfflineCopyNote, OfflineNote } from '../OnlineData.tsx';
import { useGuestbookPages, useModerateMessage } from '../hooks/guestbook.ts';
import { MessageItem } from './Guestbook.tsx';
import { useSocialProblem } from './messages.ts';
import * as css from './social.css.ts';

/**
 * /manage-profile's guestbook tab (issue 32): the messages waiting for approval (approve, reject —
 * removed for good —, delete) and the approved ones (delete), each list paged, live. The owner
 * sees who wrote every message, anonymous ones too.
 */
export default function ManageGuestbook() {
  const userId = useSessionStore((s) => s.userId);
  if (!userId) return null;
  return (
    <div className={css.list}>
      <ModerationList userId={userId} status="pending" />
      <ModerationList userId={userId} status="approved" />
    </div>
  );
}

/** "Mural (3)": the count of waiting messages, for the tab's label. */
export function GuestbookPendingCount() {
  const userId = useSessionStore((s) => s.userId);
  const pages = useGuestbookPages(userId ?? '', 'pending');
  const count = pages.data?.pages[0]?.pending_count ?? 0;
  if (!userId || count === 0) return null;
  return (
    <span className={css.badge} data-testid="pending-count">
      {' '}
      <Plural value={count} one="# aguardando" other="# aguardando" />
    </span>
  );
}

function ModerationList({ userId, status }: { userId: string; status: GuestbookStatus }) {
  const { t } = useLingui();
  const online = useOnline();
  const pages = useGuestbookPages(userId, status);
  const moderate = useModerateMessage(userId);
  const say = useSocialProblem();
  const headingId = useId();
  const messages = pages.data?.pages.flatMap((page) => page?.messages ?? []) ?? [];
  const pending = status === 'pending';

  const act = (id: string, action: ModerationAction) =>
    moderate.mutate(
      { id, action },
      {
        onSuccess: () =>
          toast({ title: action === 'approve' ? t`Mensagem aprovada` : action === 'reject' ? t`Mensagem recusada e removida` : t`Mensagem excluída` }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: action === 'delete' ? t`Erro ao excluir mensagem` : t`Erro ao moderar`,
            description: say(error, action === 'delete' ? t`Não foi possível excluir a mensagem.` : t`Não foi possível atualizar o status da mensagem.`),
          }),
      },
    );

  return (
    <section className={css.section} aria-labelledby={headingId} data-testid={`moderation-${status}`}>
      <h2 id={headingId} className={css.title}>
        {pending ? <Trans>Aguardando aprovação</Trans> : <Trans>Aprovadas</Trans>}
      </h2>
      <OfflineCopyNote updatedAt={pages.dataUpdatedAt} />
      {pages.isError && messages.length === 0 && (
        <p className={css.error} role="alert">
          <Trans>Não foi possível carregar as mensagens.</Trans>
        </p>
      )}
      {pages.data && messages.length === 0 && (
        <p className={css.muted}>{pending ? <Trans>Nenhuma mensagem esperando.</Trans> : <Trans>Nenhuma mensagem aprovada ainda.</Trans>}</p>
      )}
      {messages.length > 0 && (
        <ul className={css.list}>
          {messages.map((message) => (
            <MessageItem key={message.id} message={message}>
              <div className={css.row}>
                {pending && (
                  <button type="button" className={button.primary} disabled={!online || moderate.isPending} onClick={() => act(message.id, 'approve')}>
                    <Trans>Aprovar</Trans>
                  </button>
                )}
                {pending && (
                  <button type="button" className={button.secondary} disabled={!online || moderate.isPending} onClick={() => act(message.id, 'reject')}>
                    <Trans>Recusar</Trans>
                  </button>
                )}
                <button type="button" className={button.danger} disabled={!online || moderate.isPending} onClick={() => act(message.id, 'delete')}>
                  <Trans>Excluir</Trans>
                </button>
              </div>
            </MessageItem>
          ))}
        </ul>
      )}
      {messages.length > 0 && (
        <LoadMore
          hasMore={pages.hasNextPage}
          loading={pages.isFetchingNextPage}
          onLoadMore={() => void pages.fetchNextPage()}
          enabled={online}
          status={<Plural value={messages.length} one="# mensagem" other="# mensagens" />}
          label={<Trans>Carregar mais mensagens</Trans>}
          loadingLabel={<Trans>Carregando…</Trans>}
        />
      )}
      {pending && messages.length > 0 && (
        <p className={css.muted}>
          <Trans>Recusar remove a mensagem para sempre.</Trans>
        </p>
      )}
      <OfflineNote>
        <Trans>Você está sem internet. Moderar precisa de conexão.</Trans>
      </OfflineNote>
    </section>
  );
}
