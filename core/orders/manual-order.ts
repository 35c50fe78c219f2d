// Orders staff type in for a customer who ordered by phone, WhatsApp or Instagram (decision
// 0057). They go through the checkout's own transaction (writeOrder): the same
// prices from the catalogue, the same conditional stock update, the same voucher count and the
// same phone rule. What differs is said here: the source is recorded, the staff member is the
// actor of the timeline and the stock history, the per-phone daily limit of the public checkout
// does not apply, and a role with order_price_overrides may set the shipping fee or the discount
// by hand, with a reason, which the order and the audit log keep.
import { eq } from "drizzle-orm";
import type { CoreContext } from "../context";
import type { Db } from "../../db/client";
import { orderEvents, siteSettings } from "../../db/schema";
import { getProductsByIds, listProducts, type Product } from "../catalog/products";
import { normalizePhone } from "../shared/phone";
import { PricesChangedError, quoteOrder, type OrderRequest, type PriceOverrides } from "./quote-order";
import { writeOrder, type PlacedOrder } from "./write-order";
import { checkStock } from "./order-stock";
import { claimIdempotencyKey, keepIdempotentAnswer, requestHash } from "./idempotency";
import { AppError, invalid } from "../shared/errors";
import { formatRupees } from "../shared/money";
import { parseRupees } from "../shared/money-input";
import { withDefaults } from "../settings/site-settings";
import { staffWrite } from "../shared/staff-write";
import { requirePermission } from "../shared/staff-errors";
import type { StaffActor } from "../shared/permissions";
import { customerProblem } from "../vouchers/vouchers";
import { sourceLabel } from "./order-sources";
import {
  MAX_MANUAL_ORDER_LINES,
  manualOrderInput,
  manualOrderProblem,
  OVERRIDE_REASON_REQUIRED,
  type ManualOrderInput,
} from "./manual-order-input";

// the form's schema and words, where the console and the staff API import them
export { MAX_MANUAL_ORDER_LINES, manualOrderInput, manualOrderProblem } from "./manual-order-input";

function parseManualOrder(raw: unknown): ManualOrderInput {
  const result = manualOrderInput.safeParse(raw ?? {});
  if (!result.success) {
    const issue = result.error.issues[0];
    throw invalid(issue ? manualOrderProblem(issue) : "The order is invalid.");
  }
  return result.data;
}

/**
 * The figures set by hand: 403 without the permission, whatever else is wrong; 422 without a
 * reason. null when neither the shipping fee nor the discount is set.
 */
function overridesOf(actor: StaffActor, input: ManualOrderInput): PriceOverrides | null {
  if (input.shipping_fee === null && input.discount === null) return null;
  requirePermission(actor, "order_price_overrides");
  if (!input.override_reason) throw invalid(OVERRIDE_REASON_REQUIRED);
  return {
    shippingPaisa: input.shipping_fee === null ? null : parseRupees(input.shipping_fee),
    discountPaisa: input.discount === null ? null : parseRupees(input.discount),
    reason: input.override_reason,
  };
}

function orderRequestOf(input: ManualOrderInput): OrderRequest {
  return {
    first_name: input.first_name,
    last_name: input.last_name,
    email: input.email,
    phone: input.phone,
    phone_normalized: normalizePhone(input.phone, input.country)!,
    shipping_address: input.shipping_address,
    city: input.city,
    postal_code: input.postal_code,
    country: input.country,
    items: input.items.map((item) => ({ ...item, price: null, variant_details: null })),
    voucher_code: input.voucher_code,
    session_id: null,
    total_amount: input.total_amount === undefined ? null : parseRupees(input.total_amount),
  };
}

export const totalChangedMessage = (reviewedPaisa: number, nowPaisa: number) =>
  `The total is now ${formatRupees(nowPaisa)}, not the ${formatRupees(reviewedPaisa)} you reviewed. Review the order again before placing it.`;

/** What a manual order will cost, priced as placing it would price it; nothing is written. */
export interface ManualOrderPreview {
  lines: {
    productId: number;
    combinationId: number | null;
    name: string;
    variant: string | null;
    imageUrl: string | null;
    quantity: number;
    unitPricePaisa: number;
    lineTotalPaisa: number;
  }[];
  subtotalPaisa: number;
  /** the shipping fee the settings charge, before any voucher or override */
  shippingFeePaisa: number;
  shippingPaisa: number;
  discountPaisa: number;
  totalPaisa: number;
  voucherCode: string | null;
  /** the shipping fee or the discount was set by hand */
  overridden: boolean;
}

