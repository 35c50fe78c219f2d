// The orders side of the console's home (decision 0060): how the last 30 days went for a
// cash-on-delivery shop. The two shares are the figures such a shop steers by: how many of its
// orders turn out to be real (confirmed rather than cancelled unconfirmed) and how many parcels
// come back (refused at the door or sent back) instead of being paid for.
// Days are Pakistan days (Asia/Karachi, UTC+5 with no daylight saving; decision 0013).
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";

export const DASHBOARD_DAYS = 30;

export interface OrdersDashboard {
  /** the first Pakistan day of the window, YYYY-MM-DD; the window ends today */
  since: string;
  /** orders placed in the window, whatever became of them */
  placed: number;
  /** of those, the ones the shop has decided on (no longer pending confirmation) ... */
  decided: number;
  /** ... and of these, the ones that were confirmed (even if cancelled or returned later) */
  confirmed: number;
  /** orders delivered in the window (by the day of delivery) and the cash the couriers collected */
  delivered: number;
  cashCollectedPaisa: number;
  /** of the orders placed in the window whose parcel reached an end (delivered or returned) ... */
  finished: number;
  /** ... the ones that came back */
  returned: number;
  /** waiting for the shop's call, and since when the oldest has waited */
  pending: number;
  oldestPendingAt: Date | null;
  /** one entry per Pakistan day of the window, oldest first, days without orders included */
  perDay: { day: string; placed: number; cancelled: number }[];
}

// midnight in Asia/Karachi, DASHBOARD_DAYS - 1 days before today: the window holds today too
const windowStart = sql`(date_trunc('day', now() at time zone 'Asia/Karachi') - ${DASHBOARD_DAYS - 1} * interval '1 day') at time zone 'Asia/Karachi'`;

export async function ordersDashboard(db: Db): Promise<OrdersDashboard> {
  // each query reads its rows through an index: orders_created_idx for the window, orders_status_idx
  // for the pending ones; delivered_at is only on delivered orders, found through the status index
  const [placed, delivered, pending, perDay, since] = await Promise.all([
    queryRows<{ placed: string; decided: string; confirmed: string; finished: string; returned: string }>(
      db,
      sql`select count(*) as placed,
                 count(*) filter (where o.status <> 'pending confirmation') as decided,
                 count(*) filter (where o.status in ('confirmed', 'packed', 'shipped', 'delivered', 'returned')
                   or (o.status = 'cancelled' and exists (select 1 from order_events e
                       where e.order_id = o.id and e.kind = 'status' and e.to_status = 'confirmed'))) as confirmed,
                 count(*) filter (where o.status in ('delivered', 'returned')) as finished,
                 count(*) filter (where o.status = 'returned') as returned
          from orders o where o.created_at >= ${windowStart}`,
    ),
    queryRows<{ n: string; cash: string }>(
      db,
      sql`select count(*) as n, coalesce(sum(cash_collected_paisa), 0) as cash from orders
          where status = 'delivered' and delivered_at >= ${windowStart}`,
    ),
    queryRows<{ n: string; oldest: Date | string | null }>(
      db,
      sql`select count(*) as n, min(created_at) as oldest from orders where status = 'pending confirmation'`,
    ),
    queryRows<{ day: string; placed: string; cancelled: string }>(
      db,
      sql`select to_char(created_at at time zone 'Asia/Karachi', 'YYYY-MM-DD') as day, count(*) as placed,
                 count(*) filter (where status = 'cancelled') as cancelled
          from orders where created_at >= ${windowStart} group by 1`,
    ),
    queryRows<{ day: string }>(
      db,
      sql`select to_char(${windowStart} at time zone 'Asia/Karachi', 'YYYY-MM-DD') as day`,
    ),
  ]);
  const first = since[0]!.day;
  const counted = new Map(perDay.map((row) => [row.day, row]));
  const days = Array.from({ length: DASHBOARD_DAYS }, (_, i) => addDays(first, i));
  const p = placed[0]!;
  const oldest = pending[0]?.oldest ?? null;
  return {
    since: first,
    placed: Number(p.placed),
    decided: Number(p.decided),
    confirmed: Number(p.confirmed),
    delivered: Number(delivered[0]!.n),
    cashCollectedPaisa: Number(delivered[0]!.cash),
    finished: Number(p.finished),
    returned: Number(p.returned),
    pending: Number(pending[0]!.n),
    oldestPendingAt: oldest === null ? null : new Date(oldest),
    perDay: days.map((day) => ({
      day,
      placed: Number(counted.get(day)?.placed ?? 0),
      cancelled: Number(counted.get(day)?.cancelled ?? 0),
    })),
  };
}

/** YYYY-MM-DD plus whole days, by the calendar (no time zone enters a calendar day). */
export function addDays(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}
