// An order's life after checkout (decision 0055): one table of the moves
// staff may make, each move one transaction that locks the order's row, checks the move against
// the table and the status the member was looking at, writes the new status, puts stock and the
// voucher use back on a cancel or a return, and records the timeline and the audit log. The
// status is checked under the row lock, so a move happens once however many people send it.
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { CoreContext } from "../context";
import { queryRows, type Db } from "../../db/client";
import {
  ORDER_STATUSES,
  orderEvents,
  orders,
  type ConfirmationChannel,
  type ConfirmationOutcome,
  type OrderStatus,
  type StockReason,
} from "../../db/schema";
import { AppError, invalid, notFound } from "../shared/errors";
import { parseRupees } from "../shared/money-input";
import { recordAudit, whoIs, type AuditWho } from "../shared/audit";
import { parse, text } from "../shared/input";
import { staffWrite } from "../shared/staff-write";
import { requirePermission } from "../shared/staff-errors";
import type { StaffActor } from "../shared/permissions";
import { EMAIL_FOR_STATUS, queueOrderEmail } from "./order-emails";
import { putStockBack, takeBackExchangedUnits, type ReturnedUnits } from "./order-stock";
import type { OrderEventRecord } from "./order-timeline";
import { COURIER_NAMES, type CourierCode } from "../couriers/courier";

/**
 * The allowed moves: from each status, the statuses it may go to. Cancelled before it ships;
 * returned (refused at the door or sent back) once shipped. Cancelled and returned are final.
 */
export const ORDER_MOVES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  "pending confirmation": ["confirmed", "cancelled"],
  confirmed: ["packed", "cancelled"],
  packed: ["shipped", "cancelled"],
  shipped: ["delivered", "returned"],
  delivered: ["returned"],
  cancelled: [],
  returned: [],
};

export const canMoveOrder = (from: OrderStatus, to: OrderStatus): boolean => ORDER_MOVES[from].includes(to);

/** The moves that give the order's units and voucher use back, and the reason stock history shows. */
const RESTOCK_REASON: Partial<Record<OrderStatus, StockReason>> = { cancelled: "cancel", returned: "return" };

export const ORDER_CHANGED =
  "This order was changed by someone else while you were looking at it. Please reload and try again.";
export const ORDER_NOT_FOUND_FOR_STAFF = "No such order.";

