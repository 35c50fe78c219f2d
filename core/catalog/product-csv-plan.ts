// Planning a product CSV against the catalogue as it is now (decision 0065): which products and
// combinations each group of rows creates, updates or leaves alone, which stocks it sets, and
// every row's error that only the catalogue can show (no such product, an address taken). The
// apply plans the whole file first, then each batch again inside its own transaction
// (decision 0088).
import { sql } from "drizzle-orm";
import { Turns } from "../shared/turns";
import { queryRows, type Db } from "../../db/client";
import { LIMITS } from "./product-options";
import { type Column, type ImportError, type ImportRow } from "./product-csv-read";

export interface ExistingProduct {
  id: number;
  custom_url: string | null;
  name: string;
  description: string;
  price_paisa: number;
  compare_price_paisa: number | null;
  is_active: boolean;
  archived_at: Date | string | null;
  stock: number;
}
export interface ExistingCombo {
  id: number;
  product_id: number;
  combination_name: string;
  variant_attributes: Record<string, string>;
  price_paisa: number;
  sku: string | null;
  is_available: boolean;
  stock: number;
}

export interface PlannedCombo {
  line: number;
  existing: ExistingCombo | null;
  name: string;
  attributes: Record<string, string>;
  pricePaisa: number;
  sku: string | null;
  available: boolean;
  stock: number | null;
  changed: boolean;
}
export interface PlannedProduct {
  line: number;
  /** the file's rows of this product, which a batch plans again */
  rows: ImportRow[];
  existing: ExistingProduct | null;
  customUrl: string | null;
  name: string;
  description: string;
  pricePaisa: number;
  comparePaisa: number | null;
  active: boolean;
  /** the stock of a product sold without options; null: unchanged */
  stock: number | null;
  combos: PlannedCombo[];
  changed: boolean;
}

export interface ImportCounts {
  rows: number;
  productsToCreate: number;
  productsToUpdate: number;
  productsUnchanged: number;
  combinationsToCreate: number;
  combinationsToUpdate: number;
  combinationsUnchanged: number;
  stockChanges: number;
}

