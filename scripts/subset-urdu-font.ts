// Makes the storefront's Urdu face (decision 0110): Noto Naskh Arabic (SIL Open Font License),
// cut down to the letters, marks and punctuation Urdu is written with, its shaping tables kept.
// The two files are committed; run `npm run fonts` again only to change what they hold.
//   tsx scripts/subset-urdu-font.ts
import { readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import subsetFont from "subset-font";

const require = createRequire(import.meta.url);

// Urdu's letters (with the Arabic ones Urdu words borrow), its marks, its punctuation, the Arabic
// and Urdu digits, and the joiners that shape it; Latin is left to the system face it sits beside
const URDU_TEXT = [
  "ءآأؤإئابةتثجحخدذرزسشصضطظعغفقكلمنهوىي",
  "ٹپچڈڑژکگںھہۂۃیےۓ",
  "\u064B\u064C\u064D\u064E\u064F\u0650\u0651\u0652\u0654\u0655\u0656\u0670",
  "،؛؟۔٪٫٬ـ﷽",
  "٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹",
  "\u200C\u200D\u2066\u2067\u2068\u2069 ",
].join("");

for (const weight of [400, 700]) {
  const from = require.resolve(`@fontsource/noto-naskh-arabic/files/noto-naskh-arabic-arabic-${weight}-normal.woff2`);
  const subset = await subsetFont(await readFile(from), URDU_TEXT, { targetFormat: "woff2" });
  const to = new URL(`../app/fonts/naskh-urdu-${weight}.woff2`, import.meta.url);
  await writeFile(to, subset);
  console.log(`${to.pathname}: ${subset.length} bytes (from ${(await readFile(from)).length})`);
}
