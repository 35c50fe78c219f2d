// Booking one order with a courier (decision 0103). Never two bookings of one order, and never a
// CN the store has no record of: the parcel row is written and committed ("booking", with the
// order's reference) BEFORE the courier is called, where the partial unique index
// parcels_one_live_per_order lets only one live booking per order exist; the courier is then
// called outside any transaction; and what came back is recorded: booked (the CN), failed (the
// courier's words; nothing was booked, the order is as it was), or, when the answer was lost, what
// the courier says it holds under our reference, else "unknown" until staff settle it.
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { CoreContext } from "../context";
import { courierAccounts, orders, parcels } from "../../db/schema";
import type { BookingRequest } from "../couriers/courier";
import { COURIER_NAMES } from "../couriers/courier";
import { CourierError, cleanDetail, type CourierErrorKind } from "../couriers/courier-errors";
import { connect, type ConnectedAccount, type CourierAccount } from "../couriers/connection";
import { AppError, conflict, invalid, notFound } from "../shared/errors";
import { CONTROL_CHARACTERS } from "../shared/input";
import { formatRupees } from "../shared/money";
import { parseRupees } from "../shared/money-input";
import { staffWrite } from "../shared/staff-write";
import { requirePermission } from "../shared/staff-errors";
import type { StaffActor } from "../shared/permissions";
import { getSiteSettings } from "../settings/site-settings";
import { DISCREET_CONTENTS, PLAIN_CONTENTS, discreetSenderName } from "../orders/print";
import { ORDER_NOT_FOUND_FOR_STAFF } from "../orders/workflow";
import type { Order } from "../orders/order";
import {
  activeAccounts,
  amountToCollect,
  BOOKABLE_STATUSES,
  cityRefusal,
  courierCityOf,
  getParcel,
  isStale,
  liveParcelOf,
  liveParcelRefusal,
  type ParcelRow,
  type ParcelView,
} from "./parcel-reads";
import {
  askByReference,
  CN_PATTERN,
  recordOutcome,
  settleStaleBooking,
  type BookingOptions,
  type CourierOutcome,
} from "./booking-outcome";

export type { BookingOptions } from "./booking-outcome";

export const INSTRUCTIONS_MAX = 200;
export const MAX_ID = 2_147_483_647;

/** A whole number the API sends as a number and a form as its digits. */
export const whole = (name: string, min: number, max: number, what: string) =>
  z
    .union([z.number(), z.string().max(12, `${name} must be ${what}`)], { error: `${name} must be ${what}` })
    .transform((value, issue) => {
      const n = typeof value === "number" ? value : /^\s*\d{1,10}\s*$/.test(value) ? Number(value) : NaN;
      if (!Number.isSafeInteger(n) || n < min || n > max) {
        issue.addIssue({ code: "custom", message: `${name} must be ${what}` });
        return z.NEVER;
      }
      return n;
    });

export const bookParcelInput = z.object({
  account_id: whole("account_id", 1, MAX_ID, "the id of a courier account").optional(),
  weight_grams: whole("weight_grams", 1, 100_000, "a whole number of grams from 1 to 100000").optional(),
  pieces: whole("pieces", 1, 99, "a whole number from 1 to 99").optional(),
  // rupees, as every amount in the API; at most what the order still has to collect
  cod_amount: z
    .union([z.number(), z.string().max(20, "cod_amount must be an amount in rupees, such as 2499")], {
      error: "cod_amount must be an amount in rupees, such as 2499",
    })
    .optional(),
  instructions: z
    .string({ error: "instructions must be text" })
    .max(INSTRUCTIONS_MAX, `instructions must be at most ${INSTRUCTIONS_MAX} characters`)
    .refine((value) => !CONTROL_CHARACTERS.test(value) && !/[\r\n\t]/.test(value), {
      message: "instructions must be one line of plain text",
    })
    .transform((value) => value.trim())
    .optional(),
});
export type BookParcelInput = z.input<typeof bookParcelInput>;

/** A refusal of the input: the first problem as the detail, every field's in errors. */
export function parseInput<T extends z.ZodType>(schema: T, raw: unknown): z.output<T> {
  const result = schema.safeParse(raw ?? {});
  if (result.success) return result.data;
  const errors = result.error.issues.map((i) => ({ field: i.path.map(String).join("."), message: i.message }));
  throw new AppError(422, errors[0]?.message ?? "The request is invalid.", { errors });
}

/** What a booking came to. The order itself is never changed by a booking. */
export interface BookingResult {
  outcome: "booked" | "failed" | "unknown";
  parcel: ParcelView;
  /** a sentence for staff: the CN, or why not */
  message: string;
  /** on failure: what kind of trouble the courier gave (refused, unreachable…) */
  errorKind: CourierErrorKind | null;
}

