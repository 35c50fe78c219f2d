// The first owner, and an owner locked out, come in from the command line (`npm run
// admin:create`): an account is created, or an existing one made an active owner, with a new
// password. It is a staff use-case with no signed-in member, so the audit log names the command.
import { eq, sql } from "drizzle-orm";
import type { CoreContext } from "../context";
import { users } from "../../db/schema";
import { recordAudit } from "../shared/audit";
import { accountColumns, type Account } from "../accounts/account";
import { hashPassword } from "../accounts/passwords";
import { emailSchema, newPasswordSchema, NAME_MAX } from "../accounts/rules";
import { revokeStaffSessionsOf, revokeUserSessions } from "../accounts/sessions";
import { parse } from "../shared/refusals";
import { findByEmail } from "../accounts/users";
import { endShopperHolds } from "./accounts";

export interface AdminInput {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
}

/**
 * Creates an owner's account, or makes an existing account an active owner, and sets its
 * password (`npm run admin:create`: the way in for the first owner, and back in for an owner
 * locked out). Existing sessions of that account end, since the password changed; the audit log
 * records it as done from the command line.
 */
export async function createOrPromoteAdmin(
  ctx: CoreContext,
  input: AdminInput,
): Promise<{ user: Account; created: boolean }> {
  const email = parse(emailSchema, input.email);
  const password = parse(newPasswordSchema, input.password);
  const name = (value: string | undefined, fallback: string) => (value?.trim() || fallback).slice(0, NAME_MAX);
  const passwordHash = await hashPassword(password);
  const existing = await findByEmail(ctx, email);
  if (existing) {
    return ctx.db.transaction(async (tx) => {
      // a shopper's account keeps nothing its shop side set, as when the owner adds staff (decision 0086)
      if (existing.role === "customer") await endShopperHolds(ctx, tx, existing.id);
      const [user] = await tx
        .update(users)
        .set({
          role: "owner",
          passwordHash,
          deactivatedAt: null,
          mustChangePassword: false,
          ...(input.firstName?.trim() ? { firstName: name(input.firstName, "") } : {}),
          ...(input.lastName?.trim() ? { lastName: name(input.lastName, "") } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, existing.id))
        .returning(accountColumns);
      await revokeUserSessions({ ...ctx, db: tx }, existing.id);
      await revokeStaffSessionsOf(tx, existing.id);
      await recordAudit(tx, COMMAND_LINE, {
        action: "staff.owner_by_command",
        entityType: "staff",
        entityId: existing.id,
        changes: { role: [existing.role, "owner"] },
      });
      return { user: user as Account, created: false };
    });
  }
  return ctx.db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email,
        passwordHash,
        firstName: name(input.firstName, "Store"),
        lastName: name(input.lastName, "Owner"),
        role: "owner",
      })
      .returning(accountColumns);
    await recordAudit(tx, COMMAND_LINE, {
      action: "staff.owner_by_command",
      entityType: "staff",
      entityId: user!.id,
      changes: { email, role: [null, "owner"] },
    });
    return { user: user as Account, created: true };
  });
}

// `npm run admin:create` acts for no signed-in member: the log says where it came from
const COMMAND_LINE = { userId: null, email: "npm run admin:create", ip: null };