export function refusedMoveMessage(from: OrderStatus, to: OrderStatus): string {
  const next = ORDER_MOVES[from];
  if (from === to) return `This order is already ${from}.`;
  return `An order that is ${from} cannot be moved to ${to}. ${
    next.length > 0 ? `From ${from} it can go to: ${next.join(", ")}.` : `${capitalise(from)} is final.`
  }`;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const status = (label: string) =>
  z.enum(ORDER_STATUSES, { error: `${label} must be one of: ${ORDER_STATUSES.join(", ")}` });

export const NOTE_MAX = 2000;
/** Rs. 10,000,000: more than any cash-on-delivery parcel carries. */
export const MAX_CASH_PAISA = 1_000_000_000;

export const moveOrderInput = z.object({
  status: status("status"),
  note: text("note", NOTE_MAX, { multiline: true }).optional(),
  courier: text("courier", 60).optional(),
  tracking_number: text("tracking_number", 60)
    .refine((value) => value === "" || /^[A-Za-z0-9][A-Za-z0-9 ./#-]*$/.test(value), {
      message: "tracking_number may hold only letters, digits, spaces and . / # -",
    })
    .optional(),
  // rupees, as every amount in the API (2499 or "2499.50"); kept as sent, turned into paisa in core
  cash_collected: z
    .union([z.number(), z.string().max(20, "cash_collected must be an amount in rupees, such as 2499")], {
      error: "cash_collected must be an amount in rupees, such as 2499",
    })
    .refine(
      (value) => {
        const paisa = parseRupees(value);
        return paisa !== null && paisa >= 0 && paisa <= MAX_CASH_PAISA;
      },
      { message: `cash_collected must be an amount from 0 to ${MAX_CASH_PAISA / 100} rupees` },
    )
    .optional(),
  // what the member's screen showed: a move made meanwhile by someone else is a 409, not applied twice
  expected_status: status("expected_status").optional(),
  // false: the items cannot be resold (e.g. opened lingerie) and stay out of stock
  restock: z.boolean({ error: "restock must be true or false" }).default(true),
  // a pending order confirmed or cancelled on a call to the shopper (the call list), rather than
  // by staff alone: the owner's figures count a cancel on the call as the shopper's
  confirmation_channel: z.enum(["staff", "call"], { error: "confirmation_channel must be staff or call" }).optional(),
});
export type MoveOrderInput = z.input<typeof moveOrderInput>;

export const addOrderNoteInput = z.object({
  note: text("note", NOTE_MAX, { multiline: true }).refine((value) => value.length > 0, {
    message: "note is required",
  }),
});

/** What a move did, besides the status. */
export interface MoveOutcome {
  id: number;
  from: OrderStatus;
  to: OrderStatus;
  /** units put back, per line; empty when nothing was restocked */
  restocked: ReturnedUnits;
  /** an exchange's replacement delivered: the shopper's units the courier took back and that can be resold */
  exchangeReturned: ReturnedUnits;
  voucherReleased: boolean;
}

/**
 * Moves an order to another status (POST /api/admin/orders/{id}/status). 404 for no such order,
 * 409 for a move the table does not allow or when the order is no longer in expected_status,
 * 422 for a missing courier, tracking number or cash. Nothing changes unless everything does.
 */
export async function moveOrder(
  ctx: CoreContext,
  actor: StaffActor,
  orderId: number,
  raw: unknown,
): Promise<MoveOutcome> {
  requirePermission(actor, "orders");
  const input = parse(moveOrderInput, raw);
  const to = input.status;
  if (to === "shipped" && !input.courier) throw invalid("courier is required to mark an order shipped");
  if (to === "shipped" && !input.tracking_number) {
    throw invalid("tracking_number (the courier's consignment number) is required to mark an order shipped");
  }
  const cashPaisa = input.cash_collected === undefined ? null : parseRupees(input.cash_collected);
  if (to === "delivered" && cashPaisa === null) {
    throw invalid("cash_collected (the cash the courier collected, in rupees) is required to mark an order delivered");
  }

  const moved = (outcome: MoveOutcome) => outcome.restocked.length > 0 || outcome.exchangeReturned.length > 0;
  return staffWrite(ctx, actor, "orders", async ({ tx, keepCache }) => {
    const outcome = await applyOrderMove(
      tx,
      orderId,
      {
        to,
        note: input.note,
        courier: input.courier,
        trackingNumber: input.tracking_number,
        cashPaisa,
        expectedStatus: input.expected_status,
        restock: input.restock,
        channel: input.confirmation_channel ?? "staff",
        linkBase: ctx.publicUrl ?? "",
      },
      { actorId: actor.userId, who: whoIs(actor) },
    );
    // only a move that changed stock makes the catalogue reads cached by this process stale
    if (!moved(outcome)) keepCache();
    return outcome;
  });
}

/** What one move is: the target status and what it carries. */
export interface OrderMove {
  to: OrderStatus;
  /** a staff note, kept off the shopper's timeline */
  note?: string;
  /** what the status event itself says (shown to the shopper with the move): why the store moved it */
  eventNote?: string;
  courier?: string;
  trackingNumber?: string;
  cashPaisa?: number | null;
  /** the status the mover saw: a move made meanwhile is a 409, not applied twice */
  expectedStatus?: OrderStatus;
  restock: boolean;
  /** where a pending order's confirmation question ended: staff, call, whatsapp, link, auto */
  channel: ConfirmationChannel;
  /** the scheduler's cancel is an expiry, not a cancel (the owner's figures tell them apart) */
  expired?: boolean;
  /** PUBLIC_URL, for the tracking link in the shopper's email; absent: the email has no link */
  linkBase?: string;
}

/** Who moves it: a member of staff, or (actorId null) the shopper or the store itself. */
export interface OrderMover {
  actorId: number | null;
  who: AuditWho;
}

/**
 * One move, in the caller's transaction: locks the order's row, checks the move against the table
 * (and the status the mover saw), writes the status, puts stock and the voucher use back on a
 * cancel or a return, and records the timeline and the audit log. Staff moves (moveOrder) and the
 * shopper's and the store's own (core/orders/confirmation-outcome.ts) all come through here.
 */
export async function applyOrderMove(tx: Db, orderId: number, move: OrderMove, by: OrderMover): Promise<MoveOutcome> {
  const { to } = move;
  const [order] = await tx
    .select({
      id: orders.id,
      status: orders.status,
      voucherId: orders.voucherId,
      exchangeOfOrderId: orders.exchangeOfOrderId,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("update");
  if (!order) throw notFound(ORDER_NOT_FOUND_FOR_STAFF);
  const from = order.status;
  if (move.expectedStatus !== undefined && move.expectedStatus !== from) {
    throw new AppError(409, ORDER_CHANGED, { status: from });
  }
  if (!canMoveOrder(from, to)) throw new AppError(409, refusedMoveMessage(from, to), { status: from });
  if (to === "cancelled") await refuseWhileParcelBooked(tx, orderId);
  // the end of the confirmation question (decision 0071): how, and where
  const confirmation =
    from === "pending confirmation"
      ? {
          confirmationOutcome: (move.expired
            ? "expired"
            : to === "confirmed"
              ? "confirmed"
              : "cancelled") as ConfirmationOutcome,
          confirmationChannel: move.channel,
        }
      : {};

  // the row is locked and its status read under the lock; the WHERE repeats it so that this
  // statement alone would still refuse a second move (design.md, "Order status moves")
  const moved = await tx
    .update(orders)
    .set({
      status: to,
      updatedAt: sql`now()`,
      ...confirmation,
      ...(to === "shipped" ? { courier: move.courier!, trackingNumber: move.trackingNumber! } : {}),
      ...(to === "delivered" ? { cashCollectedPaisa: move.cashPaisa!, deliveredAt: sql`now()` } : {}),
    })
    .where(and(eq(orders.id, orderId), eq(orders.status, from)))
    .returning({ id: orders.id });
  if (moved.length === 0) throw new AppError(409, ORDER_CHANGED);

  const reason = RESTOCK_REASON[to];
  const restocked = reason && move.restock ? await putStockBack(tx, orderId, reason, by.actorId) : [];
  const voucherReleased = reason ? await releaseVoucherUse(tx, orderId) : false;
  // An exchange's replacement delivered (decision 0056): the courier swapped the parcels at the
  // door, so only now are the shopper's units back with the store. Those staff marked as
  // resellable go back into stock here, under this row lock; delivered is reached once (no move
  // leads back to it), so this happens once. A replacement cancelled or returned never gets
  // here: the shopper kept the original units and only the replacement's own units come back.
  const exchangeReturned =
    to === "delivered" && order.exchangeOfOrderId !== null ? await takeBackExchangedUnits(tx, orderId, by.actorId) : [];

  await tx.insert(orderEvents).values({
    orderId,
    actorId: by.actorId,
    kind: "status",
    fromStatus: from,
    toStatus: to,
    note: move.eventNote ?? null,
    courier: to === "shipped" ? move.courier! : null,
    trackingNumber: to === "shipped" ? move.trackingNumber! : null,
    visibleToShopper: true,
  });
  // the member's words stay in the console: a note of its own, never shown to the shopper
  if (move.note) {
    await tx.insert(orderEvents).values({ orderId, actorId: by.actorId, kind: "note", note: move.note });
  }
  // the shopper's email, in this transaction: a move made once emails once.
  // A cancel's reason is the one the timeline shows her, never the member's note.
  const emailKind = EMAIL_FOR_STATUS[to];
  if (emailKind) {
    await queueOrderEmail(tx, orderId, emailKind, {
      linkBase: move.linkBase ?? "",
      reason: to === "cancelled" ? (move.eventNote ?? null) : null,
    });
  }
  await recordAudit(tx, by.who, {
    action: "order.status",
    entityType: "order",
    entityId: orderId,
    changes: {
      status: [from, to],
      ...(from === "pending confirmation"
        ? { confirmation: `${confirmation.confirmationOutcome} (${move.channel})` }
        : {}),
      ...(to === "shipped" ? { courier: [null, move.courier], tracking_number: [null, move.trackingNumber] } : {}),
      ...(to === "delivered" ? { cash_collected_paisa: [null, move.cashPaisa] } : {}),
      ...(reason
        ? { restocked: restocked.reduce((n, line) => n + line.quantity, 0), voucher_released: voucherReleased }
        : {}),
      ...(exchangeReturned.length > 0
        ? { exchange_restocked: exchangeReturned.reduce((n, line) => n + line.quantity, 0) }
        : {}),
      ...(move.eventNote ? { reason: move.eventNote } : {}),
      ...(move.note ? { note: move.note } : {}),
    },
  });
  return { id: orderId, from, to, restocked, exchangeReturned, voucherReleased };
}

/**
 * Gives the order's voucher use back (decision 0019 counts it in the order's transaction): its
 * redemption row goes, so the customer's own limit frees too, and the voucher's count falls by
 * the one use. Answers whether there was a use to give back.
 */
async function releaseVoucherUse(tx: Db, orderId: number): Promise<boolean> {
  const released = await queryRows<{ voucher_id: number }>(
    tx,
    sql`delete from voucher_redemptions where order_id = ${orderId} returning voucher_id`,
  );
  for (const { voucher_id } of released) {
    await tx.execute(sql`update vouchers set used_count = used_count - 1 where id = ${voucher_id} and used_count > 0`);
  }
  return released.length > 0;
}

/** Adds a staff note to the order's timeline (never shown to the shopper). */
export async function addOrderNote(
  ctx: CoreContext,
  actor: StaffActor,
  orderId: number,
  raw: unknown,
): Promise<OrderEventRecord> {
  requirePermission(actor, "orders");
  const { note } = parse(addOrderNoteInput, raw);
  return staffWrite(ctx, actor, "orders", async ({ tx, audit, keepCache }) => {
    // nothing cached shows a staff note
    keepCache();
    const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
    if (!order) throw notFound(ORDER_NOT_FOUND_FOR_STAFF);
    const [row] = await tx
      .insert(orderEvents)
      .values({ orderId, actorId: actor.userId, kind: "note", note, visibleToShopper: false })
      .returning();
    await audit({ action: "order.note", entityType: "order", entityId: orderId, changes: { note } });
    return {
      id: row!.id,
      at: row!.at,
      kind: "note",
      fromStatus: null,
      toStatus: null,
      note: row!.note,
      courier: null,
      trackingNumber: null,
      visibleToShopper: false,
      actorId: actor.userId,
      actorName: `${actor.firstName} ${actor.lastName}`.trim() || actor.email,
      relatedOrderId: null,
      relatedTrackingId: null,
    };
  });
}

/**
 * A parcel booked with a courier (or whose booking is under way) would still be picked up and
 * carried if the order were cancelled: the booking is cancelled first, under the order's parcel.
 * The order's row is locked by the caller, and a booking takes it FOR SHARE, so the two never
 * cross (core/parcels/booking.ts).
 */
async function refuseWhileParcelBooked(tx: Db, orderId: number): Promise<void> {
  const [live] = await queryRows<{ courier: string; cn: string | null; booking_state: string }>(
    tx,
    sql`select courier, cn, booking_state from parcels
        where order_id = ${orderId} and booking_state in ('booking', 'unknown', 'booked') limit 1`,
  );
  if (!live) return;
  const name = COURIER_NAMES[live.courier as CourierCode] ?? live.courier;
  throw new AppError(
    409,
    live.cn
      ? `This order's parcel is booked with ${name} (CN ${live.cn}). Cancel the booking first, then the order.`
      : `This order is being booked with ${name}. Settle the booking first, then cancel the order.`,
  );
}
