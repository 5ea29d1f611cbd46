/**
 * The paper styles catalogue as the device knows it (issue 35): the server's active paper_styles
 * rows (readable by anyone), so papers an admin adds in /admin › Estilos de papel — with their
 * uploaded picture — reach the editor's picker and every sheet drawn on them.
 * Decision (offline): like the owned looks (owned-looks.ts), not a replicated collection — a
 * small list changed only by admins — but a copy in localStorage, written after each online read
 * (once per visit) and read first, so the picker and a notebook's sheets (the owner's, a guest's,
 * a collaborator's) draw a new paper offline too. The papers the app draws with CSS
 * (src/styles/paper-styles.ts) need no copy: they are the same table's rows.
 * No supabase-js: one REST read with the public key.
 */
import { backend } from '../../i18n/dynamic-translations.ts';

export interface CataloguePaper {
  id: string;
  name: string;
  is_premium: boolean;
  /** The picture's public address (bucket store-images), or null. */
  image_url: string | null;
}

const STORAGE_KEY = 'cadernos-paper-catalogue';
let inFlight: Promise<CataloguePaper[] | null> | undefined;
const listeners = new Set<(papers: CataloguePaper[]) => void>();

function valid(row: unknown): row is CataloguePaper {
  const r = row as Partial<CataloguePaper> | null;
  return !!r && typeof r.id === 'string' && typeof r.name === 'string' && typeof r.is_premium === 'boolean' && (r.image_url === null || typeof r.image_url === 'string');
}

/** The device's copy (null: never read on this device). */
export function cachedPaperCatalogue(): CataloguePaper[] | null {
  try {
    const text = localStorage.getItem(STORAGE_KEY);
    if (!text) return null;
    const parsed = JSON.parse(text) as unknown;
    return Array.isArray(parsed) ? parsed.filter(valid) : null;
  } catch {
    return null;
  }
}

/** Reads the active rows once per visit and keeps the copy; null when they cannot be read now. */
export function refreshPaperCatalogue(): Promise<CataloguePaper[] | null> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return Promise.resolve(null);
  inFlight ??= (async () => {
    try {
      const { url, headers } = backend();
      const response = await fetch(`${url}/rest/v1/paper_styles?select=id,name,is_premium,image_path&is_active=eq.true&order=sort_order,id`, { headers });
      if (!response.ok) return null;
      const rows = (await response.json()) as { id: string; name: string; is_premium: boolean; image_path: string | null }[];
      const papers = rows.map((r) => ({
        id: r.id,
        name: r.name,
        is_premium: r.is_premium,
        image_url: r.image_path ? `${url}/storage/v1/object/public/store-images/${encodeURIComponent(r.image_path)}` : null,
      }));
      try {
        localStorage.setItem(STORAGE_KEY, JSON.stringify(papers));
      } catch {
        // storage full or blocked: the list still holds for this visit
      }
      for (const listener of listeners) listener(papers);
      return papers;
    } catch {
      inFlight = undefined;
      return null;
    }
  })();
  return inFlight;
}

/** Hears each fresh read (the hook's subscription). */
export function onPaperCatalogue(listener: (papers: CataloguePaper[]) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
