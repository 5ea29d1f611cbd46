import { create } from 'zustand';

export type ToastVariant = 'default' | 'destructive';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
}

/** Spec §9: the toast store keeps one toast at a time; a new toast replaces the current one. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

type ToastInput = { title: string; description?: string; variant?: ToastVariant };

interface ToastState {
  toasts: Toast[];
  /** News nobody asked for just now (an achievement): shown when no toast is on screen. */
  waiting: ToastInput[];
  show(toast: ToastInput): number;
  /** Shows it when the screen is free, so it never replaces the answer to what the person just did. */
  showWhenFree(toast: ToastInput): void;
  dismiss(id?: number): void;
}

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export const useToastStore = create<ToastState>((set, get) => ({
  toasts: [],
  waiting: [],
  show({ title, description, variant = 'default' }) {
    const id = nextId++;
    const toasts = [{ id, title, description, variant }, ...get().toasts].slice(0, TOAST_LIMIT);
    for (const dropped of get().toasts) if (!toasts.includes(dropped)) clearTimer(dropped.id);
    set({ toasts });
    timers.set(
      id,
      setTimeout(() => get().dismiss(id), TOAST_DURATION_MS),
    );
    return id;
  },
  showWhenFree(toast) {
    if (get().toasts.length === 0) get().show(toast);
    else set({ waiting: [...get().waiting, toast] });
  },
  dismiss(id) {
    const gone = id === undefined ? get().toasts : get().toasts.filter((t) => t.id === id);
    gone.forEach((t) => clearTimer(t.id));
    // dismissing every toast (no id) drops the waiting news too
    if (id === undefined) return set({ toasts: [], waiting: [] });
    const toasts = get().toasts.filter((t) => t.id !== id);
    const [next, ...rest] = get().waiting;
    if (toasts.length === 0 && next) {
      set({ toasts, waiting: rest });
      get().show(next);
    } else set({ toasts });
  },
}));

function clearTimer(id: number) {
  clearTimeout(timers.get(id));
  timers.delete(id);
}

/** Shorthand for non-React code (the data layer's callers, error handlers). */
export const toast = (t: ToastInput) => useToastStore.getState().show(t);

/** News that waits its turn: an action's toast ("Alterações salvas") is never replaced by it. */
export const toastWhenFree = (t: ToastInput) => useToastStore.getState().showWhenFree(t);
