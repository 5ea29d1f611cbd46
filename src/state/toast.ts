import { create } from 'zustand';

export type ToastVariant = 'default' | 'destructive';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  /** News that waited its turn (showWhenFree): a dialog opening takes it back until it closes. */
  news?: boolean;
}

/** Spec §9: the toast store keeps one toast at a time; a new toast replaces the current one. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

type ToastInput = { title: string; description?: string; variant?: ToastVariant };

interface ToastState {
  toasts: Toast[];
  /** News nobody asked for just now (an achievement): shown when the screen is free. */
  waiting: ToastInput[];
  /** A modal dialog is open: the person is in the middle of something (cropping a photo, a choice). */
  dialogOpen: boolean;
  show(toast: ToastInput): number;
  /**
   * Shows it when the screen is free — no toast on it and no dialog open — so it never replaces
   * the answer to what the person just did, nor lands inside a dialog, which grows and moves its
   * buttons under the finger.
   */
  showWhenFree(toast: ToastInput): void;
  /**
   * The Toaster's report of whether a modal dialog is open. News on screen when one opens goes back
   * to wait (inside the dialog it would cover its fields and buttons); it shows again, whole, when
   * the dialog closes.
   */
  setDialogOpen(open: boolean): void;
  dismiss(id?: number): void;
}

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export const useToastStore = create<ToastState>((set, get) => ({
  toasts: [],
  waiting: [],
  dialogOpen: false,
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
    set({ waiting: [...get().waiting, toast] });
    showNextIfFree();
  },
  setDialogOpen(open) {
    if (open === get().dialogOpen) return;
    if (open) {
      const news = get().toasts.filter((t) => t.news);
      news.forEach((t) => clearTimer(t.id));
      const takenBack = news.map(({ title, description, variant }) => ({ title, description, variant }));
      set({ toasts: get().toasts.filter((t) => !t.news), waiting: [...takenBack, ...get().waiting] });
    }
    set({ dialogOpen: open });
    showNextIfFree();
  },
  dismiss(id) {
    const gone = id === undefined ? get().toasts : get().toasts.filter((t) => t.id === id);
    gone.forEach((t) => clearTimer(t.id));
    // dismissing every toast (no id) drops the waiting news too
    if (id === undefined) return set({ toasts: [], waiting: [] });
    set({ toasts: get().toasts.filter((t) => t.id !== id) });
    showNextIfFree();
  },
}));

/** The oldest news that waited, if nothing is on screen and no dialog is open. */
function showNextIfFree() {
  const { toasts, waiting, dialogOpen, show } = useToastStore.getState();
  const [next, ...rest] = waiting;
  if (!next || toasts.length > 0 || dialogOpen) return;
  useToastStore.setState({ waiting: rest });
  const id = show(next);
  useToastStore.setState({ toasts: useToastStore.getState().toasts.map((t) => (t.id === id ? { ...t, news: true } : t)) });
}

function clearTimer(id: number) {
  clearTimeout(timers.get(id));
  timers.delete(id);
}

/** Shorthand for non-React code (the data layer's callers, error handlers). */
export const toast = (t: ToastInput) => useToastStore.getState().show(t);

/** News that waits its turn: an action's toast ("Alterações salvas") is never replaced by it. */
export const toastWhenFree = (t: ToastInput) => useToastStore.getState().showWhenFree(t);
