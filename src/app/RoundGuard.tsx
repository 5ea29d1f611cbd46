import { useEffect } from 'react';
import { Redirect, useLocation } from 'wouter';
import { watchActiveRound } from '../data/round/round-state.ts';
import { followActiveRound, roundPath, useRoundStore } from '../state/round.ts';

let following = false;

/** Reads the device's round once at launch and follows it (a small IndexedDB read, no data layer). */
export function useActiveRound(): void {
  useEffect(() => {
    if (following) return;
    following = true;
    followActiveRound(watchActiveRound);
  }, []);
}

/**
 * While a round is going on, every page but the round's sends back to it (issue 21): a friend
 * holding the phone cannot reach the host's notebooks, settings or sign-out — by link, by the
 * browser's back button, or by typing an address. Only the round's lock (a PIN or the password)
 * ends it.
 */
export function RoundGuard() {
  const active = useRoundStore((s) => s.active);
  const [location] = useLocation();
  if (!active) return null;
  const path = roundPath(active.notebookId);
  return location === path ? null : <Redirect to={path} replace />;
}
