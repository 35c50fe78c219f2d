// A page of a staff list and how many rows the list has in all, read together: the console's
// count line and pager (decision 0099) and the staff API's x-total-count come from the two.
import { count, desc, type SQL } from "drizzle-orm";
import type { PgColumn, PgSelect } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";

/** Which rows of a list: at most limit, after the first offset. */
export interface Page {
  limit: number;
  offset: number;
}

/**
 * The page of a list newest first, and the number of rows under its where. `rows` is the list's
 * select and joins, made dynamic (`.$dynamic()`); it gets the where, the order (by the moment,
 * then by the id, so the rows of one moment keep their places from page to page) and the page.
 * The total counts the rows of the id's table: the joins only add columns to them.
 */
export async function newestFirstPage<Q extends PgSelect>(
  db: Db,
  rows: Q,
  where: SQL | undefined,
  [moment, id]: [PgColumn, PgColumn],
  page: Page,
): Promise<{ items: Awaited<Q>; total: number }> {
  const [items, [total]] = await Promise.all([
    rows.where(where).orderBy(desc(moment), desc(id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(id.table).where(where),
  ]);
  return { items: items as Awaited<Q>, total: Number(total?.n ?? 0) };
}
