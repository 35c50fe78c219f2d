// The shop's accounts as staff see them (the customers permission): a list to search by email,
// name or phone. Orders by phone, guests included, are the customers list (core/orders/customers.ts).
import { ilike, or, sql } from "drizzle-orm";
import type { CoreContext } from "../context";
import { users } from "../../db/schema";
import { requirePermission } from "../shared/staff-errors";
import type { StaffActor } from "../shared/permissions";
import { escapeLike } from "../shared/search";
import { accountColumns, type Account } from "../accounts/account";
import { newestFirstPage } from "../shared/paging";

/** The digits of a phone search, without a leading 0, 92 or 0092; null when too few to mean a phone. */
function phoneSearchDigits(term: string): string | null {
  let digits = term.replace(/\D/g, "");
  if (digits.startsWith("0092")) digits = digits.slice(4);
  else if (digits.startsWith("92") && digits.length > 10) digits = digits.slice(2);
  else if (digits.startsWith("0")) digits = digits.slice(1);
  return digits.length >= 4 ? digits : null;
}

/** Accounts for staff (the customers permission), newest first; search matches email, name or phone. */
export async function listUsers(
  ctx: CoreContext,
  actor: StaffActor,
  query: { search?: string; limit: number; offset: number },
): Promise<{ items: Account[]; total: number }> {
  requirePermission(actor, "customers");
  const term = query.search?.trim();
  const pattern = term ? `%${escapeLike(term)}%` : undefined;
  // a phone is typed in many ways (0300-1234567, +92 300 1234567): its digits are compared, from
  // after the country code or leading 0, so any of them finds the account (decision 0096)
  const digits = term && /^[+\d\s\-.()]+$/.test(term) ? phoneSearchDigits(term) : null;
  const where = pattern
    ? or(
        ilike(users.email, pattern),
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
        ...(digits ? [sql`regexp_replace(coalesce(${users.phone}, ''), '[^0-9]', '', 'g') like ${`%${digits}%`}`] : []),
      )
    : undefined;
  const listed = ctx.db.select(accountColumns).from(users).$dynamic();
  const { items: items, total } = await newestFirstPage(ctx.db, listed, where, [users.createdAt, users.id], query);
  return { items: items as Account[], total };
}
