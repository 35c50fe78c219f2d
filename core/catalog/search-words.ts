// The words product search treats as one (decision 0108): how shoppers in Pakistan name the
// store's clothes and lingerie in English, Roman Urdu and Urdu script.
//
// How to add to it:
// - A group is words or phrases that mean the same thing: a search for any one of them finds
//   products holding any other. Only true synonyms: "kurta" and "kurti" are the same garment to a
//   shopper, "shalwar" and "trouser" are not, and a group that held both would make "trouser" find
//   every shalwar kameez. A word may be in one group only (search-words.test.ts checks it).
// - Write words as people type them. Spellings that folding already makes one (search-folding.ts:
//   "kurtee"/"kurti", "qameez"/"kameez", "dupatta"/"duppata", "chiffon"/"chifon", "3-piece"/"3 pc")
//   need not be listed, but listing them does no harm.
// - A phrase is matched as its words in a row ("night suit", "ready to wear").
// - Typos need no entry: a word the catalogue does not hold is corrected to the nearest words it
//   does hold (search-corrections.ts).
// - PARTICLES are dropped from a search ("lawn ka suit" is "lawn suit"), unless the search holds
//   nothing else. Only words that never name a product.
// The lists are read when the store starts; no migration is needed to change them.

export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  // shirts and what is worn with them
  ["kurti", "kurta", "kurtee", "kurtie", "kurtis", "kurtas", "کرتی", "کرتا"],
  ["kameez", "qameez", "kamiz", "qamiz", "qamees", "kamees", "qamis", "قمیض", "قمیص"],
  ["shalwar", "salwar", "shalwaar", "shalvar", "salvar", "شلوار"],
  ["dupatta", "dopatta", "dupata", "dopata", "duppata", "doppata", "dupattas", "دوپٹہ", "دوپٹا", "ڈوپٹہ"],
  ["trouser", "trousers"],
  ["shirt", "shirts"],
  ["suit", "suits", "jora", "joda", "jorra", "سوٹ", "جوڑا"],
  ["frock", "frocks", "فراک"],
  ["shawl", "shawls", "شال"],
  ["chadar", "chaddar", "chador", "چادر"],
  // fabrics and work
  ["lawn", "لان"],
  ["khaddar", "khadar", "khadder", "khaddi", "کھدر"],
  ["chiffon", "shifon", "chifon", "shiffon", "شیفون"],
  ["linen", "لینن"],
  ["cotton", "coton", "کاٹن"],
  ["silk", "resham", "ریشم"],
  ["embroidered", "embroidery", "embroidred", "kadhai", "kadai", "کڑھائی"],
  ["printed", "print", "prints"],
  // how it is sold
  ["3 piece", "three piece", "teen piece", "3pc", "3 pcs", "تین پیس", "3 پیس"],
  ["2 piece", "two piece", "do piece", "2pc", "2 pcs", "دو پیس", "2 پیس"],
  ["unstitched", "un-stitched", "unstiched", "non stitched", "an sila", "ان سلا"],
  ["stitched", "stiched", "ready to wear", "ready-to-wear", "readymade", "ready made", "pret", "rtw", "سلا ہوا"],
  // lingerie and nightwear
  ["bra", "bras", "brassiere", "angia", "انگیا"],
  ["panty", "panties", "knickers", "underpants"],
  [
    "nighty",
    "nightie",
    "nighties",
    "nighty suit",
    "night suit",
    "nightsuit",
    "night dress",
    "nightdress",
    "nightwear",
    "night wear",
  ],
  ["lingerie", "undergarments", "undergarment", "innerwear", "inner wear"],
  ["camisole", "camisoles", "cami"],
];

/** Words a search drops: Urdu's particles ("lawn ka suit", "kurti wali") and English's few. */
export const PARTICLES: readonly string[] = [
  "ka",
  "ki",
  "ke",
  "ko",
  "se",
  "aur",
  "or",
  "wala",
  "wali",
  "wale",
  "waley",
  "mein",
  "and",
  "for",
  "with",
  "the",
  "of",
  "کا",
  "کی",
  "کے",
  "کو",
  "سے",
  "اور",
  "والا",
  "والی",
  "والے",
  "میں",
];