/**
 * Prices a manual order without placing it (the console's Review step): the same checks as
 * placing it, the stock and the customer's voucher uses read instead of taken. 403, 409 and 422
 * as placeManualOrder answers them.
 */
export async function previewManualOrder(
  ctx: CoreContext,
  actor: StaffActor,
  raw: unknown,
): Promise<ManualOrderPreview> {
  requirePermission(actor, "orders");
  const input = parseManualOrder(raw);
  const overrides = overridesOf(actor, input);
  const request = orderRequestOf(input);
  const [settingsRow] = await ctx.db.select().from(siteSettings).where(eq(siteSettings.id, 1));
  const { items, figures, voucher } = await quoteOrder(ctx.db, request, withDefaults(settingsRow), overrides);
  await checkStock(ctx.db, items);
  if (voucher) {
    const problem = await customerProblem(ctx.db, voucher, {
      email: request.email,
      phoneNormalized: request.phone_normalized,
    });
    if (problem) throw new AppError(409, problem, { voucher_code: voucher.code });
  }
  return {
    lines: items.map((item, n) => ({
      productId: item.productId,
      combinationId: item.combinationId,
      name: item.name,
      variant: item.combinationName,
      imageUrl: item.imageUrl,
      quantity: item.quantity,
      unitPricePaisa: item.unitPricePaisa,
      lineTotalPaisa: figures.lineTotalsPaisa[n] as number,
    })),
    subtotalPaisa: figures.subtotalPaisa,
    shippingFeePaisa: figures.shippingFeePaisa,
    shippingPaisa: figures.shippingPaisa,
    discountPaisa: figures.discountPaisa,
    totalPaisa: figures.totalPaisa,
    voucherCode: voucher?.code ?? null,
    overridden: overrides !== null,
  };
}

export interface ManualOrderOutcome {
  order: PlacedOrder;
  /** the stored answer of an earlier request with the same Idempotency-Key */
  replayed: boolean;
}

/** A staff member's Idempotency-Keys are their own: another member's same key is another order. */
const manualScope = (actor: StaffActor) => `manual-orders:staff:${actor.userId}`;

/**
 * Places an order a staff member took for a customer (POST /api/admin/orders): one transaction
 * with the checkout's pricing, stock and voucher count, the source, the member as the actor of
 * its first timeline rows, their note and any figure set by hand as staff notes, and the audit
 * record. 403 without the orders permission, or with a figure set by hand and without
 * order_price_overrides; 409 for stock, voucher or a total changed since the review; 422 for
 * bad fields. Nothing is written unless all of it is.
 */
export async function placeManualOrder(
  ctx: CoreContext,
  actor: StaffActor,
  raw: unknown,
  options: { idempotencyKey?: string | null } = {},
): Promise<ManualOrderOutcome> {
  requirePermission(actor, "orders");
  const input = parseManualOrder(raw);
  const overrides = overridesOf(actor, input);
  const request = orderRequestOf(input);
  const key = options.idempotencyKey ?? null;
  const scope = manualScope(actor);
  // stock changed: catalogue reads cached by this process must not show the old figures
  return staffWrite(ctx, actor, "orders", async ({ tx, audit, unchanged }): Promise<ManualOrderOutcome> => {
    if (key !== null) {
      const replay = await claimIdempotencyKey(tx, scope, key, requestHash(input));
      if (replay) return unchanged({ order: replay.order, replayed: true });
    }
    let order: PlacedOrder;
    try {
      order = await writeOrder(tx, request, {
        userId: null,
        source: input.source,
        status: input.status,
        staffId: actor.userId,
        // the daily limit per phone stops scripts at the public checkout; a member typing in a
        // customer's fourth order of the day is the store's own decision
        limitPerPhone: false,
        overrides,
        linkBase: ctx.publicUrl ?? "",
      });
    } catch (error) {
      if (error instanceof PricesChangedError && request.total_amount !== null) {
        throw new AppError(409, totalChangedMessage(request.total_amount, error.figures.totalPaisa), {
          total_amount: error.figures.totalPaisa / 100,
        });
      }
      throw error;
    }
    await recordNotes(tx, actor, order.id, input, overrides);
    await audit({
      action: "order.create",
      entityType: "order",
      entityId: order.id,
      changes: {
        tracking_id: order.trackingId,
        source: input.source,
        status: order.status,
        lines: order.items.length,
        units: order.items.reduce((n, item) => n + item.quantity, 0),
        total_paisa: order.totalPaisa,
        voucher_code: order.voucherCode,
        ...(overrides
          ? {
              shipping_override_paisa: overrides.shippingPaisa,
              discount_override_paisa: overrides.discountPaisa,
              override_reason: overrides.reason,
            }
          : {}),
      },
    });
    if (key !== null) await keepIdempotentAnswer(tx, scope, key, order);
    return { order, replayed: false };
  });
}

