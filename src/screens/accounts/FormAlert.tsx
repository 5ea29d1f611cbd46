import type { ReactNode } from 'react';
import * as f from '../../components/form.css.ts';

/**
 * A form's problem that belongs to no field, read out at once (role="alert"). With a `title`
 * (spec §8: 'Erro no login', …) it shows "title: message", or the title alone when the server
 * gave no words; without one, the message alone. Nothing when `message` is null.
 */
export function FormAlert({ title, message, testId }: { title?: ReactNode; message: string | null; testId?: string }) {
  if (message === null) return null;
  return (
    <p className={f.alert} role="alert" data-testid={testId}>
      {title ? (
        <>
          <strong>{title}</strong>
          {message && `: ${message}`}
        </>
      ) : (
        message
      )}
    </p>
  );
}
