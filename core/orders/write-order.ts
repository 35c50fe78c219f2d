// The order-writing library (decision 0100): the writes of one order inside its transaction,
// shared by the checkout (place-order.ts), the orders staff type in for a customer who ordered by
// phone or message (manual-order.ts, decision 0057) and exchanges' replacement orders
// (exchange.ts, decision 0056): one pricing (quote-order.ts), one stock rule (order-stock.ts,
// decision 0007) and one voucher count (decision 0019) for all. Any failure throws and the
// caller's transaction rolls back, so there is never half an order.
import { pagePath } from "../shared/locale";
import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { carts, orderItems, orderEvents, orders, siteSettings, type OrderSource } from "../../db/schema";
import { AppError } from "../shared/errors";
import { withDefaults } from "../settings/site-settings";
import { redeemVoucher } from "../vouchers/vouchers";
import { samePhoneForms } from "../shared/customer-keys";
import { enqueueConfirmation } from "./confirmation";
import { queueNewOrderAlerts } from "./new-order-alerts";
import { queueOrderEmail } from "./order-emails";
import { newConfirmLink } from "./confirm-link";
import { assessOrder } from "./risk";
import { newTrackingId } from "./tracking-id";
import {
  quoteOrder,
  refuseChangedPrices,
  type OrderRequest,
  type PriceOverrides,
  type PricedItem,
} from "./quote-order";
import { takeStock } from "./order-stock";
import { noDeliveryMessage } from "./checkout-form";
import { cityDelivery, matchOrderCity } from "../couriers/cities";
import type { Order, OrderLine } from "./order";

export const phoneLimitMessage = (max: number) =>
  `This phone number has already placed ${max} orders today. Please try again tomorrow or contact us.`;

export interface PlacedOrderItem extends Pick<
  OrderLine,
  "variantDetails" | "quantity" | "unitPricePaisa" | "lineTotalPaisa"
> {
  productId: number;
  combinationId: number | null;
  name: OrderLine["productName"];
  /** the combination's name, e.g. "M / Black" */
  variant: OrderLine["combinationName"];
}

/** The answer to a placed order. Plain JSON (dates as ISO text): it is stored for replays. */
export interface PlacedOrder extends Pick<
  Order,
  "id" | "trackingId" | "status" | "subtotalPaisa" | "shippingPaisa" | "discountPaisa" | "totalPaisa" | "voucherCode"
