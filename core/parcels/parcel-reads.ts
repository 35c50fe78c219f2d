// An order's parcels as staff read them (decision 0103): every booking made for it, newest first,
// with what each needs next (cancel before pickup; an answer lost on the way to be settled), and
// what the booking form offers for it: the courier accounts, whether each delivers to the order's
// city, and what the courier is to collect.
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { CoreContext } from "../context";
import type { Db } from "../../db/client";
import { courierAccounts, courierCities, orders, parcels, type BookingState, type ParcelStatus } from "../../db/schema";
import { COURIER_NAMES, type CourierCode } from "../couriers/courier";
import { COURIER_TIMEOUT_MS, type CourierAccount } from "../couriers/connection";
import { courierCityFor } from "../couriers/cities";
import { notFound } from "../shared/errors";
import { requirePermission } from "../shared/staff-errors";
import type { StaffActor } from "../shared/permissions";
import { ORDER_NOT_FOUND_FOR_STAFF } from "../orders/workflow";
import type { Order } from "../orders/order";

export type ParcelRow = typeof parcels.$inferSelect;

export { BOOKING_STATES } from "../../db/schema";

/** The order statuses a parcel may be booked from: it is ready, and has not left with anyone yet. */
export const BOOKABLE_STATUSES = ["confirmed", "packed"] as const;

/**
 * A booking left in "booking" this long was cut off (the process stopped mid-call): the call's
 * time limit and the check after it are long over, so it is settled by asking the courier.
 */
export const STALE_BOOKING_MS = 2 * COURIER_TIMEOUT_MS + 30_000;

/** A parcel as staff read it. */
export interface ParcelView {
  id: number;
  orderId: number;
  courier: CourierCode;
  courierName: string;
  accountId: number | null;
  accountLabel: string | null;
  reference: string;
  bookingState: BookingState;
  cn: string | null;
  status: ParcelStatus | null;
  statusReason: string | null;
  statusAt: Date | null;
  weightGrams: number;
  pieces: number;
  codPaisa: number;
  description: string;
  instructions: string;
  labelUrl: string | null;
  failure: string | null;
  createdAt: Date;
  bookedAt: Date | null;
  cancelledAt: Date | null;
  /** booked and not yet picked up: the courier may still cancel it */
  cancellable: boolean;
  /** its outcome is not known (or its booking was cut off): staff settle it before booking again */
  needsSettling: boolean;
}

export function presentParcelRow(row: ParcelRow, accountLabel: string | null, now = Date.now()): ParcelView {
  return {
    id: row.id,
    orderId: row.orderId,
    courier: row.courier,
    courierName: COURIER_NAMES[row.courier],
    accountId: row.courierAccountId,
    accountLabel,
    reference: row.reference,
    bookingState: row.bookingState,
    cn: row.cn,
    status: row.status,
    statusReason: row.statusReason,
    statusAt: row.statusAt,
    weightGrams: row.weightGrams,
    pieces: row.pieces,
    codPaisa: row.codPaisa,
    description: row.description,
    instructions: row.instructions,
    labelUrl: row.labelUrl,
    failure: row.failure,
    createdAt: row.createdAt,
    bookedAt: row.bookedAt,
    cancelledAt: row.cancelledAt,
    cancellable: row.bookingState === "booked" && (row.status === null || row.status === "booked"),
    needsSettling: row.bookingState === "unknown" || (row.bookingState === "booking" && isStale(row, now)),
  };
}

export const isStale = (row: Pick<ParcelRow, "createdAt">, now = Date.now()): boolean =>
  now - row.createdAt.getTime() > STALE_BOOKING_MS;

/** Parcels with their account's label, in the order the query gives. */
async function withLabels(db: Db, rows: ParcelRow[]): Promise<ParcelView[]> {
  const ids = [...new Set(rows.map((r) => r.courierAccountId).filter((id): id is number => id !== null))];
  const labels =
    ids.length === 0
      ? []
      : await db
          .select({ id: courierAccounts.id, label: courierAccounts.label })
          .from(courierAccounts)
          .where(inArray(courierAccounts.id, ids));
  const byId = new Map(labels.map((a) => [a.id, a.label]));
  const now = Date.now();
  return rows.map((r) =>
    presentParcelRow(r, r.courierAccountId === null ? null : (byId.get(r.courierAccountId) ?? null), now),
  );
}

