// How many orders each account on the accounts list has (the staff API's /admin/users): its own,
// and guest orders with the account's email or phone. The shop's customers, guests included, are
// core/orders/customers.ts (decision 0096); this counts for the list of who signed up.
import { and, count, inArray, isNull, or } from "drizzle-orm";
import type { CoreContext } from "../context";
import { orders } from "../../db/schema";
import { normalizeInternationalPhone, normalizePakistaniMobile } from "../shared/phone";
import { samePhoneForms } from "../shared/customer-keys";
import type { Account } from "../accounts/account";

/** Every stored form of the account's phone number, as orders keep it (digits only). */
function phoneKeys(phone: string | null): string[] {
  if (!phone) return [];
  const digits = normalizePakistaniMobile(phone) ?? normalizeInternationalPhone(phone);
  return digits ? samePhoneForms(digits) : [];
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
