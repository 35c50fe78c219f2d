// Writing a planned product import (decision 0065) in the caller's transaction: new products,
// changed ones, the variant values their combinations name, new and changed combinations, stock
// through the ledger, and the price ranges. The apply calls it once per batch (decision 0088).
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";
import { refreshPriceRanges } from "./price-range";
import { CHUNK, idList, type PlannedProduct } from "./product-csv-plan";
import { applyStockChanges, type StockChangeInput } from "./stock";

export async function writePlan(tx: Db, planned: PlannedProduct[], who: { actorId: number | null; note: string }) {
  // 1. new products, then changed ones
  const fresh = planned.filter((p) => !p.existing);
  for (let i = 0; i < fresh.length; i += CHUNK) {
    const part = fresh.slice(i, i + CHUNK);
    const made = await queryRows<{ id: number; custom_url: string }>(
      tx,
      sql`insert into products (name, description, description_format, custom_url, price_paisa, compare_price_paisa,
            is_active, min_price_paisa, max_price_paisa)
          values ${sql.join(
            part.map(
              (p) =>
                sql`(${p.name}, ${p.description}, 'plain', ${p.customUrl}, ${p.pricePaisa}, ${p.comparePaisa}, ${p.active}, ${p.pricePaisa}, ${p.pricePaisa})`,
            ),
            sql`, `,
          )}
          returning id, custom_url`,
    );
    const idOf = new Map(made.map((m) => [m.custom_url, Number(m.id)]));
    for (const p of part) {
      p.existing = {
        id: idOf.get(p.customUrl!)!,
        custom_url: p.customUrl,
        name: p.name,
        description: p.description,
        price_paisa: p.pricePaisa,
        compare_price_paisa: p.comparePaisa,
        is_active: p.active,
        archived_at: null,
        stock: 0,
      };
    }
  }
  const freshSet = new Set(fresh);
  // in id order, as the stock is locked: two imports (or batches of two) updating the same
  // products on PostgreSQL then wait for each other instead of deadlocking
  const changed = planned.filter((p) => p.changed && !freshSet.has(p)).sort((a, b) => a.existing!.id - b.existing!.id);
  for (const p of changed) {
    await tx.execute(sql`update products set name = ${p.name}, description = ${p.description},
                           custom_url = ${p.customUrl}, price_paisa = ${p.pricePaisa},
                           compare_price_paisa = ${p.comparePaisa}, is_active = ${p.active}, updated_at = now()
                         where id = ${p.existing!.id}`);
  }

  // 2. variant types and values the combinations name, added after the product's own
  const withCombos = planned.filter((p) => p.combos.length > 0);
  const known = new Map<number, { keys: Set<string>; next: number }>();
  for (const [, part] of chunks(withCombos)) {
    const rows = await queryRows<{ product_id: number; variant_type: string; variant_value: string; position: number }>(
      tx,
      sql`select product_id, variant_type, variant_value, position from variants
          where product_id in (${idList(part.map((p) => p.existing!.id))})`,
    );
    for (const r of rows) {
      const entry = known.get(Number(r.product_id)) ?? { keys: new Set<string>(), next: 0 };
      entry.keys.add(`${r.variant_type}\u0001${r.variant_value}`);
      entry.next = Math.max(entry.next, Number(r.position) + 1);
      known.set(Number(r.product_id), entry);
    }
  }
  const newVariants: { productId: number; type: string; value: string; position: number }[] = [];
  for (const p of withCombos) {
    const entry = known.get(p.existing!.id) ?? { keys: new Set<string>(), next: 0 };
    known.set(p.existing!.id, entry);
    for (const c of p.combos) {
      for (const [type, value] of Object.entries(c.attributes)) {
        const key = `${type}\u0001${value}`;
        if (entry.keys.has(key)) continue;
        entry.keys.add(key);
        newVariants.push({ productId: p.existing!.id, type, value, position: entry.next++ });
      }
    }
  }
  for (let i = 0; i < newVariants.length; i += CHUNK) {
    await tx.execute(
      sql`insert into variants (product_id, variant_type, variant_value, position) values ${sql.join(
        newVariants.slice(i, i + CHUNK).map((v) => sql`(${v.productId}, ${v.type}, ${v.value}, ${v.position})`),
        sql`, `,
      )}`,
    );
  }

  // 3. combinations: new ones (stock 0, then set through the ledger), changed ones
  const newCombos = withCombos.flatMap((p) => p.combos.filter((c) => !c.existing).map((c) => ({ p, c })));
  for (let i = 0; i < newCombos.length; i += CHUNK) {
    const part = newCombos.slice(i, i + CHUNK);
    const made = await queryRows<{ id: number; product_id: number; combination_name: string }>(
      tx,
      sql`insert into variant_combinations (product_id, combination_name, variant_attributes, price_paisa, sku, is_available)
          values ${sql.join(
            part.map(
              ({ p, c }) =>
                sql`(${p.existing!.id}, ${c.name}, ${JSON.stringify(c.attributes)}::jsonb, ${c.pricePaisa}, ${c.sku}, ${c.available})`,
            ),
            sql`, `,
          )}
          returning id, product_id, combination_name`,
    );
    const idOf = new Map(made.map((m) => [`${m.product_id}\u0001${m.combination_name}`, Number(m.id)]));
    for (const { p, c } of part) {
      c.existing = {
        id: idOf.get(`${p.existing!.id}\u0001${c.name}`)!,
        product_id: p.existing!.id,
        combination_name: c.name,
        variant_attributes: c.attributes,
        price_paisa: c.pricePaisa,
        sku: c.sku,
        is_available: c.available,
        stock: 0,
      };
    }
  }
  const created = new Set(newCombos.map((n) => n.c));
  const changedCombos = withCombos.flatMap((p) => p.combos.filter((c) => c.changed && !created.has(c)));
  for (let i = 0; i < changedCombos.length; i += CHUNK) {
    const values = sql.join(
      changedCombos
        .slice(i, i + CHUNK)
        .map(
          (c) =>
            sql`(${c.existing!.id}::int, ${JSON.stringify(c.attributes)}::jsonb, ${c.pricePaisa}::int, ${c.sku}::text, ${c.available}::boolean)`,
        ),
      sql`, `,
    );
    await tx.execute(sql`update variant_combinations t set variant_attributes = v.attrs, price_paisa = v.price,
                           sku = v.sku, is_available = v.available, updated_at = now()
                         from (values ${values}) as v(id, attrs, price, sku, available) where t.id = v.id`);
  }

  // 4. stock, through the ledger: a total over the stock read in this transaction (a sale since
  // the preview is counted, not overwritten: the total is checked under the row lock)
  const stock: StockChangeInput[] = [];
  for (const p of planned) {
    if (p.stock !== null)
      stock.push({ product_id: p.existing!.id, combination_id: null, set: p.stock, expected: p.existing!.stock });
    for (const c of p.combos)
      if (c.stock !== null)
        stock.push({
          product_id: p.existing!.id,
          combination_id: c.existing!.id,
          set: c.stock,
          expected: c.existing!.stock,
        });
  }
  if (stock.length > 0) await applyStockChanges(tx, stock, { actorId: who.actorId, reason: "import", note: who.note });

  // 5. the price range sorting and filters read
  const touched = planned.filter((p) => p.changed || p.combos.some((c) => c.changed)).map((p) => p.existing!.id);
  for (let i = 0; i < touched.length; i += CHUNK) await refreshPriceRanges(tx, touched.slice(i, i + CHUNK));
}

function* chunks<T>(items: T[]): Generator<[number, T[]]> {
  for (let i = 0; i < items.length; i += CHUNK) yield [i, items.slice(i, i + CHUNK)];
}
