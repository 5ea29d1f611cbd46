import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation } from 'wouter';
import { AuthPanel } from '../accounts/AuthPanel.tsx';
import { NewPasswordFields } from '../accounts/fields.tsx';
import { FormAlert } from '../accounts/FormAlert.tsx';
import { SubmitButton } from '../accounts/SubmitButton.tsx';
import { inWords, passwordActionMessage } from '../accounts/messages.ts';
import { useNewPassword } from '../accounts/new-password.ts';
import * as f from '../../components/form.css.ts';
import { button } from '../../components/ui.css.ts';
import { endRecovery } from '../../data/session/engine.ts';
import { updatePassword } from '../../data/auth.ts';
import { RESET_PASSWORD_MIN } from '../../data/validation.ts';
import { useSessionStore } from '../../state/session.ts';
import { toast } from '../../state/toast.ts';
import { useUnsavedChanges } from '../../state/unsaved.ts';
import { AFTER_LOGIN } from '../../navigation/links.ts';

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
  const newPassword = useNewPassword(RESET_PASSWORD_MIN);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useUnsavedChanges('reset-password', !busy && newPassword.password !== '');

  async function submit(event: FormEvent) {
    event.preventDefault();
    const fine = newPassword.check();
    setServerError(null);
    if (!fine) return;
    setBusy(true);
    const result = await updatePassword(newPassword.password);
    setBusy(false);
    if (!result.ok) {
      const message = inWords(i18n, passwordActionMessage(result));
      setServerError(message);
      toast({ title: t`Erro ao atualizar senha`, description: message || undefined, variant: 'destructive' });
      newPassword.passwordRef.current?.focus();
      return;
    }
    endRecovery();
    newPassword.clear();
    toast({ title: t`Senha atualizada!`, description: t`Use a nova senha da próxima vez que entrar.` });
    navigate(AFTER_LOGIN);
  }

  if (status === 'loading' && !linkError) {
    return (
      <AuthPanel busy title={<Trans>Nova senha</Trans>} lede={<Trans>Verificando o link…</Trans>} />
    );
  }

  if (linkError || status !== 'signed-in' || !recovery) {
    return (
      <AuthPanel
        testId="reset-invalid"
        title={<Trans>Link inválido ou expirado</Trans>}
        lede={
          <Trans>
            Este link de recuperação não vale mais: ele expira e só pode ser usado uma vez. Peça um novo e abra o
            e-mail mais recente.
          </Trans>
        }
      >
        <Link href="/forgot-password" className={`${button.primary} ${f.submit}`}>
          <Trans>Pedir um novo link</Trans>
        </Link>
      </AuthPanel>
    );
  }

  return (
    <AuthPanel title={<Trans>Nova senha</Trans>} lede={<Trans>Escolha uma senha nova para a sua conta.</Trans>}>
      <form className={f.form} onSubmit={(e) => void submit(e)} noValidate aria-busy={busy}>
        <FormAlert title={<Trans>Erro ao atualizar senha</Trans>} message={serverError} />
        <NewPasswordFields pair={newPassword} ids={{ password: 'reset-password', confirmation: 'reset-confirmation' }} />
        <SubmitButton busy={busy} busyLabel={<Trans>Salvando…</Trans>}>
          <Trans>Salvar nova senha</Trans>
        </SubmitButton>
      </form>
    </AuthPanel>
  );
}
