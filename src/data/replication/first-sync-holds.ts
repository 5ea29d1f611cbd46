/**
 * What a person's first sync waits for (issue 20). An invitation redeemed while their database
 * opens gives them the notebook they were invited to; pulled after the redeem, it comes with the
 * first sync instead of a round later — the notebook being opened synced before anything else.
 * A hold never stops the sync for long: it waits `limitMs` at most.
 */
const holds = new Set<Promise<unknown>>();

export function holdFirstSync(work: Promise<unknown>): void {
  holds.add(work);
  const release = () => holds.delete(work);
  work.then(release, release);
}

export async function firstSyncHoldsReleased(limitMs: number): Promise<void> {
  if (holds.size === 0) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([Promise.allSettled([...holds]), new Promise((resolve) => (timer = setTimeout(resolve, limitMs)))]);
  clearTimeout(timer);
}
