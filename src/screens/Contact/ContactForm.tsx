import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { FormField } from '../../components/FormField.tsx';
import { useOnline } from '../../components/frame/useOnline.ts';
import * as f from '../../components/form.css.ts';
import { button } from '../../components/ui.css.ts';
import {
  CONTACT_CATEGORIES,
  CONTACT_FIELDS,
  CONTACT_LIMITS,
  contactCharactersLeft,
  sendContactMessage,
  validateContact,
  type ContactCategory,
  type ContactDraft,
  type ContactField,
  type ContactFieldProblem,
  type ContactSendResult,
} from '../../data/online/contact.ts';
import { useSessionStore } from '../../state/session.ts';
import { toast } from '../../state/toast.ts';
import { useUnsavedChanges } from '../../state/unsaved.ts';
import * as s from './ContactForm.css.ts';

const EMPTY: ContactDraft = { name: '', email: '', category: '', subject: '', message: '' };

/**
 * The contact form (issue 33; spec §5, §8): name, e-mail, category, subject and message, all
 * required and checked on the device first; a signed-in person finds their name and e-mail filled
 * in. Sending needs the internet: offline the button waits and says so, and what was typed stays.
 * Loaded as its own part of /contato (ContactScreen), so the page's text reads before it arrives.
 */
