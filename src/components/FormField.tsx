import { useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useLingui } from '@lingui/react/macro';
import * as s from './form.css.ts';

export interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: ReactNode;
  /** Shown under the field and tied to it (aria-describedby, aria-invalid). */
  error?: ReactNode;
  hint?: ReactNode;
  /** A live status line (the username check), announced politely. */
  status?: ReactNode;
  statusTone?: keyof typeof s.status;
  /** Password fields get a show/hide button. */
  revealable?: boolean;
  /** That button's name when "Mostrar senha" would not tell it apart (the confirmation field). */
  revealLabel?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled input whose hint, live status and error are read with it by screen readers. The
 * error id is `<id>-error`, so forms can point an error summary at it.
 */
export function FormField({
  id,
  label,
  error,
  hint,
  status,
  statusTone = 'neutral',
  revealable,
  revealLabel,
  type,
  ref,
  ...input
}: FormFieldProps) {
  const { t } = useLingui();
  const [revealed, setRevealed] = useState(false);
  const describedBy = [hint && `${id}-hint`, status && `${id}-status`, error && `${id}-error`].filter(Boolean).join(' ');
  const field = (
    <input
      {...input}
      id={id}
      ref={ref}
      type={revealable && revealed ? 'text' : type}
      className={s.input}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy || undefined}
    />
  );
  return (
    <div className={s.field}>
      <label htmlFor={id} className={s.label}>
        {label}
      </label>
      {revealable ? (
        <div className={s.passwordRow}>
          {field}
          <button
            type="button"
            className={s.reveal}
            aria-pressed={revealed}
            aria-controls={id}
            aria-label={revealLabel ?? t`Mostrar senha`}
            onClick={() => setRevealed((r) => !r)}
          >
            {t`Mostrar`}
          </button>
        </div>
      ) : (
        field
      )}
      {hint && (
        <div id={`${id}-hint`} className={s.hint}>
          {hint}
        </div>
      )}
      <div aria-live="polite">
        {status && (
          <p id={`${id}-status`} className={s.status[statusTone]}>
            {status}
          </p>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} className={s.error}>
          {error}
        </p>
      )}
    </div>
  );
}
