// What a shopper types for a city, matched to one of the store's cities (decision 0105). Pure and
// browser-safe: the checkout's type-ahead runs the same rules the server places the order with.
// The list is small (a few hundred cities), so an index of every spelling is built once and each
// match is a map lookup, then, only when nothing matched exactly, a bounded edit distance against
// the keys that start with the same letter.

/** A city as the matcher needs it: the store's rows, or the base list before it has ids. */
export interface CityEntry {
  name: string;
  province: string | null;
  /** other spellings, any case ("pindi", "Rwp", "D.G. Khan") */
  aliases: readonly string[];
  /** 1 is the largest; 0 unranked (last) */
  rank: number;
}

/** A city as the checkout's type-ahead offers it. */
export interface CheckoutCity extends CityEntry {
  /** false: the active couriers' lists are loaded and none delivers there */
  delivers: boolean;
}

/** Longer text is no city: it is refused before any other work, so a 1 MB field costs nothing. */
export const CITY_TEXT_MAX = 80;

// words around a city's name that do not change which city it is: "Lahore Cantt", "Karachi
// City", "District Swat", "Mirpur AJK", "Quetta, Balochistan", "Lahore 54000"
const TRAILING = new Set([
  "city",
  "cantt",
  "cant",
  "cantonment",
  "district",
  "distt",
  "dist",
  "tehsil",
  "pakistan",
  "pk",
  "punjab",
  "sindh",
  "kpk",
  "kp",
  "khyber",
  "pakhtunkhwa",
  "balochistan",
  "baluchistan",
  "ajk",
  "azad",
  "jammu",
  "and",
  "kashmir",
  "baltistan",
  "gb",
  "ict",
]);
const LEADING = new Set(["city", "district", "distt", "dist", "tehsil"]);

// Arabic letters an Urdu keyboard can give in place of the Urdu ones (yeh, kaf, heh)
const ARABIC_TO_URDU: Record<string, string> = {
  "\u064A": "\u06CC",
  "\u0649": "\u06CC",
  "\u0643": "\u06A9",
  "\u0647": "\u06C1",
};

/** The words of a city's spelling: no case, marks, dots, hyphens or invisible characters. */
export function cityWords(text: string): string[] {
  if (text.length > CITY_TEXT_MAX) return [];
  const plain = text
    .normalize("NFKD")
    // accents and vowel marks; invisible characters (a zero-width space pasted from a chat, a
    // right-to-left mark) join what they stood between
    .replace(/[\p{M}\p{Cf}]/gu, "")
    .toLowerCase()
    .replace(/[\u064A\u0649\u0643\u0647]/g, (c) => ARABIC_TO_URDU[c]!);
  return plain.split(/[^\p{L}\p{N}]+/u).filter((w) => w !== "");
}

/** The words without the ones that name no city (suffixes, provinces, a postal code); never empty if the words were not. */
function coreWords(words: string[]): string[] {
  let start = 0;
  let end = words.length;
  const drop = (w: string) => /^\d+$/.test(w);
  while (end - start > 1 && (TRAILING.has(words[end - 1]!) || drop(words[end - 1]!))) end--;
  while (end - start > 1 && (LEADING.has(words[start]!) || drop(words[start]!))) start++;
  return words.slice(start, end).filter((w, n, all) => all.length === 1 || !drop(w));
}

/** The keys a spelling is found by: its letters without spaces, with and without the extra words. */
export function cityKeys(text: string): string[] {
  const words = cityWords(text);
  if (words.length === 0) return [];
  const full = words.join("");
  const core = coreWords(words).join("");
  return full === core ? [full] : [full, core];
}

/** How many typing mistakes a key of this length may carry and still be this city. */
function allowedEdits(length: number): number {
  if (length <= 4) return 0;
  return length <= 8 ? 1 : 2;
}

/**
 * Edit distance with adjacent swaps (optimal string alignment), giving up above `max`: rows are
 * computed only within `max` of the diagonal, so a check costs length × (2·max + 1).
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const wide = max + 1;
  let before = new Array<number>(b.length + 1).fill(wide);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => (j <= max ? j : wide));
  for (let i = 1; i <= a.length; i++) {
    const current = new Array<number>(b.length + 1).fill(wide);
    if (i <= max) current[0] = i;
    const from = Math.max(1, i - max);
    const to = Math.min(b.length, i + max);
    let best = current[0]!;
    for (let j = from; j <= to; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      current[j] = d;
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    before = previous;
    previous = current;
  }
  return Math.min(previous[b.length]!, wide);
}

export type CityMatchKind = "name" | "alias" | "typo";

export interface CityMatch<T extends CityEntry> {
  city: T;
  how: CityMatchKind;
}

interface Key<T> {
  key: string;
  city: T;
  how: "name" | "alias";
}

export interface CityIndex<T extends CityEntry> {
  readonly cities: readonly T[];
  /** every key of every city; a key two cities share is found by neither (ambiguous) */
  readonly exact: ReadonlyMap<string, Key<T> | null>;
  /** the keys by their first letter, for typo matching */
  readonly byFirst: ReadonlyMap<string, readonly Key<T>[]>;
  /** per city, the keys and word starts the type-ahead finds it by (rank order) */
  readonly search: readonly { city: T; starts: readonly string[] }[];
  /** keys that two cities share (a fault in the list: the tests keep the base list free of them) */
  readonly clashes: readonly string[];
}

