// Placing a cash-on-delivery order: one transaction that prices the order from the database
// (decision 0008), takes stock with one conditional UPDATE per item (0007), counts the voucher
// use against its limits (0019), stores the order with its items and first status, empties the
// session's cart and keeps the answer for the Idempotency-Key (0009). Any failure rolls all of it
// back, so there is never half an order. The same transaction takes the orders staff type in for
// someone who ordered by phone or message (core/orders/manual-order.ts, issue 13 point 6): one
// pricing, one stock rule and one voucher count for both.
import crypto from "node:crypto";
import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { CoreContext } from "../context";
import { queryRows, type Db } from "../../db/client";
import { enqueueConfirmation } from "./confirmation";
import { queueNewOrderAlerts } from "./order-alerts";
import { queueOrderEmail } from "./order-emails";
import { newConfirmLink } from "./confirm-link";
import { assessOrder, type RiskAssessment } from "./risk";
import {
  carts,
  idempotencyKeys,
  orderItems,
  orderEvents,
  orders,
  products,
  stockMovements,
  siteSettings,
  variantCombinations,
  type OrderSource,
  type OrderStatus,
} from "../../db/schema";
import { AppError, conflict, invalid } from "../shared/errors";
import { withDefaults, type SiteSettings } from "../settings/site-settings";
import { maxUnitsMessage, SELECT_ALL_OPTIONS } from "../cart/cart";
import { findVoucher, redeemVoucher, voucherProblem, type Voucher } from "../vouchers/vouchers";
import type { OrderInput, OrderItemInput } from "./order-input";
import { priceOrder, type OrderFigures } from "../shared/pricing";
import { newTrackingId } from "./tracking-id";
import { samePhoneForms } from "../shared/customer-keys";

/** The rows a raw statement answered (node-postgres and PGlite both answer { rows }). */

export const PRICES_CHANGED = "Prices have changed. Please review your cart.";
export const phoneLimitMessage = (max: number) =>
  `This phone number has already placed ${max} orders today. Please try again tomorrow or contact us.`;
export const IDEMPOTENCY_KEY_REUSED = "This Idempotency-Key was already used for a different order.";

/** Who placed an order, as far as the store can tell: keys and limits are counted per client. */
export interface OrderClient {
  userId: number | null;
  /** the cart's session id from the payload */
  sessionId: string | null;
  ip: string;
}

/**
 * The namespace of a client's Idempotency-Keys (issue 11, item 17): keys of different clients
 * never meet, so a stranger who sends the same key and body gets an order of their own, never
 * the first client's answer. A signed-in shopper is their account; a guest is their cart's
 * session id (secret, and the same when a phone's address changes between a request and its
 * retry); a client with neither is its address.
 */
export function idempotencyScope(client: OrderClient): string {
  if (client.userId !== null) return `orders:user:${client.userId}`;
  if (client.sessionId) return `orders:session:${client.sessionId}`;
  return `orders:ip:${client.ip}`;
}

export interface PlacedOrderItem {
  productId: number;
  combinationId: number | null;
  name: string;
  /** the combination's name, e.g. "M / Black" */
  variant: string | null;
  variantDetails: Record<string, string> | null;
  quantity: number;
  unitPricePaisa: number;
  lineTotalPaisa: number;
}

/** The answer to a placed order. Plain JSON (dates as ISO text): it is stored for replays. */
export interface PlacedOrder {
  id: number;
  trackingId: string;
  status: OrderStatus;
  paymentMethod: "cod";
  items: PlacedOrderItem[];
  subtotalPaisa: number;
  shippingPaisa: number;
  discountPaisa: number;
  totalPaisa: number;
  voucherCode: string | null;
  freeShippingByVoucher: boolean;
  createdAt: string;
  /** the shopper's confirm/cancel page (/order/confirm/<token>) while the order awaits confirmation */
  confirmPath: string | null;
  /**
   * a fake-order signal the shop chose holds the order for a call (issue 15, point 5): no WhatsApp
   * question and no confirm link; the shopper is told the shop will call. Absent in answers stored
   * for replays before it existed.
   */
  heldForCall?: boolean;
  /**
   * a WhatsApp confirmation request was written for the outbox (confirmations on, not held);
   * whether it can leave the store depends on the WhatsApp account (server config). Absent in
   * answers stored for replays before it existed.
   */
  whatsappQuestion?: boolean;
}

