// What a courier reports of a parcel, recorded once (decision 0104). Polls and pushed webhooks
// both end here: each event is a parcel_events row keyed by its time, the courier's words and its
// reason, so a poll run twice, a webhook delivered twice, or a poll and a webhook telling the same
// thing add it once. The parcel's status is its newest event's, and the order follows the parcel
// through the existing workflow (applyOrderMove) in the same transaction as the event: picked up
// or later → shipped, delivered → delivered with the parcel's COD as the cash collected,
// returned → returned with the units back in stock. An order is only ever moved forward: one that
// staff already moved by hand (or cancelled) is left as it is.
import crypto from "node:crypto";
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { CoreContext } from "../context";
import { queryRows, type Db } from "../../db/client";
import { orders, parcelEvents, parcels, PARCEL_STATUSES, type OrderStatus, type ParcelStatus } from "../../db/schema";
import { notFound } from "../shared/errors";
import type { StaffActor } from "../shared/permissions";
import { requirePermission } from "../shared/staff-errors";
import { COURIER_NAMES, type CourierCode, type TrackingEvent } from "../couriers/courier";
import { cleanDetail } from "../couriers/courier-errors";
import { applyOrderMove, type MoveOutcome } from "../orders/workflow";

/** An event's identity: the same report from the courier always gives the same key. */
export function eventKey(event: Pick<TrackingEvent, "at" | "courierStatus" | "reason">): string {
  const text = `${event.at.toISOString()}|${event.courierStatus}|${event.reason ?? ""}`;
  return crypto.createHash("sha256").update(text).digest("hex").slice(0, 40);
}

/** A courier's words as the store keeps them: one short line, or null when it said nothing. */
const words = (value: string | null | undefined): string | null => {
  if (typeof value !== "string") return null;
  const line = cleanDetail(value);
  return line === "" ? null : line;
};

// a courier's clock may be a little ahead of ours; an event dated further ahead than this is a
// wrong date (a day and month swapped), and kept at our "now" rather than moving the parcel into the future
const FUTURE_SLACK_MS = 6 * 60 * 60_000;
// nothing a courier reports is from before the store could have booked it
const EARLIEST = Date.UTC(2015, 0, 1);

/** An event as the store keeps it, with its key. */
export interface KeptEvent extends TrackingEvent {
  key: string;
}

/**
 * The events worth keeping, cleaned: a known status, a real date, the courier's words cut short.
 * The key is made from the date as reported, so an event dated in the future (kept at "now") has
 * the same key at every poll.
 */
export function cleanEvents(events: readonly TrackingEvent[], now = new Date()): KeptEvent[] {
  const kept: KeptEvent[] = [];
  const seen = new Set<string>();
  for (const event of events) {
    if (!(event.at instanceof Date) || Number.isNaN(event.at.getTime()) || event.at.getTime() < EARLIEST) continue;
    if (!(PARCEL_STATUSES as readonly string[]).includes(event.status)) continue;
    const cleaned = {
      status: event.status,
      courierStatus: words(event.courierStatus) ?? event.status,
      reason: words(event.reason),
      location: words(event.location),
    };
    const key = eventKey({ ...cleaned, at: event.at });
    if (seen.has(key)) continue;
    seen.add(key);
    const at = event.at.getTime() > now.getTime() + FUTURE_SLACK_MS ? now : event.at;
    kept.push({ ...cleaned, at, key });
  }
  return kept;
}

/** What recording a parcel's events did. */
export interface RecordedEvents {
  /** new events; 0 when the courier told nothing new (or the parcel is no longer booked) */
  added: number;
  /** the parcel's status after them */
  status: ParcelStatus | null;
  /** the order's moves they made, in order */
  moves: MoveOutcome[];
}

interface LockedParcel {
  id: number;
  order_id: number;
  courier: CourierCode;
  cn: string | null;
  cod_paisa: number | string;
  status: ParcelStatus | null;
  booking_state: string;
}

/**
 * Records a parcel's events in the caller's transaction: the parcel's row is locked first (a poll
 * and a webhook for one parcel take turns), new events are inserted once, the parcel's status
 * becomes its newest event's, and the order is moved forward to match.
 */
export async function recordParcelEventsInTx(
  tx: Db,
  parcelId: number,
  reported: readonly TrackingEvent[],
  options: { linkBase?: string } = {},
): Promise<RecordedEvents> {
  const [parcel] = await queryRows<LockedParcel>(
    tx,
    sql`select id, order_id, courier, cn, cod_paisa, status, booking_state from parcels where id = ${parcelId} for update`,
  );
  if (!parcel || parcel.booking_state !== "booked") return { added: 0, status: parcel?.status ?? null, moves: [] };
  const events = cleanEvents(reported);
  if (events.length === 0) return { added: 0, status: parcel.status, moves: [] };
  const inserted = await tx
    .insert(parcelEvents)
    .values(
      events.map((event) => ({
        parcelId,
        at: event.at,
        status: event.status,
        courierStatus: event.courierStatus,
        reason: event.reason,
        location: event.location,
        eventKey: event.key,
      })),
    )
    .onConflictDoNothing({ target: [parcelEvents.parcelId, parcelEvents.eventKey] })
    .returning({ at: parcelEvents.at });
  if (inserted.length === 0) return { added: 0, status: parcel.status, moves: [] };

  // the newest event of all the parcel has, not only of these: a late report of an older event
  // must not take the parcel back
  const [newest] = await queryRows<{ status: ParcelStatus; reason: string | null; at: Date | string }>(
    tx,
    sql`select status, reason, at from parcel_events where parcel_id = ${parcelId} order by at desc, id desc limit 1`,
  );
  const latestNew = new Date(Math.max(...inserted.map((row) => new Date(row.at).getTime())));
  await tx.execute(sql`
    update parcels set status = ${newest!.status}, status_reason = ${newest!.reason},
      status_at = ${new Date(newest!.at)},
      last_movement_at = greatest(coalesce(last_movement_at, '-infinity'::timestamptz), least(${latestNew}::timestamptz, now()))
    where id = ${parcelId}`);
  const moves = await followParcel(tx, parcel, newest!.status, options.linkBase ?? "");
  return { added: inserted.length, status: newest!.status, moves };
}

