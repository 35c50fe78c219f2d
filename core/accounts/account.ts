// The account as the rest of the program sees it: never with its password hash.
import { sql } from "drizzle-orm";
import { users } from "../../db/schema";
import { AppError } from "../shared/errors";
import { isStaffRole } from "../shared/permissions";
import type { Role } from "./rules";

export interface Account {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  username: string | null;
  phone: string | null;
  role: Role;
  emailVerifiedAt: Date | null;
  createdAt: Date;
}

export const accountColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  username: users.username,
  phone: users.phone,
  // the column is text with a check constraint (customer or a staff role)
  role: sql<Role>`${users.role}`,
  emailVerifiedAt: users.emailVerifiedAt,
  createdAt: users.createdAt,
};

export const STAFF_NAME_LOCKED =
  "A staff member's name can only be changed by the store's owner, on the Staff page of the back office.";

/**
 * Refuses the shop's profile update a new name for a staff account (decision 0086): the audit
 * log and the console show staff by name, so a member renaming themselves there ("Store Owner")
 * could pass their actions off as someone else's. The same names sent back are fine.
 */
export function checkProfileName(
  account: Pick<Account, "role" | "firstName" | "lastName">,
  next: { first_name: string; last_name: string },
): void {
  if (!isStaffRole(account.role)) return;
  if (next.first_name !== account.firstName || next.last_name !== account.lastName) {
    throw new AppError(403, STAFF_NAME_LOCKED);
  }
}

/** Where a request came from: kept on sessions and in the messages about them. */
export interface ClientInfo {
  ip: string;
  userAgent?: string;
}
