// What the home page's three ordered lists share (the announcement bar, the sections, the
// videos): a new row joins the end, and a reorder names every row once and rewrites positions
// 0, 1, 2… in one transaction with its audit row (decision 0067).
import { eq, max } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { CoreContext } from "../context";
import type { Db } from "../../db/client";
import { invalid, notFound } from "../shared/errors";
import type { StaffActor } from "../shared/permissions";
import { staffWrite } from "../shared/staff-write";
import { CONTENT_LIMITS as L } from "./content-limits";

/** A home page list's table: rows with an id and a position. */
export type OrderedTable = PgTable & { id: PgColumn; position: PgColumn };

/** A home page list as staff change it: its table, a row's name, its audit entity, and the 404 of a row not there. */
export interface HomeList<T extends OrderedTable = OrderedTable> {
  table: T;
  noun: string;
  entityType: string;
  missing: string;
}

/** The position after the list's last row (0 for an empty list). */
export async function endOf(tx: Db, table: OrderedTable): Promise<number> {
  const [last] = await tx.select({ n: max(table.position) }).from(table as PgTable);
  return ((last?.n as number | null | undefined) ?? -1) + 1;
}

/** Checks that ids name each of existing once, and writes their positions in that order. */
async function writeOrder(tx: Db, table: OrderedTable, existing: number[], ids: unknown, noun: string) {
  if (!Array.isArray(ids) || ids.length > L.reorder) throw invalid(`ids must list every ${noun} once`);
  const order = ids.map((id) => (Number.isSafeInteger(id) && (id as number) > 0 ? (id as number) : NaN));
  const known = new Set(existing);
  if (order.length !== known.size || new Set(order).size !== order.length || order.some((id) => !known.has(id))) {
    throw invalid(`ids must list every ${noun} once (${known.size} in all)`);
  }
  for (const [position, id] of order.entries()) {
    await tx
      .update(table)
      .set({ position } as never)
      .where(eq(table.id, id));
  }
  return order;
}

/**
 * Puts a whole list in the order of ids (every row named once), audited as `<entityType>.reorder`
 * with the new order. The rows are locked first, so two reorders at once take turns.
 */
export async function reorderList(ctx: CoreContext, actor: StaffActor, list: HomeList, ids: unknown): Promise<void> {
  await staffWrite(ctx, actor, "content", async ({ tx, audit }) => {
    const existing = await tx
      .select({ id: list.table.id })
      .from(list.table as PgTable)
      .for("update");
    const order = await writeOrder(
      tx,
      list.table,
      existing.map((r) => r.id as number),
      ids,
      list.noun,
    );
    await audit({ action: `${list.entityType}.reorder`, entityType: list.entityType, changes: { order } });
  });
}

/**
 * Deletes one row of a list (404 when it is not there), audited as `<entityType>.delete` with what
 * `named` keeps of it: the words staff knew it by. The rows after it keep their positions.
 */
export async function deleteFromList<T extends OrderedTable>(
  ctx: CoreContext,
  actor: StaffActor,
  list: HomeList<T>,
  id: number,
  named: (row: T["$inferSelect"]) => Record<string, unknown>,
): Promise<{ id: number }> {
  await staffWrite(ctx, actor, "content", async ({ tx, audit }) => {
    const [gone] = (await tx
      .delete(list.table as PgTable)
      .where(eq(list.table.id, id))
      .returning()) as T["$inferSelect"][];
    if (!gone) throw notFound(list.missing);
    await audit({
      action: `${list.entityType}.delete`,
      entityType: list.entityType,
      entityId: id,
      changes: named(gone),
    });
  });
  return { id };
}
