import { useEffect, useRef, type RefObject } from 'react';

/**
 * One home for how the app opens its modal <dialog>s ("are you sure?", unsaved answer, sign out
 * with unsent work): shown as modal when it mounts (an open attribute where showModal is missing,
 * as in jsdom), with focus on the choice that loses nothing. Returns the dialog's ref; the caller
 * puts `safeChoice` on that button.
 */
export function useModalDialog(safeChoice: RefObject<HTMLElement | null>): RefObject<HTMLDialogElement | null> {
  const dialogRef = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (typeof dialog.showModal === 'function' && !dialog.open) dialog.showModal();
    else dialog.setAttribute('open', '');
    safeChoice.current?.focus();
    // Once, on mount: the dialog is mounted when it is asked for.
  }, []);
  return dialogRef;
}