/** The account a booking uses: the one asked for, else the default, else the only one. */
export async function chooseAccount(ctx: CoreContext, accountId: number | undefined): Promise<CourierAccount> {
  if (accountId !== undefined) {
    const [account] = await ctx.db.select().from(courierAccounts).where(eq(courierAccounts.id, accountId)).limit(1);
    if (!account) throw notFound("No such courier account.");
    if (!account.isActive) throw invalid(`account_id: the courier account "${account.label}" is turned off.`);
    return account;
  }
  const accounts = await activeAccounts(ctx.db);
  if (accounts.length === 0)
    throw invalid("No courier account is set up yet: an owner adds one in Settings → Couriers.");
  const chosen = accounts.find((a) => a.isDefault) ?? (accounts.length === 1 ? accounts[0] : undefined);
  if (!chosen) throw invalid("account_id: choose a courier account (the store has no default one).");
  return chosen;
}

/** 03XXXXXXXXX, the form every Pakistani courier takes, from the order's normalised phone. */
function courierPhone(order: Pick<Order, "phone" | "phoneNormalized">): string {
  if (!/^923\d{9}$/.test(order.phoneNormalized)) {
    throw invalid(`The order's phone ${order.phone} is not a Pakistani mobile number, which the courier needs.`);
  }
  return `0${order.phoneNormalized.slice(2)}`;
}

/** Everything checked and built before anything is written: the order, the account, the request. */
interface PreparedBooking {
  order: Order;
  connected: ConnectedAccount;
  request: Omit<BookingRequest, "reference">;
  weightGrams: number;
  pieces: number;
}

async function prepare(
  ctx: CoreContext,
  orderId: number,
  raw: unknown,
  options: BookingOptions,
): Promise<PreparedBooking> {
  const input = parseInput(bookParcelInput, raw);
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) throw notFound(ORDER_NOT_FOUND_FOR_STAFF);
  if (!(BOOKABLE_STATUSES as readonly string[]).includes(order.status)) {
    throw conflict(`Only a confirmed or packed order can be booked; this one is ${order.status}.`);
  }
  const account = await chooseAccount(ctx, input.account_id);
  const toCollect = amountToCollect(order);
  let codPaisa = toCollect;
  if (input.cod_amount !== undefined && input.cod_amount !== "") {
    const asked = parseRupees(input.cod_amount);
    if (asked === null || asked < 0) throw invalid("cod_amount must be an amount in rupees, such as 2499");
    if (asked > toCollect) {
      throw invalid(`cod_amount must be at most what the order has to collect, ${formatRupees(toCollect)}`);
    }
    codPaisa = asked;
  }
  const refusal = await cityRefusal(ctx.db, account.courier, order);
  if (refusal) throw invalid(refusal);
  const destination = (await courierCityOf(ctx.db, account.courier, order.cityId))!;
  const pickup = account.pickupAddresses[0];
  if (!pickup) {
    throw invalid(
      `The courier account "${account.label}" has no pickup address: an owner adds one in Settings → Couriers.`,
    );
  }
  const pickupCity = await courierCityOf(ctx.db, account.courier, pickup.cityId, "picksUp");
  const settings = await getSiteSettings(ctx);
  const discreet = settings.discreetPackaging;
  // opening the credentials can refuse (no key, a changed key): before anything is written
  const connected = connect(ctx, account, { timeoutMs: options.timeoutMs });
  const weightGrams = input.weight_grams ?? account.defaultWeightGrams;
  const pieces = input.pieces ?? 1;
  return {
    order,
    connected,
    weightGrams,
    pieces,
    request: {
      consignee: {
        name: `${order.firstName} ${order.lastName}`.trim(),
        phone: courierPhone(order),
        email: order.email,
        address: order.shippingAddress.replace(/\s+/g, " ").trim(),
        courierCityId: destination.courierCityId,
        courierCityName: destination.courierCityName,
      },
      pickup: {
        code: pickup.code,
        // the courier may print the pickup's name as the sender: discreet, it names no store
        name: discreet
          ? discreetSenderName({ name: settings.siteName, discreetSenderName: settings.discreetSenderName })
          : settings.siteName,
        phone: pickup.phone,
        address: pickup.address,
        courierCityId: pickupCity?.courierCityId ?? null,
        courierCityName: pickupCity?.courierCityName ?? null,
      },
      codPaisa,
      weightGrams,
      pieces,
      description: discreet ? DISCREET_CONTENTS : PLAIN_CONTENTS,
      instructions: input.instructions ?? "",
      discreet,
    },
  };
}

const BOOKING_CLASH =
  "Someone else is booking this order right now, or has just booked it. Reload the order to see its parcel.";

