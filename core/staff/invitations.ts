// Staff sign-in links (decisions 0053, 0086): the owner sends a one-time link to a new member, or
// a new one to a member who lost their password; using it sets the password, proves the address
// and ends every other session of the account, shop and staff.
import crypto from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { CoreContext } from "../context";
import type { Db } from "../../db/client";
import { staffInvitations, users } from "../../db/schema";
import { hashPassword } from "../accounts/passwords";
import { newPasswordSchema } from "../accounts/rules";
import { revokeStaffSessionsOf, revokeUserSessions } from "../accounts/sessions";
import { recordAudit } from "../shared/audit";
import { AppError, notFound } from "../shared/errors";
import { isStaffRole, type StaffActor } from "../shared/permissions";
import { parse } from "../shared/refusals";
import { staffWrite } from "../shared/staff-write";
import { hashToken, isWellFormedToken, newSessionToken } from "../shared/tokens";
import { openStaffSession, type StaffClient } from "./sessions";

export const INVITATION_DAYS = 3;
export const LINK_DEAD = "This sign-in link has expired or was already used. Ask the owner for a new one.";

/** A sign-in link's token (shown once, to be sent to the person) and when it stops working. */
export interface Invitation {
  token: string;
  expiresAt: Date;
}

/** A new one-time sign-in link for the member; an older unused one stops working. */
export async function invite(tx: Db, userId: number, createdBy: number): Promise<Invitation> {
  const { token, tokenHash } = newSessionToken();
  // one live link per person: a new one replaces the old
  await tx
    .update(staffInvitations)
    .set({ usedAt: sql`now()` })
    .where(and(eq(staffInvitations.userId, userId), isNull(staffInvitations.usedAt)));
  const [row] = await tx
    .insert(staffInvitations)
    .values({ userId, tokenHash, createdBy, expiresAt: sql`now() + make_interval(days => ${INVITATION_DAYS})` })
    .returning({ expiresAt: staffInvitations.expiresAt });
  return { token, expiresAt: row!.expiresAt };
}

/** A password no one knows, until the link sets one. */
export const unusablePassword = () => hashPassword(crypto.randomBytes(32).toString("base64url"));

/** A new one-time sign-in link for a member who lost their password; their sessions, shop and staff, end. */
export async function resendStaffInvitation(ctx: CoreContext, actor: StaffActor, userId: number): Promise<Invitation> {
  return staffWrite(ctx, actor, "staff", async ({ tx, audit, keepCache }) => {
    // nothing the storefront caches names staff
    keepCache();
    const [member] = await tx
      .select({ role: users.role, deactivatedAt: users.deactivatedAt })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!member || !isStaffRole(member.role)) throw notFound("No such staff member.");
    if (member.deactivatedAt) throw new AppError(409, "This member is deactivated. Turn them back on first.");
    const invitation = await invite(tx, userId, actor.userId);
    await tx
      .update(users)
      .set({ passwordHash: await unusablePassword(), mustChangePassword: false })
      .where(eq(users.id, userId));
    await revokeUserSessions({ ...ctx, db: tx }, userId);
    await revokeStaffSessionsOf(tx, userId);
    await audit({ action: "staff.sign_in_link", entityType: "staff", entityId: userId });
    return invitation;
  });
}

/** Who a sign-in link is for, while it works; null otherwise. */
export async function findInvitation(
  ctx: CoreContext,
  token: string,
): Promise<{ userId: number; email: string; firstName: string } | null> {
  if (!isWellFormedToken(token)) return null;
  const [row] = await ctx.db
    .select({ userId: users.id, email: users.email, firstName: users.firstName, role: users.role })
    .from(staffInvitations)
    .innerJoin(users, eq(users.id, staffInvitations.userId))
    .where(
      and(
        eq(staffInvitations.tokenHash, hashToken(token)),
        isNull(staffInvitations.usedAt),
        sql`${staffInvitations.expiresAt} > now()`,
        isNull(users.deactivatedAt),
      ),
    );
  return row && isStaffRole(row.role) ? { userId: row.userId, email: row.email, firstName: row.firstName } : null;
}

/**
 * Uses a sign-in link once: sets the member's password, proves their address and ends every
 * other session of the account, shop and staff (decision 0086). A member with two-step sign-in on
 * is then half signed in, as after a right password: the code is still owed.
 */
export async function acceptStaffInvitation(
  ctx: CoreContext,
  token: string,
  rawPassword: unknown,
  client: StaffClient,
): Promise<{ token: string; pendingSecondFactor: boolean }> {
  const password = parse(newPasswordSchema, rawPassword);
  const found = await findInvitation(ctx, token);
  if (!found) throw new AppError(410, LINK_DEAD);
  const passwordHash = await hashPassword(password);
  return ctx.db.transaction(async (tx) => {
    const used = await tx
      .update(staffInvitations)
      .set({ usedAt: sql`now()` })
      .where(and(eq(staffInvitations.tokenHash, hashToken(token)), isNull(staffInvitations.usedAt)))
      .returning({ id: staffInvitations.id });
    if (used.length === 0) throw new AppError(410, "This sign-in link was already used.");
    // as it is now, under its lock: deactivated or demoted since the link was looked up, it opens nothing
    const [member] = await tx
      .select({ role: users.role, deactivatedAt: users.deactivatedAt, totpEnabledAt: users.totpEnabledAt })
      .from(users)
      .where(eq(users.id, found.userId))
      .for("update");
    if (!member || !isStaffRole(member.role) || member.deactivatedAt) throw new AppError(410, LINK_DEAD);
    // the owner addressed the link to the person who holds this email: using it is the proof
    return signInWithNewPassword(ctx, tx, { ...found, twoStep: member.totpEnabledAt !== null }, passwordHash, client, {
      sign_in_link: true,
    });
  });
}

/**
 * The end of a link that sets a member's password (the owner's sign-in link, or a reset link by
 * email): the password set, the address proven, every other session of the account, shop and
 * staff, ended, and a console session opened, half open when two-step is on, as after a right
 * password (decisions 0086, 0097). In the caller's transaction, with the member's row held.
 */
export async function signInWithNewPassword(
  ctx: CoreContext,
  tx: Db,
  member: { userId: number; email: string; twoStep: boolean },
  passwordHash: string,
  client: StaffClient,
  via: Record<string, true>,
): Promise<{ token: string; pendingSecondFactor: boolean }> {
  await tx
    .update(users)
    .set({
      passwordHash,
      mustChangePassword: false,
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, member.userId));
  await revokeUserSessions({ ...ctx, db: tx }, member.userId);
  await revokeStaffSessionsOf(tx, member.userId);
  const pending = member.twoStep;
  const session = await openStaffSession(tx, member.userId, "console", client, { pendingSecondFactor: pending });
  await recordAudit(
    tx,
    { userId: member.userId, email: member.email, ip: client.ip },
    {
      action: pending ? "staff.password_accepted" : "staff.sign_in",
      entityType: "staff",
      entityId: member.userId,
      changes: { via: "console", ...via },
    },
  );
  return { token: session.token, pendingSecondFactor: pending };
}
