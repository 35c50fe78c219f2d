// Idempotency-Keys of orders (decision 0009; each client's keys in a namespace of their own,
// decision 0051): the key's row is written first in the order's transaction, so a retry waits
// for the first request and then answers what it answered. The checkout and manual orders share
// this; each names its namespace.
import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";
import { idempotencyKeys } from "../../db/schema";
import { conflict, invalid } from "../shared/errors";
import type { PlacedOrder } from "./write-order";

export const IDEMPOTENCY_KEY_REUSED = "This Idempotency-Key was already used for a different order.";

export interface OrderOutcome {
  /** 201, or the stored status on a replay */
  status: number;
  order: PlacedOrder;
  /** true when this is the stored answer of an earlier request with the same Idempotency-Key */
  replayed: boolean;
}

/** Same value, same text: keys sorted at every level. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

export function requestHash(input: unknown): string {
  return crypto.createHash("sha256").update(stableJson(input)).digest("hex");
}

/** The stored answer for this key, null while it is still being placed; 422 for a key reused for another order. */
export function storedOutcome(stored: typeof idempotencyKeys.$inferSelect, hash: string): OrderOutcome | null {
  if (stored.requestHash !== hash) throw invalid(IDEMPOTENCY_KEY_REUSED);
  if (stored.statusCode === null || stored.responseBody === null) return null;
  return { status: stored.statusCode, order: stored.responseBody as PlacedOrder, replayed: true };
}

/**
 * Inserts the key first, so a concurrent request with the same key waits on it (PostgreSQL
 * blocks a duplicate primary key until the first transaction ends) and then sees its answer.
 * Answers the stored outcome for a repeat, or null when this request is the first.
 * Failed attempts (409, 422) roll back with their transaction, key included: only a placed
 * order is ever replayed, and a retry of a refused order is tried afresh.
 */
export async function claimIdempotencyKey(
  tx: Db,
  scope: string,
  key: string,
  hash: string,
): Promise<OrderOutcome | null> {
  const inserted = await queryRows(
    tx,
    sql`insert into idempotency_keys (scope, key, request_hash) values (${scope}, ${key}, ${hash})
        on conflict do nothing returning key`,
  );
  if (inserted.length > 0) return null;
  const [stored] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
  const outcome = stored ? storedOutcome(stored, hash) : null;
  if (!outcome) throw conflict("This order is being placed right now. Please try again in a moment.");
  return outcome;
}

/** Keeps the placed order as the key's answer, in the order's transaction. */
export async function keepIdempotentAnswer(tx: Db, scope: string, key: string, order: PlacedOrder): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ statusCode: 201, responseBody: order, completedAt: sql`now()` })
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
}