/** Writes and commits the "booking" row: the one moment two bookings of an order can meet, and one wins. */
async function startBooking(ctx: CoreContext, actor: StaffActor, prepared: PreparedBooking): Promise<ParcelRow> {
  const { order, connected, request } = prepared;
  return staffWrite(ctx, actor, "orders", async ({ tx, audit, keepCache, refuseUnique }) => {
    // nothing cached shows a parcel
    keepCache();
    refuseUnique(() => conflict(BOOKING_CLASH));
    // the order is read again under a share lock: a cancel that committed since the form was read
    // is seen here, and one that comes after waits for this row and then sees the booking
    const [now] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id)).for("share");
    if (!now || !(BOOKABLE_STATUSES as readonly string[]).includes(now.status)) {
      throw conflict(`Only a confirmed or packed order can be booked; this one is ${now?.status ?? "gone"}.`);
    }
    // the order's first booking carries its tracking id; each later one "-2", "-3"…
    const [{ n }] = (await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(parcels)
      .where(eq(parcels.orderId, order.id))) as [{ n: number }];
    const reference = n === 0 ? order.trackingId : `${order.trackingId}-${n + 1}`;
    const [row] = await tx
      .insert(parcels)
      .values({
        orderId: order.id,
        courierAccountId: connected.account.id,
        courier: connected.account.courier,
        reference,
        bookingState: "booking",
        weightGrams: prepared.weightGrams,
        pieces: prepared.pieces,
        codPaisa: request.codPaisa,
        description: request.description,
        instructions: request.instructions,
        bookedBy: actor.userId,
      })
      .returning();
    await audit({
      action: "parcel.book",
      entityType: "order",
      entityId: order.id,
      changes: {
        parcel: row!.id,
        courier: row!.courier,
        account: connected.account.id,
        reference,
        cod: request.codPaisa / 100,
        weight_grams: row!.weightGrams,
        pieces: row!.pieces,
      },
    });
    return row!;
  });
}

/** Calls the courier (outside any transaction) and says what came of it. */
async function callCourier(
  connected: ConnectedAccount,
  parcel: ParcelRow,
  request: BookingRequest,
): Promise<CourierOutcome> {
  try {
    const booking = await connected.adapter.book(connected.connection, request);
    if (!CN_PATTERN.test(booking.cn)) {
      // a CN the store cannot store or print: ask again by reference rather than keep it
      return askByReference(
        connected,
        parcel,
        `${COURIER_NAMES[parcel.courier]} answered with a CN the store cannot read.`,
      );
    }
    return { outcome: "booked", booking };
  } catch (error) {
    if (!(error instanceof CourierError)) {
      return askByReference(connected, parcel, "The booking call failed unexpectedly.");
    }
    // a timeout, an unreadable answer, a connection dropped after the request went out: the
    // courier may have booked it, and is asked before anything is said
    if (error.outcomeUnknown) return askByReference(connected, parcel, error.message, error.kind);
    return { outcome: "failed", message: error.message, kind: error.kind };
  }
}

/** The sentence staff read for a booking's outcome. */
function outcomeMessage(parcel: ParcelRow, result: CourierOutcome): string {
  if (result.outcome === "booked") {
    return `Booked with ${COURIER_NAMES[parcel.courier]}: CN ${result.booking.cn}. It is awaiting pickup.`;
  }
  if (result.outcome === "failed") return `Not booked, and the order is as it was. ${cleanDetail(result.message)}`;
  return cleanDetail(result.message);
}

/**
 * Books one order with a courier (POST /api/admin/orders/{id}/parcels). Refused before anything is
 * written (404, 409, 422) when the order cannot be booked: not confirmed or packed, already booked
 * or being booked, a city the courier does not deliver to. Otherwise the outcome is recorded and
 * answered, booked or not; the order itself stays as it was either way.
 */
export async function bookOrder(
  ctx: CoreContext,
  actor: StaffActor,
  orderId: number,
  raw: unknown,
  options: BookingOptions = {},
): Promise<BookingResult> {
  requirePermission(actor, "orders");
  let live = await liveParcelOf(ctx.db, orderId);
  // a booking cut off long ago is settled first: its answer may already be at the courier
  if (live?.bookingState === "booking" && isStale(live)) {
    await settleStaleBooking(ctx, actor, live, options);
    live = await liveParcelOf(ctx.db, orderId);
  }
  if (live) throw conflict(liveParcelRefusal(live));
  const prepared = await prepare(ctx, orderId, raw, options);
  const parcel = await startBooking(ctx, actor, prepared);
  const result = await callCourier(prepared.connected, parcel, { ...prepared.request, reference: parcel.reference });
  await recordOutcome(ctx, actor, parcel, result);
  return {
    outcome: result.outcome,
    parcel: await getParcel(ctx, actor, parcel.id),
    message: outcomeMessage(parcel, result),
    errorKind: result.outcome === "booked" ? null : result.kind,
  };
}
