import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useLingui } from '@lingui/react/macro';
import { useToastStore } from '../state/toast.ts';
import { Icon } from './Icon.tsx';
import * as s from './overlays.css.ts';

/** The topmost open modal <dialog>, or null. */
function topModalDialog(): HTMLDialogElement | null {
  const open = [...document.querySelectorAll('dialog[open]')] as HTMLDialogElement[];
  const modal = open.filter((dialog) => {
    try {
      return dialog.matches(':modal');
    } catch {
      return false; // a browser without :modal has no top layer to hide the toast behind
    }
  });
  return modal.at(-1) ?? null;
}

/**
 * A modal dialog sits in the top layer, above any z-index, and makes the rest of the page inert:
 * a toast raised while it is open must live inside it to be seen and announced.
 */
function useModalDialogHost(): HTMLDialogElement | null {
  const [host, setHost] = useState<HTMLDialogElement | null>(null);
  useEffect(() => {
    const update = () => setHost(topModalDialog());
    const observer = new MutationObserver(update);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
    update();
    return () => observer.disconnect();
  }, []);
  return host;
}

/** Renders the current toast. Errors (destructive) are announced assertively, the rest politely. */
export function Toaster() {
  const { t } = useLingui();
  const toasts = useToastStore((st) => st.toasts);
  const dismiss = useToastStore((st) => st.dismiss);
  const host = useModalDialogHost();
  const region = (
    <div className={s.toastRegion} aria-live="polite" data-testid="toast-region">
      {toasts.map((item) => (
        <div
          key={item.id}
          className={item.variant === 'destructive' ? s.toast.destructive : s.toast.default}
          role={item.variant === 'destructive' ? 'alert' : 'status'}
          data-testid="toast"
        >
          <div className={s.toastText}>
            <strong>{item.title}</strong>
            {item.description && <span>{item.description}</span>}
          </div>
          <button type="button" className={s.toastClose} onClick={() => dismiss(item.id)} aria-label={t`Fechar aviso`}>
            <Icon name="close" />
          </button>
        </div>
      ))}
    </div>
  );
  return host ? createPortal(region, host) : region;
}
