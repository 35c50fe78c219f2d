// Product search as shoppers in Pakistan type (decision 0108): Roman Urdu's spellings, synonyms,
// Urdu's particles, typos and Urdu script, each search with the products it must find and those
// it must not, on the demo store with products of its own in a collection of their own.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { listProducts } from "../../core/catalog/products";
import { correctionsOf } from "../../core/catalog/search-corrections";
import { foldSearchText } from "../../core/catalog/search-folding";
import { searchTerms } from "../../core/catalog/search-query";
import { readApi } from "../helpers/read-api";

const { t, get, rows } = readApi();

// [key, name, description]
const PRODUCTS = [
  ["kurti", "Gulabi Lawn Kurti", "Printed lawn kurti for summer."],
  ["dupatta", "Firozi Chiffon Dupatta", "Light chiffon dupatta with an embroidered border."],
  ["khaddar", "Khaddar Shalwar Kameez 3-Piece", "Un-stitched khaddar suit for winter."],
  ["pret", "Ready to Wear Cotton Kurta", "Stitched cotton kurta from the pret range."],
  ["bra", "Padded T-Shirt Bra", "Soft cotton bra, an everyday lingerie piece."],
  ["nightie", "Cotton Nightie", "Comfortable nightwear."],
  ["urdu", "Resham Lawn Suit", "لان کا جوڑا، دوپٹّہ کے ساتھ"],
  ["two", "Qameez Shalwaar 2 Piece", "Unstitched lawn, two piece."],
  ["shawl", "Velvet Shawl", "Warm velvet shawl for winter evenings."],
] as const;
type Key = (typeof PRODUCTS)[number][0];

// [search, what it must find, what it must not]
const SEARCHES: [string, Key[], Key[]][] = [
  ["kurti", ["kurti", "pret"], ["bra", "nightie", "dupatta"]],
  ["kurtee", ["kurti", "pret"], ["bra"]],
  ["kurta", ["kurti", "pret"], ["bra"]],
  ["shalwar", ["khaddar", "two"], ["kurti"]],
  ["salwar", ["khaddar", "two"], ["kurti"]],
  ["shalwaar", ["khaddar", "two"], ["kurti"]],
  ["qameez", ["khaddar", "two"], ["kurti", "pret"]],
  ["kameez", ["khaddar", "two"], []],
  ["kamiz", ["khaddar", "two"], []],
  ["qamees", ["khaddar", "two"], []],
  ["dupatta", ["dupatta", "urdu"], ["kurti"]],
  ["duppata", ["dupatta", "urdu"], []],
  ["dopatta", ["dupatta", "urdu"], []],
  ["khadar", ["khaddar"], ["two"]],
  ["chiffon", ["dupatta"], []],
  ["shifon", ["dupatta"], []],
  ["lawn", ["kurti", "urdu", "two"], ["shawl", "khaddar"]],
  ["3 piece", ["khaddar"], ["two"]],
  ["3-piece", ["khaddar"], ["two"]],
  ["three piece", ["khaddar"], ["two"]],
  ["3pc", ["khaddar"], ["two"]],
  ["2 piece", ["two"], ["khaddar"]],
  ["two piece", ["two"], ["khaddar"]],
  ["unstitched", ["khaddar", "two"], ["pret"]],
  ["un-stitched", ["khaddar", "two"], ["pret"]],
  ["unstiched", ["khaddar", "two"], ["pret"]],
  ["stitched", ["pret"], ["khaddar", "two"]],
  ["ready to wear", ["pret"], ["khaddar", "two"]],
  ["pret", ["pret"], ["khaddar", "two"]],
  ["lawn ka suit", ["urdu"], ["shawl"]],
  ["kurti wali lawn", ["kurti"], ["two"]],
  ["nighty", ["nightie"], ["bra"]],
  ["nightie", ["nightie"], ["bra"]],
  ["night suit", ["nightie"], ["bra"]],
  ["bra", ["bra"], ["kurti", "nightie"]],
  // typos: folded away, or corrected to the catalogue's nearest words
  ["dupata", ["dupatta", "urdu"], []],
  ["kurtti", ["kurti", "pret"], ["bra"]],
  ["chifon", ["dupatta"], []],
  ["shalwr", ["khaddar", "two"], ["kurti"]],
  ["chifn", ["dupatta"], []],
  ["embrodered", ["dupatta"], []],
  ["velvat shawl", ["shawl"], ["kurti"]],
  // Urdu script: letter variants and diacritics on either side
  ["دوپٹہ", ["dupatta", "urdu"], ["kurti"]],
  ["دوپٹه", ["dupatta", "urdu"], []],
  ["دوپَٹّہ", ["dupatta", "urdu"], []],
  ["لان", ["kurti", "urdu", "two"], ["shawl"]],
  ["ساتھ", ["urdu"], ["kurti"]],
  ["ساته", ["urdu"], ["kurti"]],
];

const ids = new Map<Key, number>();
let collectionId = 0;

