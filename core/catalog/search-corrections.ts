// A typo's corrections (decision 0108): a word of the search that the catalogue does not hold is
// asked again as the nearest words it does hold ("shalwr" as "shalwar", "chifn" as "chifon").
// The words the catalogue holds are the table catalogue_words, every distinct word of the
// products' names and descriptions as search_vector holds them (folded), kept by triggers on
// products (migrations 0027_roman_urdu_search and 0028). Its trigram GiST index gives the nearest few by
// trigram distance; the edit distance here keeps those one or two typing slips away.
import { sql } from "drizzle-orm";
import { queryRows } from "../../db/client";
import type { CoreContext } from "../context";
import { synonymsOf, type SearchTerm } from "./search-query";

export type Corrections = ReadonlyMap<string, readonly string[]>;

// the nearest this many words by trigrams are weighed by edit distance: a slip in a short word
// changes most of its trigrams, so the nearest by trigrams is not always the nearest by typing
const CANDIDATES = 8;
const MOST_CORRECTIONS = 3;
// shorter words are too often another word one letter away ("bra", "bag")
const SHORTEST = 4;
const LONGEST = 40;

/** Edits a word this long may hold and still be corrected: one up to five letters, then two. */
export const editsAllowed = (word: string) => (word.length <= 5 ? 1 : 2);

/**
 * The optimal string alignment distance: insertions, deletions, substitutions and the swap of two
 * neighbours ("kurit" for "kurti") each count one. Stops early once it must exceed `most`.
 */
export function editDistance(a: string, b: string, most = Infinity): number {
  if (Math.abs(a.length - b.length) > most) return most + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowBest = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      current.push(d);
      rowBest = Math.min(rowBest, d);
    }
    if (rowBest > most) return most + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/** The words of the terms that may be typos: single words in no synonym group, not numbers. */
const doubtfulWords = (terms: readonly SearchTerm[]) => [
  ...new Set(
    terms
      .filter((t) => t.typed.length === 1 && t.alternatives.length === 0)
      .map((t) => t.typed[0]!)
      .filter((w) => w.length >= SHORTEST && w.length <= LONGEST && !/^\p{N}+$/u.test(w)),
  ),
];

/**
 * The corrections of the terms' words the catalogue does not hold: for each, the known words
 * fewest edits away (up to three, when they tie). A word the catalogue holds is never corrected.
 */
export async function correctionsOf(ctx: CoreContext, terms: readonly SearchTerm[]): Promise<Corrections> {
  const words = doubtfulWords(terms);
  const corrections = new Map<string, string[]>();
  if (words.length === 0) return corrections;
  const rows = await queryRows<{ asked: string; known: string }>(
    ctx.db,
    sql`select q.word as asked, t.word as known
        from unnest(array[${sql.join(
          words.map((w) => sql`${w}`),
          sql`, `,
        )}]::text[]) as q(word)
        cross join lateral (
          select c.word from catalogue_words c order by c.word <-> q.word limit ${CANDIDATES}
        ) t`,
  );
  for (const word of words) {
    const known = rows.filter((r) => r.asked === word).map((r) => r.known);
    if (known.includes(word)) continue;
    const most = editsAllowed(word);
    const near = known
      .map((k) => ({ k, d: editDistance(word, k, most) }))
      .filter((c) => c.d <= most)
      .sort((x, y) => x.d - y.d || x.k.localeCompare(y.k));
    const fewest = near[0]?.d;
    const best = near.filter((c) => c.d === fewest).slice(0, MOST_CORRECTIONS);
    if (best.length > 0)
      corrections.set(
        word,
        best.map((c) => c.k),
      );
  }
  return corrections;
}

/**
 * The terms with each corrected word's corrections, and their synonyms, as its alternatives; the
 * word itself stays asked, as typed.
 */
export function correctedTerms(terms: readonly SearchTerm[], corrections: Corrections): SearchTerm[] {
  return terms.map((term) => {
    const fixes = term.typed.length === 1 ? corrections.get(term.typed[0]!) : undefined;
    if (!fixes) return term;
    const phrases = new Map<string, readonly string[]>();
    for (const fix of fixes) for (const phrase of [[fix], ...synonymsOf([fix])]) phrases.set(phrase.join(" "), phrase);
    return { typed: term.typed, alternatives: [...phrases.values()] };
  });
}
