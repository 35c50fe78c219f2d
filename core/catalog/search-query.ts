// A shopper's search as the terms it asks for and as a tsquery (decision 0108): its words folded
// as the catalogue's are (search-folding.ts), Urdu's particles dropped, each word or phrase of the
// synonym list (search-words.ts) asked together with the others of its group.
import { foldedWords } from "./search-folding";
import { PARTICLES, SYNONYM_GROUPS } from "./search-words";

/** A phrase: its folded words, matched in a row. One word is a phrase of one. */
export type Phrase = readonly string[];

/** One thing a search asks for: what the shopper typed, and what else finds it. */
export interface SearchTerm {
  typed: Phrase;
  /** the other phrases of its synonym group, or a typo's corrections (search-corrections.ts) */
  alternatives: Phrase[];
}

// the API and the collection page cap a search at 100 characters; cut here too, before any
// pattern reads it, for any other caller
const MAX_SEARCH_CHARS = 200;
const MAX_TERMS = 8;

const keyOf = (phrase: Phrase) => phrase.join(" ");

/** Each phrase of the synonym list, by its folded words, with every phrase of its group. */
function synonymIndex() {
  const index = new Map<string, Phrase[]>();
  for (const group of SYNONYM_GROUPS) {
    const phrases = new Map<string, Phrase>();
    for (const entry of group) {
      const phrase = foldedWords(entry);
      if (phrase.length > 0) phrases.set(keyOf(phrase), phrase);
    }
    for (const key of phrases.keys()) index.set(key, [...phrases.values()]);
  }
  return index;
}

const synonyms = synonymIndex();
const longestPhrase = Math.max(1, ...[...synonyms.keys()].map((key) => key.split(" ").length));
const particles = new Set(PARTICLES.flatMap(foldedWords));

/** The phrases that mean the same as this one (itself not among them); none when it is in no group. */
export const synonymsOf = (phrase: Phrase): Phrase[] =>
  (synonyms.get(keyOf(phrase)) ?? []).filter((other) => keyOf(other) !== keyOf(phrase));

/**
 * The search's terms: its folded words without particles (unless it holds nothing else), the
 * first eight, read from the left taking the longest phrase of the synonym list at each word.
 */
export function searchTerms(search: string): SearchTerm[] {
  const all = foldedWords(search.slice(0, MAX_SEARCH_CHARS));
  const meant = all.filter((word) => !particles.has(word));
  const words = (meant.length > 0 ? meant : all).slice(0, MAX_TERMS);
  const terms: SearchTerm[] = [];
  for (let i = 0; i < words.length;) {
    let length = Math.min(longestPhrase, words.length - i);
    while (length > 1 && !synonyms.has(keyOf(words.slice(i, i + length)))) length--;
    const typed = words.slice(i, i + length);
    terms.push({ typed, alternatives: synonymsOf(typed) });
    i += length;
  }
  return terms;
}

const lexeme = (word: string, prefix: boolean) => `'${word}'${prefix ? ":*" : ""}`;

function phraseQuery(phrase: Phrase, prefixLast: boolean): string {
  const words = phrase.map((word, i) => lexeme(word, prefixLast && i === phrase.length - 1));
  return words.length === 1 ? words[0]! : `(${words.join(" <-> ")})`;
}

/**
 * The terms as a tsquery, every term required: with "words" the terms before the last as typed
 * whole and the last as a prefix, as a shopper types; with "prefixes" every typed term a prefix
 * (listProducts). A term's alternatives are whole words: "bra" may be the start of "bracelet",
 * but its synonym "brassiere" is no one's start. The words are runs of letters and digits, so
 * none can carry tsquery syntax. Null when there are no terms.
 */
export function termsTsQuery(terms: readonly SearchTerm[], match: "words" | "prefixes"): string | null {
  if (terms.length === 0) return null;
  return terms
    .map((term, i) => {
      const prefix = match === "prefixes" || i === terms.length - 1;
      const parts = [phraseQuery(term.typed, prefix), ...term.alternatives.map((a) => phraseQuery(a, false))];
      return parts.length === 1 ? parts[0]! : `(${parts.join(" | ")})`;
    })
    .join(" & ");
}

/** The search as a tsquery for that match, or null when it has no words. */
export const toSearchTsQuery = (search: string, match: "words" | "prefixes" = "prefixes") =>
  termsTsQuery(searchTerms(search), match);
