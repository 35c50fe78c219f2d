// A large catalogue written straight into a database that holds the demo store (decision
// 0075): the bench's "scale" section fills 100,000 products with it, the query-plans test
// 20,000. Set-based SQL only (INSERT … SELECT generate_series), a batch of products per
// statement with their collection links, options, combinations and pictures in the same
// statement, so the time is the database's and the memory one batch's.
//
// A multiplicative hash of the product's id (h) stands in for randomness, so every fill writes
// the same catalogue. Names are built from words shoppers search for (fabric, work, garment)
// and a design name from a pool of 400, so a search for a design finds a few hundred products
// and one for a fabric several thousand. The pictures are the demo store's own (their rows are
// copied, so the same files serve them).
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";

/** custom_url of every product written here starts with this (and only those) */
export const SCALE_URL_PREFIX = "scale-";

export const SCALE_SIZES = ["XS", "S", "M", "L", "XL"] as const;
export const SCALE_COLOURS = [
  { name: "Black", hex: "#1c1917" },
  { name: "Ivory", hex: "#f5f0e6" },
] as const;
export const SCALE_COLLECTIONS = 50;

const WORK = [
  "Embroidered",
  "Printed",
  "Chikankari",
  "Block-printed",
  "Digital",
  "Jacquard",
  "Gota",
  "Mirror-work",
  "Plain",
  "Schiffli",
];
const FABRIC = ["Lawn", "Cotton", "Khaddar", "Chiffon", "Silk", "Linen", "Karandi", "Organza", "Cambric", "Velvet"];
const GARMENT = [
  "Kurta",
  "Kurti",
  "Shalwar Kameez",
  "Dupatta",
  "Three-Piece Suit",
  "Two-Piece Suit",
  "Trouser",
  "Shawl",
  "Abaya",
  "Kaftan",
];
// 20 × 20 design names ("Gulnaz Noor"): a word a shopper may remember from a post
const DESIGN_FIRST = [
  "Gulnaz",
  "Mehrun",
  "Zarina",
  "Shabnam",
  "Rukhsar",
  "Noorjahan",
  "Sitara",
  "Parveen",
  "Laleh",
  "Anarkali",
  "Dilnoor",
  "Mahjabeen",
  "Roshan",
  "Saba",
  "Yasmin",
  "Husna",
  "Farah",
  "Naheed",
  "Shireen",
  "Tabassum",
];
const DESIGN_SECOND = [
  "Bahar",
  "Chandni",
  "Gulzar",
  "Jharoka",
  "Kasab",
  "Mehfil",
  "Noor",
  "Phulkari",
  "Qandeel",
  "Rangeen",
  "Sanwal",
  "Tarang",
  "Ujala",
  "Zeenat",
  "Aangan",
  "Barsaat",
  "Dhanak",
  "Fiza",
  "Ghazal",
  "Jugnu",
];
const COLLECTION_NAMES = [
  "Lawn",
  "Eid",
  "Winter",
  "Festive",
  "Bridal",
  "Everyday",
  "Office",
  "Summer",
  "Wedding",
  "Casual",
];
const COLLECTION_KINDS = ["Edit", "Collection", "Drop", "Classics", "Favourites"];

const textArray = (values: readonly string[]) =>
  sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(",")}]::text[]`);

/** Products written by this module (and so, whether a fill is complete). */
export async function countScaleProducts(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from products where custom_url like ${`${SCALE_URL_PREFIX}%`}`,
  );
  return Number(row?.n ?? 0);
}

/** Removes what an earlier, interrupted fill wrote (products cascade to their rows). */
export async function clearScaleCatalogue(db: Db): Promise<void> {
  await db.execute(sql`delete from products where custom_url like ${`${SCALE_URL_PREFIX}%`}`);
  await db.execute(sql`delete from collections where name like 'Scale: %'`);
}

export interface FillProgress {
  (written: number, total: number): void;
}

/**
 * Writes `count` products in SCALE_COLLECTIONS collections (made here), each with 5 sizes × 2
 * colours = 10 combinations and two of the demo store's pictures, `batch` products per
 * statement; then VACUUM ANALYZE, as autovacuum would have done on a live table.
 */
