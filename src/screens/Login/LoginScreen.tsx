import { useRef, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation, useSearch } from 'wouter';
import { AuthPanel } from '../accounts/AuthPanel.tsx';
import { EmailField, PasswordField } from '../accounts/fields.tsx';
import { FormAlert } from '../accounts/FormAlert.tsx';
import { SubmitButton } from '../accounts/SubmitButton.tsx';
import { afterSignIn, withNext } from '../../navigation/links.ts';
import { inWords, loginMessage } from '../accounts/messages.ts';
import * as f from '../../components/form.css.ts';
import { button } from '../../components/ui.css.ts';
import { signIn } from '../../data/auth.ts';
import { validateEmail, type EmailProblem } from '../../data/validation.ts';
import { useSessionStore } from '../../state/session.ts';
import { toast } from '../../state/toast.ts';
import { useUnsavedChanges } from '../../state/unsaved.ts';

/** /login (spec §2, §8): e-mail and password; 'Erro no login' with the server's message. */
export default function LoginScreen() {
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const search = useSearch();
  const status = useSessionStore((s) => s.status);
  const username = useSessionStore((s) => s.username);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: EmailProblem; password?: 'required' }>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const justSignedIn = useRef(false);

  useUnsavedChanges('login', !busy && email.trim() !== '' && !justSignedIn.current);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = { email: validateEmail(email) ?? undefined, password: password ? undefined : ('required' as const) };
    setErrors(found);
    setServerError(null);
    if (found.email) return emailRef.current?.focus();
    if (found.password) return passwordRef.current?.focus();
    if (!navigator.onLine) {
      setServerError(t`Você está sem internet. Conecte-se para entrar.`);
      return;
    }
    setBusy(true);
    const result = await signIn(email, password);
    if (result.ok) justSignedIn.current = true;
    setBusy(false);
    if (!result.ok) {
      const message = inWords(i18n, loginMessage(result));
      setServerError(message);
      toast({ title: t`Erro no login`, description: message, variant: 'destructive' });
      passwordRef.current?.select();
      return;
    }
    toast({ title: t`Login realizado com sucesso!` });
    navigate(afterSignIn(search));
  }

  if (status === 'signed-in' && !busy && !justSignedIn.current) {
    return (
      <AuthPanel
        title={<Trans>Você já entrou</Trans>}
        lede={username ? <Trans>Conectado como @{username}.</Trans> : <Trans>Sua sessão está ativa neste aparelho.</Trans>}
      >
        <Link href={afterSignIn(search)} className={`${button.primary} ${f.submit}`}>
          <Trans>Ir para meus cadernos</Trans>
        </Link>
      </AuthPanel>
    );
  }

  return (
    <AuthPanel
      title={<Trans>Entrar</Trans>}
      lede={<Trans>Entre com seu e-mail e senha. Depois, seus cadernos abrem mesmo sem internet.</Trans>}
    >
      <form className={f.form} onSubmit={(e) => void submit(e)} noValidate aria-busy={busy}>
        {/* an empty sentence from the server shows no alert here (the toast still says 'Erro no login') */}
        <FormAlert title={<Trans>Erro no login</Trans>} message={serverError || null} testId="login-error" />
        <EmailField ref={emailRef} id="login-email" value={email} onChange={setEmail} problem={errors.email} />
        <PasswordField
          ref={passwordRef}
          id="login-password"
          label={<Trans>Senha</Trans>}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          error={errors.password && t`Informe sua senha.`}
        />
        <SubmitButton busy={busy} busyLabel={<Trans>Entrando…</Trans>}>
          <Trans>Entrar</Trans>
        </SubmitButton>
      </form>
      <div className={f.links}>
        <Link href="/forgot-password" className={f.link}>
          <Trans>Esqueci minha senha</Trans>
        </Link>
        <Link href={withNext('/register', search)} className={f.link}>
          <Trans>Ainda não tem conta? Cadastre-se</Trans>
        </Link>
      </div>
    </AuthPanel>
  );
}
