import { useState, type ReactNode } from 'react';
import { useOnline } from '../../../components/frame/useOnline.ts';
import { button } from '../../../components/ui.css.ts';
import { useFriendAction, type FriendAction } from '../hooks/friends.ts';
import { useFriendsProblem } from './messages.ts';
import * as css from './friends.css.ts';

/**
 * A button that runs one friends write (send, accept, decline, cancel, remove). Offline it stays,
 * disabled; a refusal is said next to it in the area's words (role=alert), a success by `done`.
 */
export function ActionButton({
  action,
  children,
  variant = 'secondary',
  label,
  onDone,
}: {
  action: FriendAction;
  children: ReactNode;
  variant?: 'primary' | 'secondary' | 'danger';
  /** An accessible name when the visible words need the person's name to be clear. */
  label?: string;
  onDone?: () => void;
}) {
  const online = useOnline();
  const mutation = useFriendAction();
  const say = useFriendsProblem();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <span className={css.inline}>
      <button
        type="button"
        className={button[variant]}
        aria-label={label}
        disabled={!online || mutation.isPending}
        onClick={() => {
          setProblem(null);
          mutation.mutate(action, { onSuccess: () => onDone?.(), onError: (error) => setProblem(say(action.kind, error)) });
        }}
      >
        {children}
      </button>
      {problem && (
        <span className={css.error} role="alert">
          {problem}
        </span>
      )}
    </span>
  );
}
