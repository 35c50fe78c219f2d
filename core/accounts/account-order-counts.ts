// One customer as staff see them (issue 14, point 10; decision 0068): the account, every order
// they placed signed in, and the orders placed as a guest with the account's email or phone
// (marked as such: the same phone may be a relative's), the addresses they ship to and their
// totals. The customers permission: owners, managers and fulfilment.
//
// A shopper who never made an account has no page here: they are found through their orders
// (the Orders screen searches email, name and phone).
import { and, count, desc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { CoreContext } from "../context";
import { orders, users } from "../../db/schema";
import { notFound } from "../shared/errors";
import { requirePermission } from "../staff/errors";
import type { StaffActor } from "../staff/permissions";
import { normalizeInternationalPhone, normalizePakistaniMobile } from "../checkout/phone";
import { samePhoneForms } from "../checkout/customer-keys";
import { accountColumns, type Account } from "./account";

export const NO_SUCH_CUSTOMER = "No such customer.";

export interface CustomerTotals {
  orders: number;
  delivered: number;
  /** cancelled or returned */
  cancelledOrReturned: number;
  /** the totals of delivered orders, in paisa */
  spentPaisa: number;
}

export interface CustomerAddress {
  shippingAddress: string;
  city: string;
  orders: number;
  lastUsedAt: Date;
}

export interface CustomerDetail {
  account: Account;
  totals: CustomerTotals;
  /** most recently used first */
  addresses: CustomerAddress[];
}

export interface CustomerOrder {
  id: number;
  trackingId: string;
  status: string;
  totalPaisa: number;
  createdAt: Date;
  city: string;
  /** placed signed in to this account, or as a guest with its email or phone */
  placedAs: "account" | "guest";
  /** why a guest order is shown here */
  matchedBy: "email" | "phone" | null;
}

/** The account's id from a path: a positive whole number, anything else is no customer (404). */
export function customerId(value: unknown): number {
  const text = typeof value === "number" ? String(value) : value;
  if (typeof text !== "string" || !/^[1-9]\d{0,9}$/.test(text) || Number(text) > 2_147_483_647) {
    throw notFound(NO_SUCH_CUSTOMER);
  }
  return Number(text);
}

/** Every stored form of the account's phone number, as orders keep it (digits only). */
export function phoneKeys(phone: string | null): string[] {
  if (!phone) return [];
  const digits = normalizePakistaniMobile(phone) ?? normalizeInternationalPhone(phone);
  return digits ? samePhoneForms(digits) : [];
}

/** The orders that belong to an account: its own, and guest orders with its email or phone. */
function ordersOf(account: { id: number; email: string; phone: string | null }): SQL {
  const phones = phoneKeys(account.phone);
  const guest = phones.length
    ? or(eq(orders.email, account.email.toLowerCase()), inArray(orders.phoneNormalized, phones))!
    : eq(orders.email, account.email.toLowerCase());
  return or(eq(orders.userId, account.id), and(isNull(orders.userId), guest))!;
}

async function findAccount(ctx: CoreContext, id: unknown): Promise<Account> {
  const [account] = await ctx.db
    .select(accountColumns)
    .from(users)
    .where(eq(users.id, customerId(id)));
  if (!account) throw notFound(NO_SUCH_CUSTOMER);
  return account as Account;
}

/** One customer: the account, their totals and the addresses they have shipped to. */
export async function getCustomer(ctx: CoreContext, actor: StaffActor, id: unknown): Promise<CustomerDetail> {
  requirePermission(actor, "customers");
  const account = await findAccount(ctx, id);
  const mine = ordersOf(account);
  const [[totals], addresses] = await Promise.all([
    ctx.db
      .select({
        orders: count(),
        delivered: sql<number>`count(*) filter (where ${orders.status} = 'delivered')`,
        cancelledOrReturned: sql<number>`count(*) filter (where ${orders.status} in ('cancelled', 'returned'))`,
        spent: sql<string | null>`sum(${orders.totalPaisa}) filter (where ${orders.status} = 'delivered')`,
      })
      .from(orders)
      .where(mine),
    ctx.db
      .select({
        shippingAddress: orders.shippingAddress,
        city: orders.city,
        orders: count(),
        lastUsedAt: sql<Date>`max(${orders.createdAt})`.mapWith((v: string | Date) => new Date(v)),
      })
      .from(orders)
      .where(mine)
      .groupBy(orders.shippingAddress, orders.city)
      .orderBy(desc(sql`max(${orders.createdAt})`))
      .limit(50),
  ]);
  return {
    account,
    totals: {
      orders: Number(totals?.orders ?? 0),
      delivered: Number(totals?.delivered ?? 0),
      cancelledOrReturned: Number(totals?.cancelledOrReturned ?? 0),
      spentPaisa: Number(totals?.spent ?? 0),
    },
    addresses: addresses.map((a) => ({ ...a, orders: Number(a.orders) })),
  };
}

/** A customer's orders, newest first, with the total for paging. */
export async function listCustomerOrders(
  ctx: CoreContext,
  actor: StaffActor,
  id: unknown,
  page: { limit: number; offset: number },
): Promise<{ items: CustomerOrder[]; total: number }> {
  requirePermission(actor, "customers");
  const account = await findAccount(ctx, id);
  const mine = ordersOf(account);
  const phones = new Set(phoneKeys(account.phone));
  const email = account.email.toLowerCase();
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({
        id: orders.id,
        trackingId: orders.trackingId,
        status: orders.status,
        totalPaisa: orders.totalPaisa,
        createdAt: orders.createdAt,
        city: orders.city,
        userId: orders.userId,
        email: orders.email,
        phoneNormalized: orders.phoneNormalized,
      })
      .from(orders)
      .where(mine)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(page.limit)
      .offset(page.offset),
    ctx.db.select({ n: count() }).from(orders).where(mine),
  ]);
  return {
    items: rows.map(({ userId, email: orderEmail, phoneNormalized, ...order }) => {
      const guest = userId === null;
      return {
        ...order,
        placedAs: guest ? "guest" : "account",
        matchedBy: !guest ? null : orderEmail === email ? "email" : phones.has(phoneNormalized) ? "phone" : null,
      };
    }),
    total: Number(total?.n ?? 0),
  };
}

/**
 * How many orders each of these accounts has, counted as the customer page counts them (own
 * orders, and guest orders with the account's email or phone): one query for a page of the list.
 */
export async function orderCounts(ctx: CoreContext, accounts: Account[]): Promise<Map<number, number>> {
  const counts = new Map(accounts.map((a) => [a.id, 0]));
  if (accounts.length === 0) return counts;
  const emails = accounts.map((a) => a.email.toLowerCase());
  const phones = accounts.flatMap((a) => phoneKeys(a.phone));
  const guest = phones.length
    ? or(inArray(orders.email, emails), inArray(orders.phoneNormalized, phones))!
    : inArray(orders.email, emails);
  const groups = await ctx.db
    .select({ userId: orders.userId, email: orders.email, phone: orders.phoneNormalized, n: count() })
    .from(orders)
    .where(
      or(
        inArray(
          orders.userId,
          accounts.map((a) => a.id),
        ),
        and(isNull(orders.userId), guest),
      ),
    )
    .groupBy(orders.userId, orders.email, orders.phoneNormalized);
  for (const account of accounts) {
    const email = account.email.toLowerCase();
    const keys = new Set(phoneKeys(account.phone));
    let n = 0;
    for (const g of groups) {
      if (g.userId === account.id || (g.userId === null && (g.email === email || keys.has(g.phone)))) n += Number(g.n);
    }
    counts.set(account.id, n);
  }
  return counts;
}
