import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type RefObject } from 'react';
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

/**
 * The toasts' place inside a modal dialog: an element of ours kept at the dialog's end (a portal's
 * own place among the dialog's children is not ours to choose: it came right under the title),
 * sticky at its bottom edge.
 */
function useDialogSlot(dialog: HTMLDialogElement | null): HTMLElement | null {
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (!dialog) {
      setSlot(null);
      return;
    }
    const element = document.createElement('div');
    element.className = s.toastSlot;
    dialog.append(element);
    // the dialog's own content may arrive later (and go after us): stay last
    const keepLast = new MutationObserver(() => {
      if (dialog.lastElementChild !== element) dialog.append(element);
    });
    keepLast.observe(dialog, { childList: true });
    setSlot(element);
    return () => {
      keepLast.disconnect();
      element.remove();
    };
  }, [dialog]);
  return slot;
}

/** A field the person types in (not a button, checkbox or radio). */
function isTypingField(element: Element | null): element is HTMLElement {
  if (!(element instanceof HTMLElement)) return false;
  if (element instanceof HTMLTextAreaElement || element.isContentEditable) return true;
  if (!(element instanceof HTMLInputElement)) return false;
  return !['button', 'submit', 'reset', 'checkbox', 'radio', 'file', 'range', 'color', 'image', 'hidden'].includes(element.type);
}

/** `bottom`/`top`: px from that edge of the window; absent or -1, the stylesheet's place. */
type Placement = { edge: 'bottom'; bottom?: number } | { edge: 'top'; top: number };

/** Room a one-line toast needs above the cookie question: the top bar's 56 px, the toast's 52, gaps. */
const ROOM_FOR_A_TOAST = 140;

/**
 * Where the page's toasts go: the bottom, unless the person is typing in the lower half of the
 * screen; then the top, under the top bar and under any card shown there (update, install).
 */
function placementNow(): Placement {
  const field = document.activeElement;
  if (!isTypingField(field)) return atTheBottom();
  const rect = field.getBoundingClientRect();
  if (rect.top + rect.height / 2 < window.innerHeight / 2) return atTheBottom();
  return atTheTop();
}

function atTheTop(): Placement {
  const cardsBottom = [...document.querySelectorAll(`.${s.card}`)].reduce((lowest, card) => Math.max(lowest, card.getBoundingClientRect().bottom), 0);
  return cardsBottom > 0 ? { edge: 'top', top: cardsBottom + 8 } : { edge: 'top', top: -1 };
}

/**
 * At the bottom; while the cookie question shows there, above it: a toast must not cover its
 * answers (the first sign-up's welcome came right over "Rejeitar opcionais"). Grown too tall for
 * that (its options open), at the top: over its title at worst, never its buttons.
 */
function atTheBottom(): Placement {
  const consent = document.querySelector(`.${s.consent}`);
  if (!consent) return { edge: 'bottom' };
  const { top } = consent.getBoundingClientRect();
  if (top < ROOM_FOR_A_TOAST) return atTheTop();
  return { edge: 'bottom', bottom: window.innerHeight - top + 8 };
}

/** Follows the field being typed in and the cookie question while toasts show (focus moves, the page scrolls, the question comes). */
function usePlacement(active: boolean, region: RefObject<HTMLElement | null>): Placement {
  const [placement, setPlacement] = useState<Placement>({ edge: 'bottom' });
  useLayoutEffect(() => {
    if (!active) return;
    const update = (event?: unknown) =>
      setPlacement((before) => {
        // the person reaches for a toast (its close button): it stays under the finger. Moving it
        // on mousedown sent the click to whatever came under the pointer, and the toast stayed.
        const focusGoesTo = event instanceof FocusEvent && event.type === 'focusout' ? event.relatedTarget : document.activeElement;
        if (focusGoesTo instanceof Node && region.current?.contains(focusGoesTo)) return before;
        const next = placementNow();
        return JSON.stringify(next) === JSON.stringify(before) ? before : next;
      });
    update();
    // the cookie question comes (a second after the first load), grows with its options and goes
    let frame = 0;
    const changes = new MutationObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(update);
    });
    changes.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('focusin', update);
    window.addEventListener('focusout', update);
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      changes.disconnect();
      cancelAnimationFrame(frame);
      window.removeEventListener('focusin', update);
      window.removeEventListener('focusout', update);
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [active]);
  return placement;
}

function placementStyle(placement: Placement): CSSProperties | undefined {
  if (placement.edge === 'bottom') return placement.bottom === undefined ? undefined : { bottom: `${placement.bottom}px` };
  // -1: no card under the bar, the stylesheet's place under it
  return placement.top >= 0 ? { top: `${placement.top}px` } : undefined;
}

/** Renders the current toast. Errors (destructive) are announced assertively, the rest politely. */
export function Toaster() {
  const { t } = useLingui();
  const toasts = useToastStore((st) => st.toasts);
  const dismiss = useToastStore((st) => st.dismiss);
  const dialog = useModalDialogHost();
  const host = useDialogSlot(dialog);
  useEffect(() => useToastStore.getState().setDialogOpen(dialog !== null), [dialog]);
  const regionRef = useRef<HTMLDivElement>(null);
  const placement = usePlacement(toasts.length > 0 && !host, regionRef);
  const style = placementStyle(placement);
  const region = (
    <div ref={regionRef} className={host ? s.toastRegion.dialog : s.toastRegion[placement.edge]} style={style} aria-live="polite" data-testid="toast-region">
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
          <button
            type="button"
            className={s.toastClose}
            // a tap keeps the focus where the person was typing (and the phone's keyboard up)
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => dismiss(item.id)}
            aria-label={t`Fechar aviso`}
          >
            <Icon name="close" />
          </button>
        </div>
      ))}
    </div>
  );
  return host ? createPortal(region, host) : region;
}
