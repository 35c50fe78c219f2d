// Orders staff type in for a customer who ordered by phone, WhatsApp or Instagram (issue 13,
// point 6; decision 0057). They go through the checkout's own transaction (writeOrder): the same
// prices from the catalogue, the same conditional stock update, the same voucher count and the
// same phone rule. What differs is said here: the source is recorded, the staff member is the
// actor of the timeline and the stock history, the per-phone daily limit of the public checkout
// does not apply, and a role with order_price_overrides may set the shipping fee or the discount
// by hand, with a reason, which the order and the audit log keep.
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { CoreContext } from "../context";
import type { Db } from "../../db/client";
import { idempotencyKeys, orderEvents, siteSettings } from "../../db/schema";
import { getProductsByIds, listProducts, type Product } from "../catalog/products";
import { COUNTRIES, INVALID_EMAIL } from "./checkout-form";
import { orderItemInput } from "./order-input";
import { normalizePhone, phoneMessage } from "../shared/phone";
import {
  checkStock,
  claimIdempotencyKey,
  PricesChangedError,
  quoteOrder,
  requestHash,
  writeOrder,
  type OrderRequest,
  type PlacedOrder,
  type PriceOverrides,
} from "./place-order";
import { isEmailAddress } from "../shared/email";
import { AppError, invalid } from "../shared/errors";
import { formatRupees, parseRupees } from "../shared/money";
import { withDefaults } from "../settings/site-settings";
import { recordAudit, whoIs } from "../shared/audit";
import { requirePermission } from "../shared/staff-errors";
import type { StaffActor } from "../shared/permissions";
import { customerProblem, voucherCodeSchema } from "../vouchers/vouchers";
import { MANUAL_ORDER_SOURCES, sourceLabel } from "./order-sources";

/** Lines in one manual order: a phone call, not a warehouse's restock. */
export const MAX_MANUAL_ORDER_LINES = 50;
export const MANUAL_NOTE_MAX = 2000;
export const OVERRIDE_REASON_MAX = 500;
/** Rs. 1,000,000: more than any shipping fee or discount a cash-on-delivery parcel carries. */
export const MAX_OVERRIDE_PAISA = 100_000_000;
export const MANUAL_ORDER_STATUSES = ["pending confirmation", "confirmed"] as const;

export const OVERRIDE_REASON_REQUIRED =
  "override_reason is required when the shipping fee or the discount is set by hand: say why";

// PostgreSQL text cannot hold NUL, and control characters have no place in what staff type
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const LINE_BREAK = /[\r\n\t]/;

/**
 * Text staff type: the length is checked first and stops the rest, then control characters, then
 * it is trimmed; `required` refuses what is empty after trimming with the checkout's words.
 */
const typed = (label: string, max: number, options: { required?: boolean; multiline?: boolean } = {}) => {
  const base = z
    .string({ error: options.required ? `${label} is required` : `${label} must be text` })
    .max(max, { error: `${label} must be at most ${max} characters`, abort: true })
    .refine((value) => !CONTROL.test(value) && (options.multiline || !LINE_BREAK.test(value)), {
      message: `${label} must not contain control characters`,
    })
    .transform((value) => value.trim());
  return options.required ? base.refine((value) => value.length > 0, { message: `${label} is required` }) : base;
};

/** A rupee amount set by hand; "" or null is "not set". Kept as sent: core turns it into paisa. */
const override = (name: string) =>
  z
    .union([z.number(), z.string().max(20, `${name} must be an amount in rupees, such as 250`), z.null()], {
      error: `${name} must be an amount in rupees, such as 250`,
    })
    .optional()
    .transform((value) => (value === "" || value === null || value === undefined ? null : value))
    .refine(
      (value) => {
        if (value === null) return true;
        const paisa = parseRupees(value);
        return paisa !== null && paisa >= 0 && paisa <= MAX_OVERRIDE_PAISA;
      },
      { message: `${name} must be an amount from 0 to ${MAX_OVERRIDE_PAISA / 100} rupees` },
    );

/**
 * A manual order as the staff API and the console send it. Validation only, and idempotent (the
 * route validates the body, core validates it again): amounts stay in rupees, the phone as typed.
 */