export async function fillCatalogue(
  db: Db,
  count: number,
  options: { batch?: number; progress?: FillProgress } = {},
): Promise<void> {
  const batch = options.batch ?? 10_000;
  const [demo] = await queryRows<{ images: number; maxImage: number | null }>(
    db,
    sql`select count(*)::int as images, max(id) as "maxImage" from product_images`,
  );
  if (!demo?.images) throw new Error("the database holds no demo pictures to reuse: seed the demo store first");
  await db.execute(sql`
    insert into collections (name, description, is_featured, is_active, position)
    select 'Scale: ' || (${textArray(COLLECTION_NAMES)})[1 + (g - 1) % 10] || ' ' || (${textArray(COLLECTION_KINDS)})[1 + ((g - 1) / 10) % 5],
      'A collection of the scale bench.', g <= 4, true, 100 + g
    from generate_series(1, ${SCALE_COLLECTIONS}::int) as g`);
  const [first] = await queryRows<{ id: number }>(
    db,
    sql`select min(id) as id from collections where name like 'Scale: %'`,
  );
  const firstCollection = Number(first!.id);
  for (let from = 1; from <= count; from += batch) {
    const to = Math.min(count, from + batch - 1);
    await db.execute(sql`
      with made as (
        insert into products (name, description, description_format, custom_url, price_paisa, base_price_paisa,
          compare_price_paisa, min_price_paisa, max_price_paisa, stock, material_type, review_count, rating_total,
          is_active, created_at, updated_at)
        select s.name, s.description, 'plain', ${SCALE_URL_PREFIX} || s.g, s.price, s.price,
          case when s.h % 4 = 0 then s.price + 50000 end, s.price, s.price + 40000, 0, s.fabric,
          s.h % 7, (s.h % 7) * (3 + s.h % 3), s.h % 50 <> 0,
          now() - ((${count} - s.g) * interval '5 minutes'), now() - ((${count} - s.g) * interval '5 minutes')
        from (
          select g, h, fabric,
            design || ' ' || work || ' ' || fabric || ' ' || garment as name,
            work || ' ' || lower(fabric) || ' ' || lower(garment) || ' from the ' || design || ' range. ' ||
              'Soft, breathable and easy to wash; cut for a relaxed fit with a straight hem. ' ||
              'Pair it with a ' || lower((${textArray(FABRIC)})[1 + (h / 7) % 10]) || ' dupatta for Eid or everyday wear.' as description,
            (150000 + (h % 60) * 10000) as price
          from (
            select g, h,
              (${textArray(WORK)})[1 + h % 10] as work,
              (${textArray(FABRIC)})[1 + (h / 10) % 10] as fabric,
              (${textArray(GARMENT)})[1 + (h / 100) % 10] as garment,
              (${textArray(DESIGN_FIRST)})[1 + (h / 1000) % 20] || ' ' || (${textArray(DESIGN_SECOND)})[1 + (h / 20000) % 20] as design
            from (select g, ((g::bigint * 2654435761) % 2147483629)::int as h from generate_series(${from}::int, ${to}::int) as g) n
          ) w
        ) s
        returning id, price_paisa, created_at
      ),
      linked as (
        insert into collection_products (collection_id, product_id, position)
        select ${firstCollection} + made.id % ${SCALE_COLLECTIONS}, made.id, made.id from made
      ),
      options as (
        insert into variants (product_id, variant_type, variant_value, color_hex, position)
        select made.id, o.type, o.value, o.hex, o.position from made
        cross join (
          select 'size' as type, s.value, null::text as hex, s.n::int as position
          from unnest(${textArray(SCALE_SIZES)}) with ordinality as s(value, n)
          union all
          select 'color', c.value, c.hex, 10 + c.n::int
          from unnest(${textArray(SCALE_COLOURS.map((c) => c.name))}, ${textArray(SCALE_COLOURS.map((c) => c.hex))}) with ordinality as c(value, hex, n)
        ) o
      ),
      combinations as (
        insert into variant_combinations (product_id, combination_name, variant_attributes, price_paisa, stock, is_available, sku, created_at, updated_at)
        select made.id, s.value || ' / ' || c.value, jsonb_build_object('size', s.value, 'color', c.value),
          made.price_paisa + (s.n::int - 1) * 10000, (made.id + s.n::int * 3 + c.n::int) % 9, true,
          'SC-' || made.id || '-' || s.value || '-' || upper(left(c.value, 3)), made.created_at, made.created_at
        from made
        cross join unnest(${textArray(SCALE_SIZES)}) with ordinality as s(value, n)
        cross join unnest(${textArray(SCALE_COLOURS.map((c) => c.name))}) with ordinality as c(value, n)
      ),
      demo as (
        select row_number() over (order by id) - 1 as n, image_url, widths from product_images where id <= ${demo.maxImage}
      )
      insert into product_images (product_id, image_url, widths, alt_text, is_primary, position)
      select made.id, demo.image_url, demo.widths, '', p.n = 0, p.n
      from made
      cross join generate_series(0, 1) as p(n)
      join demo on demo.n = (made.id * 2 + p.n) % ${demo.images}`);
    options.progress?.(to, count);
  }
  await db.execute(sql`vacuum analyze`);
}