export interface OrderOutcome {
  /** 201, or the stored status on a replay */
  status: number;
  order: PlacedOrder;
  /** true when this is the stored answer of an earlier request with the same Idempotency-Key */
  replayed: boolean;
}

export interface PricedItem {
  productId: number;
  combinationId: number | null;
  name: string;
  combinationName: string | null;
  variantDetails: Record<string, string> | null;
  imageUrl: string | null;
  quantity: number;
  unitPricePaisa: number;
  /** the price the client showed, to compare; null when it showed none (a staff member's order) */
  clientPricePaisa: number | null;
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
    if (key !== null) {
      await tx
        .update(idempotencyKeys)
        .set({ statusCode: 201, responseBody: order, completedAt: sql`now()` })
        .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    }
    return { status: 201, order, replayed: false };
  });
  // stock changed: catalogue reads cached by this process must not show the old figures
  if (!outcome.replayed) ctx.cache.clear();
  return outcome;
}

/**
 * The stored answer of an order already placed with this key by this client, or null. Read
 * before the order limit is counted, so a retry answers the order and counts nothing (issue 11,
 * item 19). A key reused for another order is a 422; a key still being placed answers null, and
 * placeOrder then waits for it.
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

function storedOutcome(stored: typeof idempotencyKeys.$inferSelect, hash: string): OrderOutcome | null {
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

/**
 * What an order is made of, however it was taken: the checkout's payload (OrderInput is one), or
 * what a staff member typed for a customer. Amounts are paisa.
 */
export interface OrderRequest {
  first_name: string;
  last_name: string;
  /** lowercase; "" when a customer who ordered by phone gave none */
  email: string;
  phone: string;
  phone_normalized: string;
  shipping_address: string;
  city: string;
  postal_code: string;
  country: string;
  items: (Omit<OrderItemInput, "price"> & { price: number | null })[];
  voucher_code: string | null;
  session_id: string | null;
  /** the total the client showed: a different figure is a 409; null compares nothing */
  total_amount: number | null;
}

/** Figures a staff member set by hand (issue 13, point 6), with the reason they gave. */
export interface PriceOverrides {
  shippingPaisa: number | null;
  discountPaisa: number | null;
  reason: string;
}

/** How an order is taken, besides what is in it. */
export interface OrderTerms {
  userId: number | null;
  source: OrderSource;
  /** a staff member may take an order the customer already confirmed on the phone */
  status: "pending confirmation" | "confirmed";
  /** the staff member who took it (its timeline and stock history name them); null: the shopper */
  staffId: number | null;
  /** the per-phone daily limit (issue 11, item 13) guards the public checkout against scripts */
  limitPerPhone: boolean;
  overrides: PriceOverrides | null;
  /** the store's address (PUBLIC_URL) that the confirm link in the WhatsApp message starts with */
  linkBase: string;
}

const SHOPPER_TERMS: OrderTerms = {
  userId: null,
  source: "website",
  status: "pending confirmation",
  staffId: null,
  limitPerPhone: true,
  overrides: null,
  linkBase: "",
};

export const discountTooLargeMessage = (subtotalPaisa: number) =>
  `discount cannot be more than the goods cost (Rs. ${subtotalPaisa / 100})`;

/** An order priced from the database, nothing written. */
export interface OrderQuote {
  items: PricedItem[];
  figures: OrderFigures;
  voucher: Voucher | null;
}

/**
 * Prices an order: its items from the catalogue, the units-per-line limit, the voucher and its
 * rules, shipping by the settings, then any figures set by hand. Writes nothing, so a staff
 * member's review of an order runs exactly the pricing its placing will.
 */
