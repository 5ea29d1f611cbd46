/**
 * What happens around a sign-out, as registries other parts of the data layer hook into.
 *
 * The offline data layer (issue 5) registers, on a shared phone:
 *   onBeforeSignOut:   push pending writes; return the writes that could not be sent (unsynced),
 *                      so the person is asked before they are thrown away;
 *   onSignOutDecided:  the person chose (issue 21): remember, before the session ends in any tab,
 *                      that their local database is kept;
 *   onAfterSignOut:    wipe the local copy of the signed-out person's data — unless they chose
 *                      to keep it on this device (their unsent work goes up at their next sign-in).
 *
 * `signOut` (auth.ts) runs every before-hook, asks the person when any of them returned unsynced
 * items (stay, keep them on this device, or discard them), runs the decided-hooks, and only then
 * signs out and runs every after-hook. A hook that throws does not stop the others (its error is
 * logged): a sign-out must always be possible.
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

/**
 * What the person chose when writes could not be sent before their sign-out (issue 21): stay
 * signed in, sign out keeping their local database on this device (only they can open it again,
 * and their unsent work is sent when they sign in here again), or sign out discarding it.
 */
export type UnsyncedChoice = 'stay' | 'keep' | 'discard';

export interface SignOutContext {
  userId: string | null;
  reason: SignOutReason;
  /** The person chose to keep their local database on this device ('keep'). */
  keepLocalData?: boolean;
}

export type BeforeSignOutHook = (context: SignOutContext) => Promise<UnsyncedItem[] | void> | UnsyncedItem[] | void;
export type AfterSignOutHook = (context: SignOutContext) => Promise<void> | void;

const beforeHooks = new Set<BeforeSignOutHook>();
const decidedHooks = new Set<AfterSignOutHook>();
const afterHooks = new Set<AfterSignOutHook>();

/** Registers a hook run before every sign-out; returns the function that unregisters it. */
export function onBeforeSignOut(hook: BeforeSignOutHook): () => void {
  beforeHooks.add(hook);
  return () => beforeHooks.delete(hook);
}

/** Registers a hook run once a sign-out is decided, before the session ends; returns its remover. */
export function onSignOutDecided(hook: AfterSignOutHook): () => void {
  decidedHooks.add(hook);
  return () => decidedHooks.delete(hook);
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

export function runSignOutDecided(context: SignOutContext): Promise<void> {
  return runEach(decidedHooks, context, 'a sign-out-decided hook failed');
}

export function runAfterSignOut(context: SignOutContext): Promise<void> {
  return runEach(afterHooks, context, 'an after-sign-out hook failed');
}

async function runEach(hooks: Set<AfterSignOutHook>, context: SignOutContext, failure: string): Promise<void> {
  for (const hook of [...hooks]) {
    try {
      await hook(context);
    } catch (error) {
      console.error(`[sign-out] ${failure}`, error);
    }
  }
}

/** Test helper: forget every hook. */
export function clearSignOutHooks(): void {
  beforeHooks.clear();
  decidedHooks.clear();
  afterHooks.clear();
}
