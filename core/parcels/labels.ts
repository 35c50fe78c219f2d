// Airway bills for the orders staff ticked (decision 0103), in one PDF: the courier's own where
// its API gives one (asked as many CNs at a time as one of its files holds), else the store's 4×6-inch
// label (label-pdf.ts). Orders of several couriers print together, grouped by account in the
// order the first of each was asked.
import { eq } from "drizzle-orm";
import type { CoreContext } from "../context";
import { courierAccounts } from "../../db/schema";
import { COURIER_NAMES } from "../couriers/courier";
import { connect, type CourierAccount } from "../couriers/connection";
import { AppError, invalid } from "../shared/errors";
import { karachiMinute } from "../shared/karachi-time";
import { requirePermission } from "../shared/staff-errors";
import type { StaffActor } from "../shared/permissions";
import { ordersForPrint, outerLabel, PRINT_MAX_ORDERS, type PrintOrder, type PrintStore } from "../orders/print";
import type { ParcelRow } from "./parcel-reads";
import { bookedParcelsOf } from "./parcel-changes";
import { drawAirwayBills, type AirwayBill } from "./label-pdf";
import { appendPdf, newPdf } from "./pdf-kit";
import { throughCourier, type BookingOptions } from "./booking-outcome";

/** The most orders one print takes: a bulk booking's 200, and some. */
export const PARCEL_PRINT_MAX = 250;
const MAX_ID = 2_147_483_647;

const TOO_MANY = `At most ${PARCEL_PRINT_MAX} orders can be printed at a time.`;

/** The order ids of a print request (ids=1,2,3 and/or repeated id=), duplicates dropped; 422 for anything else. */
export function parseOrderIds(values: readonly string[]): number[] {
  if (values.reduce((sum, v) => sum + v.length, 0) > PARCEL_PRINT_MAX * 12 + 100) throw invalid(TOO_MANY);
  const ids: number[] = [];
  for (const piece of values.flatMap((v) => v.split(",")).map((p) => p.trim())) {
    if (piece === "") continue;
    const id = piece.length <= 10 && /^\d+$/.test(piece) ? Number(piece) : NaN;
    if (!(id >= 1 && id <= MAX_ID)) throw invalid(`"${piece.slice(0, 20)}" is not an order number.`);
    ids.push(id);
  }
  return checkOrderIds(ids);
}

export function checkOrderIds(ids: readonly number[]): number[] {
  for (const id of ids) {
    if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) throw invalid(`${id} is not an order number.`);
  }
  const unique = [...new Set(ids)];
  if (unique.length === 0) throw invalid("Choose the orders to print.");
  if (unique.length > PARCEL_PRINT_MAX) throw invalid(TOO_MANY);
  return unique;
}

/** The orders with their lines and the store's settings, read a hundred at a time (the print page's limit). */
export async function printOrders(
  ctx: CoreContext,
  actor: StaffActor,
  ids: readonly number[],
): Promise<{ orders: PrintOrder[]; store: PrintStore }> {
  const orders: PrintOrder[] = [];
  let store: PrintStore | null = null;
  for (let at = 0; at < ids.length; at += PRINT_MAX_ORDERS) {
    const part = await ordersForPrint(ctx, actor, ids.slice(at, at + PRINT_MAX_ORDERS));
    orders.push(...part.orders);
    store = part.store;
  }
  return { orders, store: store! };
}

/** A booked order to print: the order, its parcel, the account it was booked with. */
export interface PrintParcel {
  order: PrintOrder;
  parcel: ParcelRow;
}

/**
 * The orders' booked parcels, grouped by courier account in the order asked. 404 naming orders
 * that do not exist; 422 naming those not booked (nothing to print for them).
 */