export async function quoteOrder(
  tx: Db,
  request: OrderRequest,
  settings: SiteSettings,
  overrides: PriceOverrides | null,
): Promise<OrderQuote> {
  const items = await loadItems(tx, request);
  limitUnitsPerLine(items, settings.effectiveMaxUnitsPerLine);

  let voucher: Voucher | null = null;
  if (request.voucher_code) {
    voucher = await findVoucher(tx, request.voucher_code);
    if (!voucher) throw new AppError(409, "Invalid voucher code", { voucher_code: request.voucher_code });
  }
  let figures = priceOrder({
    lines: items.map((i) => ({ unitPricePaisa: i.unitPricePaisa, quantity: i.quantity })),
    shipping: { feePaisa: settings.effectiveShippingFeePaisa, freeThresholdPaisa: settings.freeShippingThresholdPaisa },
    voucher,
  });
  if (voucher) {
    const problem = voucherProblem(voucher, new Date(), figures.subtotalPaisa);
    if (problem) throw new AppError(409, problem, { voucher_code: voucher.code });
  }
  if (overrides) {
    // a figure set by hand replaces the computed one, the voucher's included; the goods are never
    // given away for less than nothing
    const shippingPaisa = overrides.shippingPaisa ?? figures.shippingPaisa;
    const discountPaisa = overrides.discountPaisa ?? figures.discountPaisa;
    if (discountPaisa > figures.subtotalPaisa) throw invalid(discountTooLargeMessage(figures.subtotalPaisa));
    figures = {
      ...figures,
      shippingPaisa,
      discountPaisa,
      totalPaisa: figures.subtotalPaisa - discountPaisa + shippingPaisa,
    };
  }
  return { items, figures, voucher };
}

/**
 * Writes an order inside the caller's transaction: prices it (quoteOrder), compares the client's
 * figures, takes the stock, stores the order, its items and its first timeline rows, counts the
 * voucher use and empties the cart. Throws AppError, and the caller's transaction rolls back.
 */