export default function ContactForm() {
  const { t } = useLingui();
  const online = useOnline();
  const status = useSessionStore((state) => state.status);
  const username = useSessionStore((state) => state.username);
  const accountEmail = useSessionStore((state) => state.email);
  const [draft, setDraft] = useState<ContactDraft>(EMPTY);
  const [problems, setProblems] = useState<Partial<Record<ContactField, ContactFieldProblem>>>({});
  const [sendProblem, setSendProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const headingId = useId();
  const counterId = useId();
  const refs = {
    name: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    category: useRef<HTMLSelectElement>(null),
    subject: useRef<HTMLInputElement>(null),
    message: useRef<HTMLTextAreaElement>(null),
  };
  const sentHeadingRef = useRef<HTMLHeadingElement>(null);

  // A signed-in person's name and e-mail, once the session is known, into fields still empty.
  useEffect(() => {
    if (status !== 'signed-in') return;
    setDraft((current) => ({
      ...current,
      name: current.name || username || '',
      email: current.email || accountEmail || '',
    }));
  }, [status, username, accountEmail]);

  useUnsavedChanges('contact', !busy && sentTo === null && (draft.subject.trim() !== '' || draft.message.trim() !== ''));

  const change = (field: ContactField) => (value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setSendProblem(null);
    if (problems[field]) setProblems((current) => ({ ...current, [field]: undefined }));
  };

  const left = contactCharactersLeft(draft.message);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found = validateContact(draft);
    setProblems(found);
    setSendProblem(null);
    const first = CONTACT_FIELDS.find((field) => found[field]);
    if (first) return refs[first].current?.focus();
    setBusy(true);
    const result = await sendContactMessage(draft);
    setBusy(false);
    if (result.ok) {
      setSentTo(draft.email.trim());
      setDraft((current) => ({ ...current, category: '', subject: '', message: '' }));
      toast({ title: t`Mensagem enviada!` });
      return;
    }
    if (result.problem === 'field') {
      setProblems({ [result.field]: result.fieldProblem });
      refs[result.field].current?.focus();
      return;
    }
    const words = sendProblemWords(result);
    setSendProblem(words);
    toast({ title: t`Erro ao enviar mensagem`, description: words, variant: 'destructive' });
  }

  function sendProblemWords(result: Exclude<ContactSendResult, { ok: true } | { problem: 'field' }>): string {
    if (result.problem === 'offline') return t`Você está sem internet. Sua mensagem continua aqui; envie quando a conexão voltar.`;
    if (result.problem === 'too_many_messages') {
      const minutes = result.waitSeconds ? Math.max(1, Math.ceil(result.waitSeconds / 60)) : null;
      return minutes
        ? t`Você enviou muitas mensagens em pouco tempo. Tente de novo daqui a ${minutes} min.`
        : t`Você enviou muitas mensagens em pouco tempo. Tente de novo mais tarde.`;
    }
    return t`Não foi possível enviar sua mensagem. Tente novamente.`;
  }

  useEffect(() => {
    if (sentTo !== null) sentHeadingRef.current?.focus();
  }, [sentTo]);

  const fieldError = (field: ContactField): ReactNode => {
    const problem = problems[field];
    if (!problem) return undefined;
    switch (field) {
      case 'name':
        return problem === 'too_long' ? t`Use no máximo ${CONTACT_LIMITS.name} caracteres.` : t`Informe seu nome.`;
      case 'email':
        return problem === 'required' ? t`Informe seu e-mail.` : t`Informe um e-mail válido, como nome@exemplo.com.`;
      case 'category':
        return t`Escolha uma categoria.`;
      case 'subject':
        return problem === 'too_long' ? t`Use no máximo ${CONTACT_LIMITS.subject} caracteres.` : t`Informe o assunto.`;
      case 'message':
        return problem === 'too_long' ? t`A mensagem passou do limite. Encurte um pouco.` : t`Escreva sua mensagem.`;
    }
  };

  const categoryLabel: Record<ContactCategory, string> = {
    support: t`Suporte`,
    bug: t`Problema ou erro no app`,
    suggestion: t`Sugestão`,
    partnership: t`Parceria`,
    other: t`Outro assunto`,
  };

  if (sentTo !== null) {
    return (
      <section className={s.card} aria-labelledby={headingId} data-testid="contact-sent">
        <div className={s.sent} role="status">
          <h2 id={headingId} ref={sentHeadingRef} tabIndex={-1}>
            <Trans>Mensagem enviada!</Trans>
          </h2>
          <p>
            <Trans>Recebemos sua mensagem e respondemos em até 24 horas no e-mail {sentTo}.</Trans>
          </p>
        </div>
        <button type="button" className={button.secondary} onClick={() => setSentTo(null)}>
          <Trans>Escrever outra mensagem</Trans>
        </button>
      </section>
    );
  }

  const messageError = fieldError('message');
  return (
    <section className={s.card} aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Envie uma mensagem</Trans>
      </h2>
      <form className={f.form} onSubmit={(e) => void submit(e)} noValidate aria-busy={busy} aria-labelledby={headingId} data-testid="contact-form">
        <p className={f.hint}>
          <Trans>Todos os campos são obrigatórios.</Trans>
        </p>
        <FormField
          ref={refs.name}
          id="contact-name"
          label={<Trans>Nome</Trans>}
          name="name"
          autoComplete="name"
          required
          maxLength={CONTACT_LIMITS.name + 20}
          value={draft.name}
          onChange={(e) => change('name')(e.currentTarget.value)}
          error={fieldError('name')}
        />
        <FormField
          ref={refs.email}
          id="contact-email"
          label={<Trans>E-mail para a resposta</Trans>}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          value={draft.email}
          onChange={(e) => change('email')(e.currentTarget.value)}
          error={fieldError('email')}
        />
        <div className={f.field}>
          <label htmlFor="contact-category" className={f.label}>
            <Trans>Categoria</Trans>
          </label>
          <select
            ref={refs.category}
            id="contact-category"
            name="category"
            className={s.select}
            required
            value={draft.category}
            onChange={(e) => change('category')(e.currentTarget.value)}
            aria-invalid={problems.category ? true : undefined}
            aria-describedby={problems.category ? 'contact-category-error' : undefined}
          >
            <option value="">{t`Escolha uma categoria`}</option>
            {CONTACT_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {categoryLabel[category]}
              </option>
            ))}
          </select>
          {problems.category && (
            <p id="contact-category-error" className={f.error}>
              {fieldError('category')}
            </p>
          )}
        </div>
        <FormField
          ref={refs.subject}
          id="contact-subject"
          label={<Trans>Assunto</Trans>}
          name="subject"
          required
          maxLength={CONTACT_LIMITS.subject + 20}
          value={draft.subject}
          onChange={(e) => change('subject')(e.currentTarget.value)}
          error={fieldError('subject')}
        />
        <div className={f.field}>
          <label htmlFor="contact-message" className={f.label}>
            <Trans>Mensagem</Trans>
          </label>
          <textarea
            ref={refs.message}
            id="contact-message"
            name="message"
            className={s.textarea}
            required
            rows={6}
            maxLength={CONTACT_LIMITS.message + 200}
            value={draft.message}
            onChange={(e) => change('message')(e.currentTarget.value)}
            aria-invalid={messageError || left < 0 ? true : undefined}
            aria-describedby={[counterId, messageError && 'contact-message-error'].filter(Boolean).join(' ')}
          />
          <p id={counterId} className={left < 100 ? `${s.counter} ${s.counterLow}` : s.counter} aria-live="polite">
            {left >= 0 ? (
              <Plural value={left} _0="Nenhum caractere restante" one="# caractere restante" other="# caracteres restantes" />
            ) : (
              <Plural value={-left} one="# caractere a mais" other="# caracteres a mais" />
            )}
          </p>
          {messageError && (
            <p id="contact-message-error" className={f.error}>
              {messageError}
            </p>
          )}
        </div>
        {sendProblem && (
          <p className={f.alert} role="alert" data-testid="contact-error">
            <strong>
              <Trans>Erro ao enviar mensagem</Trans>
            </strong>
            : {sendProblem}
          </p>
        )}
        {!online && (
          <p className={s.offline} role="status" data-testid="contact-offline">
            <Trans>Você está sem internet. Enviar a mensagem precisa de conexão; o que você escreveu continua aqui.</Trans>
          </p>
        )}
        <button type="submit" className={`${button.primary} ${f.submit}`} disabled={busy || !online} aria-busy={busy}>
          {busy ? <Trans>Enviando…</Trans> : <Trans>Enviar mensagem</Trans>}
        </button>
      </form>
    </section>
  );
}
