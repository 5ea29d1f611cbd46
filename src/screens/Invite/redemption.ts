import { useCallback, useEffect, useState } from 'react';

export type InviteStep = 'login' | 'process' | 'open';

export type Redemption =
  | { state: 'idle' | 'redeeming' | 'offline' }
  | { state: 'opening' | 'ready'; notebookId: string }
  | { state: 'failed'; reason: FailureReason };

/** invalid: a revoked, expired or unknown code; removed: the owner removed this person; server: anything else (retry). */
/** 'wait': too many wrong codes in a short time (issue 28); trying again later will do. */
export type FailureReason = 'invalid' | 'removed' | 'wait' | 'server';

const FAILURE_BY_PROBLEM: Partial<Record<string, FailureReason>> = {
  invite_invalid: 'invalid',
  access_removed: 'removed',
  too_many_attempts: 'wait',
};

/** How long to wait for the notebook's pages before opening it anyway (it shows its own loading). */
const ARRIVAL_WAIT_MS = 8_000;

/**
 * Redeems an invite code (or a public notebook id) for the signed-in person — `code` is null
 * until someone is signed in. Redeeming asks the server, so offline it waits for the `online`
 * event; after the server said yes, it waits (a few seconds at most) for the next pull to bring
 * the notebook, so that it opens with its questions rather than as "not found".
 */
export function useInviteRedemption(code: string | null): Redemption & { retry: () => void } {
  const [redemption, setRedemption] = useState<Redemption>({ state: 'idle' });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    if (!code) return;
    let cancelled = false;
    let waitingForNetwork = false;
    const update = (next: Redemption) => {
      waitingForNetwork = next.state === 'offline';
      if (!cancelled) setRedemption(next);
    };

    const run = async () => {
      if (!navigator.onLine) return update({ state: 'offline' });
      update({ state: 'redeeming' });
      // The redeem goes first, so that the first sync brings the notebook; the data layer (RxDB,
      // not part of the invitation page) is asked for once the request is out: evaluating its
      // modules on a slow phone's CPU would otherwise hold the request back.
      const { redeemBeforeSync } = await import('../../data/invite-redemption.ts');
      const redeeming = redeemBeforeSync(code);
      const loadingData = import('../../data/session/data.ts');
      loadingData.catch(() => undefined); // a refused redeem does not wait for it
      const result = await redeeming;
      if (!result.ok) {
        if (result.problem.code === 'online_only') return update({ state: 'offline' });
        return update({ state: 'failed', reason: FAILURE_BY_PROBLEM[result.problem.code] ?? 'server' });
      }
      const notebookId = result.value;
      update({ state: 'opening', notebookId });
      const [{ whenDataReady }, { filter, firstValueFrom, timeout }] = await Promise.all([loadingData, import('rxjs')]);
      const data = await whenDataReady();
      // Already open before the redeem (someone who was signed in): pull now, not at the next pulse.
      data.engine?.syncNow();
      await firstValueFrom(data.api.queries.notebook(notebookId).pipe(filter(Boolean), timeout(ARRIVAL_WAIT_MS))).catch(() => undefined);
      update({ state: 'ready', notebookId });
    };

    const start = () => void run().catch(() => update({ state: 'failed', reason: 'server' }));
    const onOnline = () => waitingForNetwork && start();
    window.addEventListener('online', onOnline);
    start();
    return () => {
      cancelled = true;
      window.removeEventListener('online', onOnline);
    };
  }, [code, attempt]);

  return { ...redemption, retry };
}
