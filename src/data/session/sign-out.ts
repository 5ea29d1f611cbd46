/**
 * The data layer's part of a sign-out on a shared device (issue 5): push pending writes first
 * when online, report what could not be sent — pending writes and refused ones — so the person
 * is asked before losing them, and wipe the person's local data afterwards.
 */
import type { DataLayer } from '../data-layer.ts';
import type { SignOutContext, UnsyncedItem } from './lifecycle.ts';

/** How long a sign-out waits for pending writes to reach the server. */
export const SIGN_OUT_PUSH_TIMEOUT_MS = 8000;

/** Pushes what can be pushed (only a person's own sign-out waits), then lists what was not sent. */
export async function unsyncedBeforeSignOut(
  layer: DataLayer,
  context: Pick<SignOutContext, 'reason'>,
  online: boolean,
  timeoutMs = SIGN_OUT_PUSH_TIMEOUT_MS,
): Promise<UnsyncedItem[]> {
  await layer.ledger.flush();
  // Only unsent writes are worth waiting for: a sign-out right after sign-in must not wait for
  // the first pull of every collection.
  const hasUnsent = Object.keys(await layer.ledger.pending()).length > 0;
  if (hasUnsent && layer.engine && online && context.reason === 'user') {
    layer.engine.syncNow();
    await layer.engine.awaitInSync(timeoutMs);
  }
  const pending = Object.values(await layer.ledger.pending()).map((entry) => ({
    id: `${entry.collection}/${entry.id}`,
    label: entry.label,
    kind: entry.kind,
  }));
  const refused = Object.values(await layer.ledger.rejections()).map((rejection) => ({
    id: rejection.key,
    label: String(rejection.attempted.title ?? rejection.attempted.text ?? ''),
    kind: rejection.collection,
  }));
  return [...pending, ...refused];
}