beforeAll(async () => {
  const db = t.database.db;
  const [collection] = await rows<{ id: number }>(
    sql`insert into collections (name) values ('Roman Urdu search') returning id`,
  );
  collectionId = collection!.id;
  for (const [key, name, description] of PRODUCTS) {
    const [row] = await rows<{ id: number }>(
      sql`insert into products (name, description, price_paisa, min_price_paisa, max_price_paisa)
          values (${name}, ${description}, 250000, 250000, 250000) returning id`,
    );
    ids.set(key, row!.id);
    await db.execute(
      sql`insert into collection_products (collection_id, product_id) values (${collectionId}, ${row!.id})`,
    );
  }
});

const keysOf = (found: { id: number }[]) =>
  [...ids].filter(([, id]) => found.some((p) => p.id === id)).map(([key]) => key);

describe("GET /api/products?search= as shoppers in Pakistan type", () => {
  it.each(SEARCHES)("%s finds %j and not %j", async (search, finds, notFinds) => {
    const res = await get(`/api/products?collection_id=${collectionId}&search=${encodeURIComponent(search)}`);
    expect(res.status).toBe(200);
    const found = keysOf(res.body);
    for (const key of finds) expect(found, `${search} finds ${key}`).toContain(key);
    for (const key of notFinds) expect(found, `${search} does not find ${key}`).not.toContain(key);
  });

  it("finds a word a product was given after it was written, despite a typo", async () => {
    await t.database.db.execute(
      sql`update products set name = 'Zamurrad Velvet Shawl' where id = ${ids.get("shawl")!}`,
    );
    const res = await get(`/api/products?collection_id=${collectionId}&search=zamurad`);
    expect(keysOf(res.body)).toEqual(["shawl"]);
    const typo = await get(`/api/products?collection_id=${collectionId}&search=zamrad`);
    expect(keysOf(typo.body)).toEqual(["shawl"]);
  });

  it("lets two writers of new words at once both finish", async () => {
    // each writes a word new to the catalogue, then the other's: without the one lock of migration
    // 0028 they waited on each other's uncommitted word (on PGlite transactions run one at a time)
    const db = t.database.db;
    const insert = (name: string) => sql`insert into products (name, price_paisa) values (${name}, 100)`;
    let second: Promise<unknown> = Promise.resolve();
    await db.transaction(async (tx) => {
      await tx.execute(insert("Aftabi Lehriya"));
      second = db.transaction(async (other) => {
        await other.execute(insert("Mehtabi Gotakari"));
        await other.execute(insert("Aftabi Chunri"));
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await tx.execute(insert("Mehtabi Zardozi"));
    });
    await second;
    const words = await rows<{ word: string }>(
      sql`select word from catalogue_words where word in ('aftabi', 'mehtabi', 'chunri', 'zardozi')`,
    );
    expect(words).toHaveLength(4);
  });

  it("never corrects a word the catalogue holds", async () => {
    const corrections = await correctionsOf(t.core, searchTerms("firozi shalwr gulabi"));
    expect([...corrections.keys()]).toEqual(["shalwr"]);
    expect(corrections.get("shalwr")).toContain("shalwar");
  });

  it("answers hostile searches as any other", async () => {
    for (const search of ["!!! ??? ...", "' or 1=1 --", "a & | ! :* ()", "'':*", "کا کی کے", "ـــ ّّّ"]) {
      const res = await get(`/api/products?search=${encodeURIComponent(search)}&limit=5`);
      expect(res.status, search).toBe(200);
    }
    // the HTTP layer refuses a NUL anywhere in an address (http-hardening.test.ts)
    expect((await get(`/api/products?search=${encodeURIComponent("\u0000lawn")}`)).status).toBe(400);
    expect((await get(`/api/products?search=${"lawn ".repeat(30)}`)).status).toBe(422);
    // past the API, a caller's longest searches are read in part
    for (const search of [
      "x".repeat(1_000_000),
      Array.from({ length: 500 }, (_, i) => `w${i}`).join(" "),
      "\u0000 ' ;",
    ]) {
      const page = await listProducts(t.core, { search, limit: 5, offset: 0 });
      expect(page.items.length).toBeLessThanOrEqual(5);
    }
  });
});

describe("search_fold, the catalogue's side of the fold", () => {
  it("folds as the search's side does", async () => {
    const samples = [
      "Lawn 3-Piece Un-Stitched Qameez",
      "KURTEE kurtti Doopatta chiffon khaddar",
      "3 pcs, 12-pieces, a23 piece, 3 piecework, run stitch",
      "دوپٹّہ كے ساتھ ي ى ة ۃ ۓ أ إ آ ۳۴ ٣",
      "لـا\u200Cن قَمِیض",
      "Ünïcode é and ß",
    ];
    for (const text of samples) {
      // lower(): letters past A-Z are left to the database to lower, on both sides (search-folding.ts)
      const [row] = await rows<{ folded: string; expected: string }>(
        sql`select search_fold(${text}) as folded, lower(${foldSearchText(text)}) as expected`,
      );
      expect(row!.folded, text).toBe(row!.expected);
    }
  });
});
