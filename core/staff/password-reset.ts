// A staff member who forgot the password gets back in by email (decision 0097): the console's
// "Forgot your password?" asks for the same reset as the shop's (one answer for every address,
// decision 0087), and the worker sends a staff account a link to the console's own page. Setting
// the new password there spends the link, ends every session of the account and opens a console
// session that, with two-step on, still owes the code (or a recovery code), as after a password.
import { and, eq, sql } from "drizzle-orm";
import type { CoreContext } from "../context";
import { users } from "../../db/schema";
import { linkState, spendLinkToken, type LinkState } from "../accounts/account-tokens";
import { takeLinkUse } from "../accounts/account-requests";
import { resetLinkRefusal } from "../accounts/password-reset";
import { hashPassword } from "../accounts/passwords";
import { newPasswordSchema } from "../accounts/rules";
import { AppError, invalid } from "../shared/errors";
import { signInWithNewPassword } from "./invitations";
import { isStaffRole } from "../shared/permissions";
import type { StaffClient } from "./sessions";

export const NOT_A_STAFF_LINK =
  "This link does not open the back office: it is not for an active staff account. Please ask for a new link.";

/** Whether a reset link still works, for the console's page (nothing is spent: mail scanners open links). */
export function checkStaffResetLink(ctx: CoreContext, token: string): Promise<LinkState> {
  return linkState(ctx.db, token, "password_reset");
}

/**
 * Sets a member's new password with a reset link's token and signs them in to the console: the
 * token spent by one conditional UPDATE, in one transaction with the password and the sessions.
 * A link for a shopper, a deactivated member, or an address the account no longer has opens
 * nothing, and stays unspent.
 */
export async function resetStaffPassword(
  ctx: CoreContext,
  token: string,
  rawPassword: unknown,
  client: StaffClient,
): Promise<{ token: string; pendingSecondFactor: boolean }> {
  const parsed = newPasswordSchema.safeParse(rawPassword);
  if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? "Please choose another password.");
  await takeLinkUse(ctx, "password_reset", client.ip ?? "unknown");
  // hashed before the transaction: argon2 takes a while and must not hold the token's row
  const passwordHash = await hashPassword(parsed.data);
  const signedIn = await ctx.db.transaction(async (tx) => {
    const spent = await spendLinkToken(tx, token, "password_reset");
    if (!spent) return null;
    // as the account is now, under its lock: the address the link was sent to, still staff, active
    const [member] = await tx
      .select({
        id: users.id,
        email: users.email,
        role: users.role,
        twoStep: sql<boolean>`${users.totpEnabledAt} is not null`,
      })
      .from(users)
      .where(
        and(
          eq(users.id, spent.userId),
          sql`lower(${users.email}) = ${spent.email}`,
          sql`${users.deactivatedAt} is null`,
        ),
      )
      .for("update");
    // thrown, so the transaction gives the token back: a shopper's link still works on the shop's page
    if (!member || !isStaffRole(member.role)) throw new AppError(403, NOT_A_STAFF_LINK);
    return signInWithNewPassword(
      ctx,
      tx,
      { userId: member.id, email: member.email, twoStep: member.twoStep },
      passwordHash,
      client,
      { reset_link: true },
    );
  });
  if (!signedIn) throw resetLinkRefusal(await linkState(ctx.db, token, "password_reset"));
  return signedIn;
}
