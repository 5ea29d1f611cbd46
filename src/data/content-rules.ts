/**
 * The content rules of spec §5 that the repositories check before a write (the database checks
 * them again): minimum lengths, and forbidden words against the replicated list, matched as the
 * server matches them (private.normalize_text in supabase/migrations/…_accounts.sql): lower case,
 * accents folded, every run of other characters one space, whole words only.
 */
import type { RoundProblem, Problem } from './problems.ts';

export const TITLE_MIN_LENGTH = 3;
export const QUESTION_MIN_LENGTH = 3;
/** A guest's name at a round (issue 21; guests.name's check on the server). */
export const GUEST_NAME_MAX_LENGTH = 50;

const ACCENTED = 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿ';
const PLAIN = 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyy';
const FOLD = new Map([...ACCENTED].map((char, i) => [char, PLAIN[i]]));

/** The server's normalize_text: the same folding, so client and server find the same words. */
export function normalizeText(text: string): string {
  const folded = [...text].map((char) => FOLD.get(char) ?? char).join('');
  return folded.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
}

/** A word list prepared once per change of the list. */
export interface ForbiddenWordList {
  /** normalized form → the word as written in the list */
  readonly byNormalized: ReadonlyMap<string, string>;
}

export function prepareWordList(words: readonly string[]): ForbiddenWordList {
  const byNormalized = new Map<string, string>();
  for (const word of words) {
    const normalized = normalizeText(word);
    if (normalized && !byNormalized.has(normalized)) byNormalized.set(normalized, word);
  }
  return { byNormalized };
}

/** The forbidden words in these texts, as written in the list, sorted, each once. */
export function findForbiddenWords(list: ForbiddenWordList, ...texts: (string | null | undefined)[]): string[] {
  const found = new Set<string>();
  for (const text of texts) {
    if (!text) continue;
    const padded = ` ${normalizeText(text)} `;
    for (const [normalized, word] of list.byNormalized) {
      if (padded.includes(` ${normalized} `)) found.add(word);
    }
  }
  return [...found].sort();
}

function forbidden(words: string[], field: string): Problem {
  return { code: 'forbidden_words', field, words };
}

function tooShort(text: string, min: number): boolean {
  return text.trim().length < min;
}

export function checkNotebookText(
  list: ForbiddenWordList,
  fields: { title?: string; description?: string | null; author?: string | null; coverTitle?: string; coverSubtitle?: string },
): Problem | null {
  if (fields.title !== undefined && tooShort(fields.title, TITLE_MIN_LENGTH)) {
    return { code: 'title_too_short', field: 'title' };
  }
  const words = findForbiddenWords(list, fields.title, fields.description, fields.author, fields.coverTitle, fields.coverSubtitle);
  return words.length > 0 ? forbidden(words, 'title') : null;
}

export function checkQuestionText(list: ForbiddenWordList, text: string): Problem | null {
  if (tooShort(text, QUESTION_MIN_LENGTH)) return { code: 'question_too_short', field: 'text' };
  const words = findForbiddenWords(list, text);
  return words.length > 0 ? forbidden(words, 'text') : null;
}

export function checkAnswerText(list: ForbiddenWordList, text: string, responderName: string | null | undefined): Problem | null {
  if (text.trim() === '') return { code: 'answer_empty', field: 'text' };
  const words = findForbiddenWords(list, text, responderName);
  return words.length > 0 ? forbidden(words, 'text') : null;
}

/** A guest's name at a round: 1 to 50 characters once trimmed, no forbidden words (the server checks it again). */
export function checkGuestName(list: ForbiddenWordList, name: string): RoundProblem | null {
  const trimmed = name.trim();
  if (trimmed === '') return { code: 'guest_name_empty', field: 'name' };
  if ([...trimmed].length > GUEST_NAME_MAX_LENGTH) return { code: 'guest_name_too_long', field: 'name' };
  const words = findForbiddenWords(list, trimmed);
  return words.length > 0 ? forbidden(words, 'name') : null;
}
