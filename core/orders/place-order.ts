// Placing a cash-on-delivery order at the checkout (POST /api/orders): one transaction that
// keeps the Idempotency-Key first (decision 0009), then writes the order as write-order.ts writes
// every order: priced from the database (0008), its stock taken with one conditional UPDATE per
// item (0007), the voucher use counted against its limits (0019), the order stored with its items
// and first status, the session's cart emptied. Any failure rolls all of it back, so there is
// never half an order.
import { and, eq } from "drizzle-orm";
import type { CoreContext } from "../context";
import { idempotencyKeys } from "../../db/schema";
import type { OrderInput } from "./order-input";
import {
  claimIdempotencyKey,
  keepIdempotentAnswer,
  requestHash,
  storedOutcome,
  type OrderOutcome,
} from "./idempotency";
import { SHOPPER_TERMS, writeOrder } from "./write-order";

/** Who placed an order, as far as the store can tell: keys and limits are counted per client. */
export interface OrderClient {
  userId: number | null;
  /** the cart's session id from the payload */
  sessionId: string | null;
  ip: string;
}

/**
 * The namespace of a client's Idempotency-Keys (decision 0051): keys of different clients never
 * meet, so a stranger who sends the same key and body gets an order of their own, never the
 * first client's answer. A signed-in shopper is their account; a guest is their cart's session
 * id (secret, and the same when a phone's address changes between a request and its retry); a
 * client with neither is its address.
 */
export function idempotencyScope(client: OrderClient): string {
  if (client.userId !== null) return `orders:user:${client.userId}`;
  if (client.sessionId) return `orders:session:${client.sessionId}`;
  return `orders:ip:${client.ip}`;
}

export interface PlaceOrderOptions {
  idempotencyKey?: string | null;
  /** the namespace of the key: idempotencyScope(client) */
  idempotencyScope?: string;
  userId?: number | null;
}

/** Places an order (POST /api/orders). Throws AppError 409/422/429 and then nothing has changed. */
export async function placeOrder(
  ctx: CoreContext,
  input: OrderInput,
  options: PlaceOrderOptions = {},
): Promise<OrderOutcome> {
  const key = options.idempotencyKey ?? null;
  const scope = options.idempotencyScope ?? "orders";
  const outcome = await ctx.db.transaction(async (tx) => {
    if (key !== null) {
      const replay = await claimIdempotencyKey(tx, scope, key, requestHash(input));
      if (replay) return replay;
    }
    const order = await writeOrder(tx, input, {
      ...SHOPPER_TERMS,
      userId: options.userId ?? null,
      linkBase: ctx.publicUrl ?? "",
    });
    if (key !== null) await keepIdempotentAnswer(tx, scope, key, order);
    return { status: 201, order, replayed: false };
  });
  // stock changed: catalogue reads cached by this process must not show the old figures
  if (!outcome.replayed) ctx.cache.clear();
  return outcome;
}

/**
 * The stored answer of an order already placed with this key by this client, or null. Read
 * before the order limit is counted, so a retry answers the order and counts nothing. A key
 * reused for another order is a 422; a key still being placed answers null, and placeOrder then
 * waits for it.
 */
export async function findOrderReplay(
  ctx: CoreContext,
  input: OrderInput,
  options: { idempotencyKey: string; idempotencyScope: string },
): Promise<OrderOutcome | null> {
  const [stored] = await ctx.db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, options.idempotencyScope), eq(idempotencyKeys.key, options.idempotencyKey)));
  if (!stored) return null;
  return storedOutcome(stored, requestHash(input));
}