export const manualOrderInput = z
  .object({
    first_name: typed("First name", 100, { required: true }),
    last_name: typed("Last name", 100, { required: true }),
    // a customer who orders by phone often has no email address, and none is made up for them
    email: z
      .string({ error: INVALID_EMAIL })
      .max(254, { error: INVALID_EMAIL, abort: true })
      .nullable()
      .optional()
      .transform((email) => (email ?? "").trim().toLowerCase())
      .refine((email) => email === "" || isEmailAddress(email), { message: INVALID_EMAIL }),
    phone: typed("Phone", 30, { required: true }),
    shipping_address: typed("Address", 500, { required: true, multiline: true }),
    city: typed("City", 100, { required: true }),
    postal_code: typed("Postal code", 20, { required: true }),
    country: z
      .enum(COUNTRIES, { error: `Please choose a country from the list: ${COUNTRIES.join(", ")}` })
      .default("Pakistan"),
    items: z
      .array(orderItemInput.pick({ product_id: true, combination_id: true, quantity: true }), {
        error: "items must be a list",
      })
      .min(1, "Add at least one item")
      .max(MAX_MANUAL_ORDER_LINES, `A manual order can hold at most ${MAX_MANUAL_ORDER_LINES} lines`),
    voucher_code: z
      .union([voucherCodeSchema, z.literal(""), z.null()])
      .optional()
      .transform((code) => code || null),
    source: z.enum(MANUAL_ORDER_SOURCES, {
      error: `source must be one of: ${MANUAL_ORDER_SOURCES.join(", ")}`,
    }),
    status: z
      .enum(MANUAL_ORDER_STATUSES, { error: `status must be one of: ${MANUAL_ORDER_STATUSES.join(", ")}` })
      .default("pending confirmation"),
    note: typed("note", MANUAL_NOTE_MAX, { multiline: true }).optional(),
    shipping_fee: override("shipping_fee"),
    discount: override("discount"),
    override_reason: typed("override_reason", OVERRIDE_REASON_MAX, { multiline: true }).optional(),
    // the total the member reviewed with the customer: a different figure now is a 409
    total_amount: z
      .union([z.number(), z.string().max(20, "total_amount must be an amount in rupees, such as 2499")], {
        error: "total_amount must be an amount in rupees, such as 2499",
      })
      .optional()
      .refine((value) => value === undefined || (parseRupees(value) ?? -1) >= 0, {
        message: "total_amount must be an amount in rupees, such as 2499",
      }),
  })
  .superRefine((order, ctx) => {
    // the checkout's phone rule, with its words (core/shared/phone.ts)
    if (!normalizePhone(order.phone, order.country)) {
      ctx.addIssue({ code: "custom", path: ["phone"], message: phoneMessage(order.country) });
    }
  });

export type ManualOrderInput = z.output<typeof manualOrderInput>;

// zod's own words ("Invalid input: expected string") do not say which field; ours do
const GENERIC_MESSAGE = /^(invalid|expected|too (small|big)|required|unrecognized)/i;

/** The first problem of a manual order, worded as the API's 422 words it. */
export function manualOrderProblem(issue: { path: PropertyKey[]; message: string }): string {
  const field = issue.path.map(String).join(".");
  return GENERIC_MESSAGE.test(issue.message) && field ? `${field}: ${issue.message}` : issue.message;
}

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
  const outcome = await ctx.db.transaction(async (tx): Promise<ManualOrderOutcome> => {
    if (key !== null) {
      const replay = await claimIdempotencyKey(tx, scope, key, requestHash(input));
      if (replay) return { order: replay.order, replayed: true };
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
    await recordAudit(tx, whoIs(actor), {
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
    if (key !== null) {
      await tx
        .update(idempotencyKeys)
        .set({ statusCode: 201, responseBody: order, completedAt: sql`now()` })
        .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    }
    return { order, replayed: false };
  });
  // stock changed: catalogue reads cached by this process must not show the old figures
  if (!outcome.replayed) ctx.cache.clear();
  return outcome;
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
