// The price range of a product that sorting and the price filters read (products.min_price_paisa
// and max_price_paisa): its available combinations' prices, else all its combinations' (a product
// whose options are all sold out still sorts by what it costs), else its own price. One rule for
// every writer of prices: the product editor and the CSV import.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

export async function refreshPriceRanges(tx: Db, productIds: readonly number[]): Promise<void> {
  if (productIds.length === 0) return;
  const ids = sql.join(
    productIds.map((id) => sql`${id}`),
    sql`, `,
  );
  await tx.execute(sql`update products p set
      min_price_paisa = coalesce((select min(c.price_paisa) from variant_combinations c where c.product_id = p.id and c.is_available),
                                 (select min(c.price_paisa) from variant_combinations c where c.product_id = p.id), p.price_paisa),
      max_price_paisa = coalesce((select max(c.price_paisa) from variant_combinations c where c.product_id = p.id and c.is_available),
                                 (select max(c.price_paisa) from variant_combinations c where c.product_id = p.id), p.price_paisa)
    where p.id in (${ids})`);
}
