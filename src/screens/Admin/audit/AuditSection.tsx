import { useId } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { LoadMore } from '../../../components/LoadMore.tsx';
import { useOnline } from '../../../components/frame/useOnline.ts';
import type { AuditEntry } from '../../../data/online/admin.ts';
import { ACTIONS, TARGET_KINDS } from '../admin-messages.ts';
import { useAuditLog } from '../../online/hooks/admin.ts';
import { useLoadErrorToast } from '../useLoadErrorToast.ts';
import * as css from '../admin.css.ts';
import { NotLoaded } from '../NotLoaded.tsx';

/**
 * /admin › Registro de ações (issue 33): what admins did — who, what, on whom, why, when — newest
 * first, 30 at a time. Read-only: the database lets nobody change or erase it.
 */
export default function AuditSection() {
  const headingId = useId();
  const log = useAuditLog();
  const online = useOnline();
  useLoadErrorToast(log.isError && !log.data);
  const rows = log.data?.pages.flat() ?? [];

  return (
    <div className={css.panel} aria-labelledby={headingId} role="region">
      <h2 id={headingId} className={css.sectionTitle}>
        <Trans>Registro de ações</Trans>
      </h2>
      {!log.data ? (
        <NotLoaded failed={log.isError} onRetry={() => void log.refetch()} />
      ) : rows.length === 0 ? (
        <p className={css.muted}>
          <Trans>Nenhuma ação registrada ainda.</Trans>
        </p>
      ) : (
        <>
          <ol className={css.list} data-testid="admin-audit">
            {rows.map((entry) => (
              <Entry key={entry.id} entry={entry} />
            ))}
          </ol>
          <LoadMore
            hasMore={log.hasNextPage}
            loading={log.isFetchingNextPage}
            onLoadMore={() => void log.fetchNextPage()}
            enabled={online}
            status={<Plural value={rows.length} one="# ação" other="# ações" />}
            label={<Trans>Carregar mais ações</Trans>}
            loadingLabel={<Trans>Carregando…</Trans>}
          />
        </>
      )}
    </div>
  );
}

function Entry({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useLingui();
  const action = ACTIONS[entry.action];
  const when = new Date(entry.created_at);
  const admin = entry.admin_username ? `@${entry.admin_username}` : t`o sistema`;
  const word = typeof entry.details?.word === 'string' ? entry.details.word : null;
  const wordLanguage = typeof entry.details?.language === 'string' ? entry.details.language : null;
  const kind = entry.target_kind ? TARGET_KINDS[entry.target_kind] : undefined;
  return (
    <li className={css.item}>
      <time className={css.time} dateTime={entry.created_at}>
        {new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'short', timeStyle: 'short' }).format(when)}
      </time>
      <div>
        <span className={css.name}>{admin}</span> · {action ? i18n._(action) : entry.action}
        {kind ? <> ({i18n._(kind)})</> : null}
        {entry.user_username ? (
          <>
            {' '}
            · <span className={css.name}>@{entry.user_username}</span>
          </>
        ) : null}
        {word ? (
          <>
            {' '}
            · <q>{word}</q> {wordLanguage ? `(${wordLanguage})` : null}
          </>
        ) : null}
      </div>
      {entry.reason ? (
        <p className={css.reason}>
          <Trans>Motivo: {entry.reason}</Trans>
        </p>
      ) : null}
    </li>
  );
}
