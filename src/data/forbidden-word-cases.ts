/**
 * How forbidden words are found behind the usual disguises — one table that both implementations
 * answer alike: the device's (content-rules.ts, checked before a write) and the database's
 * (public.find_forbidden_words, the last word; supabase/tests/forbidden-word-matching.test.ts).
 * The list here is the test's, not the seeded one. A case names the words found, as listed.
 */
export const CASE_WORDS = ['idiota', 'burro', 'fdp', 'foder', 'cara de pau'] as const;

export const FORBIDDEN_WORD_CASES: readonly { text: string; found: readonly string[]; why: string }[] = [
  { text: 'Que idiota!', found: ['idiota'], why: 'the word itself' },
  { text: 'IDIÓTA', found: ['idiota'], why: 'case and accents' },
  { text: 'i.d.i.o.t.a', found: ['idiota'], why: 'spelled out with dots' },
  { text: 'i d i o t a', found: ['idiota'], why: 'spelled out with spaces' },
  { text: 'você é um i-d-i-o-t-a mesmo', found: ['idiota'], why: 'spelled out inside a sentence' },
  { text: 'f d p', found: ['fdp'], why: 'a short one spelled out' },
  { text: '1d10t4', found: ['idiota'], why: 'digits for letters' },
  { text: 'id!ota', found: ['idiota'], why: '! for i' },
  { text: 'idiot@', found: ['idiota'], why: '@ for a' },
  { text: 'Que idiota!!!', found: ['idiota'], why: 'punctuation after the word stays punctuation' },
  { text: 'idiooota', found: ['idiota'], why: 'a letter stretched' },
  { text: 'buuurro', found: ['burro'], why: 'a stretched letter next to a double one' },
  { text: 'burrrrro', found: ['burro'], why: 'a double letter stretched' },
  { text: 'cara-de-paaau', found: ['cara de pau'], why: 'a phrase, stretched' },
  { text: 'the cattle fodder', found: [], why: 'a double letter alone is not a disguise ("fodder" is not "foder")' },
  { text: 'idiotas', found: [], why: 'whole words only' },
  { text: 'a e i o u', found: [], why: 'letters in a row that spell nothing listed' },
  { text: 'covid19 em 2020', found: [], why: 'digits in ordinary words and numbers' },
  { text: 'burro e idiota', found: ['burro', 'idiota'], why: 'each word once, sorted' },
];
