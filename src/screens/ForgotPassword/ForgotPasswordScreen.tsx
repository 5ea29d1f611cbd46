import { useRef, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { AuthPanel, CheckEmailPanel } from '../accounts/AuthPanel.tsx';
import { EmailField } from '../accounts/fields.tsx';
import { FormAlert } from '../accounts/FormAlert.tsx';
import { SubmitButton } from '../accounts/SubmitButton.tsx';
import { inWords, passwordActionMessage } from '../accounts/messages.ts';
import * as f from '../../components/form.css.ts';
import { button } from '../../components/ui.css.ts';
import { appUrl } from '../../navigation/links.ts';
import { requestPasswordReset } from '../../data/auth.ts';
import { validateEmail, type EmailProblem } from '../../data/validation.ts';
import { toast } from '../../state/toast.ts';
import { useUnsavedChanges } from '../../state/unsaved.ts';

/** /forgot-password (spec §7, §8): sends the recovery e-mail; 'Error sending recovery email'. */
export default function ForgotPasswordScreen() {
  const { t, i18n } = useLingui();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<EmailProblem | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);

  useUnsavedChanges('forgot-password', !sentTo && !busy && email.trim() !== '');

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateEmail(email);
    setProblem(found);
    setServerError(null);
    if (found) return emailRef.current?.focus();
    if (!navigator.onLine) {
      setServerError(t`Você está sem internet. Conecte-se para receber o e-mail.`);
      return;
    }
    setBusy(true);
    const result = await requestPasswordReset(email, appUrl('/reset-password'));
    setBusy(false);
    if (!result.ok) {
      const detail = inWords(i18n, passwordActionMessage(result));
      setServerError(detail);
      toast({ title: t`Erro ao enviar e-mail de recuperação`, description: detail || undefined, variant: 'destructive' });
      return;
    }
    setSentTo(email.trim());
  }

  if (sentTo) {
    return (
      <CheckEmailPanel
        testId="recovery-sent"
        lede={
          <Trans>
            Se existe uma conta com <strong>{sentTo}</strong>, enviamos para lá um link para criar uma nova senha.
            Abra o e-mail neste aparelho e toque no link.
          </Trans>
        }
        hint={<Trans>Não chegou? Veja a caixa de spam ou tente de novo em alguns minutos.</Trans>}
      >
        <button type="button" className={button.secondary} onClick={() => setSentTo(null)}>
          <Trans>Enviar de novo</Trans>
        </button>
        <Link href="/login" className={f.link}>
          <Trans>Voltar para o login</Trans>
        </Link>
      </CheckEmailPanel>
    );
  }

  return (
    <AuthPanel
      title={<Trans>Esqueci minha senha</Trans>}
      lede={<Trans>Digite o e-mail da sua conta. Vamos mandar um link para você criar uma senha nova.</Trans>}
    >
      <form className={f.form} onSubmit={(e) => void submit(e)} noValidate aria-busy={busy}>
        <FormAlert title={<Trans>Erro ao enviar e-mail de recuperação</Trans>} message={serverError} />
        <EmailField ref={emailRef} id="forgot-email" value={email} onChange={setEmail} problem={problem} />
        <SubmitButton busy={busy} busyLabel={<Trans>Enviando…</Trans>}>
          <Trans>Enviar link de recuperação</Trans>
        </SubmitButton>
      </form>
      <div className={f.links}>
        <Link href="/login" className={f.link}>
          <Trans>Lembrei a senha. Entrar</Trans>
        </Link>
      </div>
    </AuthPanel>
  );
}
