// The shop's customers for staff (decision 0096; the customers permission: owners, managers,
// fulfilment): everyone who ordered, guests included, one per phone in the form
// customer-keys.ts compares phones by, so "0300 1234567" and "+92 300 1234567" are one customer.
// An account is joined where it placed orders with the phone; a staff account is a customer only
// if it ordered. The rows are kept by triggers on orders (db/schema/customers.ts), so a page of
// the list reads a page of rows however many orders the shop has taken.
import { and, asc, count, desc, eq, ilike, inArray, like, ne, or, sql, type SQL } from "drizzle-orm";
import type { CoreContext } from "../context";
import { blockedContacts, customers, orders, users } from "../../db/schema";
import type { Order } from "./order";
import { samePhoneForms } from "../shared/customer-keys";
import { normalizeInternationalPhone, normalizePakistaniMobile } from "../shared/phone";
import { notFound } from "../shared/errors";
import { escapeLike, searchTerm } from "../shared/search";
import { requirePermission } from "../shared/staff-errors";
import type { StaffActor } from "../shared/permissions";
import { newestFirstPage } from "../shared/paging";

export const NO_SUCH_CUSTOMER = "No such customer.";
export const CUSTOMER_SEARCH_MAX = 100;
export const CUSTOMER_SORTS = ["last_order", "orders", "name"] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

export interface CustomerQuery {
  search?: string;
  /** last_order: newest first; orders: most first; name: A to Z */
  sort?: CustomerSort;
  limit: number;
  offset: number;
}

export interface CustomerSummary {
  id: number;
  /** 923XXXXXXXXX for a Pakistani mobile, other numbers' digits as stored */
  phoneKey: string;
  /** as the newest order gave it */
  phone: string;
  name: string;
  /** "" when no order gave one */
  email: string;
  orders: number;
  delivered: number;
  returned: number;
  cancelled: number;
  firstOrderAt: Date;
  lastOrderAt: Date;
  /** the account that ordered with this phone most recently, if one did */
  userId: number | null;
  /** on the block list: its orders are held for a call */
  blocked: { reason: string } | null;
}

export interface CustomerAccount {
  id: number;
  email: string;
  name: string;
  isStaff: boolean;
  joinedAt: Date;
}

export interface CustomerDetail extends CustomerSummary {
  account: CustomerAccount | null;
  /** the account's other phones it ordered with: each is a customer of its own */
  otherPhones: { id: number; phone: string; orders: number }[];
  /** the totals of delivered orders, in paisa */
  spentPaisa: number;
  /** most recently used first */
  addresses: { shippingAddress: string; city: string; orders: number; lastUsedAt: Date }[];
}

export interface CustomerOrder extends Pick<
  Order,
  "id" | "trackingId" | "status" | "totalPaisa" | "city" | "createdAt"
> {
  /** placed signed in to an account, or as a guest */
  placedAs: "account" | "guest";
}

/** The customer's id from a path: a positive whole number, anything else is no customer (404). */
export function customerId(value: unknown): number {
  const text = typeof value === "number" ? String(value) : value;
  if (typeof text !== "string" || !/^[1-9]\d{0,9}$/.test(text) || Number(text) > 2_147_483_647) {
    throw notFound(NO_SUCH_CUSTOMER);
  }
  return Number(text);
}