export async function bookedGroups(
  ctx: CoreContext,
  actor: StaffActor,
  ids: readonly number[],
): Promise<{ groups: { account: CourierAccount | null; items: PrintParcel[] }[]; store: PrintStore }> {
  const { orders, store } = await printOrders(ctx, actor, ids);
  const parcels = await bookedParcelsOf(ctx, ids);
  const missing = orders.filter((o) => !parcels.has(o.id)).map((o) => o.trackingId);
  if (missing.length > 0) {
    throw new AppError(
      422,
      `Not booked with a courier: ${missing.slice(0, 20).join(", ")}${missing.length > 20 ? ` and ${missing.length - 20} more` : ""}. Book ${missing.length === 1 ? "it" : "them"} first, or untick ${missing.length === 1 ? "it" : "them"}.`,
      { not_booked: missing },
    );
  }
  const groups = new Map<string, { accountId: number | null; items: PrintParcel[] }>();
  for (const order of orders) {
    const parcel = parcels.get(order.id)!;
    const key = `${parcel.courierAccountId ?? `none-${parcel.courier}`}`;
    const group = groups.get(key) ?? { accountId: parcel.courierAccountId, items: [] };
    group.items.push({ order, parcel });
    groups.set(key, group);
  }
  const out: { account: CourierAccount | null; items: PrintParcel[] }[] = [];
  for (const group of groups.values()) {
    const [account] =
      group.accountId === null
        ? []
        : await ctx.db.select().from(courierAccounts).where(eq(courierAccounts.id, group.accountId)).limit(1);
    out.push({ account: account ?? null, items: group.items });
  }
  return { groups: out, store };
}

/** The items in calls of at most size (the courier's airway bills per file). */
export function inCalls<T>(items: readonly T[], size: number): T[][] {
  const calls: T[][] = [];
  for (let at = 0; at < items.length; at += size) calls.push(items.slice(at, at + size));
  return calls;
}

/** The store's own airway bill of a booked parcel. */
export function airwayBillOf(item: PrintParcel, store: PrintStore, trackingPageUrl: string): AirwayBill {
  const { order, parcel } = item;
  return {
    courierName: COURIER_NAMES[parcel.courier],
    cn: parcel.cn!,
    reference: parcel.reference,
    codPaisa: parcel.codPaisa,
    pieces: parcel.pieces,
    weightGrams: parcel.weightGrams,
    description: parcel.description,
    instructions: parcel.instructions,
    label: outerLabel(order, store, trackingPageUrl),
    bookedOn: karachiMinute(parcel.bookedAt ?? parcel.createdAt),
  };
}

/**
 * One PDF of the airway bills of these orders (GET /api/admin/parcels/airway-bills): the
 * courier's own where it makes them, else the store's label. A courier that cannot be reached
 * is a 409 with its message (courier_error); nothing half-printed is answered.
 */
export async function airwayBillsPdf(
  ctx: CoreContext,
  actor: StaffActor,
  orderIds: readonly number[],
  options: BookingOptions = {},
): Promise<Uint8Array> {
  requirePermission(actor, "orders");
  const ids = checkOrderIds(orderIds);
  const { groups, store } = await bookedGroups(ctx, actor, ids);
  const doc = await newPdf(ids.length === 1 ? "Airway bill" : `Airway bills (${ids.length})`);
  const base = (ctx.publicUrl ?? "").replace(/\/+$/, "");
  for (const { account, items } of groups) {
    const own: AirwayBill[] = [];
    const connected = account ? connect(ctx, account, { timeoutMs: options.timeoutMs }) : null;
    const perFile = connected?.adapter.airwayBillsPerFile ?? 0;
    const ownLabel = (item: PrintParcel) =>
      airwayBillOf(item, store, `${base}/track?tracking_id=${encodeURIComponent(item.order.trackingId)}`);
    if (!connected || perFile < 1) {
      own.push(...items.map(ownLabel));
    } else {
      for (const call of inCalls(items, perFile)) {
        const pdf = await throughCourier(() =>
          connected.adapter.airwayBills(
            connected.connection,
            call.map((i) => i.parcel.cn!),
            { discreet: store.discreetPackaging },
          ),
        );
        if (pdf) await throughCourier(() => appendPdf(doc, call[0]!.parcel.courier, pdf.pdf));
        else own.push(...call.map(ownLabel));
      }
    }
    await drawAirwayBills(doc, own);
  }
  return doc.save();
}