export const CHUNK = 1000;
export const idList = (ids: readonly (number | string)[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

async function inChunks<T, R>(items: readonly T[], turns: Turns, load: (part: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += CHUNK) {
    await turns.take();
    out.push(...(await load(items.slice(i, i + CHUNK))));
  }
  return out;
}

const sameAttributes = (a: Record<string, string>, b: Record<string, string>) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/**
 * The rows against the catalogue as it is now: what to create and update, and every row's error.
 * Products come out in the order of their first rows in the file.
 */
export async function planImport(
  db: Db,
  rows: ImportRow[],
  errors: ImportError[],
  turns: Turns = new Turns(),
): Promise<{ planned: PlannedProduct[]; counts: ImportCounts }> {
  const fail = (line: number, field: Column | null, message: string) => errors.push({ line, field, message });
  const ids = [...new Set(rows.flatMap((r) => (r.productId === null ? [] : [r.productId])))];
  const urls = [...new Set(rows.flatMap((r) => (r.customUrl === null ? [] : [r.customUrl])))];
  const productColumns = sql`id, custom_url, name, description, price_paisa, compare_price_paisa, is_active, archived_at, stock`;
  const found = [
    ...(await inChunks(ids, turns, (part) =>
      queryRows<ExistingProduct>(db, sql`select ${productColumns} from products where id in (${idList(part)})`),
    )),
    // one index lookup per address: with "custom_url in (…)" PostgreSQL chose the trigram index
    // (products_url_trgm_idx) and spent ~5 ms an address on a catalogue whose addresses share a
    // prefix (lawn-suit-1, lawn-suit-2…): 13 s for the bench's 11,046-row file
    ...(await inChunks(urls, turns, (part) =>
      queryRows<ExistingProduct>(
        db,
        sql`select p.* from unnest(array[${idList(part)}]::text[]) as u(url)
            cross join lateral (select ${productColumns} from products where custom_url = u.url limit 1) p`,
      ),
    )),
  ].map((p) => ({ ...p, id: Number(p.id), price_paisa: Number(p.price_paisa), stock: Number(p.stock) }));
  const byId = new Map(found.map((p) => [p.id, p]));
  const byUrl = new Map(found.flatMap((p) => (p.custom_url ? [[p.custom_url, p] as const] : [])));
  const combos = (
    await inChunks([...byId.keys()], turns, (part) =>
      queryRows<ExistingCombo>(
        db,
        sql`select id, product_id, combination_name, variant_attributes, price_paisa, sku, is_available, stock
            from variant_combinations where product_id in (${idList(part)})`,
      ),
    )
  ).map((c) => ({ ...c, id: Number(c.id), product_id: Number(c.product_id), stock: Number(c.stock) }));
  const combosOf = new Map<number, Map<string, ExistingCombo>>();
  for (const c of combos) {
    const map = combosOf.get(c.product_id) ?? new Map<string, ExistingCombo>();
    map.set(c.combination_name, c);
    combosOf.set(c.product_id, map);
  }

  // rows grouped by the product they name: by id, else by custom_url
  const groups = new Map<string, ImportRow[]>();
  for (const row of rows) {
    const key = row.productId !== null ? `id:${row.productId}` : `url:${row.customUrl}`;
    const list = groups.get(key);
    if (list) list.push(row);
    else groups.set(key, [row]);
  }
  const planned: PlannedProduct[] = [];
  const claimedIds = new Map<number, number>(); // product id -> first line
  const claimedUrls = new Map<string, number>(); // custom url -> first line
  for (const list of groups.values()) {
    await turns.take();
    const first = list[0]!;
    let existing: ExistingProduct | null = null;
    if (first.productId !== null) {
      existing = byId.get(first.productId) ?? null;
      if (!existing) {
        fail(first.line, "product_id", `There is no product ${first.productId}.`);
        continue;
      }
    } else existing = byUrl.get(first.customUrl!) ?? null;
    // an archived product stays out of the shop until staff restore it in the console: a file
    // (perhaps an old export) must not quietly put it back on sale
    if (existing?.archived_at) {
      fail(
        first.line,
        first.productId !== null ? "product_id" : "custom_url",
        `Product ${existing.id} is archived. Restore it in the console first.`,
      );
      continue;
    }
    if (existing) {
      const other = claimedIds.get(existing.id);
      if (other !== undefined) {
        fail(first.line, first.productId !== null ? "product_id" : "custom_url", `The product of line ${other} again.`);
        continue;
      }
      claimedIds.set(existing.id, first.line);
    }
    // a product's own columns are the same on each of its rows
    let consistent = true;
    for (const row of list.slice(1)) {
      for (const [field, a, b] of [
        ["custom_url", row.customUrl, first.customUrl],
        ["name", row.name, first.name],
        ["description", row.description, first.description],
        ["price", row.pricePaisa, first.pricePaisa],
        ["compare_at_price", row.comparePaisa, first.comparePaisa],
        ["active", row.active, first.active],
      ] as const) {
        if (a !== b) {
          fail(row.line, field, `${field} differs from line ${first.line}, a row of the same product.`);
          consistent = false;
        }
      }
    }
    if (!consistent) continue;
    const customUrl = first.customUrl ?? existing?.custom_url ?? null;
    if (customUrl) {
      const owner = byUrl.get(customUrl);
      const other = claimedUrls.get(customUrl);
      if (other !== undefined) {
        fail(first.line, "custom_url", `custom_url ${customUrl} is already used by line ${other}.`);
        continue;
      }
      if (owner && owner.id !== existing?.id) {
        fail(first.line, "custom_url", `custom_url ${customUrl} belongs to another product (${owner.id}).`);
        continue;
      }
      claimedUrls.set(customUrl, first.line);
    }
    if (customUrl && existing && customUrl !== existing.custom_url && !byUrl.has(customUrl)) {
      // a new address for an existing product: no other product may hold it
      const [taken] = await queryRows<{ id: number }>(db, sql`select id from products where custom_url = ${customUrl}`);
      if (taken && Number(taken.id) !== existing.id) {
        fail(first.line, "custom_url", `custom_url ${customUrl} belongs to another product (${taken.id}).`);
        continue;
      }
    }
    const product: PlannedProduct = {
      line: first.line,
      rows: list,
      existing,
      customUrl,
      name: first.name,
      description: first.description ?? existing?.description ?? "",
      pricePaisa: first.pricePaisa,
      comparePaisa: first.comparePaisa === undefined ? (existing?.compare_price_paisa ?? null) : first.comparePaisa,
      active: first.active ?? existing?.is_active ?? true,
      stock: null,
      combos: [],
      changed: false,
    };
    const compareAsBefore =
      existing !== null &&
      existing.price_paisa === product.pricePaisa &&
      (existing.compare_price_paisa === null ? null : Number(existing.compare_price_paisa)) === product.comparePaisa;
    if (product.comparePaisa !== null && product.comparePaisa <= product.pricePaisa && !compareAsBefore) {
      fail(first.line, "compare_at_price", "compare_at_price must be more than price (or empty).");
      continue;
    }
    product.changed =
      !existing ||
      existing.custom_url !== product.customUrl ||
      existing.name !== product.name ||
      existing.description !== product.description ||
      existing.price_paisa !== product.pricePaisa ||
      (existing.compare_price_paisa === null ? null : Number(existing.compare_price_paisa)) !== product.comparePaisa ||
      existing.is_active !== product.active;
    const own = existing ? (combosOf.get(existing.id) ?? new Map<string, ExistingCombo>()) : new Map();
    const simpleRows = list.filter((r) => r.combination === null);
    const comboRows = list.filter((r) => r.combination !== null);
    if (simpleRows.length > 0 && (comboRows.length > 0 || own.size > 0)) {
      fail(
        simpleRows[0]!.line,
        "combination",
        "This product has options: each of its rows names a combination (or leave it out of the file).",
      );
      continue;
    }
    if (simpleRows.length > 1) {
      fail(simpleRows[1]!.line, null, `The product of line ${simpleRows[0]!.line} again, with no combination.`);
      continue;
    }
    if (simpleRows.length === 1) {
      const stock = simpleRows[0]!.stock;
      product.stock = stock !== null && stock !== (existing?.stock ?? 0) ? stock : null;
    }
    const seen = new Map<string, number>();
    for (const row of comboRows) {
      const name = row.combination!;
      const twice = seen.get(name);
      if (twice !== undefined) {
        fail(row.line, "combination", `The combination ${name} of this product is on line ${twice} too.`);
        continue;
      }
      seen.set(name, row.line);
      const current = own.get(name) ?? null;
      if (!current && !row.options) {
        fail(row.line, "options", "A new combination needs its options, such as size=M; color=Black.");
        continue;
      }
      const combo: PlannedCombo = {
        line: row.line,
        existing: current,
        name,
        attributes: row.options ?? current!.variant_attributes,
        pricePaisa: row.comboPricePaisa ?? (current ? Number(current.price_paisa) : product.pricePaisa),
        sku: row.sku === undefined ? (current?.sku ?? null) : row.sku,
        available: row.available ?? current?.is_available ?? true,
        stock: row.stock !== null && row.stock !== (current?.stock ?? 0) ? row.stock : null,
        changed: false,
      };
      combo.changed =
        !current ||
        !sameAttributes(current.variant_attributes, combo.attributes) ||
        Number(current.price_paisa) !== combo.pricePaisa ||
        current.sku !== combo.sku ||
        current.is_available !== combo.available;
      product.combos.push(combo);
    }
    // the editor's limit, which also bounds a batch: a product is never split between two
    // (decision 0088)
    const created = product.combos.filter((c) => !c.existing);
    if (own.size + created.length > LIMITS.combinations) {
      const over = created[Math.max(0, LIMITS.combinations - own.size)] ?? created[0]!;
      fail(
        over.line,
        "combination",
        `A product may have at most ${LIMITS.combinations} combinations, as in the product editor: this file would give it ${(own.size + created.length).toLocaleString("en-US")}.`,
      );
      continue;
    }
    planned.push(product);
  }
  return { planned, counts: countPlanned(planned) };
}

/** What planned products create, update and leave alone (rows: 0, for the caller to fill). */
export function countPlanned(planned: readonly PlannedProduct[]): ImportCounts {
  return {
    rows: 0,
    productsToCreate: planned.filter((p) => !p.existing).length,
    productsToUpdate: planned.filter((p) => p.existing && p.changed).length,
    productsUnchanged: planned.filter((p) => p.existing && !p.changed).length,
    combinationsToCreate: planned.reduce((n, p) => n + p.combos.filter((c) => !c.existing).length, 0),
    combinationsToUpdate: planned.reduce((n, p) => n + p.combos.filter((c) => c.existing && c.changed).length, 0),
    combinationsUnchanged: planned.reduce((n, p) => n + p.combos.filter((c) => c.existing && !c.changed).length, 0),
    stockChanges: planned.reduce(
      (n, p) => n + (p.stock !== null ? 1 : 0) + p.combos.filter((c) => c.stock !== null).length,
      0,
    ),
  };
}
