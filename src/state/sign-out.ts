import { create } from 'zustand';

/** One write the data layer could not send before a sign-out (see src/data/session/lifecycle.ts). */
export interface PendingItem {
  id: string;
  label: string;
  kind?: string;
}

interface SignOutConfirmState {
  /** Writes waiting for the person's answer, or null when nothing is being asked. */
  pending: PendingItem[] | null;
  resolve: ((confirmed: boolean) => void) | null;
  ask(items: PendingItem[]): Promise<boolean>;
  answer(confirmed: boolean): void;
}

/**
 * "Sign out anyway?" — asked when some writes could not be sent (a shared phone at school).
 * The dialog (src/components/SignOutDialog.tsx) shows while `pending` is set.
 */
export const useSignOutConfirmStore = create<SignOutConfirmState>((set, get) => ({
  pending: null,
  resolve: null,
  ask(items) {
    get().resolve?.(false);
    return new Promise<boolean>((resolve) => set({ pending: items, resolve }));
  },
  answer(confirmed) {
    get().resolve?.(confirmed);
    set({ pending: null, resolve: null });
  },
}));