export async function writeOrder(tx: Db, request: OrderRequest, terms: OrderTerms): Promise<PlacedOrder> {
  const [settingsRow] = await tx.select().from(siteSettings).where(eq(siteSettings.id, 1));
  const settings = withDefaults(settingsRow);
  if (terms.limitPerPhone) {
    await limitOrdersPerPhone(tx, request.phone_normalized, settings.effectiveMaxOrdersPerPhonePerDay);
  }
  const { items, figures, voucher } = await quoteOrder(tx, request, settings, terms.overrides);
  const changed =
    (request.total_amount !== null && figures.totalPaisa !== request.total_amount) ||
    items.some((item) => item.clientPricePaisa !== null && item.unitPricePaisa !== item.clientPricePaisa);
  if (changed) throw new PricesChangedError(serverFigures(items, figures));

  const taken = await takeStock(tx, items);

  // the fake-order signals (issue 15, point 5; decision 0073), found once, now, and stored with
  // the order. Only what the shopper placed herself can be held: an order staff took is taken
  // with the customer on the phone, so there is nobody to call back.
  const risk = await assessOrder(
    tx,
    {
      phoneNormalized: request.phone_normalized,
      shippingAddress: request.shipping_address,
      city: request.city,
      totalPaisa: figures.totalPaisa,
    },
    settings,
    terms.staffId === null && terms.status === "pending confirmation",
  );
  // the shopper's own confirm/cancel link (issue 15, point 3), for an order that asks her; a held
  // order waits for the shop's call instead, and gets neither the link nor the WhatsApp question
  const asks = terms.status === "pending confirmation" && !risk.heldForCall;
  const confirmLink = asks ? newConfirmLink() : null;
  const order = await insertOrder(tx, request, terms, figures, voucher, confirmLink?.hash ?? null, risk);
  // why the stock fell (issue 13, point 4): the stock history names this order
  await tx
    .insert(stockMovements)
    .values(taken.map((m) => ({ ...m, reason: "order" as const, orderId: order.id, actorId: terms.staffId })));
  await tx.insert(orderItems).values(
    items.map((item, n) => ({
      orderId: order.id,
      productId: item.productId,
      combinationId: item.combinationId,
      productName: item.name,
      combinationName: item.combinationName,
      variantDetails: item.variantDetails,
      imageUrl: item.imageUrl,
      unitPricePaisa: item.unitPricePaisa,
      quantity: item.quantity,
      lineTotalPaisa: figures.lineTotalsPaisa[n] as number,
    })),
  );
  await tx.insert(orderEvents).values({
    orderId: order.id,
    actorId: terms.staffId,
    kind: "status",
    toStatus: "pending confirmation",
    note: "Order placed",
    visibleToShopper: true,
  });
  if (terms.status === "confirmed") {
    // confirmed on the phone as it was taken: the timeline shows both steps, as a later confirm would
    await tx.insert(orderEvents).values({
      orderId: order.id,
      actorId: terms.staffId,
      kind: "status",
      fromStatus: "pending confirmation",
      toStatus: "confirmed",
      visibleToShopper: true,
    });
  }
  // the shopper is asked on WhatsApp to confirm; the message is written here, in the order's
  // transaction, so an order that rolls back leaves no message (decision 0069). An order staff
  // took already confirmed on the phone needs no question, nor one placed with confirmations off.
  let whatsappQuestion = false;
  if (asks) {
    whatsappQuestion =
      (await enqueueConfirmation(
        tx,
        {
          orderId: order.id,
          trackingId: order.trackingId,
          firstName: request.first_name,
          phoneNormalized: request.phone_normalized,
          totalPaisa: figures.totalPaisa,
          items: items.map((i) => ({ name: i.name, combinationName: i.combinationName, quantity: i.quantity })),
          confirmUrl: `${terms.linkBase}${confirmLink!.path}`,
        },
        settings,
      )) !== null;
  }
  // issue 17: the "order placed" email, in the order's transaction like the WhatsApp question;
  // an order without an email address (a phone order) gets none
  await queueOrderEmail(tx, order.id, "order_placed", { linkBase: terms.linkBase });
  // staff who chose it are told of the new order (decision 0094), in this transaction too; the
  // member who took a phone order knows already
  await queueNewOrderAlerts(
    tx,
    {
      orderId: order.id,
      trackingId: order.trackingId,
      customerName: `${request.first_name} ${request.last_name}`.trim(),
      city: request.city,
      totalPaisa: figures.totalPaisa,
      itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
      heldForCall: risk.heldForCall,
      storeName: settings.siteName,
    },
    { exceptUserId: terms.staffId, linkBase: terms.linkBase },
  );
  if (voucher) {
    await redeemVoucher(tx, voucher, {
      orderId: order.id,
      email: request.email,
      phoneNormalized: request.phone_normalized,
    });
  }
  if (request.session_id) {
    // spec §4: after a successful order the cart is cleared (its lines go with it: on delete cascade)
    await tx.delete(carts).where(eq(carts.sessionId, request.session_id));
  }
  return {
    id: order.id,
    trackingId: order.trackingId,
    status: terms.status,
    paymentMethod: "cod",
    items: items.map((item, n) => ({
      productId: item.productId,
      combinationId: item.combinationId,
      name: item.name,
      variant: item.combinationName,
      variantDetails: item.variantDetails,
      quantity: item.quantity,
      unitPricePaisa: item.unitPricePaisa,
      lineTotalPaisa: figures.lineTotalsPaisa[n] as number,
    })),
    subtotalPaisa: figures.subtotalPaisa,
    shippingPaisa: figures.shippingPaisa,
    discountPaisa: figures.discountPaisa,
    totalPaisa: figures.totalPaisa,
    voucherCode: voucher?.code ?? null,
    freeShippingByVoucher: voucher?.discountType === "shipping" && figures.shippingFeePaisa > 0,
    confirmPath: confirmLink?.path ?? null,
    heldForCall: risk.heldForCall,
    whatsappQuestion,
    createdAt: order.createdAt.toISOString(),
  };
}

