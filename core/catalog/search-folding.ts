// How product text and a shopper's search are made alike before they are compared (decision 0108):
// the spellings Roman Urdu allows ("qameez"/"kameez", "kurtee"/"kurti", "dupatta"/"duppata") and
// the letter variants and diacritics of Urdu script fold to one form.
//
// The catalogue's side is the SQL function search_fold (migration 0027_roman_urdu_search), which
// the products' search_vector is generated with; this is the same function for the search's side.
// The two must give the same text: search-folding.test.ts compares them on both databases. A rule
// added here needs the same rule in a new migration that replaces search_fold (and so rewrites
// search_vector); a word that is only spelled differently belongs in search-words.ts instead.

// zer, zabar, pesh, tanween, tashdeed, sukun, khari zabar and the other marks over or under a
// letter; the tatweel that stretches a word; zero-width joiners and direction marks
const URDU_MARKS = /[\u064B-\u065F\u0670\u0640\u200B-\u200F]/g;

// one letter for each letter that is typed in more than one way: q is k ("qameez"/"kameez"); Arabic
// yeh, alef maksura, kaf and heh are Urdu's ی, ک and ہ, as are do-chashmi he and teh marbuta;
// yeh barree with hamza is ے; alef with hamza or madda is alef; Arabic and Urdu digits are digits
const LETTERS_FROM = "qيىكهھۃةۓأإآ٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹";
const LETTERS_TO = "kییکہہہہےااا01234567890123456789";
const LETTER_MAP = new Map([...LETTERS_FROM].map((from, i) => [from, [...LETTERS_TO][i]!]));

/**
 * The text as search compares it. In order, as search_fold does it:
 * 1. A-Z in lower case; Urdu's diacritics dropped; the letters above made one. Other letters keep
 *    their case: to_tsvector and to_tsquery lower them alike, as the database's locale says, where
 *    search_fold's lower() and JavaScript's may differ (PGlite's C locale lowers only A-Z);
 * 2. "ee" is "i" and "oo" is "u" ("kurtee", "doopatta"), then a doubled letter is one ("dupatta",
 *    "chiffon", "khaddar", "kurtti");
 * 3. "un-stitched" and "un stitched" are the word "unstitched", so "stitched" does not find them;
 * 4. "3 piece", "3-piece", "3 pcs" are the word "3pc".
 * Left out as unsafe: w/v ("vest" is not "west"), z/j, sh/s, a final "ie"/"y".
 */
export function foldSearchText(text: string): string {
  let folded = "";
  for (const ch of text.replace(URDU_MARKS, "")) {
    const lower = ch >= "A" && ch <= "Z" ? ch.toLowerCase() : ch;
    folded += LETTER_MAP.get(lower) ?? lower;
  }
  return folded
    .replace(/e{2,}/g, "i")
    .replace(/o{2,}/g, "u")
    .replace(/([a-z])\1+/g, "$1")
    .replace(/(?<![a-z0-9])un[ -]*stitch/g, "unstitch")
    .replace(/(?<![a-z0-9])([0-9]{1,2})[ -]*(pieces?|pcs?)(?![a-z0-9])/g, "$1pc");
}

/** The words of a folded text: its runs of letters and digits, as the search's words are split. */
export const wordsOf = (folded: string) => folded.split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/** A text's words, folded. */
export const foldedWords = (text: string) => wordsOf(foldSearchText(text));
