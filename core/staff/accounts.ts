// Staff accounts (decision 0053): the owner adds people (with a one-time sign-in link, or an
// initial password they must change), changes their role and deactivates them. Demoting or
// deactivating someone ends their sessions at once, and the last active owner can be neither: the
// owners' rows are locked while they are counted, so two owners demoting each other at the same
// moment cannot leave the store with none. The links are invitations.ts.
import { and, asc, eq, inArray, isNull, max, sql } from "drizzle-orm";
import { z } from "zod";
import type { CoreContext } from "../context";
import type { Db } from "../../db/client";
import { accountTokens, staffInvitations, staffRecoveryCodes, staffSessions, users } from "../../db/schema";
import { hashPassword, verifyPassword } from "../accounts/passwords";
import { emailSchema, NAME_MAX, newPasswordSchema, normalizeEmail } from "../accounts/rules";
import { AppError, invalid, notFound } from "../shared/errors";
import { invalidFields } from "../shared/field-errors";
import { changedFields } from "../shared/audit";
import { parse } from "../shared/refusals";
import { staffWrite } from "../shared/staff-write";
import { CHANGED_BY_SOMEONE_ELSE, requirePermission } from "../shared/staff-errors";
import { isStaffRole, STAFF_ROLES, type StaffActor, type StaffRole } from "../shared/permissions";
import { revokeStaffSessionsOf, revokeUserSessions } from "../accounts/sessions";
import { invite, unusablePassword, type Invitation } from "./invitations";
import { withinAnswerLimit, WRONG_CURRENT_PASSWORD, WrongAnswer } from "./two-step";

export const LAST_OWNER = "The store needs at least one active owner. Make someone else an owner first.";
export const EXISTING_SHOPPER_NEEDS_LINK =
  "This email already has a shop account. Add them with a sign-in link, so they prove the address is theirs.";

export interface StaffMember {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  role: StaffRole;
  active: boolean;
  twoStep: boolean;
  mustChangePassword: boolean;
  /** a sign-in link was sent and not used yet */
  invitationPending: boolean;
  lastSignInAt: Date | null;
  createdAt: Date;
}

const staffRole = z.enum(STAFF_ROLES, { error: `role must be one of: ${STAFF_ROLES.join(", ")}` });
const name = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(NAME_MAX, `${label} must be at most ${NAME_MAX} characters`);

export const addStaffInput = z.object({
  email: emailSchema,
  first_name: name("First name"),
  last_name: name("Last name"),
  role: staffRole,
  // absent: a one-time sign-in link; present: a first password they must change
  initial_password: newPasswordSchema.optional(),
});

export const updateStaffInput = z.object({
  role: staffRole.optional(),
  active: z.boolean({ error: "active must be true or false" }).optional(),
  // staff names change only here, never from the shop's profile (decision 0086): the audit log
  // and the console show them
  first_name: name("First name").optional(),
  last_name: name("Last name").optional(),
  // what the form was showing: a change made meanwhile by someone else is a 409, not overwritten
  expected_role: staffRole.optional(),
  expected_active: z.boolean().optional(),
});

const memberColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  deactivatedAt: users.deactivatedAt,
  totpEnabledAt: users.totpEnabledAt,
  mustChangePassword: users.mustChangePassword,
  createdAt: users.createdAt,
};

/** Everyone on the staff, owners first, then by name. */
export async function listStaff(ctx: CoreContext, actor: StaffActor): Promise<StaffMember[]> {
  requirePermission(actor, "staff");
  const rows = await ctx.db
    .select({
      ...memberColumns,
      lastSignInAt: max(staffSessions.createdAt),
      invitationPending: sql<boolean>`exists (select 1 from ${staffInvitations} i where i.user_id = ${users.id}
        and i.used_at is null and i.expires_at > now())`,
    })
    .from(users)
    .leftJoin(staffSessions, and(eq(staffSessions.userId, users.id), eq(staffSessions.pendingSecondFactor, false)))
    .where(inArray(users.role, [...STAFF_ROLES]))
    .groupBy(users.id)
    .orderBy(sql`${users.role} = 'owner' desc`, asc(users.firstName), asc(users.lastName), asc(users.id));
  return rows.map(toMember);
}

