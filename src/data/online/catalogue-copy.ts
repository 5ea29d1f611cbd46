/**
 * A catalogue of the server the device keeps a copy of (issue 35): the active rows of a table
 * anyone reads (paper_styles, notebook_themes), so what admins add reaches the editor's pickers and
 * every notebook drawn with it — the owner's, a guest's, a collaborator's — offline too.
 * Decision (offline): like the owned looks (owned-looks.ts), not a replicated collection — a small
 * list changed only by admins — but a copy in localStorage, written after each online read (once
 * per visit) and read first. No supabase-js: one REST read with the public key.
 * The one home of that pattern: paper-, theme-, sticker- and cover-catalogue.ts each declare theirs.
 */
import { backend } from '../../i18n/dynamic-translations.ts';

export interface CatalogueCopy<T> {
  /** The device's copy (null: never read on this device). */
  cached(): T[] | null;
  /** Reads the active rows once per visit and keeps the copy; null when they cannot be read now. */
  refresh(): Promise<T[] | null>;
  /** Hears each fresh read (the hook's subscription). */
  listen(listener: (rows: T[]) => void): () => void;
}

export function catalogueCopy<Row, T>(options: {
  storageKey: string;
  /** The REST path and query after /rest/v1/ (active rows, ordered). */
  query: string;
  /** The server's row as the device keeps it (url: the backend's address); null drops it. */
  map: (row: Row, url: string) => T | null;
  /** Whether a kept entry still has the expected shape. */
  valid: (entry: unknown) => entry is T;
}): CatalogueCopy<T> {
  let inFlight: Promise<T[] | null> | undefined;
  const listeners = new Set<(rows: T[]) => void>();

  function cached(): T[] | null {
    try {
      const text = localStorage.getItem(options.storageKey);
      if (!text) return null;
      const parsed = JSON.parse(text) as unknown;
      return Array.isArray(parsed) ? parsed.filter(options.valid) : null;
    } catch {
      return null;
    }
  }

  function refresh(): Promise<T[] | null> {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return Promise.resolve(null);
    inFlight ??= (async () => {
      try {
        const { url, headers } = backend();
        const response = await fetch(`${url}/rest/v1/${options.query}`, { headers });
        if (!response.ok) return null;
        const rows = ((await response.json()) as Row[]).map((r) => options.map(r, url)).filter((e): e is T => e !== null);
        try {
          localStorage.setItem(options.storageKey, JSON.stringify(rows));
        } catch {
          // storage full or blocked: the list still holds for this visit
        }
        for (const listener of listeners) listener(rows);
        return rows;
      } catch {
        inFlight = undefined;
        return null;
      }
    })();
    return inFlight;
  }

  function listen(listener: (rows: T[]) => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  return { cached, refresh, listen };
}
