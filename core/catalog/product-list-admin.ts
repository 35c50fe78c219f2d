// The console's list of products: a search over names, custom URLs and SKUs, a collection, the
// stock on hand and the state (shown, hidden, archived) narrow it; newest first or by name.
// Asked in two steps (the page's ids, then their rows) so a deep page costs what the first does.
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { CoreContext } from "../context";
import { collectionProducts, products, variantCombinations } from "../../db/schema";
import type { StaffActor } from "../shared/permissions";
import { escapeLike } from "../shared/search";
import { requirePermission } from "../shared/staff-errors";
import { LOW_STOCK, type ProductListSort, type ProductState, type StockFilter } from "./product-options";
import { mainPhotoUrl } from "../media/product-photos";

export const PRODUCT_SEARCH_MAX = 100;

export interface ProductListQuery {
  search?: string;
  collectionId?: number;
  stock: StockFilter;
  /** absent: active and hidden, never archived */
  state?: ProductState;
  sort: ProductListSort;
  limit: number;
  offset: number;
}

export interface ProductListItem {
  id: number;
  name: string;
  customUrl: string | null;
  state: ProductState;
  pricePaisa: number;
  minPricePaisa: number;
  maxPricePaisa: number;
  /** units for sale: the available combinations' stock, or the product's own */
  stock: number;
  combinations: number;
  imageUrl: string | null;
  createdAt: Date;
  updatedAt: Date;
}

// spelt out: in a select list Drizzle prints a one-table query's columns without their table, and
// inside these subqueries a bare "id" would be the combination's
const PRODUCT_ID = sql.raw(`"products"."id"`);

// a product with combinations sells from them (available ones only); one without sells its own
const stockTotal = sql<number>`(case when exists (select 1 from ${variantCombinations} c where c.product_id = ${PRODUCT_ID})
  then coalesce((select sum(c.stock) from ${variantCombinations} c where c.product_id = ${PRODUCT_ID} and c.is_available), 0)
  else "products"."stock" end)`;

function stateWhere(state: ProductState | undefined): SQL | undefined {
  if (state === "archived") return isNotNull(products.archivedAt);
  if (state === "active") return and(isNull(products.archivedAt), eq(products.isActive, true));
  if (state === "hidden") return and(isNull(products.archivedAt), eq(products.isActive, false));
  return isNull(products.archivedAt);
}

/** Products for the console's list, newest first or by name, with the filters' total. */
export async function listProductsForStaff(
  ctx: CoreContext,
  actor: StaffActor,
  query: ProductListQuery,
): Promise<{ items: ProductListItem[]; total: number }> {
  requirePermission(actor, "products");
  const term = query.search?.trim();
  const pattern = term ? `%${escapeLike(term)}%` : undefined;
  const where = and(
    stateWhere(query.state),
    // each of the three read through its own trigram index (decision 0075); an OR with an
    // EXISTS over the combinations read every product and every combination
    pattern
      ? sql`${PRODUCT_ID} in (select p.id from ${products} p where p.name ilike ${pattern}
          union select p.id from ${products} p where p.custom_url ilike ${pattern}
          union select c.product_id from ${variantCombinations} c where c.sku ilike ${pattern})`
      : undefined,
    query.collectionId !== undefined
      ? sql`exists (select 1 from ${collectionProducts} cp where cp.product_id = ${PRODUCT_ID} and cp.collection_id = ${query.collectionId})`
      : undefined,
    query.stock === "in_stock"
      ? sql`${stockTotal} > 0`
      : query.stock === "low"
        ? sql`${stockTotal} between 1 and ${LOW_STOCK}`
        : query.stock === "out"
          ? sql`${stockTotal} = 0`
          : undefined,
  );
  const order =
    query.sort === "name" ? [asc(products.name), asc(products.id)] : [desc(products.createdAt), desc(products.id)];
  // the page's ids first, from an index, then what each row shows for those 50 alone (decision
  // 0075): asked in one query, the planner read every combination to compute the stock of rows
  // it then skipped, and a deep page read every row before it
  const [idRows, [total]] = await Promise.all([
    ctx.db
      .select({ id: products.id })
      .from(products)
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset(query.offset),
    ctx.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(products)
      .where(where),
  ]);
  const ids = idRows.map((r) => r.id);
  const rows =
    ids.length === 0
      ? []
      : await ctx.db
          .select({
            id: products.id,
            name: products.name,
            customUrl: products.customUrl,
            isActive: products.isActive,
            archivedAt: products.archivedAt,
            pricePaisa: products.pricePaisa,
            minPricePaisa: products.minPricePaisa,
            maxPricePaisa: products.maxPricePaisa,
            stock: stockTotal.mapWith(Number),
            combinations:
              sql<number>`(select count(*) from ${variantCombinations} c where c.product_id = ${PRODUCT_ID})`.mapWith(
                Number,
              ),
            imageUrl: mainPhotoUrl,
            createdAt: products.createdAt,
            updatedAt: products.updatedAt,
          })
          .from(products)
          .where(inArray(products.id, ids));
  const position = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
  return {
    items: rows.map(({ isActive, archivedAt, ...r }) => ({
      ...r,
      state: archivedAt ? "archived" : isActive ? "active" : "hidden",
    })),
    total: total?.n ?? 0,
  };
}