/** One parcel by id, as staff read it; 404 when there is none. */
export async function getParcel(ctx: CoreContext, actor: StaffActor, parcelId: number): Promise<ParcelView> {
  requirePermission(actor, "orders");
  const [row] = await ctx.db.select().from(parcels).where(eq(parcels.id, parcelId)).limit(1);
  if (!row) throw notFound("No such parcel.");
  return (await withLabels(ctx.db, [row]))[0]!;
}

/** Every parcel booked (or tried) for an order, newest first; 404 for no such order. */
export async function listOrderParcels(ctx: CoreContext, actor: StaffActor, orderId: number): Promise<ParcelView[]> {
  requirePermission(actor, "orders");
  const [order] = await ctx.db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) throw notFound(ORDER_NOT_FOUND_FOR_STAFF);
  const rows = await ctx.db
    .select()
    .from(parcels)
    .where(eq(parcels.orderId, orderId))
    .orderBy(desc(parcels.createdAt), desc(parcels.id));
  return withLabels(ctx.db, rows);
}

/** The order's one live parcel (booking, unknown or booked), if it has one. */
export async function liveParcelOf(db: Db, orderId: number): Promise<ParcelRow | null> {
  const [row] = await db
    .select()
    .from(parcels)
    .where(and(eq(parcels.orderId, orderId), inArray(parcels.bookingState, ["booking", "unknown", "booked"])))
    .limit(1);
  return row ?? null;
}

/** What the courier is to collect: what the order still owes. Every order is cash on delivery, so its total. */
export function amountToCollect(order: Pick<Order, "totalPaisa" | "paymentMethod">): number {
  // an exchange's replacement already carries only the difference in its total (decision 0056);
  // a manual order's total is what staff agreed with the shopper (decision 0057)
  return order.paymentMethod === "cod" ? order.totalPaisa : 0;
}

/**
 * The courier's key for one of the store's cities where it delivers there (core/couriers/cities),
 * or, for a pickup address, where it picks up.
 */
export async function courierCityOf(
  db: Db,
  courier: CourierCode,
  cityId: number | null,
  use: "delivers" | "picksUp" = "delivers",
): Promise<{ courierCityId: string; courierCityName: string } | null> {
  if (cityId === null) return null;
  if (use === "delivers") return courierCityFor({ db }, courier, cityId);
  const [row] = await db
    .select({ courierCityId: courierCities.courierCityId, courierCityName: courierCities.courierCityName })
    .from(courierCities)
    .where(and(eq(courierCities.courier, courier), eq(courierCities.cityId, cityId), eq(courierCities.picksUp, true)))
    .orderBy(asc(courierCities.courierCityName))
    .limit(1);
  return row ?? null;
}

/** A courier account as the booking form offers it. */
export interface BookingAccountChoice {
  id: number;
  label: string;
  courier: CourierCode;
  courierName: string;
  isDefault: boolean;
  defaultWeightGrams: number;
  /** why this account cannot book this order (its courier does not deliver to the city); null: it can */
  refusal: string | null;
}

/** What the booking form of one order offers. */
export interface BookingChoices {
  orderId: number;
  trackingId: string;
  orderStatus: Order["status"];
  city: string;
  /** why the order cannot be booked now (its status, a live parcel, no account); null: it can */
  refusal: string | null;
  accounts: BookingAccountChoice[];
  /** the account the form preselects: the default one, else the first that can book it */
  preselectedAccountId: number | null;
  codPaisa: number;
  totalPaisa: number;
}

/** The courier accounts that are on, default first. */
export async function activeAccounts(db: Db): Promise<CourierAccount[]> {
  return db
    .select()
    .from(courierAccounts)
    .where(eq(courierAccounts.isActive, true))
    .orderBy(desc(courierAccounts.isDefault), asc(sql`lower(${courierAccounts.label})`));
}

/** The sentence that says a courier cannot deliver to the order's city, or null when it can. */
export async function cityRefusal(
  db: Db,
  courier: CourierCode,
  order: Pick<Order, "city" | "cityId">,
): Promise<string | null> {
  if (order.cityId === null) {
    return `The order's city "${order.city}" is not one the store knows, so no courier can be booked for it: correct the city on the order first.`;
  }
  const found = await courierCityOf(db, courier, order.cityId);
  return found ? null : `${COURIER_NAMES[courier]} does not deliver to ${order.city}: choose another courier.`;
}

