// The figures on the console's home page (issue 12, point 1): each one only for a role that may
// open its area, so the page tells a packer what waits for them without showing an owner's totals
// to everyone. Later issues add their own (stock, returns) here.
import { and, count, eq, gte, inArray, isNull, sql } from "drizzle-orm";
import type { CoreContext } from "../context";
import { orders, users } from "../../db/schema";
import { can, STAFF_ROLES, type StaffActor } from "./permissions";

export interface ConsoleHome {
  /** orders: awaiting the shop's call to confirm them (cash on delivery) */
  ordersToConfirm?: number;
  /** orders placed since midnight in Pakistan, and their value in paisa (cancelled ones left out) */
  ordersToday?: { count: number; totalPaisa: number };
  /** customers: accounts opened in the last 7 days */
  newCustomersThisWeek?: number;
  /** staff: active members */
  activeStaff?: number;
}

// midnight today in Asia/Karachi (UTC+5, no daylight saving), as a moment
const startOfKarachiDay = sql`date_trunc('day', now() at time zone 'Asia/Karachi') at time zone 'Asia/Karachi'`;

export async function getConsoleHome(ctx: CoreContext, actor: StaffActor): Promise<ConsoleHome> {
  const home: ConsoleHome = {};
  const work: Promise<void>[] = [];
  if (can(actor, "orders")) {
    work.push(
      ctx.db
        .select({ n: count() })
        .from(orders)
        .where(eq(orders.status, "pending confirmation"))
        .then(([row]) => {
          home.ordersToConfirm = Number(row?.n ?? 0);
        }),
      ctx.db
        .select({
          n: count(),
          total: sql<string>`coalesce(sum(${orders.totalPaisa}), 0)`,
        })
        .from(orders)
        .where(and(gte(orders.createdAt, startOfKarachiDay), sql`${orders.status} <> 'cancelled'`))
        .then(([row]) => {
          home.ordersToday = { count: Number(row?.n ?? 0), totalPaisa: Number(row?.total ?? 0) };
        }),
    );
  }
  if (can(actor, "customers")) {
    work.push(
      ctx.db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.role, "customer"), gte(users.createdAt, sql`now() - interval '7 days'`)))
        .then(([row]) => {
          home.newCustomersThisWeek = Number(row?.n ?? 0);
        }),
    );
  }
  if (can(actor, "staff")) {
    work.push(
      ctx.db
        .select({ n: count() })
        .from(users)
        .where(and(inArray(users.role, [...STAFF_ROLES]), isNull(users.deactivatedAt)))
        .then(([row]) => {
          home.activeStaff = Number(row?.n ?? 0);
        }),
    );
  }
  await Promise.all(work);
  return home;
}
