import type { ReactNode } from 'react';
import * as f from '../../components/form.css.ts';
import { button } from '../../components/ui.css.ts';

/**
 * A form's submit button: disabled while the form is busy, saying what is happening then
 * (`busyLabel`, e.g. 'Entrando…'). Full width on the account pages; `inline` inside Settings.
 */
export function SubmitButton({
  busy,
  busyLabel,
  inline,
  children,
}: {
  busy: boolean;
  busyLabel: ReactNode;
  inline?: boolean;
  children: ReactNode;
}) {
  return (
    <button type="submit" className={inline ? button.primary : `${button.primary} ${f.submit}`} disabled={busy}>
      {busy ? busyLabel : children}
    </button>
  );
}
