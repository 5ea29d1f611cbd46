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

interface ToastState {
  toasts: Toast[];
  show(toast: { title: string; description?: string; variant?: ToastVariant }): number;
  dismiss(id?: number): void;
}

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export const useToastStore = create<ToastState>((set, get) => ({
  toasts: [],
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
  dismiss(id) {
    const gone = id === undefined ? get().toasts : get().toasts.filter((t) => t.id === id);
    gone.forEach((t) => clearTimer(t.id));
    set({ toasts: id === undefined ? [] : get().toasts.filter((t) => t.id !== id) });
  },
}));

function clearTimer(id: number) {
  clearTimeout(timers.get(id));
  timers.delete(id);
}

/** Shorthand for non-React code (the data layer's callers, error handlers). */
export const toast = (t: Parameters<ToastState['show']>[0]) => useToastStore.getState().show(t);