const byRank = (a: CityEntry, b: CityEntry) =>
  (a.rank === 0 ? 1 : 0) - (b.rank === 0 ? 1 : 0) || a.rank - b.rank || a.name.localeCompare(b.name);

/** Indexes every spelling of every city once; matching is then a lookup. */
export function buildCityIndex<T extends CityEntry>(cities: readonly T[]): CityIndex<T> {
  const sorted = [...cities].sort(byRank);
  const exact = new Map<string, Key<T> | null>();
  const clashes: string[] = [];
  const search: { city: T; starts: string[] }[] = [];
  for (const city of sorted) {
    const starts = new Set<string>();
    const spellings: [string, "name" | "alias"][] = [
      [city.name, "name"],
      ...city.aliases.map((a) => [a, "alias"] as [string, "alias"]),
    ];
    for (const [text, how] of spellings) {
      for (const key of cityKeys(text)) {
        const found = exact.get(key);
        if (found === undefined) exact.set(key, { key, city, how });
        else if (found !== null && found.city !== city) {
          exact.set(key, null);
          clashes.push(key);
        } else if (found?.how === "alias" && how === "name") exact.set(key, { key, city, how });
      }
      // "khan" finds Dera Ghazi Khan and Rahim Yar Khan in the type-ahead, "ghazi" the first
      const words = cityWords(text);
      words.forEach((_, n) => starts.add(words.slice(n).join("")));
    }
    search.push({ city, starts: [...starts] });
  }
  const byFirst = new Map<string, Key<T>[]>();
  for (const entry of exact.values()) {
    if (!entry) continue;
    const first = entry.key[0]!;
    const list = byFirst.get(first) ?? [];
    list.push(entry);
    byFirst.set(first, list);
  }
  return { cities: sorted, exact, byFirst, search, clashes };
}

function exactMatch<T extends CityEntry>(index: CityIndex<T>, keys: string[]): CityMatch<T> | null {
  // the whole text first ("Mirpur Khas"), then without its extra words ("Lahore Cantt")
  for (const key of keys) {
    const found = index.exact.get(key);
    if (found) return { city: found.city, how: found.how };
  }
  return null;
}

/** The cities within the allowed typing mistakes of the text's key, nearest first. */
function typoMatches<T extends CityEntry>(index: CityIndex<T>, key: string): { city: T; distance: number }[] {
  const max = allowedEdits(key.length);
  if (max === 0) return [];
  // a shopper rarely mistypes the first letter, and the rule keeps "Kotli" from meeting "Motli"
  const candidates = index.byFirst.get(key[0]!) ?? [];
  const best = new Map<T, number>();
  for (const candidate of candidates) {
    // a short key ("lhr") is never reached by a typo from a longer one
    if (allowedEdits(candidate.key.length) === 0) continue;
    const distance = editDistance(key, candidate.key, max);
    if (distance <= max && distance < (best.get(candidate.city) ?? Infinity)) best.set(candidate.city, distance);
  }
  return [...best]
    .map(([city, distance]) => ({ city, distance }))
    .sort((a, b) => a.distance - b.distance || byRank(a.city, b.city));
}

/**
 * The one city the text names, or null: by its name or a known spelling, else (typos: true) by
 * a name within a typing mistake or two, when exactly one city is that near. Text over
 * CITY_TEXT_MAX characters is no city.
 */
export function matchCity<T extends CityEntry>(
  index: CityIndex<T>,
  text: string,
  options: { typos?: boolean } = {},
): CityMatch<T> | null {
  if (typeof text !== "string" || text.length > CITY_TEXT_MAX) return null;
  const keys = cityKeys(text);
  if (keys.length === 0) return null;
  const found = exactMatch(index, keys);
  if (found || options.typos === false) return found;
  const near = typoMatches(index, keys[keys.length - 1]!);
  // two cities as near as each other: a guess would send the parcel to the wrong one
  if (near.length === 0 || (near.length > 1 && near[1]!.distance === near[0]!.distance)) return null;
  return { city: near[0]!.city, how: "typo" };
}

/**
 * What the checkout's type-ahead offers for the text typed so far: the city it names, then the
 * cities a name, spelling or word of which starts with it, larger first, then near misses.
 */
export function suggestCities<T extends CityEntry>(index: CityIndex<T>, text: string, limit = 6): T[] {
  if (typeof text !== "string" || text.length > CITY_TEXT_MAX) return [];
  const keys = cityKeys(text);
  if (keys.length === 0) return [];
  const typed = keys[0]!;
  const out = new Set<T>();
  const exact = exactMatch(index, keys);
  if (exact) out.add(exact.city);
  for (const { city, starts } of index.search) {
    if (out.size >= limit) break;
    if (starts.some((s) => s.startsWith(typed))) out.add(city);
  }
  if (out.size < limit) for (const { city } of typoMatches(index, keys[keys.length - 1]!)) out.add(city);
  return [...out].slice(0, limit);
}