const fullName = sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`;

/**
 * The search as conditions: any part of the name or email, taken literally (% and _ are letters
 * here); a term of digits and a phone's separators is a phone in any of its usual forms, and only
 * the phone is searched (digits in a name or email are rare, and matching them as text made every
 * phone search read most of the trigram index: every key is digits).
 */
function searchConditions(raw: string | undefined): SQL | undefined {
  const term = searchTerm(raw, CUSTOMER_SEARCH_MAX);
  if (!term) return undefined;
  if (/^[+\d\s\-.()]+$/.test(term)) {
    const mobile = normalizePakistaniMobile(term);
    if (mobile) return eq(customers.phoneKey, mobile);
    // part of a number: 0300-12 is the 30012 in 92300123…; +44 20 … is stored from its 44
    let digits = normalizeInternationalPhone(term) ?? term.replace(/\D/g, "");
    if (digits.startsWith("0")) digits = digits.replace(/^0+/, "");
    if (digits.length >= 4) return like(customers.phoneKey, `%${digits}%`);
  }
  const pattern = `%${escapeLike(term)}%`;
  return or(ilike(fullName, pattern), ilike(customers.email, pattern));
}

const ORDERINGS: Record<CustomerSort, SQL[]> = {
  last_order: [desc(customers.lastOrderAt), desc(customers.id)],
  orders: [desc(customers.ordersCount), desc(customers.id)],
  name: [asc(sql`lower(${fullName})`), asc(customers.id)],
};

const summaryColumns = {
  id: customers.id,
  phoneKey: customers.phoneKey,
  phone: customers.phone,
  firstName: customers.firstName,
  lastName: customers.lastName,
  email: customers.email,
  orders: customers.ordersCount,
  delivered: customers.deliveredCount,
  returned: customers.returnedCount,
  cancelled: customers.cancelledCount,
  firstOrderAt: customers.firstOrderAt,
  lastOrderAt: customers.lastOrderAt,
  userId: customers.userId,
  blockedReason: blockedContacts.reason,
};

type SummaryRow = {
  [K in keyof typeof summaryColumns]: K extends "blockedReason" ? string | null : unknown;
};

function summaryOf(row: SummaryRow): CustomerSummary {
  return {
    id: Number(row.id),
    phoneKey: String(row.phoneKey),
    phone: String(row.phone),
    name: `${String(row.firstName)} ${String(row.lastName)}`.trim(),
    email: String(row.email),
    orders: Number(row.orders),
    delivered: Number(row.delivered),
    returned: Number(row.returned),
    cancelled: Number(row.cancelled),
    firstOrderAt: new Date(row.firstOrderAt as Date),
    lastOrderAt: new Date(row.lastOrderAt as Date),
    userId: row.userId === null ? null : Number(row.userId),
    blocked: row.blockedReason === null ? null : { reason: row.blockedReason },
  };
}

// the block list keeps a Pakistani mobile as 923XXXXXXXXX, the customer's own key
const blockedJoin = and(eq(blockedContacts.kind, "phone"), eq(blockedContacts.value, customers.phoneKey));

/** A page of the shop's customers, with the total under the same search. */
export async function listCustomers(
  ctx: CoreContext,
  actor: StaffActor,
  query: CustomerQuery,
): Promise<{ items: CustomerSummary[]; total: number }> {
  requirePermission(actor, "customers");
  const where = searchConditions(query.search);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select(summaryColumns)
      .from(customers)
      .leftJoin(blockedContacts, blockedJoin)
      .where(where)
      .orderBy(...ORDERINGS[query.sort ?? "last_order"])
      .limit(query.limit)
      .offset(query.offset),
    ctx.db.select({ n: count() }).from(customers).where(where),
  ]);
  return { items: rows.map(summaryOf), total: Number(total?.n ?? 0) };
}

/** The orders of a customer: every stored form of their phone (orders_phone_idx). */
const ordersOf = (phoneKey: string) => inArray(orders.phoneNormalized, samePhoneForms(phoneKey));

async function findCustomer(ctx: CoreContext, id: unknown): Promise<CustomerSummary> {
  const [row] = await ctx.db
    .select(summaryColumns)
    .from(customers)
    .leftJoin(blockedContacts, blockedJoin)
    .where(eq(customers.id, customerId(id)));
  if (!row) throw notFound(NO_SUCH_CUSTOMER);
  return summaryOf(row);
}

/** One customer: their counts, the account they ordered with, what they spent and where they ship. */
export async function getCustomer(ctx: CoreContext, actor: StaffActor, id: unknown): Promise<CustomerDetail> {
  requirePermission(actor, "customers");
  const customer = await findCustomer(ctx, id);
  const mine = ordersOf(customer.phoneKey);
  const [[spent], addresses, account, otherPhones] = await Promise.all([
    ctx.db
      .select({ paisa: sql<string | null>`sum(${orders.totalPaisa})` })
      .from(orders)
      .where(and(mine, eq(orders.status, "delivered"))),
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
    customer.userId === null
      ? []
      : ctx.db
          .select({
            id: users.id,
            email: users.email,
            firstName: users.firstName,
            lastName: users.lastName,
            role: users.role,
            createdAt: users.createdAt,
          })
          .from(users)
          .where(eq(users.id, customer.userId)),
    customer.userId === null
      ? []
      : ctx.db
          .select({ id: customers.id, phone: customers.phone, orders: customers.ordersCount })
          .from(customers)
          .where(and(eq(customers.userId, customer.userId), ne(customers.id, customer.id)))
          .orderBy(desc(customers.lastOrderAt))
          .limit(20),
  ]);
  const a = account[0];
  return {
    ...customer,
    account: a
      ? {
          id: a.id,
          email: a.email,
          name: `${a.firstName} ${a.lastName}`.trim(),
          isStaff: a.role !== "customer",
          joinedAt: a.createdAt,
        }
      : null,
    otherPhones: otherPhones.map((p) => ({ ...p, orders: Number(p.orders) })),
    spentPaisa: Number(spent?.paisa ?? 0),
    addresses: addresses.map((row) => ({ ...row, orders: Number(row.orders) })),
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
  const customer = await findCustomer(ctx, id);
  const mine = ordersOf(customer.phoneKey);
  const listed = ctx.db
    .select({
      id: orders.id,
      trackingId: orders.trackingId,
      status: orders.status,
      totalPaisa: orders.totalPaisa,
      city: orders.city,
      createdAt: orders.createdAt,
      userId: orders.userId,
    })
    .from(orders)
    .$dynamic();
  const { items: rows, total } = await newestFirstPage(ctx.db, listed, mine, [orders.createdAt, orders.id], page);
  return {
    items: rows.map(({ userId, ...order }) => ({ ...order, placedAs: userId === null ? "guest" : "account" })),
    total,
  };
}
