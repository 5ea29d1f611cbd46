import type { ReactNode } from 'react';
import * as css from './user-text.css.ts';

/**
 * Text a person wrote (a notebook's title, a question, an answer, a name), shown inside the app's
 * own sentences. It is isolated: its direction comes from its own first letter (dir="auto"), and
 * a right-to-left override inside it ("‮gnp.exe") cannot reorder the words around it. A long
 * unbroken word wraps instead of widening the page (overflow-wrap: anywhere also lowers the
 * minimum width of the flex and grid items it sits in).
 */
export function UserText({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <bdi dir="auto" className={className ? `${css.userText} ${className}` : css.userText}>
      {children}
    </bdi>
  );
}

const FIRST_STRONG_ISOLATE = '\u2068';
const POP_DIRECTIONAL_ISOLATE = '\u2069';

/**
 * The same isolation for plain strings (an aria-label, a toast, a share text), where no element
 * can be used: Unicode's first-strong isolate around the person's text.
 */
export function isolate(text: string): string {
  return `${FIRST_STRONG_ISOLATE}${text}${POP_DIRECTIONAL_ISOLATE}`;
}