function toMember(row: {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  deactivatedAt: Date | null;
  totpEnabledAt: Date | null;
  mustChangePassword: boolean;
  createdAt: Date;
  lastSignInAt?: Date | null;
  invitationPending?: boolean;
}): StaffMember {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role as StaffRole,
    active: row.deactivatedAt === null,
    twoStep: row.totpEnabledAt !== null,
    mustChangePassword: row.mustChangePassword,
    invitationPending: Boolean(row.invitationPending),
    lastSignInAt: row.lastSignInAt ? new Date(row.lastSignInAt) : null,
    createdAt: row.createdAt,
  };
}

/**
 * Ends whatever an account held before it became staff (decision 0086). Anyone may have signed
 * up at the shop with the email the owner is about to add, so nothing set from that side is
 * trusted: its shop and staff sessions end, its unused reset and confirmation links and codes are
 * spent, and its phone and verified mark go (until the member's sign-in link proves the address).
 */
export async function endShopperHolds(ctx: CoreContext, tx: Db, userId: number): Promise<void> {
  await tx
    .update(users)
    .set({ phone: null, emailVerifiedAt: null, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
  await revokeUserSessions({ ...ctx, db: tx }, userId);
  await revokeStaffSessionsOf(tx, userId);
  await tx
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(accountTokens.userId, userId), isNull(accountTokens.usedAt)));
  await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
}

/**
 * Adds a member: a new account, or a shopper's account made staff with a sign-in link (it keeps
 * nothing the shop's side set, see endShopperHolds). Answers the member and, without an initial
 * password, the sign-in link.
 */
export async function addStaff(
  ctx: CoreContext,
  actor: StaffActor,
  raw: unknown,
): Promise<{ member: StaffMember; invitation: Invitation | null }> {
  requirePermission(actor, "staff");
  // every field's message, each shown under its field in the console (decision 0096); the staff
  // API checks the same schema before this, so its answers are as they were
  const parsed = addStaffInput.safeParse(raw);
  if (!parsed.success) throw invalidFields(parsed.error);
  const input = parsed.data;
  const passwordHash = input.initial_password ? await hashPassword(input.initial_password) : await unusablePassword();
  // nothing the storefront caches names staff
  return staffWrite(ctx, actor, "staff", async ({ tx, audit, keepCache }) => {
    keepCache();
    const [existing] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(sql`lower(${users.email}) = ${normalizeEmail(input.email)}`)
      .for("update");
    if (existing && isStaffRole(existing.role)) throw new AppError(409, "This person is already on the staff.");
    // a first password proves nothing of who holds the shop account; only the link does
    if (existing && input.initial_password !== undefined) throw new AppError(409, EXISTING_SHOPPER_NEEDS_LINK);
    const values = {
      firstName: input.first_name,
      lastName: input.last_name,
      role: input.role,
      passwordHash,
      mustChangePassword: input.initial_password !== undefined,
      deactivatedAt: null,
      totpSecret: null,
      totpEnabledAt: null,
      totpLastStep: null,
      updatedAt: sql`now()`,
    };
    const [row] = existing
      ? await tx.update(users).set(values).where(eq(users.id, existing.id)).returning(memberColumns)
      : await tx
          .insert(users)
          .values({ email: input.email, ...values })
          .returning(memberColumns);
    if (existing) await endShopperHolds(ctx, tx, existing.id);
    const invitation = input.initial_password ? null : await invite(tx, row!.id, actor.userId);
    await audit({
      action: "staff.add",
      entityType: "staff",
      entityId: row!.id,
      changes: {
        email: input.email,
        role: [existing?.role ?? null, input.role],
        sign_in: invitation ? "link" : "initial password",
        ...(existing
          ? { was: "a shopper's account", ended: "shop sessions, phone, email confirmation, unused links" }
          : {}),
      },
    });
    return { member: toMember({ ...row!, invitationPending: invitation !== null }), invitation };
  });
}

