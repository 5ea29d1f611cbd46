/**
 * The looks a person owns from the seasonal store (issue 35), for the notebook editor's pickers.
 * Decision (offline): not a replicated collection — the list is small and changes only with a
 * purchase — but a copy per person in localStorage, written after every online read and read
 * first, so the editor offers owned themes offline too. Guests and collaborators never need it:
 * a notebook draws its owner's choices from its own replicated fields (theme, paper_style, cover).
 * supabase-js loads only when the list is read from the server.
 */

export interface OwnedLooks {
  themes: string[];
  papers: string[];
  stickers: string[];
  covers: string[];
}

const CATEGORY_KEYS: Record<string, keyof OwnedLooks> = { theme: 'themes', paper_style: 'papers', sticker_pack: 'stickers', cover_style: 'covers' };

const storageKey = (userId: string) => `cadernos-owned-looks:${userId}`;

export function ownedLooksOf(rows: readonly { category: string; grants_ref: string }[]): OwnedLooks {
  const looks: OwnedLooks = { themes: [], papers: [], stickers: [], covers: [] };
  for (const row of rows) {
    const key = CATEGORY_KEYS[row.category];
    if (key && !looks[key].includes(row.grants_ref)) looks[key].push(row.grants_ref);
  }
  return looks;
}

/** The device's copy (null: never read on this device). */
export function cachedOwnedLooks(userId: string): OwnedLooks | null {
  try {
    const text = localStorage.getItem(storageKey(userId));
    if (!text) return null;
    const parsed = JSON.parse(text) as Partial<OwnedLooks>;
    return {
      themes: Array.isArray(parsed.themes) ? parsed.themes.filter((x) => typeof x === 'string') : [],
      papers: Array.isArray(parsed.papers) ? parsed.papers.filter((x) => typeof x === 'string') : [],
      stickers: Array.isArray(parsed.stickers) ? parsed.stickers.filter((x) => typeof x === 'string') : [],
      covers: Array.isArray(parsed.covers) ? parsed.covers.filter((x) => typeof x === 'string') : [],
    };
  } catch {
    return null;
  }
}

/** Reads the list from the server (my_store_looks) and keeps the copy; null when it cannot be read now. */
export async function refreshOwnedLooks(userId: string): Promise<OwnedLooks | null> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return null;
  try {
    const { getSupabase } = await import('../supabase.ts');
    const { data, error } = await getSupabase().rpc('my_store_looks');
    if (error || !Array.isArray(data)) return null;
    const looks = ownedLooksOf(data as { category: string; grants_ref: string }[]);
    try {
      localStorage.setItem(storageKey(userId), JSON.stringify(looks));
    } catch {
      // storage full or blocked: the list still holds for this visit
    }
    return looks;
  } catch {
    return null;
  }
}
