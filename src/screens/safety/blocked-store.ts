import { create } from 'zustand';

/**
 * The people this person blocked, on this device (issue 22: "you stop seeing their content").
 * The server keeps blocked people away from the blocker's things; what the blocked person wrote
 * elsewhere (an answer in a third person's notebook) still reaches the blocker's device with
 * that notebook, so the screens hide it with this list. Read from the server when a screen that
 * shows others' content opens online, kept in localStorage for offline reading, and updated at
 * once by blocking and unblocking here.
 */
interface BlockedState {
  /** Blocked ids per signed-in person. */
  byOwner: Record<string, readonly string[]>;
}

const STORAGE_PREFIX = 'cadernos-blocked:';
const EMPTY: readonly string[] = [];

export const useBlockedStore = create<BlockedState>(() => ({ byOwner: {} }));

function stored(owner: string): readonly string[] {
  try {
    const raw = globalThis.localStorage?.getItem(STORAGE_PREFIX + owner);
    const ids: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : EMPTY;
  } catch {
    return EMPTY;
  }
}

function remember(owner: string, ids: readonly string[]) {
  useBlockedStore.setState((s) => ({ byOwner: { ...s.byOwner, [owner]: ids } }));
  try {
    globalThis.localStorage?.setItem(STORAGE_PREFIX + owner, JSON.stringify(ids));
  } catch {
    // storage full or refused: the list still holds for this visit
  }
}

/** The ids `owner` blocked, as last known on this device. */
export function blockedBy(state: BlockedState, owner: string | null): readonly string[] {
  if (!owner) return EMPTY;
  return state.byOwner[owner] ?? EMPTY;
}

/** Loads the device's copy, then asks the server (online) for the current list. */
export async function refreshBlocked(owner: string): Promise<void> {
  if (!useBlockedStore.getState().byOwner[owner]) remember(owner, stored(owner));
  // supabase-js comes with the call, not with the screens that read the list (the notebook view)
  const { listBlockedIds } = await import('../../data/online/safety.ts');
  const result = await listBlockedIds(owner);
  if (result.ok) remember(owner, result.value);
}

export function noteBlocked(owner: string, blocked: string, isBlocked: boolean) {
  const current = blockedBy(useBlockedStore.getState(), owner);
  const next = isBlocked ? [...new Set([...current, blocked])] : current.filter((id) => id !== blocked);
  remember(owner, next);
}
