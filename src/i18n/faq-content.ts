/**
 * The FAQ admins edit (issue 36; spec §2, §5, §9): `faq_items` read through the same lane as the
 * dynamic translations (retries at 350 ms doubling, at most 10 reads at once), kept in
 * localStorage so /faq reads offline. When nothing can be read and no copy is kept — or no
 * question was written yet — the page keeps today's static FAQ (src/screens/Faq).
 */
import { backend, readWithRetries, type ReadOptions } from './dynamic-translations.ts';

export interface FaqItem {
  id: string;
  group_position: number;
  group_pt_br: string;
  group_en_us: string;
  position: number;
  question_pt_br: string;
  question_en_us: string;
  answer_pt_br: string;
  answer_en_us: string;
  image_path: string | null;
}

export const FAQ_COLUMNS =
  'id,group_position,group_pt_br,group_en_us,position,question_pt_br,question_en_us,answer_pt_br,answer_en_us,image_path';
export const FAQ_ORDER = 'group_position.asc,group_pt_br.asc,position.asc,created_at.asc';
export const FAQ_STORAGE_KEY = 'cadernos-faq';
export const FAQ_BUCKET = 'faq-images';

export function storedFaq(): FaqItem[] | null {
  try {
    const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(FAQ_STORAGE_KEY);
    const parsed = raw ? (JSON.parse(raw) as { items?: unknown }) : null;
    return Array.isArray(parsed?.items) ? (parsed.items as FaqItem[]) : null;
  } catch {
    return null;
  }
}

/** The FAQ from the backend (and a copy kept), else the kept copy, else null. Never throws. */
export async function loadFaq(options: ReadOptions = {}): Promise<FaqItem[] | null> {
  const { url, headers } = backend();
  try {
    const items = await readWithRetries<FaqItem[]>(`${url}/rest/v1/faq_items?select=${FAQ_COLUMNS}&order=${FAQ_ORDER}`, headers, options);
    if (!Array.isArray(items)) throw new Error('not a list');
    try {
      localStorage.setItem(FAQ_STORAGE_KEY, JSON.stringify({ savedAt: Date.now(), items }));
    } catch {
      // storage full or refused: this visit still shows it
    }
    return items;
  } catch (error) {
    console.warn('[faq] not read; the kept or static FAQ stays', error);
    return storedFaq();
  }
}

export interface FaqGroup {
  key: string;
  title: string;
  items: { id: string; question: string; answer: string; image: string | null }[];
}

/** The items in their groups and order, in one language. */
export function groupFaq(items: readonly FaqItem[], locale: string): FaqGroup[] {
  const en = locale.startsWith('en');
  const sorted = [...items].sort(
    (a, b) => a.group_position - b.group_position || a.group_pt_br.localeCompare(b.group_pt_br) || a.position - b.position,
  );
  const groups: FaqGroup[] = [];
  for (const item of sorted) {
    const key = `${item.group_position}:${item.group_pt_br}`;
    let group = groups.find((g) => g.key === key);
    if (!group) {
      group = { key, title: en ? item.group_en_us : item.group_pt_br, items: [] };
      groups.push(group);
    }
    group.items.push({
      id: item.id,
      question: en ? item.question_en_us : item.question_pt_br,
      answer: en ? item.answer_en_us : item.answer_pt_br,
      image: item.image_path ? faqImageUrl(item.image_path) : null,
    });
  }
  return groups;
}

export function faqImageUrl(path: string): string {
  return `${backend().url}/storage/v1/object/public/${FAQ_BUCKET}/${encodeURIComponent(path)}`;
}
