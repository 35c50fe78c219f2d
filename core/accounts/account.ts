// The account as the rest of the program sees it: never with its password hash.
import { sql } from "drizzle-orm";
import { users } from "../../db/schema";
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
