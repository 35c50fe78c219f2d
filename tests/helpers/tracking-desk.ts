// The tracking tests' store (decision 0104): the booking desk (a fake PostEx, its account, orders
// ready to book) and parcels booked through the staff API, then moved on the fake as its riders
// would move them. A pass polls only the parcels a test names: every other parcel in the file's
// store is put a day ahead first, so tests do not poll each other's parcels.
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { runParcelTrackingOnce, type TrackingOptions } from "../../core/parcels/tracking-scheduler";
import type { ParcelStatus } from "../../db/schema";
import { book, readyOrder, t } from "./parcel-desk";
import type { Placed } from "./order-desk";
import { rows } from "./shop";

export interface BookedParcel {
  order: Placed;
  parcelId: number;
  cn: string;
}

/** An order placed, moved to packed (or confirmed) by staff, and booked with an account (the default unless named). */
export async function bookedOrder(
  options: { accountId?: number; status?: "confirmed" | "packed" } = {},
): Promise<BookedParcel> {
  const order = await readyOrder(options.status ?? "packed");
  const res = await book(order.id, options.accountId ? { account_id: options.accountId } : {});
  expect(res.statusCode, res.body).toBe(201);
  const parcel = res.json().parcel as { id: number; cn: string };
  return { order, parcelId: parcel.id, cn: parcel.cn };
}

/** These parcels due now; every other booked parcel a day ahead. */
export async function due(...ids: number[]): Promise<void> {
  await t.database.db.execute(sql`
    update parcels set next_poll_at = case when id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) then now() - interval '1 second' else now() + interval '1 day' end
    where booking_state = 'booked' and coalesce(status, 'booked') not in ('delivered', 'returned')`);
}

/** One tracking pass with no pause between calls; the parcels named are made due first. */
export async function pass(ids: number[], options: Partial<TrackingOptions> = {}) {
  await due(...ids);
  return runParcelTrackingOnce(t.core, { pauseMs: 0, ...options });
}

export const eventsOf = (parcelId: number) =>
  rows<{ status: ParcelStatus; courier_status: string; reason: string | null; at: Date; event_key: string }>(
    t,
    sql`select status, courier_status, reason, at, event_key from parcel_events where parcel_id = ${parcelId} order by at, id`,
  );

export async function parcelRow(parcelId: number) {
  const [row] = await rows<{
    status: ParcelStatus | null;
    status_reason: string | null;
    last_movement_at: Date | null;
    next_poll_at: Date | null;
    last_polled_at: Date | null;
    poll_failures: number;
  }>(
    t,
    sql`select status, status_reason, last_movement_at, next_poll_at, last_polled_at, poll_failures
        from parcels where id = ${parcelId}`,
  );
  return row!;
}

export async function orderRow(orderId: number) {
  const [row] = await rows<{
    status: string;
    courier: string | null;
    tracking_number: string | null;
    cash_collected_paisa: number | string | null;
  }>(t, sql`select status, courier, tracking_number, cash_collected_paisa from orders where id = ${orderId}`);
  return row!;
}

/** The order's status moves, oldest first: [from, to, note]. */
export const movesOf = async (orderId: number) =>
  (
    await rows<{ from_status: string; to_status: string; note: string | null }>(
      t,
      sql`select from_status, to_status, note from order_events where order_id = ${orderId} and kind = 'status' order by id`,
    )
  ).map((e) => [e.from_status, e.to_status, e.note]);

/** Seconds from now until the moment (negative: past). */
export const secondsAhead = (at: Date | string | null) =>
  at === null ? null : (new Date(at).getTime() - Date.now()) / 1000;
