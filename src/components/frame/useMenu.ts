import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'wouter';

/**
 * A menu button and its panel: opens on the button, closes on Escape (focus back on the button),
 * on a press elsewhere, and when the person goes to another page.
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
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpenOn(null);
        toggle.current?.focus();
      }
    };
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpenOn(null);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
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