/**
 * At most `max` orders from one phone number in 24 hours, in any of its forms (issue 11, item
 * 13). A transaction lock on the number makes parallel orders from it count one after another,
 * so they never all pass together; it is released when the order commits or rolls back.
 */
async function limitOrdersPerPhone(tx: Db, phoneNormalized: string, max: number): Promise<void> {
  const forms = samePhoneForms(phoneNormalized);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`orders:phone:${forms[0]}`}, 0))`);
  const [row] = await tx
    .select({
      n: sql<number>`count(*)`.mapWith(Number),
      retryAfter: sql<string | null>`ceil(extract(epoch from min(${orders.createdAt}) + interval '1 day' - now()))`,
    })
    .from(orders)
    .where(
      and(
        inArray(orders.phoneNormalized, forms),
        gt(orders.createdAt, sql`now() - interval '1 day'`),
        // only what the shopper placed herself counts: an order staff typed in for her (source
        // phone, whatsapp, …; decision 0057) or an exchange's replacement (0056) does not
        eq(orders.source, "website"),
        isNull(orders.exchangeOfOrderId),
      ),
    );
  if (row && row.n >= max) {
    throw new AppError(429, phoneLimitMessage(max), undefined, Math.max(1, Number(row.retryAfter ?? 1)));
  }
}

/** At most `max` units of one item (a combination, or a product without options) in one order. */
function limitUnitsPerLine(items: PricedItem[], max: number): void {
  const units = new Map<string, number>();
  for (const item of items) {
    const key = item.combinationId === null ? `p${item.productId}` : `c${item.combinationId}`;
    const total = (units.get(key) ?? 0) + item.quantity;
    units.set(key, total);
    if (total > max) {
      throw new AppError(422, maxUnitsMessage(max), {
        product_id: item.productId,
        combination_id: item.combinationId,
        max_quantity: max,
      });
    }
  }
}

/**
 * The catalogue rows an order is priced from (the checkout's, a manual order's and an exchange's
 * replacements'): each product with its price, whether it is on sale, its first photo and how
 * many options it has; and each combination with its price and whether it is on sale.
 */
export async function loadCatalogueRows(tx: Db, productIds: number[], combinationIds: number[]) {
  // "products"."id" spelled out: drizzle prints a lone column without its table, which inside
  // these subqueries would mean their own id
  const productRows =
    productIds.length === 0
      ? []
      : await tx
          .select({
            id: products.id,
            name: products.name,
            pricePaisa: products.pricePaisa,
            isActive: products.isActive,
            imageUrl: sql<
              string | null
            >`(select pi.image_url from product_images pi where pi.product_id = "products"."id"
              order by pi.is_primary desc, pi.position, pi.id limit 1)`,
            combinationCount:
              sql<number>`(select count(*) from variant_combinations vc where vc.product_id = "products"."id")`.mapWith(
                Number,
              ),
          })
          .from(products)
          .where(inArray(products.id, productIds));
  const combinationRows =
    combinationIds.length === 0
      ? []
      : await tx
          .select({
            id: variantCombinations.id,
            productId: variantCombinations.productId,
            name: variantCombinations.combinationName,
            attributes: variantCombinations.variantAttributes,
            pricePaisa: variantCombinations.pricePaisa,
            isAvailable: variantCombinations.isAvailable,
          })
          .from(variantCombinations)
          .where(inArray(variantCombinations.id, combinationIds));
  return {
    productById: new Map(productRows.map((p) => [p.id, p])),
    combinationById: new Map(combinationRows.map((c) => [c.id, c])),
  };
}

/** The products and combinations of the items, priced from the database, in the payload's order. */
async function loadItems(tx: Db, input: OrderRequest): Promise<PricedItem[]> {
  const productIds = [...new Set(input.items.map((i) => i.product_id))];
  const combinationIds = [
    ...new Set(input.items.flatMap((i) => (i.combination_id === null ? [] : [i.combination_id]))),
  ];
  const { productById, combinationById } = await loadCatalogueRows(tx, productIds, combinationIds);

  return input.items.map((item, n) => {
    const product = productById.get(item.product_id);
    if (!product || !product.isActive) {
      throw new AppError(409, "An item in your cart is no longer available. Please review your cart.", {
        product_id: item.product_id,
      });
    }
    if (item.combination_id === null) {
      if (product.combinationCount > 0)
        throw invalid(`items.${n}.combination_id: ${SELECT_ALL_OPTIONS} for ${product.name}`);
      return {
        productId: product.id,
        combinationId: null,
        name: product.name,
        combinationName: null,
        variantDetails: item.variant_details,
        imageUrl: product.imageUrl,
        quantity: item.quantity,
        unitPricePaisa: product.pricePaisa,
        clientPricePaisa: item.price,
      };
    }
    const combination = combinationById.get(item.combination_id);
    if (!combination) {
      throw new AppError(
        409,
        `An option of ${product.name} in your cart is no longer available. Please review your cart.`,
        {
          product_id: item.product_id,
          combination_id: item.combination_id,
        },
      );
    }
    if (combination.productId !== product.id) {
      throw invalid(`items.${n}.combination_id: this option does not belong to ${product.name}`);
    }
    return {
      productId: product.id,
      combinationId: combination.id,
      name: product.name,
      combinationName: combination.name,
      // the combination's own attributes: what staff pack, whatever the page sent
      variantDetails: combination.attributes,
      imageUrl: product.imageUrl,
      quantity: item.quantity,
      unitPricePaisa: combination.pricePaisa,
      clientPricePaisa: item.price,
    };
  });
}

export interface ServerFigures {
  items: {
    productId: number;
    combinationId: number | null;
    quantity: number;
    unitPricePaisa: number;
    lineTotalPaisa: number;
  }[];
  subtotalPaisa: number;
  shippingPaisa: number;
  discountPaisa: number;
  totalPaisa: number;
}

/** 409 "Prices have changed": carries the server's figures so the page can update its cart. */
export class PricesChangedError extends AppError {
  constructor(readonly figures: ServerFigures) {
    super(409, PRICES_CHANGED);
  }
}

function serverFigures(items: PricedItem[], figures: OrderFigures): ServerFigures {
  return {
    items: items.map((item, n) => ({
      productId: item.productId,
      combinationId: item.combinationId,
      quantity: item.quantity,
      unitPricePaisa: item.unitPricePaisa,
      lineTotalPaisa: figures.lineTotalsPaisa[n] as number,
    })),
    subtotalPaisa: figures.subtotalPaisa,
    shippingPaisa: figures.shippingPaisa,
    discountPaisa: figures.discountPaisa,
    totalPaisa: figures.totalPaisa,
  };
}

/** What taking stock needs of a line: the checkout's priced items, and an exchange's replacements. */
export type StockItem = Pick<PricedItem, "productId" | "combinationId" | "name" | "combinationName" | "quantity">;

interface StockUnit {
  table: "combination" | "product";
  id: number;
  quantity: number;
  item: StockItem;
}

/**
 * The units to take per combination or simple product, with the quantities of lines that share
 * it summed, in id order so that two orders never wait on each other's rows in opposite orders
 * (no deadlock).
 */
function stockUnits(items: StockItem[]): StockUnit[] {
  const wanted = new Map<string, StockUnit>();
  for (const item of items) {
    const table = item.combinationId === null ? "product" : "combination";
    const id = item.combinationId ?? item.productId;
    const entry = wanted.get(`${table}:${id}`);
    if (entry) entry.quantity += item.quantity;
    else wanted.set(`${table}:${id}`, { table, id, quantity: item.quantity, item });
  }
  return [...wanted.values()].sort((a, b) => (a.table === b.table ? a.id - b.id : a.table === "combination" ? -1 : 1));
}

/** What is left of a unit for sale now: 0 for an option or product no longer offered. */
async function stockLeft(tx: Db, unit: StockUnit): Promise<number> {
  const [left] = await queryRows<{ stock: number }>(
    tx,
    unit.table === "combination"
      ? sql`select case when is_available then stock else 0 end as stock from variant_combinations where id = ${unit.id}`
      : sql`select case when is_active then stock else 0 end as stock from products where id = ${unit.id}`,
  );
  return Number(left?.stock ?? 0);
}

function notEnoughStock(unit: StockUnit, stock: number): AppError {
  const { item, quantity } = unit;
  const name = item.combinationName ? `${item.name} (${item.combinationName})` : item.name;
  return new AppError(
    409,
    stock > 0
      ? `Only ${stock} left of ${name}. Please reduce the quantity and try again.`
      : `${name} is out of stock. Please remove it from your cart.`,
    { product_id: item.productId, combination_id: item.combinationId, stock_quantity: stock, requested: quantity },
  );
}

/**
 * Whether the stock covers the items now, read only (a staff member's review of an order): the
 * same refusal that taking it would give. Placing the order decides again, in takeStock.
 */
export async function checkStock(tx: Db, items: PricedItem[]): Promise<void> {
  for (const unit of stockUnits(items)) {
    const stock = await stockLeft(tx, unit);
    if (stock < unit.quantity) throw notEnoughStock(unit, stock);
  }
}

/** Takes the stock: one conditional UPDATE per combination or simple product (decision 0007). */
export async function takeStock(
  tx: Db,
  items: StockItem[],
): Promise<{ productId: number; combinationId: number | null; delta: number; stockAfter: number }[]> {
  const taken: { productId: number; combinationId: number | null; delta: number; stockAfter: number }[] = [];
  for (const unit of stockUnits(items)) {
    const { table, id, quantity, item } = unit;
    const updated = await queryRows<{ stock: number }>(
      tx,
      table === "combination"
        ? sql`update variant_combinations set stock = stock - ${quantity}, updated_at = now()
              where id = ${id} and stock >= ${quantity} and is_available returning stock`
        : sql`update products set stock = stock - ${quantity}, updated_at = now()
              where id = ${id} and stock >= ${quantity} and is_active returning stock`,
    );
    // only to word the refusal; the UPDATE above was the decision
    if (updated.length === 0) throw notEnoughStock(unit, await stockLeft(tx, unit));
    taken.push({
      productId: item.productId,
      combinationId: item.combinationId,
      delta: -quantity,
      stockAfter: Number(updated[0]!.stock),
    });
  }
  return taken;
}

/** The order row with a fresh tracking ID; a rare collision draws another. */
async function insertOrder(
  tx: Db,
  input: OrderRequest,
  terms: OrderTerms,
  figures: OrderFigures,
  voucher: Voucher | null,
  confirmTokenHash: string | null,
  risk: RiskAssessment,
): Promise<{ id: number; trackingId: string; createdAt: Date }> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await tx
      .insert(orders)
      .values({
        trackingId: newTrackingId(),
        userId: terms.userId,
        sessionId: input.session_id,
        status: terms.status,
        firstName: input.first_name,
        lastName: input.last_name,
        email: input.email,
        phone: input.phone,
        phoneNormalized: input.phone_normalized,
        shippingAddress: input.shipping_address,
        city: input.city,
        postalCode: input.postal_code,
        country: input.country,
        paymentMethod: "cod",
        subtotalPaisa: figures.subtotalPaisa,
        shippingPaisa: figures.shippingPaisa,
        discountPaisa: figures.discountPaisa,
        totalPaisa: figures.totalPaisa,
        voucherId: voucher?.id ?? null,
        voucherCode: voucher?.code ?? null,
        source: terms.source,
        priceOverrideReason: terms.overrides?.reason ?? null,
        confirmTokenHash,
        riskSignals: risk.risk,
        heldForCall: risk.heldForCall,
        addressKey: risk.addressKey,
      })
      .onConflictDoNothing({ target: orders.trackingId })
      .returning({ id: orders.id, trackingId: orders.trackingId, createdAt: orders.createdAt });
    if (row) return row;
  }
  throw new Error("could not draw an unused tracking ID in 5 attempts");
}
