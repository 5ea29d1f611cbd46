import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'wouter';

/**
 * A menu button and its panel: opens on the button, closes on Escape (focus back on the button),
 * on a press elsewhere, when the focus leaves it (Tab past its last item, as menu buttons do), and
 * when the person goes to another page.
 */
export function useMenu() {
  const [location] = useLocation();
  // Open only on the page where it was opened, so navigating closes it. (An effect closing it on
  // each location change also ran on mount, and could undo a click made just after the menu appeared.)
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location;
  const setOpen = (value: boolean) => setOpenOn(value ? location : null);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    // A press inside the panel on something that takes no focus (or on a control that then leaves
    // the page, as "Bloquear @…" turning into its confirmation) blurs to nothing: that keeps it
    // open until the next key. Any other way out closes it, also a Tab past the page's last control
    // (focus then goes to the browser, with no related target) — a CI run once found the menu still
    // open there. (A timer reset it before, and under load it fired before the blur: the menu closed.)
    let pressInside = false;
    const onKey = (e: KeyboardEvent) => {
      pressInside = false;
      if (e.key === 'Escape') {
        setOpenOn(null);
        toggle.current?.focus();
      }
    };
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpenOn(null);
    };
    const onPressInside = () => {
      pressInside = true;
    };
    const onFocusOut = (e: FocusEvent) => {
      const next = e.relatedTarget as Node | null;
      if (next ? !root.current?.contains(next) : !pressInside) setOpenOn(null);
    };
    const menuRoot = root.current;
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    menuRoot?.addEventListener('focusout', onFocusOut);
    menuRoot?.addEventListener('pointerdown', onPressInside);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
      menuRoot?.removeEventListener('focusout', onFocusOut);
      menuRoot?.removeEventListener('pointerdown', onPressInside);
    };
  }, [open]);

  return {
    open,
    setOpen,
    root,
    toggleProps: {
      ref: toggle,
      type: 'button' as const,
      'aria-expanded': open,
      'aria-controls': panelId,
      onClick: () => setOpen(!open),
    },
    panelId,
  };
}
