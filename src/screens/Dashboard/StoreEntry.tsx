import { useEffect, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { Icon } from '../../components/Icon.tsx';
import { readStoreAccess } from '../../data/online/store.ts';
import { preloadPage } from '../../navigation/pages.ts';
import * as css from './StoreEntry.css.ts';

/**
 * The seasonal store's place in the navigation (issue 35): a line on the dashboard, where a person
 * starts, shown only to the people who may use the store in its beta (admins and those an admin
 * let in; the database decides — src/data/online/store.ts readStoreAccess). The answer is
 * remembered on the device per person so the entry is there at once next time, and asked again
 * once per visit.
 *
 * The budget (the store's first screen within 2 s of the tap on a slow phone,
 * tests/bench/store-first-screen.ts): when the entry is shown, and again on the intent to tap it
 * (pointerdown, hover, focus), the store's chunk and its first reads start (the router's
 * preloadPage; TanStack Query's prefetchQuery in the store's own QueryClient) — the screen then
 * finds them arrived or under way.
 */
const rememberKey = (userId: string) => `cadernos.store-access.${userId}`;

function remembered(userId: string): boolean {
  try {
    return localStorage.getItem(rememberKey(userId)) === '1';
  } catch {
    return false;
  }
}

function remember(userId: string, access: boolean): void {
  try {
    if (access) localStorage.setItem(rememberKey(userId), '1');
    else localStorage.removeItem(rememberKey(userId));
  } catch {
    // private mode: asked again next time
  }
}

const askedThisVisit = new Set<string>();
/** The reads are fresh enough for a tap within this long of the last warm-up. */
const WARM_FOR_MS = 30_000;
let warmed: { userId: string; at: number } | null = null;

/** The store's chunk and first reads (again after a failure, or when the last ones are old). */
export function warmStore(userId: string): void {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
  if (warmed?.userId === userId && Date.now() - warmed.at < WARM_FOR_MS) return;
  warmed = { userId, at: Date.now() };
  const failed = () => {
    warmed = null;
  };
  preloadPage('/loja-sazonal').catch(failed);
  import('../online/hooks/store.ts').then((m) => m.prefetchStoreReads(userId)).catch(failed);
}

export default function StoreEntry({ userId }: { userId: string }) {
  const [access, setAccess] = useState(() => remembered(userId));
  useEffect(() => {
    if (askedThisVisit.has(userId)) return;
    let current = true;
    readStoreAccess(userId).then(
      (yes) => {
        askedThisVisit.add(userId);
        remember(userId, yes);
        if (current) setAccess(yes);
      },
      () => undefined, // offline or unreachable: the remembered answer stands
    );
    return () => {
      current = false;
    };
  }, [userId]);
  useEffect(() => {
    if (access) warmStore(userId);
  }, [access, userId]);
  if (!access) return null;
  const intent = () => warmStore(userId);
  return (
    <Link href="/loja-sazonal" className={css.entry} data-testid="store-entry" onPointerDown={intent} onMouseEnter={intent} onFocus={intent}>
      <Icon name="star" />
      <span>
        <Trans>Loja sazonal</Trans>
      </span>
      <span className={css.beta}>
        <Trans>(em testes)</Trans>
      </span>
    </Link>
  );
}
