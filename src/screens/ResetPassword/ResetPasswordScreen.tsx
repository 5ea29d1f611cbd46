import { useRef, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation } from 'wouter';
import { FormField } from '../../components/FormField.tsx';
import { confirmationMessage, passwordActionMessage } from '../accounts/messages.ts';
import * as f from '../../components/form.css.ts';
import { button } from '../../components/ui.css.ts';
import { endRecovery } from '../../data/session/engine.ts';
import { updatePassword } from '../../data/auth.ts';
import { validateConfirmation, validateResetPassword, type ConfirmationProblem } from '../../data/validation.ts';
import { useSessionStore } from '../../state/session.ts';
import { toast } from '../../state/toast.ts';
import { useUnsavedChanges } from '../../state/unsaved.ts';
import { AFTER_LOGIN } from '../accounts/links.ts';

/**
 * /reset-password (spec §2, §5, §8): reached on the password-recovery event. At least 6
 * characters, both entries equal; an invalid or expired link says so; 'Error updating password'.
 */
export default function ResetPasswordScreen() {
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const status = useSessionStore((s) => s.status);
  const recovery = useSessionStore((s) => s.recovery);
  const linkError = useSessionStore((s) => s.linkError);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problems, setProblems] = useState<{ password?: 'required' | 'tooShort'; confirmation?: ConfirmationProblem }>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmationRef = useRef<HTMLInputElement>(null);

  useUnsavedChanges('reset-password', !busy && password !== '');

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      password: validateResetPassword(password) ?? undefined,
      confirmation: validateConfirmation(password, confirmation) ?? undefined,
    };
    setProblems(found);
    setServerError(null);
    if (found.password) return passwordRef.current?.focus();
    if (found.confirmation) return confirmationRef.current?.focus();
    setBusy(true);
    const result = await updatePassword(password);
    setBusy(false);
    if (!result.ok) {
      const sentence = passwordActionMessage(result);
      const message = typeof sentence === 'string' ? sentence : i18n._(sentence);
      setServerError(message);
      toast({ title: t`Erro ao atualizar senha`, description: message || undefined, variant: 'destructive' });
      passwordRef.current?.focus();
      return;
    }
    endRecovery();
    setPassword('');
    toast({ title: t`Senha atualizada!`, description: t`Use a nova senha da próxima vez que entrar.` });
    navigate(AFTER_LOGIN);
  }

  if (status === 'loading' && !linkError) {
    return (
      <div className={f.authPage}>
        <div className={f.panel} aria-busy="true">
          <h1 className={f.title}>
            <Trans>Nova senha</Trans>
          </h1>
          <p className={f.lede}>
            <Trans>Verificando o link…</Trans>
          </p>
        </div>
      </div>
    );
  }

  if (linkError || status !== 'signed-in' || !recovery) {
    return (
      <div className={f.authPage}>
        <div className={f.panel} data-testid="reset-invalid">
          <h1 className={f.title}>
            <Trans>Link inválido ou expirado</Trans>
          </h1>
          <p className={f.lede}>
            <Trans>
              Este link de recuperação não vale mais: ele expira e só pode ser usado uma vez. Peça um novo e abra o
              e-mail mais recente.
            </Trans>
          </p>
          <Link href="/forgot-password" className={`${button.primary} ${f.submit}`}>
            <Trans>Pedir um novo link</Trans>
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className={f.authPage}>
      <div className={f.panel}>
        <h1 className={f.title}>
          <Trans>Nova senha</Trans>
        </h1>
        <p className={f.lede}>
          <Trans>Escolha uma senha nova para a sua conta.</Trans>
        </p>
        <form className={f.form} onSubmit={(e) => void submit(e)} noValidate aria-busy={busy}>
          {serverError !== null && (
            <p className={f.alert} role="alert">
              <strong>
                <Trans>Erro ao atualizar senha</Trans>
              </strong>
              {serverError && `: ${serverError}`}
            </p>
          )}
          <FormField
            ref={passwordRef}
            id="reset-password"
            label={<Trans>Nova senha</Trans>}
            type="password"
            name="new-password"
            autoComplete="new-password"
            required
            revealable
            placeholder={t`Mínimo de 6 caracteres`}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={problems.password && (problems.password === 'required' ? t`Digite a nova senha.` : t`A senha precisa ter pelo menos 6 caracteres.`)}
          />
          <FormField
            ref={confirmationRef}
            id="reset-confirmation"
            label={<Trans>Confirme a nova senha</Trans>}
            type="password"
            name="confirm-password"
            autoComplete="new-password"
            required
            revealable
            value={confirmation}
            onChange={(e) => setConfirmation(e.target.value)}
            error={problems.confirmation && i18n._(confirmationMessage(problems.confirmation))}
          />
          <button type="submit" className={`${button.primary} ${f.submit}`} disabled={busy}>
            {busy ? <Trans>Salvando…</Trans> : <Trans>Salvar nova senha</Trans>}
          </button>
        </form>
      </div>
    </div>
  );
}