/** Locks the active owners' rows and answers their ids: counted under the lock, they cannot change meanwhile. */
async function lockActiveOwners(tx: Db): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "owner"), isNull(users.deactivatedAt)))
    .orderBy(asc(users.id))
    .for("update");
  return rows.map((r) => r.id);
}

/**
 * Changes a member's role or name, or turns them on or off. A new role or a turn off or on ends
 * their sessions at once; the last active owner can be neither demoted nor deactivated.
 */
export async function updateStaff(
  ctx: CoreContext,
  actor: StaffActor,
  userId: number,
  raw: unknown,
): Promise<StaffMember> {
  requirePermission(actor, "staff");
  // every refused field named, so the console shows each message under its own field
  const parsed = updateStaffInput.safeParse(raw);
  if (!parsed.success) throw invalidFields(parsed.error);
  const input = parsed.data;
  if (
    input.role === undefined &&
    input.active === undefined &&
    input.first_name === undefined &&
    input.last_name === undefined
  ) {
    throw invalid("Nothing to change: send role, active, first_name or last_name.");
  }
  return staffWrite(ctx, actor, "staff", async ({ tx, audit, keepCache }) => {
    keepCache();
    const owners = await lockActiveOwners(tx);
    const [before] = await tx.select(memberColumns).from(users).where(eq(users.id, userId)).for("update");
    if (!before || !isStaffRole(before.role)) throw notFound("No such staff member.");
    const wasActive = before.deactivatedAt === null;
    if (
      (input.expected_role !== undefined && input.expected_role !== before.role) ||
      (input.expected_active !== undefined && input.expected_active !== wasActive)
    ) {
      throw new AppError(409, CHANGED_BY_SOMEONE_ELSE);
    }
    const role = input.role ?? before.role;
    const active = input.active ?? wasActive;
    const firstName = input.first_name ?? before.firstName;
    const lastName = input.last_name ?? before.lastName;
    const losesOwner = before.role === "owner" && wasActive && (role !== "owner" || !active);
    if (losesOwner && owners.length <= 1) throw new AppError(409, LAST_OWNER);
    const changes = changedFields(
      { role: before.role, active: wasActive, first_name: before.firstName, last_name: before.lastName },
      { role, active, first_name: firstName, last_name: lastName },
      ["role", "active", "first_name", "last_name"],
    );
    if (Object.keys(changes).length === 0) return toMember(before);
    const [after] = await tx
      .update(users)
      .set({
        role,
        firstName,
        lastName,
        deactivatedAt: active ? null : wasActive ? sql`now()` : before.deactivatedAt,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId))
      .returning(memberColumns);
    // a new role or a turn off or on: the sessions opened under the old terms end now (a new
    // name changes no one's rights)
    if ("role" in changes || "active" in changes) await revokeStaffSessionsOf(tx, userId);
    await audit({ action: "staff.update", entityType: "staff", entityId: userId, changes });
    return toMember(after!);
  });
}

/** A member sets a new password (after an initial one, or any time); their other sessions end. */
export async function changeOwnPassword(
  ctx: CoreContext,
  actor: StaffActor,
  input: { current: string; next: unknown },
): Promise<void> {
  const next = parse(newPasswordSchema, input.next);
  // the current password guards the account as a code does: the same limit (decision 0086)
  await withinAnswerLimit(ctx, actor.userId, async () => {
    const [row] = await ctx.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, actor.userId));
    if (!row || !(await verifyPassword(row.passwordHash, input.current))) throw new WrongAnswer(WRONG_CURRENT_PASSWORD);
  });
  if (input.current === next) throw invalid("Choose a password different from the current one.");
  const passwordHash = await hashPassword(next);
  await staffWrite(ctx, actor, "own account", async ({ tx, audit, keepCache }) => {
    keepCache();
    await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: false, updatedAt: sql`now()` })
      .where(eq(users.id, actor.userId));
    await revokeStaffSessionsOf(tx, actor.userId, actor.sessionId);
    await audit({ action: "staff.password_changed", entityType: "staff", entityId: actor.userId });
  });
}
