import { getCurrentUserId } from '../../../data/auth.ts';

/**
 * True when nobody is signed in, also for the auth layer: right after a log-in the page the
 * person asked for (?next=) opens a moment before the session store says "signed in", and
 * sending them back to /login then would bounce them between the two pages.
 */
export function nobodySignedIn(): boolean {
  return getCurrentUserId() === null;
}
