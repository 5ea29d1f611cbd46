import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation } from 'wouter';
import { LoadMore } from '../../../components/LoadMore.tsx';
import { useOnline } from '../../../components/frame/useOnline.ts';
import * as f from '../../../components/form.css.ts';
import { button } from '../../../components/ui.css.ts';
import { charactersLeft, forbiddenIn, GUESTBOOK_MAX, SocialError, type GuestbookMessage } from '../../../data/online/guestbook.ts';
import type { FullProfile } from '../../../data/online/profile.ts';
import { backTo } from '../../../navigation/links.ts';
import { useSessionStore } from '../../../state/session.ts';
import { OfflineNote } from '../OnlineData.tsx';
import { useForbiddenWords, useGuestbookPages, useMyGuestbookMessages, useWriteMessage } from '../hooks/guestbook.ts';
import { GuestbookIcon } from './icons.tsx';
import ReportButton from '../reports/ReportButton.tsx';
import { useSocialProblem } from './messages.ts';
import * as css from './social.css.ts';

/**
 * A profile's guestbook (issue 32): the write form (characters-remaining counter, anonymous
 * option), the messages I wrote here that still wait, and the approved messages, 20 a page, live.
 * Offline the last copy reads; writing says it needs the connection.
 */
export default function Guestbook({ profile }: { profile: FullProfile }) {
  const pages = useGuestbookPages(profile.id, 'approved');
  const online = useOnline();
  const first = pages.data?.pages[0];
  const messages = pages.data?.pages.flatMap((page) => page?.messages ?? []) ?? [];
  const headingId = useId();
  return (
    <section className={css.section} aria-labelledby={headingId} data-testid="guestbook">
      <h2 id={headingId} className={css.title}>
        <GuestbookIcon className={css.icon} />
        <Trans>Mural</Trans>
      </h2>
      {profile.is_self && <OwnerNote pending={first?.pending_count ?? 0} />}
      {first && !profile.is_self && <WriteArea profile={profile} mayWrite={first.may_write} refusal={first.refusal} />}
      <MyWaitingMessages profileId={profile.id} />
      {pages.isError && !first && (
        <p className={css.error} role="alert">
          <Trans>Não foi possível carregar o mural.</Trans>
        </p>
      )}
      {first && messages.length === 0 && (
        <p className={css.muted}>
          <Trans>Nenhuma mensagem no mural ainda.</Trans>
        </p>
      )}
      {messages.length > 0 && (
        <ul className={css.list} aria-label={profile.display_name || profile.username}>
          {messages.map((message) => (
            <MessageItem key={message.id} message={message}>{message.is_mine ? null : <ReportButton kind="guestbook_message" targetId={message.id} />}</MessageItem>
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
    </section>
  );
}

function OwnerNote({ pending }: { pending: number }) {
  return (
    <div className={css.row}>
      <p className={css.muted}>
        {pending > 0 ? (
          <Plural value={pending} one="# mensagem aguarda sua aprovação." other="# mensagens aguardam sua aprovação." />
        ) : (
          <Trans>Mensagens novas esperam sua aprovação antes de aparecer aqui.</Trans>
        )}
      </p>
      <Link href="/manage-profile" className={button.secondary}>
        <Trans>Moderar o mural</Trans>
      </Link>
    </div>
  );
}

export function MessageItem({ message, children }: { message: GuestbookMessage; children?: ReactNode }) {
  const { i18n } = useLingui();
  const when = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium' }).format(new Date(message.approved_at ?? message.created_at));
  const name = message.author ? message.author.display_name || message.author.username : null;
  return (
    <li className={css.message} data-testid="guestbook-message">
      <div className={css.messageHead}>
        <span className={css.author}>{name ?? <Trans>Anônimo</Trans>}</span>
        {message.author && message.is_anonymous && (
          <span className={css.badge}>
            <Trans>enviada como anônima</Trans>
          </span>
        )}
        <time dateTime={message.approved_at ?? message.created_at}>{when}</time>
      </div>
      <p className={css.body}>{message.body}</p>
      {children}
    </li>
  );
}

function WriteArea({ profile, mayWrite, refusal }: { profile: FullProfile; mayWrite: boolean; refusal: string | null }) {
  const [location] = useLocation();
  if (mayWrite) return <WriteForm profile={profile} />;
  if (refusal === 'not_authenticated') {
    return (
      <p className={css.muted}>
        <Link href={backTo('/login', location)}>
          <Trans>Entre na sua conta</Trans>
        </Link>{' '}
        <Trans>para deixar uma mensagem.</Trans>
      </p>
    );
  }
  if (refusal === 'guestbook_friends_only') {
    return (
      <p className={css.muted}>
        <Trans>Este mural só recebe mensagens de amigos.</Trans>
      </p>
    );
  }
  return null;
}

function WriteForm({ profile }: { profile: FullProfile }) {
  const { t } = useLingui();
  const online = useOnline();
  const [body, setBody] = useState('');
  const [anonymous, setAnonymous] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const write = useWriteMessage(profile.id);
  const words = useForbiddenWords().data;
  const say = useSocialProblem();
  const fieldId = useId();
  const counterId = useId();
  const left = charactersLeft(body);
  const name = profile.display_name || profile.username;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSent(false);
    const found = forbiddenIn(words, body);
    if (found.length > 0) return setProblem(say(new SocialError('forbidden_words', found), ''));
    if (!body.trim() || left < 0) return setProblem(say(new SocialError('validation'), ''));
    setProblem(null);
    write.mutate(
      { body, anonymous },
      {
        onSuccess: () => {
          setBody('');
          setAnonymous(false);
          setSent(true);
        },
        onError: (error) => setProblem(say(error, t`Não foi possível enviar a mensagem. Tente de novo.`)),
      },
    );
  };

  return (
    <form className={f.form} onSubmit={submit} aria-label={t`Deixar uma mensagem no mural`}>
      <div className={f.field}>
        <label className={f.label} htmlFor={fieldId}>
          <Trans>Sua mensagem para {name}</Trans>
        </label>
        <textarea
          id={fieldId}
          className={css.textarea}
          value={body}
          maxLength={GUESTBOOK_MAX + 50}
          aria-describedby={counterId}
          aria-invalid={left < 0 || undefined}
          onChange={(event) => {
            setBody(event.target.value);
            setProblem(null);
          }}
        />
        <p id={counterId} className={left < 20 ? `${css.counter} ${css.counterLow}` : css.counter} aria-live="polite">
          {left >= 0 ? (
            <Plural value={left} _0="Nenhum caractere restante" one="# caractere restante" other="# caracteres restantes" />
          ) : (
            <Plural value={-left} one="# caractere a mais" other="# caracteres a mais" />
          )}
        </p>
      </div>
      <label className={f.checkRow}>
        <input type="checkbox" className={f.checkbox} checked={anonymous} onChange={(event) => setAnonymous(event.target.checked)} />
        <Trans>Enviar como anônima (só {name} vê quem escreveu)</Trans>
      </label>
      {problem && (
        <p className={css.error} role="alert">
          {problem}
        </p>
      )}
      {sent && (
        <p className={f.hint} role="status">
          <Trans>Mensagem enviada. Ela aparece no mural quando {name} aprovar.</Trans>
        </p>
      )}
      <div className={css.row}>
        <button type="submit" className={button.primary} disabled={!online || write.isPending || left < 0} aria-busy={write.isPending}>
          {write.isPending ? <Trans>Enviando…</Trans> : <Trans>Enviar mensagem</Trans>}
        </button>
      </div>
      <OfflineNote>
        <Trans>Você está sem internet. Escrever no mural precisa de conexão.</Trans>
      </OfflineNote>
    </form>
  );
}

/** The messages I wrote here that wait for the owner (approved ones are in the list itself). */
function MyWaitingMessages({ profileId }: { profileId: string }) {
  const myId = useSessionStore((s) => s.userId);
  const mine = useMyGuestbookMessages(profileId, myId && myId !== profileId ? myId : null);
  const waiting = (mine.data ?? []).filter((m) => m.status === 'pending');
  if (waiting.length === 0) return null;
  return (
    <div className={css.list}>
      <p className={css.muted}>
        <Plural value={waiting.length} one="Sua mensagem aguarda aprovação:" other="Suas # mensagens aguardam aprovação:" />
      </p>
      <ul className={css.list}>
        {waiting.map((m) => (
          <li key={m.id} className={css.message} data-testid="my-waiting-message">
            <div className={css.messageHead}>
              <span className={css.badge}>
                <Trans>Aguardando aprovação</Trans>
              </span>
              {m.is_anonymous && (
                <span className={css.badge}>
                  <Trans>anônima</Trans>
                </span>
              )}
            </div>
            <p className={css.body}>{m.body}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
