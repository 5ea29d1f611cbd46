import { useState, type FormEvent, type ReactNode } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { FormField } from '../../components/FormField.tsx';
import { button } from '../../components/ui.css.ts';
import { useOnline } from '../../components/frame/useOnline.ts';
import { sendGuardianMail, type GuardianMailRequest, type GuardianMailResult } from '../../data/online/guardian.ts';
import { validateGuardianEmail } from '../../data/validation.ts';
import { useSessionStore } from '../../state/session.ts';
import { OfflineNote } from '../online/OnlineData.tsx';
import { useGuardianState, useUpdateGuardianState } from '../online/hooks/safety.ts';
import { guardianMailProblemMessage } from './messages.ts';
import * as css from './safety.css.ts';


/**
 * The guardian's state in the settings' account tab (issue 22), for a 13–17-year-old: confirmed,
 * or waiting — then to which address, "send the e-mail again" and "change the guardian's e-mail"
 * (a mistyped address would otherwise keep the account on the safest settings for good).
 */
export default function GuardianSection({ userId }: { userId: string }) {
  const mine = useGuardianState(userId).data;
  if (!mine?.minor) return null;
  return (
    <section className={css.section} aria-labelledby="safety-guardian-title" data-testid="guardian-status">
      <h2 id="safety-guardian-title" className={css.sectionTitle}>
        <Trans>Seu responsável</Trans>
      </h2>
      {mine.guardianConfirmed ? (
        <p className={css.text}>
          <Trans>Seu responsável ({mine.guardianEmail}) confirmou que acompanha sua conta.</Trans>
        </p>
      ) : (
        <PendingGuardian userId={userId} guardianEmail={mine.guardianEmail ?? ''} notMailed={mine.guardianMailed === false} />
      )}
    </section>
  );
}

type Outcome = { kind: 'sent'; to: string } | { kind: 'problem'; message: ReactNode } | null;

function PendingGuardian({ userId, guardianEmail, notMailed }: { userId: string; guardianEmail: string; notMailed: boolean }) {
  const { i18n } = useLingui();
  const online = useOnline();
  const guardianState = useUpdateGuardianState(userId);
  const ownEmail = useSessionStore((s) => s.email) ?? '';
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [changing, setChanging] = useState(false);
  const [typed, setTyped] = useState('');
  const [fieldProblem, setFieldProblem] = useState<string | null>(null);

  async function send(request: GuardianMailRequest): Promise<GuardianMailResult> {
    setBusy(true);
    setOutcome(null);
    const result = await sendGuardianMail({ ...request, english: i18n.locale === 'en-US' });
    setBusy(false);
    if (result.ok) {
      setOutcome({ kind: 'sent', to: result.guardianEmail });
      guardianState.set({ guardianEmail: result.guardianEmail, guardianMailed: true });
    } else if (result.problem === 'guardian_not_pending') {
      // Confirmed meanwhile (or the copy was old): show what the server knows.
      void guardianState.refresh();
    }
    if (!result.ok) setOutcome({ kind: 'problem', message: problemText(result) });
    return result;
  }

  function problemText(result: Extract<GuardianMailResult, { ok: false }>): ReactNode {
    if (result.problem === 'rate_limited') return <WaitMessage seconds={result.retryAfterSeconds ?? 60} />;
    return i18n._(guardianMailProblemMessage(result.problem));
  }

  async function submitNewAddress(event: FormEvent) {
    event.preventDefault();
    const problem = validateGuardianEmail(typed, ownEmail);
    if (problem) {
      setFieldProblem(i18n._(guardianMailProblemMessage(problem)));
      return;
    }
    setFieldProblem(null);
    const result = await send({ guardianEmail: typed });
    if (result.ok) {
      setChanging(false);
      setTyped('');
    } else if (result.problem === 'guardian_email' || result.problem === 'guardian_email_own') {
      setOutcome(null);
      setFieldProblem(i18n._(guardianMailProblemMessage(result.problem)));
    }
  }

  return (
    <>
      <p className={css.text}>
        {notMailed ? (
          <Trans>
            Ainda não enviamos o e-mail ao seu responsável ({guardianEmail}). Envie abaixo; até ele confirmar, seu perfil e
            suas conexões ficam privados.
          </Trans>
        ) : (
          <Trans>
            Esperando seu responsável ({guardianEmail}) confirmar pelo link que enviamos por e-mail. Até lá, seu perfil e
            suas conexões ficam privados.
          </Trans>
        )}
      </p>
      <p className={css.muted}>
        <Trans>Não chegou? Veja a caixa de spam, envie de novo ou corrija o endereço.</Trans>
      </p>
      <OutcomeMessage outcome={outcome} />
      <div className={css.actions}>
        <button type="button" className={button.secondary} disabled={!online || busy} onClick={() => void send({})}>
          {busy && !changing ? <Trans>Enviando…</Trans> : <Trans>Enviar o e-mail de novo</Trans>}
        </button>
        {!changing && (
          <button type="button" className={button.ghost} disabled={busy} onClick={() => setChanging(true)}>
            <Trans>Corrigir o e-mail do responsável</Trans>
          </button>
        )}
      </div>
      {changing && (
        <form className={css.formBox} onSubmit={(e) => void submitNewAddress(e)} noValidate aria-busy={busy}>
          <FormField
            id="guardian-email-new"
            label={<Trans>Novo e-mail do responsável</Trans>}
            type="email"
            inputMode="email"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            error={fieldProblem}
          />
          <p className={css.muted}>
            <Trans>O link enviado ao endereço anterior deixa de valer.</Trans>
          </p>
          <div className={css.actions}>
            <button type="submit" className={button.primary} disabled={!online || busy}>
              {busy ? <Trans>Enviando…</Trans> : <Trans>Salvar e enviar</Trans>}
            </button>
            <button
              type="button"
              className={button.ghost}
              disabled={busy}
              onClick={() => {
                setChanging(false);
                setTyped('');
                setFieldProblem(null);
              }}
            >
              <Trans>Cancelar</Trans>
            </button>
          </div>
        </form>
      )}
      <OfflineNote />
    </>
  );
}

/**
 * What the last sending did, right above the buttons: below them it landed under the bottom
 * navigation at 360 px and nothing seemed to happen (walkthrough J2). One polite live region that
 * stays in the page, so a screen reader hears each new result.
 */
function OutcomeMessage({ outcome }: { outcome: Outcome }) {
  return (
    <div role="status" className={outcome?.kind === 'problem' ? css.error : css.text}>
      {outcome?.kind === 'sent' && (
        <Trans>Enviamos um novo e-mail para {outcome.to}. Os links anteriores não valem mais.</Trans>
      )}
      {outcome?.kind === 'problem' && outcome.message}
    </div>
  );
}

/** "Wait before asking again": seconds for the minute's limit, minutes or hours for the day's. */
function WaitMessage({ seconds }: { seconds: number }) {
  if (seconds < 120) {
    return <Plural value={seconds} one="Espere # segundo para pedir outro e-mail." other="Espere # segundos para pedir outro e-mail." />;
  }
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) {
    return (
      <Plural
        value={minutes}
        one="Você já pediu vários e-mails hoje. Tente de novo em # minuto."
        other="Você já pediu vários e-mails hoje. Tente de novo em # minutos."
      />
    );
  }
  const hours = Math.ceil(minutes / 60);
  return (
    <Plural
      value={hours}
      one="Você já pediu vários e-mails hoje. Tente de novo em # hora."
      other="Você já pediu vários e-mails hoje. Tente de novo em # horas."
    />
  );
}
