/**
 * The fuzzy match behind PostgREST's "Perhaps you meant …" hints: Haskell's Data.FuzzySet (a port
 * of fuzzyset.js) with its defaults — grams of 3 then 2 characters, cosine similarity of the gram
 * counts (on the value without punctuation), the best 50 rescored by Levenshtein distance (on the
 * lower-cased value, punctuation kept — so `(id)` is close to `(attr, id)` as PostgREST's hint says),
 * and a minimum score.
 */

const GRAM_UPPER = 3;
const GRAM_LOWER = 2;

/** Lower case, keeping letters, digits, spaces and commas (FuzzySet's normalisation). */
function normalize(value: string): string {
  return [...value.toLowerCase()].filter((c) => /[\p{L}\p{N}\s,]/u.test(c)).join('');
}

function gramCounts(normalized: string, size: number): Map<string, number> {
  let padded = `-${normalized}-`;
  while (padded.length < size) padded += '-';
  const counts = new Map<string, number>();
  for (let i = 0; i + size <= padded.length; i++) {
    const gram = padded.slice(i, i + size);
    counts.set(gram, (counts.get(gram) ?? 0) + 1);
  }
  return counts;
}

function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}

function distanceScore(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 1 : 1 - levenshtein(a, b) / longest;
}

const norm = (counts: Map<string, number>) => Math.sqrt([...counts.values()].reduce((sum, n) => sum + n * n, 0));

/** The best match of `query` among `values` scoring at least `minScore`, as FuzzySet's getOneWithMinScore. */
export function fuzzyBest(values: string[], query: string, minScore = 0.33): string | undefined {
  const entries = [...new Set(values)].map((value) => ({ value, key: normalize(value), lower: value.toLowerCase() }));
  const wanted = normalize(query);
  const lowerQuery = query.toLowerCase();
  const exact = entries.find((e) => e.key === wanted);
  if (exact) return exact.value;
  for (let size = GRAM_UPPER; size >= GRAM_LOWER; size--) {
    const queryGrams = gramCounts(wanted, size);
    const queryNorm = norm(queryGrams);
    const scored = entries
      .map((e) => {
        const grams = gramCounts(e.key, size);
        let dot = 0;
        for (const [gram, n] of queryGrams) dot += n * (grams.get(gram) ?? 0);
        return { e, score: dot === 0 ? 0 : dot / (queryNorm * norm(grams)) };
      })
      .filter((r) => r.score > 0)
      .sort((x, y) => y.score - x.score)
      .slice(0, 50)
      .map(({ e }) => ({ e, score: distanceScore(e.lower, lowerQuery) }))
      .sort((x, y) => y.score - x.score)
      .filter((r) => r.score >= minScore);
    if (scored.length > 0) return scored[0].e.value;
  }
  return undefined;
}
