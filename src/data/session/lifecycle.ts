/**
 * What happens around a sign-out, as registries other parts of the data layer hook into.
 *
 * The offline data layer (issue 5) registers, on a shared phone:
 *   onBeforeSignOut: push pending writes; return the writes that could not be sent (unsynced),
 *                    so the person is asked before they are thrown away;
 *   onAfterSignOut:  wipe the local copy of the signed-out person's data.
 *
 * `signOut` (auth.ts) runs every before-hook, asks for confirmation when any of them returned
 * unsynced items, and only then signs out and runs every after-hook. A hook that throws does not
 * stop the others (its error is logged): a sign-out must always be possible.
 */

export type SignOutReason =
  /** The person chose to sign out (this device or every device). */
  | 'user'
  /** The account was banned or removed (spec §4, §8): no confirmation is asked. */
  | 'banned'
  | 'deleted'
  /** The session ended elsewhere (revoked, expired refresh token, another tab). */
  | 'ended';

export interface UnsyncedItem {
  /** Stable id of the pending write (a document id). */
  id: string;
  /** What it is, for the confirmation list: a notebook title, the start of an answer … */
  label: string;
  /** A short kind for grouping ('notebook', 'question', 'answer' …). */
  kind?: string;
}

export interface SignOutContext {
  userId: string | null;
  reason: SignOutReason;
}

export type BeforeSignOutHook = (context: SignOutContext) => Promise<UnsyncedItem[] | void> | UnsyncedItem[] | void;
export type AfterSignOutHook = (context: SignOutContext) => Promise<void> | void;

const beforeHooks = new Set<BeforeSignOutHook>();
const afterHooks = new Set<AfterSignOutHook>();

/** Registers a hook run before every sign-out; returns the function that unregisters it. */
export function onBeforeSignOut(hook: BeforeSignOutHook): () => void {
  beforeHooks.add(hook);
  return () => beforeHooks.delete(hook);
}

/** Registers a hook run after every sign-out (the local session is already gone); returns its remover. */
export function onAfterSignOut(hook: AfterSignOutHook): () => void {
  afterHooks.add(hook);
  return () => afterHooks.delete(hook);
}

/** Runs the before-hooks one after another; returns every unsynced item they reported. */
export async function runBeforeSignOut(context: SignOutContext): Promise<UnsyncedItem[]> {
  const unsynced: UnsyncedItem[] = [];
  for (const hook of [...beforeHooks]) {
    try {
      const items = await hook(context);
      if (Array.isArray(items)) unsynced.push(...items);
    } catch (error) {
      console.error('[sign-out] a before-sign-out hook failed', error);
    }
  }
  return unsynced;
}

export async function runAfterSignOut(context: SignOutContext): Promise<void> {
  for (const hook of [...afterHooks]) {
    try {
      await hook(context);
    } catch (error) {
      console.error('[sign-out] an after-sign-out hook failed', error);
    }
  }
}

/** Test helper: forget every hook. */
export function clearSignOutHooks(): void {
  beforeHooks.clear();
  afterHooks.clear();
}