/** The sentence that says why a live parcel stops a new booking. */
export function liveParcelRefusal(parcel: ParcelRow, now = Date.now()): string {
  const name = COURIER_NAMES[parcel.courier];
  if (parcel.bookingState === "booked") {
    return `This order is already booked with ${name} (CN ${parcel.cn}). Cancel that booking first to book it again.`;
  }
  if (parcel.bookingState === "unknown" || isStale(parcel, now)) {
    return `An earlier booking with ${name} may have gone through: check the courier's portal for reference ${parcel.reference}, then enter the CN it shows or mark it not booked.`;
  }
  return `This order is being booked with ${name} right now. Wait a moment and reload the order.`;
}

/** The booking form of one order: the accounts (each saying whether it can deliver there), the amount to collect. */
export async function bookingChoices(ctx: CoreContext, actor: StaffActor, orderId: number): Promise<BookingChoices> {
  requirePermission(actor, "orders");
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) throw notFound(ORDER_NOT_FOUND_FOR_STAFF);
  const [live, accounts] = await Promise.all([liveParcelOf(ctx.db, orderId), activeAccounts(ctx.db)]);
  const choices: BookingAccountChoice[] = [];
  for (const account of accounts) {
    choices.push({
      id: account.id,
      label: account.label,
      courier: account.courier,
      courierName: COURIER_NAMES[account.courier],
      isDefault: account.isDefault,
      defaultWeightGrams: account.defaultWeightGrams,
      refusal: await cityRefusal(ctx.db, account.courier, order),
    });
  }
  const refusal = !(BOOKABLE_STATUSES as readonly string[]).includes(order.status)
    ? `Only a confirmed or packed order can be booked; this one is ${order.status}.`
    : live
      ? liveParcelRefusal(live)
      : choices.length === 0
        ? "No courier account is set up yet: an owner adds one in Settings → Couriers."
        : null;
  const preselected = choices.find((c) => c.isDefault && !c.refusal) ?? choices.find((c) => !c.refusal) ?? choices[0];
  return {
    orderId: order.id,
    trackingId: order.trackingId,
    orderStatus: order.status,
    city: order.city,
    refusal,
    accounts: choices,
    preselectedAccountId: preselected?.id ?? null,
    codPaisa: amountToCollect(order),
    totalPaisa: order.totalPaisa,
  };
}

/** One ticked order as the bulk booking page lists it: why it will not be booked, where that is known now. */
export interface BulkOrderChoice {
  id: number;
  trackingId: string;
  status: Order["status"];
  city: string;
  /** the reason it will be reported as not booked; null: it will be tried */
  refusal: string | null;
}

/** What the bulk booking page offers for the ticked orders: each order, and the accounts. */
export async function bulkBookingChoices(
  ctx: CoreContext,
  actor: StaffActor,
  orderIds: readonly number[],
): Promise<{ orders: BulkOrderChoice[]; accounts: BookingAccountChoice[] }> {
  requirePermission(actor, "orders");
  const ids = [...new Set(orderIds)];
  const [found, live, accounts] = await Promise.all([
    ids.length === 0 ? [] : ctx.db.select().from(orders).where(inArray(orders.id, ids)),
    ids.length === 0
      ? []
      : ctx.db
          .select()
          .from(parcels)
          .where(and(inArray(parcels.orderId, ids), inArray(parcels.bookingState, ["booking", "unknown", "booked"]))),
    activeAccounts(ctx.db),
  ]);
  const byId = new Map(found.map((o) => [o.id, o]));
  const liveOf = new Map(live.map((p) => [p.orderId, p]));
  return {
    orders: ids
      .filter((id) => byId.has(id))
      .map((id) => {
        const order = byId.get(id)!;
        const parcel = liveOf.get(id);
        return {
          id,
          trackingId: order.trackingId,
          status: order.status,
          city: order.city,
          refusal: !(BOOKABLE_STATUSES as readonly string[]).includes(order.status)
            ? `It is ${order.status}.`
            : parcel
              ? liveParcelRefusal(parcel)
              : null,
        };
      }),
    accounts: accounts.map((account) => ({
      id: account.id,
      label: account.label,
      courier: account.courier,
      courierName: COURIER_NAMES[account.courier],
      isDefault: account.isDefault,
      defaultWeightGrams: account.defaultWeightGrams,
      refusal: null,
    })),
  };
}
