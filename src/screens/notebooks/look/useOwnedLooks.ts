import { useEffect, useState } from 'react';
import { cachedOwnedLooks, refreshOwnedLooks, type OwnedLooks } from '../../../data/online/owned-looks.ts';
import { useSessionStore } from '../../../state/session.ts';

/**
 * The looks the signed-in person owns (issue 35): the device's copy at once (offline too), then
 * the server's list when it can be read. Null for a visitor or before the first read anywhere.
 */
export function useOwnedLooks(): OwnedLooks | null {
  const userId = useSessionStore((s) => s.userId);
  const [looks, setLooks] = useState<OwnedLooks | null>(() => (userId ? cachedOwnedLooks(userId) : null));
  useEffect(() => {
    if (!userId) {
      setLooks(null);
      return;
    }
    setLooks(cachedOwnedLooks(userId));
    let current = true;
    void refreshOwnedLooks(userId).then((fresh) => {
      if (current && fresh) setLooks(fresh);
    });
    return () => {
      current = false;
    };
  }, [userId]);
  return looks;
}
