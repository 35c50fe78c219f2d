// What a product save writes besides the product's row: its collections, its options and the
// grid of their combinations, and stock. Every change of stock goes through applyStockChange as a
// new total checked against the total the screen showed, so a sale made while the editor was
// open is never lost; a combination that was ever ordered is made unavailable, never deleted.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";
import { collectionProducts, collections, orderItems, variantCombinations, variants } from "../../db/schema";
import { AppError, invalid } from "../shared/errors";
import type { StaffActor } from "../shared/permissions";
import type { ProductInput } from "./product-input";
import { allCombinations, combinationName } from "./product-options";
import { applyStockChange } from "./stock";

/** Puts the product in exactly these collections (a new one at its end); answers what changed. */
export async function setCollections(tx: Db, productId: number, wanted: number[]) {
  if (wanted.length > 0) {
    const found = await tx.select({ id: collections.id }).from(collections).where(inArray(collections.id, wanted));
    const known = new Set(found.map((c) => c.id));
    const missing = wanted.find((id) => !known.has(id));
    if (missing !== undefined) throw invalid(`collection_ids: There is no collection ${missing}.`);
  }
  const current = (
    await tx
      .select({ id: collectionProducts.collectionId })
      .from(collectionProducts)
      .where(eq(collectionProducts.productId, productId))
  ).map((r) => r.id);
  const gone = current.filter((id) => !wanted.includes(id));
  const added = wanted.filter((id) => !current.includes(id));
  if (gone.length > 0) {
    await tx
      .delete(collectionProducts)
      .where(and(eq(collectionProducts.productId, productId), inArray(collectionProducts.collectionId, gone)));
  }
  for (const collectionId of added) {
    // a product joins the end of the collection's order
    await tx.execute(sql`insert into ${collectionProducts} (collection_id, product_id, position)
      select ${collectionId}, ${productId}, coalesce(max(position) + 1, 0) from ${collectionProducts} where collection_id = ${collectionId}`);
  }
  return { gone, added };
}

interface GridOutcome {
  created: string[];
  deleted: string[];
  madeUnavailable: string[];
  stock: { name: string; before: number; after: number }[];
}

/**
 * Writes the options and the grid: every combination of the values is a row; rows the form sent
 * keep their price, SKU, availability and stock; a combination whose value was removed is
 * deleted, or made unavailable when it was ever ordered (its order lines point at it).
 */
