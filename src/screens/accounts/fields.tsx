import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { FormField, type FormFieldProps } from '../../components/FormField.tsx';
import type { ConfirmationProblem, EmailProblem } from '../../data/validation.ts';
import {
  confirmationMessage,
  emailMessage,
  newPasswordMessage,
  newPasswordPlaceholder,
  type NewPasswordMinimum,
} from './messages.ts';
import type { NewPasswordPair } from './new-password.ts';

/** What every account field takes from its form; the rest (type, name, autocomplete) is the field's. */
interface FieldProps {
  id: string;
  ref?: FormFieldProps['ref'];
  value: string;
  onChange: (value: string) => void;
}

/** The e-mail field of login, registration and password recovery. */
export function EmailField({ onChange, problem, error, ...field }: FieldProps & { problem?: EmailProblem | null; error?: ReactNode }) {
  const { i18n } = useLingui();
  return (
    <FormField
      {...field}
      label={<Trans>E-mail</Trans>}
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      required
      onChange={(e) => onChange(e.target.value)}
      error={problem ? i18n._(emailMessage(problem)) : error}
    />
  );
}

/**
 * A required password with a show/hide button. `autoComplete` says which password it is, so
 * password managers fill the current one and offer to save a new one.
 */
export function PasswordField({
  onChange,
  ...field
}: FieldProps & {
  label: ReactNode;
  name: string;
  autoComplete: 'current-password' | 'new-password';
  placeholder?: string;
  hint?: ReactNode;
  error?: ReactNode;
  revealLabel?: string;
}) {
  return <FormField {...field} type="password" required revealable onChange={(e) => onChange(e.target.value)} />;
}

/**
 * The password a person chooses (registration, reset, Settings), or its confirmation (`name`).
 * With `minimum`, the placeholder says it ('Mínimo de 6 caracteres' on the reset form, 8 in
 * Settings: spec §5 keeps them apart).
 */
export function NewPasswordField({
  label = <Trans>Nova senha</Trans>,
  name = 'new-password',
  minimum,
  ...field
}: FieldProps & {
  label?: ReactNode;
  name?: 'new-password' | 'confirm-password';
  minimum?: NewPasswordMinimum;
  hint?: ReactNode;
  error?: ReactNode;
  revealLabel?: string;
}) {
  const { i18n } = useLingui();
  const placeholder = minimum === undefined ? undefined : i18n._(newPasswordPlaceholder(minimum));
  return <PasswordField {...field} label={label} name={name} autoComplete="new-password" placeholder={placeholder} />;
}

/** The new password typed again; its problems ('Repita a senha.', mismatch) are said here. */
export function ConfirmPasswordField({
  label = <Trans>Confirme a nova senha</Trans>,
  problem,
  ...field
}: FieldProps & { label?: ReactNode; problem?: ConfirmationProblem | null }) {
  const { t, i18n } = useLingui();
  const error = problem ? i18n._(confirmationMessage(problem)) : undefined;
  // Two "Mostrar senha" buttons on one form cannot be told apart by a screen reader (QA J12).
  return <NewPasswordField {...field} label={label} name="confirm-password" error={error} revealLabel={t`Mostrar confirmação da senha`} />;
}

/**
 * The new password and its confirmation of the reset form and of Settings, bound to
 * useNewPassword: each says its own problem (the minimum is the pair's, spec §5).
 */
export function NewPasswordFields({ pair, ids }: { pair: NewPasswordPair; ids: { password: string; confirmation: string } }) {
  const { i18n } = useLingui();
  const passwordError = pair.passwordProblem ? i18n._(newPasswordMessage(pair.passwordProblem, pair.minimum)) : pair.passwordRefusal;
  return (
    <>
      <NewPasswordField {...pair.fields.password} id={ids.password} minimum={pair.minimum} error={passwordError} />
      <ConfirmPasswordField {...pair.fields.confirmation} id={ids.confirmation} problem={pair.confirmationProblem} />
    </>
  );
}
