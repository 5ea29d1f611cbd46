import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { LoadMore } from '../../../components/LoadMore.tsx';
import { useOnline } from '../../../components/frame/useOnline.ts';
import { button } from '../../../components/ui.css.ts';
import {
  CONTACT_PAGE_SIZE,
  InboxError,
  readContactInbox,
  replyMailto,
  setContactState,
  type ContactCategory,
  type ContactInboxPage,
  type ContactMessage,
  type ContactState,
} from '../../../data/online/contact.ts';
import { toast } from '../../../state/toast.ts';
import { SAVE_ERROR_TITLE } from '../admin-messages.ts';
import { useLoadErrorToast } from '../useLoadErrorToast.ts';
import * as css from './ContactSection.css.ts';

type Filter = ContactState | 'all';
const FILTERS: Filter[] = ['new', 'answered', 'closed', 'all'];

/**
 * The admins' inbox of the contact form (issue 33): newest first, 20 a page, filtered by state
 * (new by default); a message opens in place with its sender, a reply by e-mail (the admin's own
 * mail app) and its state (answered, closed, or new again). Online only; the database lets only
 * admins read and change (supabase/schemas/contact.sql), each change in the audit log.
 */
export default function ContactSection() {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const headingId = useId();
  const [filter, setFilter] = useState<Filter>('new');
  const [messages, setMessages] = useState<ContactMessage[]>([]);
  const [counts, setCounts] = useState<ContactInboxPage['counts'] | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState<InboxError['problem'] | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const [saving, setSaving] = useState<string | null>(null);
  const generation = useRef(0);
  // spec §8 "Admin load error", as the panel's other sections say it
  useLoadErrorToast(loadError !== null && loadError !== 'offline');

  const load = useCallback(
    async (which: Filter, after: ContactMessage | null) => {
      const mine = after ? generation.current : ++generation.current;
      setLoading(true);
      setLoadError(null);
      try {
        const page = await readContactInbox(which === 'all' ? null : which, after);
        if (mine !== generation.current) return;
        setCounts(page.counts);
        setMessages((current) => (after ? [...current, ...page.messages] : page.messages));
        setHasMore(page.messages.length >= CONTACT_PAGE_SIZE);
      } catch (error) {
        if (mine !== generation.current) return;
        setLoadError(error instanceof InboxError ? error.problem : 'server');
      } finally {
        if (mine === generation.current) setLoading(false);
      }
    },
    [],
  );

  useEffect(() => {
    if (!online) return;
    setOpenId(null);
    void load(filter, null);
  }, [filter, online, load]);

  async function changeState(message: ContactMessage, state: ContactState) {
    setSaving(message.id);
    try {
      const saved = await setContactState(message.id, state);
      setMessages((current) =>
        filter === 'all' || filter === saved.status
          ? current.map((m) => (m.id === saved.id ? { ...m, status: saved.status, status_changed_at: saved.status_changed_at } : m))
          : current.filter((m) => m.id !== saved.id),
      );
      setCounts((current) => (current ? { ...current, [message.status]: Math.max(0, current[message.status] - 1), [saved.status]: current[saved.status] + 1 } : current));
      toast({ title: stateDone(saved.status) });
    } catch (error) {
      const problem = error instanceof InboxError ? error.problem : 'server';
      toast({
        title: i18n._(SAVE_ERROR_TITLE),
        description: problem === 'offline' ? t`Você está sem internet. Conecte-se para salvar.` : problem === 'not_allowed' ? t`Só administradores mudam o estado de uma mensagem.` : t`Não foi possível mudar o estado da mensagem. Tente de novo.`,
        variant: 'destructive',
      });
    } finally {
      setSaving(null);
    }
  }

  const stateName = (state: ContactState) => (state === 'new' ? t`Nova` : state === 'answered' ? t`Respondida` : t`Fechada`);
  const stateDone = (state: ContactState) =>
    state === 'new' ? t`Mensagem marcada como nova` : state === 'answered' ? t`Mensagem marcada como respondida` : t`Mensagem fechada`;
  const categoryName: Record<ContactCategory, string> = {
    support: t`Suporte`,
    bug: t`Problema ou erro no app`,
    suggestion: t`Sugestão`,
    partnership: t`Parceria`,
    other: t`Outro assunto`,
  };
  const filterLabel = (which: Filter) => {
    if (which === 'all') return t`Todas`;
    const n = counts?.[which];
    const name = which === 'new' ? t`Novas` : which === 'answered' ? t`Respondidas` : t`Fechadas`;
    return n === undefined ? name : `${name} (${n})`;
  };
  const when = (at: string) => i18n.date(new Date(at), { dateStyle: 'short', timeStyle: 'short' });

  return (
    <section className={css.section} aria-labelledby={headingId} data-testid="admin-contact">
      <h2 id={headingId} className={css.title}>
        <Trans>Mensagens de contato</Trans>
      </h2>
      <div className={css.filters} role="group" aria-label={t`Mostrar mensagens`}>
        {FILTERS.map((which) => (
          <button key={which} type="button" className={css.filter} aria-pressed={filter === which} onClick={() => setFilter(which)}>
            {filterLabel(which)}
          </button>
        ))}
      </div>
      {/* offline: the panel's shell says it (one note), the buttons wait */}
      {loadError && loadError !== 'offline' && (
        <div role="alert">
          <p className={css.error}>
            {loadError === 'not_allowed' ? <Trans>Só administradores leem as mensagens de contato.</Trans> : <Trans>Não foi possível carregar as mensagens.</Trans>}
          </p>
          <button type="button" className={button.secondary} onClick={() => void load(filter, null)}>
            <Trans>Tentar de novo</Trans>
          </button>
        </div>
      )}
      {!loading && !loadError && online && messages.length === 0 && (
        <p className={css.muted}>
          <Trans>Nenhuma mensagem aqui.</Trans>
        </p>
      )}
      {messages.length > 0 && (
        <ul className={css.list}>
          {messages.map((message) => {
            const open = openId === message.id;
            const panelId = `contact-message-${message.id}`;
            return (
              <li key={message.id} className={css.item} data-testid="admin-contact-message">
                <button type="button" className={css.opener} aria-expanded={open} aria-controls={panelId} onClick={() => setOpenId(open ? null : message.id)}>
                  <span className={css.subject}>{message.subject}</span>
                  <span className={css.meta}>
                    <span className={css.state[message.status]}>{stateName(message.status)}</span> · {categoryName[message.category]} · {message.name} ·{' '}
                    <time dateTime={message.created_at}>{when(message.created_at)}</time>
                  </span>
                </button>
                {open && (
                  <div id={panelId} className={css.detail}>
                    <p className={css.body}>{message.message}</p>
                    <dl className={css.facts}>
                      <dt>
                        <Trans>E-mail</Trans>
                      </dt>
                      <dd className={css.factValue}>{message.email}</dd>
                      <dt>
                        <Trans>Conta</Trans>
                      </dt>
                      <dd className={css.factValue}>
                        {message.username ? <Link href={`/profile/${message.username}`}>@{message.username}</Link> : <Trans>Enviada sem entrar</Trans>}
                      </dd>
                    </dl>
                    <div className={css.actions}>
                      <a className={button.primary} href={replyMailto(message, t`Re:`)}>
                        <Trans>Responder por e-mail</Trans>
                      </a>
                      {message.status !== 'answered' && (
                        <button type="button" className={button.secondary} disabled={saving === message.id || !online} onClick={() => void changeState(message, 'answered')}>
                          <Trans>Marcar como respondida</Trans>
                        </button>
                      )}
                      {message.status !== 'closed' && (
                        <button type="button" className={button.secondary} disabled={saving === message.id || !online} onClick={() => void changeState(message, 'closed')}>
                          <Trans>Fechar</Trans>
                        </button>
                      )}
                      {message.status !== 'new' && (
                        <button type="button" className={button.ghost} disabled={saving === message.id || !online} onClick={() => void changeState(message, 'new')}>
                          <Trans>Reabrir como nova</Trans>
                        </button>
                      )}
                    </div>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {messages.length > 0 && (
        <LoadMore
          hasMore={hasMore}
          loading={loading}
          enabled={online}
          onLoadMore={() => void load(filter, messages[messages.length - 1] ?? null)}
          status={<Plural value={messages.length} one="# mensagem" other="# mensagens" />}
          label={<Trans>Carregar mais</Trans>}
          loadingLabel={<Trans>Carregando…</Trans>}
        />
      )}
    </section>
  );
}