export async function writeGrid(tx: Db, actor: StaffActor, productId: number, input: ProductInput, pricePaisa: number) {
  const outcome: GridOutcome = { created: [], deleted: [], madeUnavailable: [], stock: [] };
  const types = input.options.map((o) => o.type);
  await tx.delete(variants).where(eq(variants.productId, productId));
  let position = 0;
  const variantRows = input.options.flatMap((o) =>
    o.values.map((v) => ({
      productId,
      variantType: o.type,
      variantValue: v.value,
      colorHex: o.type === "color" ? (v.color_hex ?? null) : null,
      position: position++,
    })),
  );
  if (variantRows.length > 0) await tx.insert(variants).values(variantRows);

  const existing = await tx
    .select({
      id: variantCombinations.id,
      name: variantCombinations.combinationName,
      attributes: variantCombinations.variantAttributes,
      stock: variantCombinations.stock,
      isAvailable: variantCombinations.isAvailable,
    })
    .from(variantCombinations)
    .where(eq(variantCombinations.productId, productId))
    .orderBy(asc(variantCombinations.id))
    .for("update");
  // matched by their values, not their names: rows made elsewhere (an import) may be named otherwise
  const byKey = new Map(existing.map((c) => [attributesKey(c.attributes), c]));

  // the rows the form sent, by the name of their combination
  const sent = new Map<string, ProductInput["combinations"][number]>();
  input.combinations.forEach((c, i) => {
    const keys = Object.keys(c.attributes);
    const fits =
      keys.length === types.length &&
      types.every((t) => input.options.find((o) => o.type === t)!.values.some((v) => v.value === c.attributes[t]));
    if (!fits) {
      throw invalid(
        `combinations.${i}: “${Object.values(c.attributes).join(" / ")}” is not a combination of this product's options.`,
      );
    }
    const name = combinationName(c.attributes, types);
    if (sent.has(name)) throw invalid(`combinations.${i}: “${name}” appears twice.`);
    sent.set(name, c);
  });

  const wanted = allCombinations(input.options);
  const keep = new Set<number>();
  for (const attributes of wanted) {
    const name = combinationName(attributes, types);
    const row = sent.get(name);
    const current = byKey.get(attributesKey(attributes));
    if (current) keep.add(current.id);
    const values = {
      variantAttributes: attributes,
      pricePaisa: row?.price ?? pricePaisa,
      sku: row?.sku || null,
      isAvailable: row?.is_available ?? true,
    };
    if (current) {
      // a row the form did not send keeps what it had, but follows the options' attributes
      await tx
        .update(variantCombinations)
        .set(
          row
            ? { ...values, combinationName: name, updatedAt: sql`now()` }
            : { variantAttributes: attributes, combinationName: name, updatedAt: sql`now()` },
        )
        .where(eq(variantCombinations.id, current.id));
      if (row?.stock !== undefined) {
        if (row.stock_seen === undefined) {
          throw invalid(
            `combinations: “${name}” already exists: send the stock you saw (stock_seen) with its new stock.`,
          );
        }
        if (row.stock !== row.stock_seen) {
          const r = await applyStockChange(
            tx,
            { product_id: productId, combination_id: current.id, set: row.stock, expected: row.stock_seen },
            { actorId: actor.userId, reason: "manual", note: "product editor" },
          ).catch(renameStockConflict(name));
          outcome.stock.push({ name, before: r.before, after: r.after });
        }
      }
    } else {
      const [created] = await tx
        .insert(variantCombinations)
        .values({ productId, combinationName: name, stock: 0, ...values })
        .returning({ id: variantCombinations.id });
      outcome.created.push(name);
      const first = row?.stock ?? 0;
      if (first > 0) {
        const r = await applyStockChange(
          tx,
          { product_id: productId, combination_id: created!.id, delta: first },
          { actorId: actor.userId, reason: "manual", note: "first stock" },
        );
        outcome.stock.push({ name, before: r.before, after: r.after });
      }
    }
  }
  for (const c of existing) {
    if (keep.has(c.id)) continue;
    const [ordered] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*) as n from ${orderItems} where combination_id = ${c.id}`,
    );
    if (Number(ordered?.n ?? 0) > 0) {
      if (c.isAvailable) {
        await tx
          .update(variantCombinations)
          .set({ isAvailable: false, updatedAt: sql`now()` })
          .where(eq(variantCombinations.id, c.id));
        outcome.madeUnavailable.push(c.name);
      }
    } else {
      await tx.delete(variantCombinations).where(eq(variantCombinations.id, c.id));
      outcome.deleted.push(c.name);
    }
  }
  return outcome;
}

/** The same text for the same values, whatever order their keys came in. */
const attributesKey = (attributes: Record<string, string>) =>
  JSON.stringify(
    Object.keys(attributes)
      .sort()
      .map((k) => [k, attributes[k]]),
  );

/** A stock conflict names the combination it is about. */
const renameStockConflict = (name: string) => (error: unknown) => {
  if (error instanceof AppError && error.status === 409)
    throw new AppError(409, `${name}: ${error.message}`, error.extra);
  throw error;
};

/** The stock of a product sold without combinations: a first stock, or a change from the stock seen. */
export async function writeOwnStock(tx: Db, actor: StaffActor, productId: number, input: ProductInput, isNew: boolean) {
  if (input.stock === undefined) return null;
  if (isNew) {
    if (input.stock === 0) return null;
    return applyStockChange(
      tx,
      { product_id: productId, combination_id: null, delta: input.stock },
      { actorId: actor.userId, reason: "manual", note: "first stock" },
    );
  }
  if (input.stock_seen === undefined) throw invalid("stock: Send the stock you saw (stock_seen) with the new stock.");
  if (input.stock === input.stock_seen) return null;
  return applyStockChange(
    tx,
    { product_id: productId, combination_id: null, set: input.stock, expected: input.stock_seen },
    { actorId: actor.userId, reason: "manual", note: "product editor" },
  );
}