> {
  paymentMethod: "cod";
  items: PlacedOrderItem[];
  freeShippingByVoucher: boolean;
  createdAt: string;
  /** the shopper's confirm/cancel page (/order/confirm/<token>) while the order awaits confirmation */
  confirmPath: string | null;
  /**
   * a fake-order signal the shop chose holds the order for a call (decision 0073): no WhatsApp
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

/** How an order is taken, besides what is in it. */
export interface OrderTerms {
  userId: number | null;
  source: OrderSource;
  /** a staff member may take an order the customer already confirmed on the phone */
  status: "pending confirmation" | "confirmed";
  /** the staff member who took it (its timeline and stock history name them); null: the shopper */
  staffId: number | null;
  /** the per-phone daily limit guards the public checkout against scripts */
  limitPerPhone: boolean;
  overrides: PriceOverrides | null;
  /** the store's address (PUBLIC_URL) that the confirm link in the WhatsApp message starts with */
  linkBase: string;
}

/** The public checkout's terms: the shopper places it herself, and is asked to confirm it. */
export const SHOPPER_TERMS: OrderTerms = {
  userId: null,
  source: "website",
  status: "pending confirmation",
  staffId: null,
  limitPerPhone: true,
  overrides: null,
  linkBase: "",
};

/**
 * Writes an order inside the caller's transaction: prices it (quoteOrder), compares the client's
 * figures, takes the stock, stores the order, its items and its first timeline rows, counts the
 * voucher use and empties the cart. Throws AppError, and the caller's transaction rolls back.
 */
export async function writeOrder(tx: Db, request: OrderRequest, terms: OrderTerms): Promise<PlacedOrder> {
  const [settingsRow] = await tx.select().from(siteSettings).where(eq(siteSettings.id, 1));
  const settings = withDefaults(settingsRow);
  // the typed city matched to the store's list (decision 0105); a shopper is told before anything
  // is placed when no active courier delivers there (staff taking an order may ship it by hand)
  const place = await matchOrderCity(tx, request.city, request.country);
  if (terms.staffId === null && place.cityId !== null && (await cityDelivery(tx, place.cityId)) === "no courier") {
    const message = noDeliveryMessage(place.name);
    throw new AppError(422, message, { errors: [{ field: "city", message }] });
  }
  if (terms.limitPerPhone) {
    await limitOrdersPerPhone(tx, request.phone_normalized, settings.effectiveMaxOrdersPerPhonePerDay);
  }
  const quote = await quoteOrder(tx, request, settings, terms.overrides);
  refuseChangedPrices(request, quote);
  const { items, figures, voucher } = quote;

  // the fake-order signals (decision 0073), found once, now, and stored with
  // the order. Only what the shopper placed herself can be held: an order staff took is taken
  // with the customer on the phone, so there is nobody to call back.
  const risk = await assessOrder(
    tx,
    {
      phoneNormalized: request.phone_normalized,
      shippingAddress: request.shipping_address,
      city: place.name,
      totalPaisa: figures.totalPaisa,
    },
    settings,
    terms.staffId === null && terms.status === "pending confirmation",
  );
  // the shopper's own confirm/cancel link (decision 0071), for an order that asks her; a held
  // order waits for the shop's call instead, and gets neither the link nor the WhatsApp question
  const asks = terms.status === "pending confirmation" && !risk.heldForCall;
  const confirmLink = asks ? newConfirmLink() : null;
  const order = await insertOrderRow(tx, {
    userId: terms.userId,
    sessionId: request.session_id,
    status: terms.status,
    firstName: request.first_name,
    lastName: request.last_name,
    email: request.email,
    phone: request.phone,
    phoneNormalized: request.phone_normalized,
    shippingAddress: request.shipping_address,
    city: place.name,
    cityId: place.cityId,
    cityUnmatched: place.unmatched,
    postalCode: request.postal_code,
    country: request.country,
    paymentMethod: "cod",
    subtotalPaisa: figures.subtotalPaisa,
    shippingPaisa: figures.shippingPaisa,
    discountPaisa: figures.discountPaisa,
    totalPaisa: figures.totalPaisa,
    voucherId: voucher?.id ?? null,
    voucherCode: voucher?.code ?? null,
    source: terms.source,
    locale: request.locale ?? "en",
    priceOverrideReason: terms.overrides?.reason ?? null,
    confirmTokenHash: confirmLink?.hash ?? null,
    riskSignals: risk.risk,
    heldForCall: risk.heldForCall,
    addressKey: risk.addressKey,
  });
  // the stock is taken once the order's row exists, so that its ledger rows name it (decision 0100)
  await takeStock(tx, items, { reason: "order", orderId: order.id, actorId: terms.staffId });
  await tx
    .insert(orderItems)
    .values(items.map((item, n) => orderLineValues(order.id, item, figures.lineTotalsPaisa[n] as number)));
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
          confirmUrl: `${terms.linkBase}${pagePath(confirmLink!.path, request.locale ?? "en")}`,
          locale: request.locale ?? "en",
        },
        settings,
      )) !== null;
  }
  // the "order placed" email, in the order's transaction like the WhatsApp question;
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
      city: place.name,
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
 * At most `max` orders from one phone number in 24 hours, in any of its forms. A transaction lock on the number makes parallel orders from it count one after another,
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

/** A priced line as its order keeps it: the catalogue's names, details and photo copied, so the order reads the same after the catalogue changes. */
export const orderLineValues = (
  orderId: number,
  item: Pick<
    PricedItem,
    | "productId"
    | "combinationId"
    | "name"
    | "combinationName"
    | "variantDetails"
    | "imageUrl"
    | "quantity"
    | "unitPricePaisa"
  >,
  lineTotalPaisa: number,
): typeof orderItems.$inferInsert => ({
  orderId,
  productId: item.productId,
  combinationId: item.combinationId,
  productName: item.name,
  combinationName: item.combinationName,
  variantDetails: item.variantDetails,
  imageUrl: item.imageUrl,
  unitPricePaisa: item.unitPricePaisa,
  quantity: item.quantity,
  lineTotalPaisa,
});

/** An order's row with a fresh tracking ID; a rare collision draws another. */
export async function insertOrderRow(
  tx: Db,
  values: Omit<typeof orders.$inferInsert, "trackingId">,
): Promise<Pick<Order, "id" | "trackingId" | "createdAt">> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await tx
      .insert(orders)
      .values({ ...values, trackingId: newTrackingId() })
      .onConflictDoNothing({ target: orders.trackingId })
      .returning({ id: orders.id, trackingId: orders.trackingId, createdAt: orders.createdAt });
    if (row) return row;
  }
  throw new Error("could not draw an unused tracking ID in 5 attempts");
}
