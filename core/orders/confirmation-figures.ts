// The owner's confirmation figures (decision 0072): of the orders placed in each of the last
// eight weeks, and in each of the period's busiest cities, how many were confirmed, cancelled by
// the shopper (on WhatsApp, the confirm page or a call), let expire unanswered, and refused at the
// door (shipped, then returned). Each is counted against the orders placed in that week or city,
// so a share reads "of the orders placed then, this many ...".
// Weeks are Pakistan weeks, Monday to Sunday (Asia/Karachi, UTC+5, no daylight saving; decision
// 0013). Cities are compared without case or surrounding spaces ("lahore " is Lahore).
import { sql } from "drizzle-orm";
import type { CoreContext } from "../context";
import { queryRows } from "../../db/client";
import { requirePermission } from "../shared/staff-errors";
import type { StaffActor } from "../shared/permissions";
import { addDays } from "./dashboard";

export const FIGURE_WEEKS = 8;
export const FIGURE_CITIES = 10;

export interface ConfirmationCounts {
  placed: number;
  confirmed: number;
  /** the shopper said no: confirmation_outcome cancelled on WhatsApp, the confirm page or a call */
  cancelledByShopper: number;
  /** nobody answered: the scheduler cancelled it */
  expired: number;
  /** shipped, then returned: the parcel was refused at the door */
  refused: number;
}

export interface ConfirmationFigures {
  /** the Monday (YYYY-MM-DD, Pakistan) the period starts; it ends now */
  since: string;
  /** one per week, oldest first, weeks without orders included; `week` is its Monday */
  weeks: ({ week: string } & ConfirmationCounts)[];
  /** the FIGURE_CITIES cities with the most orders in the period, most first */
  cities: ({ city: string } & ConfirmationCounts)[];
  /** the whole period */
  total: ConfirmationCounts;
}

// Monday 00:00 in Asia/Karachi, FIGURE_WEEKS - 1 weeks before this week's: the period holds this week too
const periodStart = sql`(date_trunc('week', now() at time zone 'Asia/Karachi') - ${FIGURE_WEEKS - 1} * interval '1 week') at time zone 'Asia/Karachi'`;

// One pass over the period's orders through orders_created_idx (created_at, id).
const counts = sql`count(*) as placed,
  count(*) filter (where o.confirmation_outcome = 'confirmed') as confirmed,
  count(*) filter (where o.confirmation_outcome = 'cancelled'
    and o.confirmation_channel in ('whatsapp', 'link', 'call')) as cancelled,
  count(*) filter (where o.confirmation_outcome = 'expired') as expired,
  count(*) filter (where r.refused) as refused`;

// The door check, as a lateral join rather than EXISTS: with EXISTS PostgreSQL chose to hash the
// whole order_events table (a sequential scan, measured on 500,000 orders); this way it looks
// through order_events_order_idx, and only for the orders that ended returned (the one-time filter).
const periodOrders = sql`orders o left join lateral (
    select true as refused from order_events e
    where o.status = 'returned' and e.order_id = o.id and e.kind = 'status'
      and e.from_status = 'shipped' and e.to_status = 'returned'
    limit 1) r on true
  where o.created_at >= ${periodStart}`;

interface CountRow {
  placed: string | number;
  confirmed: string | number;
  cancelled: string | number;
  expired: string | number;
  refused: string | number;
}

const toCounts = (row: CountRow | undefined): ConfirmationCounts => ({
  placed: Number(row?.placed ?? 0),
  confirmed: Number(row?.confirmed ?? 0),
  cancelledByShopper: Number(row?.cancelled ?? 0),
  expired: Number(row?.expired ?? 0),
  refused: Number(row?.refused ?? 0),
});

/** The figures for the console's home and GET /api/admin/dashboard/confirmations (orders permission). */
export async function confirmationFigures(ctx: CoreContext, actor: StaffActor): Promise<ConfirmationFigures> {
  requirePermission(actor, "orders");
  const [weeks, cities, [since]] = await Promise.all([
    queryRows<CountRow & { week: string }>(
      ctx.db,
      sql`select to_char(date_trunc('week', o.created_at at time zone 'Asia/Karachi'), 'YYYY-MM-DD') as week, ${counts}
          from ${periodOrders} group by 1`,
    ),
    queryRows<CountRow & { city: string }>(
      ctx.db,
      // the spelling most orders used names the city
      sql`select mode() within group (order by btrim(o.city)) as city, ${counts}
          from ${periodOrders}
          group by lower(btrim(o.city))
          order by count(*) desc, lower(btrim(o.city))
          limit ${FIGURE_CITIES}`,
    ),
    queryRows<{ day: string }>(
      ctx.db,
      sql`select to_char(${periodStart} at time zone 'Asia/Karachi', 'YYYY-MM-DD') as day`,
    ),
  ]);
  const first = since!.day;
  const byWeek = new Map(weeks.map((row) => [row.week, row]));
  const perWeek = Array.from({ length: FIGURE_WEEKS }, (_, i) => {
    const week = addDays(first, i * 7);
    return { week, ...toCounts(byWeek.get(week)) };
  });
  // the weeks cover the period exactly, so their sum is its total
  const total = toCounts(undefined);
  for (const week of perWeek)
    for (const key of Object.keys(total) as (keyof ConfirmationCounts)[]) total[key] += week[key];
  return { since: first, weeks: perWeek, cities: cities.map((row) => ({ city: row.city, ...toCounts(row) })), total };
}
