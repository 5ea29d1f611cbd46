/**
 * Dynamic translations (spec §3, §7, §9; issue 36): texts admins change without a release
 * (announcements, the store's seasonal words), read from the `translations-manager` function.
 *
 * - Reads go through `readWithRetries`: up to 5 retries after the first try, waiting 350 ms, then
 *   700, 1400, 2800, 5600 ms (the spec's "initial 350 ms delay that doubles"), and at most 10 reads
 *   at once (`READ_SLOTS`) — the FAQ's read uses the same lane.
 * - A failed read is logged (console.warn) and never shown: the caller keeps its static text.
 * - The list is kept 5 minutes in memory (spec §9: translation cache 5 minutes) and in
 *   localStorage, so a later visit reads it offline (the service worker also answers the GET from
 *   its cache, sw/sw.ts).
 *
 * This module stays off the landing page's critical path: only lazily loaded parts import it (the
 * announcement, the FAQ, the admin sections). It does not import supabase-js.
 */

export interface DynamicTranslation {
  id: string;
  key: string;
  pt_br: string;
  en_us: string;
}

export type TextLocale = 'pt-BR' | 'en-US';

export const RETRIES = 5;
export const FIRST_DELAY_MS = 350;
export const READ_SLOTS = 10;
export const MEMORY_CACHE_MS = 5 * 60 * 1000;
export const STORAGE_KEY = 'cadernos-dynamic-translations';

/** The waits between tries: 350, 700, 1400, 2800, 5600 ms. */
export function retryDelays(retries = RETRIES, first = FIRST_DELAY_MS): number[] {
  return Array.from({ length: retries }, (_, i) => first * 2 ** i);
}

/** At most `slots` reads run at once; the others wait their turn, in order. */
export function createLimiter(slots: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function limit<T>(task: () => Promise<T>): Promise<T> {
    if (running >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

const readSlot = createLimiter(READ_SLOTS);

export interface ReadOptions {
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A read that failed after every try (the last status, or 0 for no answer). */
export class ReadFailed extends Error {
  constructor(readonly status: number) {
    super(`read failed (${status})`);
  }
}

/**
 * GETs `url` as JSON, retrying a failure (no answer, or a 5xx / 408 / 429) after the spec's
 * delays. Another 4xx is an answer: it is not tried again.
 */
export function readWithRetries<T>(url: string, headers: Record<string, string>, options: ReadOptions = {}): Promise<T> {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const sleep = options.sleep ?? sleepFor;
  return readSlot(async () => {
    const delays = retryDelays();
    let status = 0;
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await doFetch(url, { headers });
        if (response.ok) return (await response.json()) as T;
        status = response.status;
        if (status < 500 && status !== 408 && status !== 429) throw new ReadFailed(status);
      } catch (error) {
        if (error instanceof ReadFailed) throw error;
        status = 0;
      }
      if (attempt >= delays.length) throw new ReadFailed(status);
      await sleep(delays[attempt]);
    }
  });
}

/**
 * The backend's address and anon key, as src/data/supabase.ts decides them (not imported from
 * there: that module brings supabase-js with it).
 */
export function backend(): { url: string; headers: Record<string, string> } {
  const url = import.meta.env.VITE_SUPABASE_URL || (typeof window === 'undefined' ? 'http://127.0.0.1:54321' : window.location.origin);
  const served = typeof document === 'undefined' ? undefined : document.querySelector<HTMLMetaElement>('meta[name="cadernos-anon-key"]')?.content;
  const key =
    import.meta.env.VITE_SUPABASE_ANON_KEY ||
    served ||
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
  return { url, headers: { apikey: key, Authorization: `Bearer ${key}` } };
}

/** What was read last, and when: in memory, and a copy in localStorage for offline visits. */
let memory: { at: number; items: DynamicTranslation[] } | undefined;
let inFlight: Promise<DynamicTranslation[]> | undefined;

function storedCopy(): DynamicTranslation[] {
  try {
    const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY);
    const parsed = raw ? (JSON.parse(raw) as { items?: unknown }) : null;
    return Array.isArray(parsed?.items) ? (parsed.items as DynamicTranslation[]) : [];
  } catch {
    return [];
  }
}

function keepCopy(items: DynamicTranslation[]): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ savedAt: Date.now(), items }));
  } catch {
    // private mode or full storage: the memory copy still serves this visit
  }
}

/**
 * The dynamic texts: from memory when read in the last 5 minutes, else from the function; when
 * that fails, the copy of an earlier visit (or none). Never throws.
 */
export async function loadDynamicTranslations(options: ReadOptions & { now?: () => number } = {}): Promise<DynamicTranslation[]> {
  const now = options.now ?? Date.now;
  if (memory && now() - memory.at < MEMORY_CACHE_MS) return memory.items;
  inFlight ??= (async () => {
    const { url, headers } = backend();
    try {
      const items = await readWithRetries<DynamicTranslation[]>(`${url}/functions/v1/translations-manager`, headers, options);
      if (!Array.isArray(items)) throw new ReadFailed(200);
      memory = { at: now(), items };
      keepCopy(items);
      return items;
    } catch (error) {
      console.warn('[dynamic translations] not read; the static texts stay', error);
      return memory?.items ?? storedCopy();
    } finally {
      inFlight = undefined;
    }
  })();
  return inFlight;
}

/** Forgets the memory copy (after an admin's write: the next read asks the function). */
export function forgetDynamicTranslations(): void {
  memory = undefined;
}

/** The text of `key` in `locale`, or `fallback` (the static text) when there is none. */
export function dynamicText(items: readonly DynamicTranslation[], key: string, locale: string, fallback: string): string {
  const item = items.find((x) => x.key === key);
  const text = item ? (locale.startsWith('en') ? item.en_us : item.pt_br) : '';
  return text.trim() ? text : fallback;
}