/** What the order should be once the parcel has reached this status; null: the parcel tells nothing yet. */
export const ORDER_STATUS_FOR_PARCEL: Readonly<Record<ParcelStatus, OrderStatus | null>> = {
  booked: null,
  "picked up": "shipped",
  "in transit": "shipped",
  "out for delivery": "shipped",
  "delivery attempted": "shipped",
  returning: "shipped",
  delivered: "delivered",
  returned: "returned",
};

// how far along an order is; the parcel only ever moves it to a later rank
const RANK: Partial<Record<OrderStatus, number>> = { confirmed: 0, packed: 1, shipped: 2, delivered: 3, returned: 4 };

/** The next move from `from` toward `target`, or null when the order is there (or beyond, or out of the parcel's reach). */
export function nextMoveToward(from: OrderStatus, target: OrderStatus): OrderStatus | null {
  const here = RANK[from];
  const there = RANK[target];
  // pending and cancelled orders are not the parcel's to move: staff settle them
  if (here === undefined || there === undefined || here >= there) return null;
  if (from === "confirmed") return "packed";
  if (from === "packed") return "shipped";
  if (from === "shipped") return target === "delivered" ? "delivered" : "returned";
  return target === "returned" ? "returned" : null;
}

/** The order's moves to match the parcel, each through the workflow, in this transaction. */
async function followParcel(
  tx: Db,
  parcel: LockedParcel,
  parcelStatus: ParcelStatus,
  linkBase: string,
): Promise<MoveOutcome[]> {
  const target = ORDER_STATUS_FOR_PARCEL[parcelStatus];
  if (!target) return [];
  const courier = COURIER_NAMES[parcel.courier];
  const moves: MoveOutcome[] = [];
  const [order] = await queryRows<{ status: OrderStatus }>(
    tx,
    sql`select status from orders where id = ${parcel.order_id} for update`,
  );
  let status = order?.status;
  // at most four steps (confirmed → packed → shipped → delivered → returned)
  for (let step = 0; status && step < 4; step++) {
    const to = nextMoveToward(status, target);
    if (!to) break;
    const outcome = await applyOrderMove(
      tx,
      parcel.order_id,
      {
        to,
        eventNote: MOVE_NOTES[to]?.(courier) ?? undefined,
        courier: to === "shipped" ? courier : undefined,
        trackingNumber: to === "shipped" ? (parcel.cn ?? undefined) : undefined,
        cashPaisa: to === "delivered" ? Number(parcel.cod_paisa) : null,
        expectedStatus: status,
        restock: true,
        channel: "auto",
        linkBase,
      },
      { actorId: null, who: { userId: null, email: null, ip: null } },
    );
    moves.push(outcome);
    status = outcome.to;
  }
  return moves;
}

/** What the order's timeline says of a move the courier made (the shopper reads it). */
const MOVE_NOTES: Partial<Record<OrderStatus, (courier: string) => string>> = {
  shipped: (courier) => `Picked up by ${courier}`,
  delivered: (courier) => `Delivered by ${courier}`,
  returned: (courier) => `Returned by ${courier}`,
};

/** One of an order's parcels as staff follow it, with everything its courier reported. */
export interface FollowedParcel {
  id: number;
  courier: CourierCode;
  courierName: string;
  cn: string | null;
  bookingState: string;
  status: ParcelStatus | null;
  statusReason: string | null;
  statusAt: Date | null;
  lastMovementAt: Date | null;
  /** when the scheduler asks the courier next; null: not any more (delivered, returned, not booked) */
  nextPollAt: Date | null;
  lastPolledAt: Date | null;
  /** polls that failed in a row (the courier down, the CN unknown to it) */
  pollFailures: number;
  events: (typeof parcelEvents.$inferSelect)[];
}

/** Every parcel of an order, oldest booking first, with its events oldest first (GET /api/admin/orders/{id}/parcels). */
export async function listOrderParcelEvents(
  ctx: CoreContext,
  actor: StaffActor,
  orderId: number,
): Promise<FollowedParcel[]> {
  requirePermission(actor, "orders");
  const [order] = await ctx.db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound("No such order.");
  const rows = await ctx.db.select().from(parcels).where(eq(parcels.orderId, orderId)).orderBy(asc(parcels.id));
  const events =
    rows.length === 0
      ? []
      : await ctx.db
          .select()
          .from(parcelEvents)
          .where(
            inArray(
              parcelEvents.parcelId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(parcelEvents.at), asc(parcelEvents.id));
  return rows.map((row) => ({
    id: row.id,
    courier: row.courier,
    courierName: COURIER_NAMES[row.courier],
    cn: row.cn,
    bookingState: row.bookingState,
    status: row.status,
    statusReason: row.statusReason,
    statusAt: row.statusAt,
    lastMovementAt: row.lastMovementAt,
    nextPollAt: row.bookingState === "booked" ? row.nextPollAt : null,
    lastPolledAt: row.lastPolledAt,
    pollFailures: row.pollFailures,
    events: events.filter((event) => event.parcelId === row.id),
  }));
}