/** The member's note and the figures set by hand, as staff notes on the timeline (never the shopper's). */
async function recordNotes(
  tx: Db,
  actor: StaffActor,
  orderId: number,
  input: ManualOrderInput,
  overrides: PriceOverrides | null,
): Promise<void> {
  const notes: string[] = [];
  if (input.note) notes.push(input.note);
  if (overrides) {
    const set = [
      overrides.shippingPaisa === null ? null : `shipping ${formatRupees(overrides.shippingPaisa)}`,
      overrides.discountPaisa === null ? null : `discount ${formatRupees(overrides.discountPaisa)}`,
    ].filter(Boolean);
    notes.push(`Set by hand: ${set.join(", ")}. Reason: ${overrides.reason}`);
  }
  notes.unshift(`Taken by ${sourceLabel(input.source)}.`);
  await tx
    .insert(orderEvents)
    .values(
      notes.map((note) => ({ orderId, actorId: actor.userId, kind: "note" as const, note, visibleToShopper: false })),
    );
}

/** A product as staff pick it for a manual order: its options with price and stock. */
export interface CatalogueMatch {
  id: number;
  name: string;
  pricePaisa: number;
  /** units for sale: the product's own, or the sum over its available options */
  stock: number;
  imageUrl: string | null;
  combinations: { id: number; name: string; pricePaisa: number; stock: number; available: boolean }[];
}

export const CATALOGUE_SEARCH_MAX = 100;
const CATALOGUE_MATCHES = 10;

function catalogueMatch(product: Product): CatalogueMatch {
  const image = product.images.find((i) => i.isPrimary) ?? product.images[0];
  return {
    id: product.id,
    name: product.name,
    pricePaisa: product.pricePaisa,
    stock: product.stock,
    imageUrl: image?.imageUrl ?? null,
    combinations: product.combinations.map((c) => ({
      id: c.id,
      name: c.combinationName,
      pricePaisa: c.pricePaisa,
      stock: c.stock,
      available: c.isAvailable,
    })),
  };
}

/**
 * Products on sale to add to a manual order: the shop's own search (name and description, with
 * typos forgiven), or a product's number; the newest when nothing is typed. At most ten.
 */
export async function searchOrderCatalogue(
  ctx: CoreContext,
  actor: StaffActor,
  query: string,
): Promise<CatalogueMatch[]> {
  requirePermission(actor, "orders");
  const term = query.slice(0, CATALOGUE_SEARCH_MAX).trim();
  const [byNumber, page] = await Promise.all([
    /^\d{1,9}$/.test(term) ? getProductsByIds(ctx, [Number(term)]) : Promise.resolve([]),
    listProducts(ctx, { search: term || undefined, limit: CATALOGUE_MATCHES, offset: 0 }),
  ]);
  const seen = new Set<number>();
  return [...byNumber, ...page.items]
    .filter((p) => !seen.has(p.id) && seen.add(p.id))
    .slice(0, CATALOGUE_MATCHES)
    .map(catalogueMatch);
}

/** These products on sale, for the lines of a manual order being put together (any order). */
export async function orderCatalogueItems(
  ctx: CoreContext,
  actor: StaffActor,
  productIds: number[],
): Promise<CatalogueMatch[]> {
  requirePermission(actor, "orders");
  const ids = [...new Set(productIds)].filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647);
  return (await getProductsByIds(ctx, ids.slice(0, MAX_MANUAL_ORDER_LINES))).map(catalogueMatch);
}
