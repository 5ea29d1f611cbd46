import { useRef, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation, useSearch } from 'wouter';
import { FormField } from '../../components/FormField.tsx';
import { afterSignIn, withNext } from '../accounts/links.ts';
import { emailMessage, loginMessage } from '../accounts/messages.ts';
import * as f from '../../components/form.css.ts';
import { button } from '../../components/ui.css.ts';
import { signIn } from '../../data/auth.ts';
import { validateEmail, type EmailProblem } from '../../data/validation.ts';
import { useSessionStore } from '../../state/session.ts';
import { toast } from '../../state/toast.ts';
import { useUnsavedChanges } from '../../state/unsaved.ts';

/** Where a person lands after logging in. */

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
      const sentence = loginMessage(result);
      const message = typeof sentence === 'string' ? sentence : i18n._(sentence);
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
      <div className={f.authPage}>
        <div className={f.panel}>
          <h1 className={f.title}>
            <Trans>Você já entrou</Trans>
          </h1>
          <p className={f.lede}>
            {username ? <Trans>Conectado como @{username}.</Trans> : <Trans>Sua sessão está ativa neste aparelho.</Trans>}
          </p>
          <Link href={afterSignIn(search)} className={`${button.primary} ${f.submit}`}>
            <Trans>Ir para meus cadernos</Trans>
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className={f.authPage}>
      <div className={f.panel}>
        <h1 className={f.title}>
          <Trans>Entrar</Trans>
        </h1>
        <p className={f.lede}>
          <Trans>Entre com seu e-mail e senha. Depois, seus cadernos abrem mesmo sem internet.</Trans>
        </p>
        <form className={f.form} onSubmit={(e) => void submit(e)} noValidate aria-busy={busy}>
          {serverError && (
            <p className={f.alert} role="alert" data-testid="login-error">
              <strong>
                <Trans>Erro no login</Trans>
              </strong>
              {': '}
              {serverError}
            </p>
          )}
          <FormField
            ref={emailRef}
            id="login-email"
            label={<Trans>E-mail</Trans>}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={errors.email && i18n._(emailMessage(errors.email))}
          />
          <FormField
            ref={passwordRef}
            id="login-password"
            label={<Trans>Senha</Trans>}
            type="password"
            name="password"
            autoComplete="current-password"
            required
            revealable
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={errors.password && t`Informe sua senha.`}
          />
          <button type="submit" className={`${button.primary} ${f.submit}`} disabled={busy}>
            {busy ? <Trans>Entrando…</Trans> : <Trans>Entrar</Trans>}
          </button>
        </form>
        <div className={f.links}>
          <Link href="/forgot-password" className={f.link}>
            <Trans>Esqueci minha senha</Trans>
          </Link>
          <Link href={withNext('/register', search)} className={f.link}>
            <Trans>Ainda não tem conta? Cadastre-se</Trans>
          </Link>
        </div>
      </div>
    </div>
  );
}
