import { create } from 'zustand';

/**
 * Who is signed in. Filled by the auth layer (a later issue); until then everyone is a visitor.
 * `isAdmin` comes from the user_roles record (spec §6).
 */
export interface SessionState {
  status: 'signed-out' | 'loading' | 'signed-in';
  userId: string | null;
  isAdmin: boolean;
}

export const useSessionStore = create<SessionState>(() => ({
  status: 'signed-out',
  userId: null,
  isAdmin: false,
}));
