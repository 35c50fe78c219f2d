// Exchanges, not refunds (decision 0056). The store's policy: a delivered order's
// items may be exchanged for another size or colour of the same product within 7 days of
// delivery, later only with a written reason. An exchange is a new, linked replacement order:
// priced by the server at today's prices, its stock taken with the checkout's conditional UPDATE,
// the value of the returned units set against it so the courier collects only the difference.
// The returned units come back into stock when the replacement is delivered (workflow.ts).
import { and, asc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { CoreContext } from "../context";
import { orderEvents, orderItems, orders, products, variantCombinations } from "../../db/schema";
import { priceOrder } from "../shared/pricing";
import { AppError, invalid, notFound } from "../shared/errors";
import { parse, text } from "../shared/input";
import { staffWrite } from "../shared/staff-write";
import { requirePermission } from "../shared/staff-errors";
import type { StaffActor } from "../shared/permissions";
import { NOTE_MAX, ORDER_CHANGED, ORDER_NOT_FOUND_FOR_STAFF, status } from "./workflow";
import { takeStock } from "./order-stock";
import { insertOrderRow, orderLineValues } from "./write-order";
import {
  alreadyExchanged,
  checkExchangeable,
  priceReplacements,
  staffStockMessage,
  type OriginalItem,
} from "./exchange-replacements";

/** The store's policy: exchanges within 7 days of delivery; later ones need a written reason. */
export const EXCHANGE_WINDOW_DAYS = 7;
export const LATE_EXCHANGE_NEEDS_REASON = "An exchange more than 7 days after delivery needs a written reason.";
export const EXCHANGE_REASON_MAX = 1000;
export const EXCHANGE_LINES_MAX = 20;
/** More units than any line of a shop's order holds; keeps the sums far inside integers. */
const LINE_QUANTITY_MAX = 1000;
const WINDOW = sql.raw(`interval '${EXCHANGE_WINDOW_DAYS} days'`);

const id = (label: string) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be a positive whole number`)
    .max(2_147_483_647, `${label} is not a known id`);

const exchangeLine = z.object({
  item_id: id("item_id"),
  quantity: z
    .number({ error: "quantity must be a whole number" })
    .int("quantity must be a whole number")
    .min(1, `quantity must be from 1 to ${LINE_QUANTITY_MAX}`)
    .max(LINE_QUANTITY_MAX, `quantity must be from 1 to ${LINE_QUANTITY_MAX}`),
  // the replacement size or colour: a combination of the same product; null only for a product
  // without options (a like-for-like swap of a faulty unit)
  combination_id: id("combination_id").nullable(),
  // false: the returned unit cannot be sold again (e.g. opened lingerie) and stays out of stock
  resellable: z.boolean({ error: "resellable must be true or false" }).default(true),
});

export const createExchangeInput = z.object({
  lines: z
    .array(exchangeLine, { error: "lines must be a list of the items to exchange" })
    .min(1, "lines must name at least one item to exchange")
    .max(EXCHANGE_LINES_MAX, `lines may name at most ${EXCHANGE_LINES_MAX} items`),
  reason: text("reason", EXCHANGE_REASON_MAX, { multiline: true }).optional(),
  // what the member's screen showed: a move made meanwhile by someone else is a 409
  expected_status: status("expected_status").optional(),
  // a staff note on the replacement order's timeline, never shown to the shopper
  note: text("note", NOTE_MAX, { multiline: true }).optional(),
});
export type CreateExchangeInput = z.input<typeof createExchangeInput>;

export interface ExchangeFigures {
  lineTotalsPaisa: number[];
  /** the replacement lines at today's prices */
  subtotalPaisa: number;
  /** what the shopper paid for the units coming back */
  returnedValuePaisa: number;
  /** the part of the returned value set against the replacement (its discount) */
  appliedPaisa: number;
  /** the store carries an exchange's courier */
  shippingPaisa: 0;
  /** the cash the courier collects on delivery of the replacement */
  totalPaisa: number;
}

/**
 * An exchange's money. Pure. Nothing is paid back (exchanges, not refunds): a cheaper replacement
 * costs nothing, a dearer one costs the difference. subtotal + shipping − applied = total.
 */
export function exchangeFigures(
  replacement: { unitPricePaisa: number; quantity: number }[],
  returned: { unitPricePaisa: number; quantity: number }[],
): ExchangeFigures {
  const priced = priceOrder({ lines: replacement, shipping: { feePaisa: 0, freeThresholdPaisa: null } });
  const returnedValuePaisa = returned.reduce((sum, line) => sum + line.unitPricePaisa * line.quantity, 0);
  if (!Number.isSafeInteger(returnedValuePaisa) || returnedValuePaisa < 0) {
    throw new RangeError("returned amounts must be non-negative whole paisa");
  }
  const appliedPaisa = Math.min(returnedValuePaisa, priced.subtotalPaisa);
  return {
    lineTotalsPaisa: priced.lineTotalsPaisa,
    subtotalPaisa: priced.subtotalPaisa,
    returnedValuePaisa,
    appliedPaisa,
    shippingPaisa: 0,
    totalPaisa: priced.subtotalPaisa - appliedPaisa,
  };
}

export interface ExchangeOutcome {
  /** the replacement order */
  id: number;
  trackingId: string;
  originalId: number;
  originalTrackingId: string;
  figures: ExchangeFigures;
  late: boolean;
}

/**
 * Exchanges lines of a delivered order (POST /api/admin/orders/{id}/exchanges): makes the linked
 * replacement order, confirmed, priced at today's prices, its stock taken. 404 no such order; 409
 * not delivered, changed meanwhile, more units than are left to exchange, or out of stock; 422 a
 * bad line or a late exchange without a reason. Nothing is written unless everything is.
 */
export async function createExchange(
  ctx: CoreContext,
  actor: StaffActor,
  orderId: number,
  raw: unknown,
): Promise<ExchangeOutcome> {
  requirePermission(actor, "orders");
  const input = parse(createExchangeInput, raw);
  // stock changes: staffWrite's default clears the catalogue reads this process cached
  return staffWrite(ctx, actor, "orders", async ({ tx, audit }) => {
    // the original's row lock makes two exchanges of one order count their units one after the other
    const [original] = await tx
      .select({
        ...getTableColumns(orders),
        late: sql<boolean>`${orders.deliveredAt} is null
          or ${orders.deliveredAt} < now() - ${WINDOW}`,
      })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update");
    if (!original) throw notFound(ORDER_NOT_FOUND_FOR_STAFF);
    if (input.expected_status !== undefined && input.expected_status !== original.status) {
      throw new AppError(409, ORDER_CHANGED, { status: original.status });
    }
    if (original.status !== "delivered") {
      throw new AppError(409, `Only a delivered order can be exchanged; this order is ${original.status}.`, {
        status: original.status,
      });
    }
    // a delivered order without a delivery time (none recorded) is treated as outside the window
    const late = Boolean(original.late);
    if (late && !input.reason) throw invalid(LATE_EXCHANGE_NEEDS_REASON);

    const items: OriginalItem[] = await tx
      .select({
        id: orderItems.id,
        productId: orderItems.productId,
        combinationId: orderItems.combinationId,
        productName: orderItems.productName,
        combinationName: orderItems.combinationName,
        unitPricePaisa: orderItems.unitPricePaisa,
        quantity: orderItems.quantity,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, original.id));
    const itemById = new Map(items.map((i) => [i.id, i]));
    const lines = input.lines.map((line) => {
      const item = itemById.get(line.item_id);
      if (!item) throw invalid(`item_id ${line.item_id} is not an item of order ${original.trackingId}.`);
      return { ...line, item };
    });

    await checkExchangeable(tx, lines);

    const replacements = await priceReplacements(tx, lines);
    const figures = exchangeFigures(
      replacements.map((r) => ({ unitPricePaisa: r.unitPricePaisa, quantity: r.quantity })),
      lines.map((l) => ({ unitPricePaisa: l.item.unitPricePaisa, quantity: l.quantity })),
    );

    // the replacement's row first, so that its stock's ledger rows name it (decision 0100)
    const replacement = await insertOrderRow(tx, {
      userId: original.userId,
      // staff agreed the exchange with the shopper, so it starts confirmed (decision 0056)
      status: "confirmed",
      firstName: original.firstName,
      lastName: original.lastName,
      email: original.email,
      phone: original.phone,
      phoneNormalized: original.phoneNormalized,
      shippingAddress: original.shippingAddress,
      city: original.city,
      postalCode: original.postalCode,
      country: original.country,
      paymentMethod: "cod",
      subtotalPaisa: figures.subtotalPaisa,
      shippingPaisa: figures.shippingPaisa,
      discountPaisa: figures.appliedPaisa,
      totalPaisa: figures.totalPaisa,
      source: original.source,
      exchangeOfOrderId: original.id,
      exchangeReason: input.reason || null,
    });
    await takeStock(tx, replacements, { reason: "exchange", orderId: replacement.id, actorId: actor.userId }).catch(
      (error: unknown) => {
        throw staffStockMessage(error, replacements);
      },
    );
    await tx.insert(orderItems).values(
      replacements.map((r, n) => ({
        ...orderLineValues(replacement.id, r, figures.lineTotalsPaisa[n] as number),
        replacesItemId: lines[n]!.item.id,
        returnResellable: lines[n]!.resellable,
      })),
    );
    // one after the other in one transaction: the same time, so the timeline orders them by id
    await tx.insert(orderEvents).values([
      {
        orderId: replacement.id,
        actorId: actor.userId,
        kind: "status" as const,
        toStatus: "confirmed" as const,
        visibleToShopper: true,
      },
      {
        orderId: replacement.id,
        actorId: actor.userId,
        kind: "exchange" as const,
        relatedOrderId: original.id,
        visibleToShopper: true,
      },
      {
        orderId: original.id,
        actorId: actor.userId,
        kind: "exchange" as const,
        relatedOrderId: replacement.id,
        visibleToShopper: true,
      },
      ...(input.note
        ? [{ orderId: replacement.id, actorId: actor.userId, kind: "note" as const, note: input.note }]
        : []),
    ]);
    await audit({
      action: "order.exchange",
      entityType: "order",
      entityId: original.id,
      changes: {
        replacement: [null, replacement.trackingId],
        replacement_order_id: replacement.id,
        lines: lines.map((l, n) => ({
          item_id: l.item.id,
          quantity: l.quantity,
          combination_id: replacements[n]!.combinationId,
          resellable: l.resellable,
        })),
        subtotal_paisa: figures.subtotalPaisa,
        returned_value_paisa: figures.returnedValuePaisa,
        total_paisa: figures.totalPaisa,
        late,
        ...(input.reason ? { reason: input.reason } : {}),
        ...(input.note ? { note: input.note } : {}),
      },
    });
    return {
      id: replacement.id,
      trackingId: replacement.trackingId,
      originalId: original.id,
      originalTrackingId: original.trackingId,
      figures,
      late,
    };
  });
}

export interface ExchangeChoices {
  /** more than 7 days since delivery (or no delivery time): a reason is needed */
  late: boolean;
  deliveredAt: Date | null;
  lines: {
    itemId: number;
    name: string;
    variant: string | null;
    /** units still open to exchange: ordered, less those on standing replacements */
    exchangeable: number;
    unitPricePaisa: number;
    /** the replacements on offer: the product's options in stock, or the product itself when it has none */
    options: { combinationId: number | null; name: string; pricePaisa: number; stock: number }[];
  }[];
}

/** What the console's exchange form offers for a delivered order; null when it is not delivered. */
export async function exchangeChoices(
  ctx: CoreContext,
  actor: StaffActor,
  orderId: number,
): Promise<ExchangeChoices | null> {
  requirePermission(actor, "orders");
  const [order] = await ctx.db
    .select({
      status: orders.status,
      deliveredAt: orders.deliveredAt,
      late: sql<boolean>`${orders.deliveredAt} is null
        or ${orders.deliveredAt} < now() - ${WINDOW}`,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order || order.status !== "delivered") return null;
  const items = await ctx.db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  const productIds = [...new Set(items.flatMap((i) => (i.productId === null ? [] : [i.productId])))];
  const [earlier, productRows, combinationRows] = await Promise.all([
    items.length === 0
      ? new Map<number, number>()
      : alreadyExchanged(
          ctx.db,
          items.map((i) => i.id),
        ),
    productIds.length === 0
      ? []
      : ctx.db
          .select({ id: products.id, name: products.name, pricePaisa: products.pricePaisa, stock: products.stock })
          .from(products)
          .where(and(inArray(products.id, productIds), eq(products.isActive, true))),
    productIds.length === 0
      ? []
      : ctx.db
          .select({
            id: variantCombinations.id,
            productId: variantCombinations.productId,
            name: variantCombinations.combinationName,
            pricePaisa: variantCombinations.pricePaisa,
            stock: variantCombinations.stock,
            isAvailable: variantCombinations.isAvailable,
          })
          .from(variantCombinations)
          .where(inArray(variantCombinations.productId, productIds))
          .orderBy(asc(variantCombinations.id)),
  ]);
  return {
    late: Boolean(order.late),
    deliveredAt: order.deliveredAt,
    lines: items.map((item) => {
      const product = productRows.find((p) => p.id === item.productId);
      const all = combinationRows.filter((c) => c.productId === item.productId);
      const options = !product
        ? []
        : all.length > 0
          ? all
              .filter((c) => c.isAvailable && c.stock > 0)
              .map((c) => ({ combinationId: c.id, name: c.name, pricePaisa: c.pricePaisa, stock: c.stock }))
          : product.stock > 0
            ? [{ combinationId: null, name: product.name, pricePaisa: product.pricePaisa, stock: product.stock }]
            : [];
      return {
        itemId: item.id,
        name: item.productName,
        variant: item.combinationName,
        exchangeable: Math.max(0, item.quantity - (earlier.get(item.id) ?? 0)),
        unitPricePaisa: item.unitPricePaisa,
        options,
      };
    }),
  };
}
