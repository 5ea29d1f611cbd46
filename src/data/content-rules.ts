/**
 * The content rules of spec §5 that the repositories check before a write (the database checks
 * them again): minimum lengths, and forbidden words against the replicated list, matched as the
 * server matches them (private.normalize_text in supabase/migrations/…_accounts.sql): lower case,
 * accents folded, every run of other characters one space, whole words only.
 */

export const TITLE_MIN_LENGTH = 3;
export const QUESTION_MIN_LENGTH = 3;

/** Spec §5 and §8, word for word. */
export const MESSAGES = {
  forbiddenWords: 'Remove prohibited words',
  answerForbiddenWords: 'Sua resposta contém palavras proibidas e não pode ser salva.',
  titleTooShort: 'O título deve ter pelo menos 3 caracteres.',
  questionTooShort: 'A pergunta deve ter pelo menos 3 caracteres.',
  answerEmpty: 'A resposta não pode ficar vazia.',
  notAuthenticated: 'Usuário não autenticado',
  inviteSelf: 'you cannot invite yourself',
  alreadyHasAccess: 'This person already has access to this notebook.',
  notSaved: 'Não foi possível salvar as alterações',
} as const;

export type ProblemCode =
  | 'forbidden_words'
  | 'too_short'
  | 'empty'
  | 'not_found'
  | 'not_allowed'
  | 'not_authenticated'
  | 'invite_self'
  | 'already_has_access'
  | 'online_only'
  | 'invite_invalid'
  | 'access_removed'
  | 'no_answer_secret'
  | 'not_saved'
  | 'server';

/** Why a write was not made; `message` is the spec's sentence, `words` the forbidden words found. */
export interface Problem {
  code: ProblemCode;
  message: string;
  field?: string;
  words?: string[];
}

export type WriteResult<T> = { ok: true; value: T } | { ok: false; problem: Problem };

export const ok = <T>(value: T): WriteResult<T> => ({ ok: true, value });
export const refuse = (problem: Problem): { ok: false; problem: Problem } => ({ ok: false, problem });

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

function forbidden(words: string[], field: string, message: string = MESSAGES.forbiddenWords): Problem {
  return { code: 'forbidden_words', message, field, words };
}

function tooShort(text: string, min: number): boolean {
  return text.trim().length < min;
}

export function checkNotebookText(
  list: ForbiddenWordList,
  fields: { title?: string; description?: string | null; author?: string | null; coverTitle?: string; coverSubtitle?: string },
): Problem | null {
  if (fields.title !== undefined && tooShort(fields.title, TITLE_MIN_LENGTH)) {
    return { code: 'too_short', message: MESSAGES.titleTooShort, field: 'title' };
  }
  const words = findForbiddenWords(list, fields.title, fields.description, fields.author, fields.coverTitle, fields.coverSubtitle);
  return words.length > 0 ? forbidden(words, 'title') : null;
}

export function checkQuestionText(list: ForbiddenWordList, text: string): Problem | null {
  if (tooShort(text, QUESTION_MIN_LENGTH)) return { code: 'too_short', message: MESSAGES.questionTooShort, field: 'text' };
  const words = findForbiddenWords(list, text);
  return words.length > 0 ? forbidden(words, 'text') : null;
}

export function checkAnswerText(list: ForbiddenWordList, text: string, responderName: string | null | undefined): Problem | null {
  if (text.trim() === '') return { code: 'empty', message: MESSAGES.answerEmpty, field: 'text' };
  const words = findForbiddenWords(list, text, responderName);
  return words.length > 0 ? forbidden(words, 'text', MESSAGES.answerForbiddenWords) : null;
}
