/**
 * The content rules of spec §5 that the repositories check before a write (the database checks
 * them again): minimum lengths, and forbidden words against the replicated list, matched as the
 * server matches them (public.find_forbidden_words in supabase/schemas/accounts.sql): lower case,
 * accents folded, every run of other characters one space, whole words only — also behind the usual
 * disguises (searchForms).
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
    const { forms, stretched } = searchForms(text);
    const padded = ` ${forms} `;
    const squeezedText = stretched === null ? null : ` ${stretched} `;
    for (const [normalized, word] of list.byNormalized) {
      if (padded.includes(` ${normalized} `) || squeezedText?.includes(` ${squeeze(normalized)} `)) found.add(word);
    }
  }
  return [...found].sort();
}

/*
 * The disguises a forbidden word is found behind (the same steps as the database's
 * private.forbidden_word_forms; both answer src/data/forbidden-word-cases.ts alike): symbols and
 * digits for letters ("1d10t@"), a word spelled out letter by letter ("i.d.i.o.t.a"), a letter
 * stretched ("idiooota"). The text as written is always searched too, so a disguise only adds.
 */

/** Symbols read as the letters they stand for. */
const SYMBOL_LETTERS: Record<string, string> = { '!': 'i', '@': 'a', $: 's' };
/** Digits read as letters, only inside a word that also has letters ("covid19" stays a word, "2020" a number). */
const DIGIT_LETTERS: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't' };
/** Fewer single letters in a row are ordinary words ("e", "a", "o"). */
const SPELLED_OUT_MIN = 3;
/** Three of a letter is a stretch; two is spelling ("fodder", "burro"). */
const STRETCHED = /([a-z])\1\1/;

function readDigits(token: string): string {
  if (!/[a-z]/.test(token) || !/[0-9]/.test(token)) return token;
  return token.replace(/[013457]/g, (digit) => DIGIT_LETTERS[digit] ?? digit);
}

/** Every run of a letter as one letter. */
function squeeze(form: string): string {
  return form.replace(/([a-z])\1+/g, '$1');
}

/**
 * The forms a text is searched in, joined by " | " (never inside a listed form, so a phrase cannot
 * match across two of them), and — when a letter is stretched — those forms with each stretched
 * word squeezed, to compare with the listed forms squeezed.
 */
export function searchForms(text: string): { forms: string; stretched: string | null } {
  const plain = normalizeText(text);
  const read = normalizeText(text.replace(/[!@$]/g, (symbol) => SYMBOL_LETTERS[symbol])).split(' ').map(readDigits);
  const spelled: string[] = [];
  let run: string[] = [];
  for (const token of [...read, '']) {
    if (token.length === 1) run.push(token);
    else {
      if (run.length >= SPELLED_OUT_MIN) spelled.push(readDigits(run.join('')));
      run = [];
    }
  }
  const forms = [plain, read.join(' '), ...spelled].filter(Boolean).join(' | ');
  if (!STRETCHED.test(forms)) return { forms, stretched: null };
  const stretched = forms
    .split(' ')
    .map((token) => (STRETCHED.test(token) ? squeeze(token) : token))
    .join(' ');
  return { forms, stretched };
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
