// The figures on the console's home page (decision 0060): each one only for a role that may
// open its area, so the page tells a packer what waits for them without showing an owner's totals
// to everyone. The orders dashboard (30 days) and the stock running low are among them.
import { and, count, eq, gte, inArray, isNull, sql } from "drizzle-orm";
import type { CoreContext } from "../context";
import { queryRows } from "../../db/client";
import { orders, users } from "../../db/schema";
import { ordersDashboard, type OrdersDashboard } from "../orders/dashboard";
import { cashWithCouriers, type Tally } from "../remittances/money-reads";
import { can, STAFF_ROLES, type StaffActor } from "../shared/permissions";

/** A combination (or a product sold without options) at or below this many units is running low. */
export const LOW_STOCK_AT = 3;
/** How many of the lowest the home page lists; the count covers them all. */
const LOW_STOCK_LISTED = 8;

export interface LowStock {
  /** the threshold, LOW_STOCK_AT, for the page's wording */
  at: number;
  count: number;
  items: { productId: number; productName: string; combinationName: string | null; stock: number }[];
}

export interface ConsoleHome {
  /** orders: awaiting the shop's call to confirm them (cash on delivery) */
  ordersToConfirm?: number;
  /** orders placed since midnight in Pakistan, and their value in paisa (cancelled ones left out) */
  ordersToday?: { count: number; totalPaisa: number };
  /** customers: accounts opened in the last 7 days */
  newCustomersThisWeek?: number;
  /** staff: active members */
  activeStaff?: number;
  /** orders: the last 30 days */
  orders?: OrdersDashboard;
  /** stock: combinations of products on sale with LOW_STOCK_AT units or fewer, lowest first */
  lowStock?: LowStock;
  /** money: the cash couriers hold for delivered parcels not yet paid for, and the oldest's age in days */
  cashWithCouriers?: Tally & { oldestDays: number | null };
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
      ordersDashboard(ctx.db).then((dashboard) => {
        home.orders = dashboard;
      }),
    );
  }
  if (can(actor, "stock")) {
    work.push(
      lowStock(ctx).then((low) => {
        home.lowStock = low;
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
  if (can(actor, "money")) {
    work.push(
      cashWithCouriers(ctx.db).then((cash) => {
        home.cashWithCouriers = cash;
      }),
    );
  }
  await Promise.all(work);
  return home;
}

async function lowStock(ctx: CoreContext): Promise<LowStock> {
  // what can still be sold and is about to run out: combinations of active products, and active
  // products sold without combinations; a combination switched off is not on sale
  const low = sql`(
    select p.id as product_id, p.name as product_name, vc.combination_name, vc.stock
      from variant_combinations vc join products p on p.id = vc.product_id
      where p.is_active and vc.is_available and vc.stock <= ${LOW_STOCK_AT}
    union all
    select p.id, p.name, null, p.stock from products p
      where p.is_active and p.stock <= ${LOW_STOCK_AT}
        and not exists (select 1 from variant_combinations vc where vc.product_id = p.id)
  ) low`;
  const [counted, items] = await Promise.all([
    queryRows<{ n: string }>(ctx.db, sql`select count(*) as n from ${low}`),
    queryRows<{ product_id: number; product_name: string; combination_name: string | null; stock: number }>(
      ctx.db,
      sql`select * from ${low} order by stock, product_name, combination_name limit ${LOW_STOCK_LISTED}`,
    ),
  ]);
  return {
    at: LOW_STOCK_AT,
    count: Number(counted[0]?.n ?? 0),
    items: items.map((row) => ({
      productId: Number(row.product_id),
      productName: row.product_name,
      combinationName: row.combination_name,
      stock: Number(row.stock),
    })),
  };
}
