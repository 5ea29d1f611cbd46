import { useEffect, useRef, useState } from 'react';

/**
 * A form's copy of stored values: follows the stored values while the person has not typed
 * (a change synced from another device shows up), and keeps their typing once they have.
 */
export function useDraft<T>(stored: T): {
  draft: T;
  setDraft: (patch: Partial<T>) => void;
  dirty: boolean;
  reset: () => void;
  saved: () => void;
} {
  const storedKey = JSON.stringify(stored);
  const [draft, setDraftState] = useState<T>(stored);
  const [dirty, setDirty] = useState(false);
  const lastStored = useRef(storedKey);
  useEffect(() => {
    if (storedKey === lastStored.current) return;
    lastStored.current = storedKey;
    if (!dirty) setDraftState(JSON.parse(storedKey) as T);
  }, [storedKey, dirty]);
  return {
    draft,
    dirty,
    setDraft: (patch) => {
      setDraftState((d) => ({ ...d, ...patch }));
      setDirty(true);
    },
    reset: () => {
      setDraftState(JSON.parse(lastStored.current) as T);
      setDirty(false);
    },
    // The draft was just written: it is what is stored now, even before the stored values (a live
    // query) catch up — going back to the last stored values showed the old look after a save.
    saved: () => setDirty(false),
  };
}
