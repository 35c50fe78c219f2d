// Staff sign-in (decision 0053): email and password with the shoppers'
// limits (decision 0040, counted apart), then the two-step code when the member has it on.
// Every attempt at the console's door is in the audit log, failures included.
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { CoreContext } from "../context";
import { siteSettings, users } from "../../db/schema";
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from "../accounts/passwords";
import { loginInput, normalizeEmail } from "../accounts/rules";
import { SIGN_IN_LIMITS } from "../accounts/sign-in-limits";
import { WRONG_CREDENTIALS } from "../accounts/users";
import { AppError, invalid } from "../shared/errors";
import { tooMany } from "../shared/refusals";
import type { LimitRule } from "../shared/rate-limit";
import { recordAudit } from "../shared/audit";
import { isStaffRole, type StaffActor } from "../shared/permissions";
import {
  findStaffSession,
  openStaffSession,
  revokeStaffSession,
  type StaffClient,
  type StaffSessionKind,
} from "./sessions";
import { takeAnswerAttempt, useSecondFactor, WRONG_CODE } from "./two-step";

export const NOT_STAFF = "This account cannot sign in to the back office.";
export const DEACTIVATED = "This staff account has been deactivated. Please ask the store's owner.";
export const CODE_REQUIRED = "Enter the six-digit code from your authenticator app, or a recovery code.";
export const TWO_STEP_SETUP_REQUIRED =
  "The store's owner requires two-step sign-in. Sign in to the console once to set it up.";
export const MUST_CHANGE_PASSWORD =
  "You were given a first password. Sign in to the console once to choose your own before using the staff API.";

/**
 * What the member must put right in the console before the staff API serves them, or null: the
 * console keeps the same members on their account page (decision 0086).
 */
export function owedBeforeUse(actor: Pick<StaffActor, "mustChangePassword" | "mustSetUpTwoStep">): string | null {
  if (actor.mustChangePassword) return MUST_CHANGE_PASSWORD;
  return actor.mustSetUpTwoStep ? TWO_STEP_SETUP_REQUIRED : null;
}

export const staffSignInInput = loginInput.extend({
  // only the staff API sends the code with the password; the console asks for it on a page of its own
  code: z.string().max(64, "code is too long").optional(),
});

/** The shoppers' counters (decision 0040) under their own names: staff and shop doors count apart. */
function staffCounters(email: string, ip: string): Record<keyof typeof SIGN_IN_LIMITS, LimitRule> {
  return {
    accountAndAddress: { key: `staff-signin:account-address:${ip}:${email}`, ...SIGN_IN_LIMITS.accountAndAddress },
    address: { key: `staff-signin:address:${ip}`, ...SIGN_IN_LIMITS.address },
    account: { key: `staff-signin:account:${email}`, ...SIGN_IN_LIMITS.account },
  };
}

export interface StaffSignedIn {
  token: string;
  /** the password was right and the two-step code is owed (console only) */
  pendingSecondFactor: boolean;
  expiresAt?: Date;
}

function parse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalid(result.error.issues[0]?.message ?? "The request is invalid.");
  return result.data;
}

/**
 * Checks a staff member's email and password (and, for the staff API, the two-step code) and
 * opens a session. Unknown email and wrong password answer the same, after the same work.
 */
export async function signInStaff(
  ctx: CoreContext,
  raw: unknown,
  kind: StaffSessionKind,
  client: StaffClient,
): Promise<StaffSignedIn> {
  const input = parse(staffSignInInput, raw);
  const ip = client.ip ?? "unknown";
  const counters = staffCounters(input.email, ip);
  const taken = await ctx.limiter.take(Object.values(counters));
  if (!taken.allowed) throw tooMany("Too many sign-in attempts", taken.retryAfterSeconds);

  const [row] = await ctx.db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      passwordHash: users.passwordHash,
      deactivatedAt: users.deactivatedAt,
      mustChangePassword: users.mustChangePassword,
      totpSecret: users.totpSecret,
      totpEnabledAt: users.totpEnabledAt,
    })
    .from(users)
    .where(sql`lower(${users.email}) = ${normalizeEmail(input.email)}`);
  const ok = row ? await verifyPassword(row.passwordHash, input.password) : await verifyAgainstDummy(input.password);
  const who = { userId: row && isStaffRole(row.role) ? row.id : null, email: input.email, ip: client.ip };
  if (!row || !ok) {
    await recordAudit(ctx.db, who, {
      action: "staff.sign_in_failed",
      changes: { reason: "wrong email or password", via: kind },
    });
    throw new AppError(401, WRONG_CREDENTIALS);
  }
  await Promise.all([
    ctx.limiter.reset(counters.accountAndAddress.key),
    ctx.limiter.release(counters.account.key),
    ctx.limiter.release(counters.address.key),
  ]);
  if (!isStaffRole(row.role)) {
    await recordAudit(ctx.db, who, { action: "staff.sign_in_failed", changes: { reason: "not staff", via: kind } });
    throw new AppError(403, NOT_STAFF);
  }
  if (row.deactivatedAt) {
    await recordAudit(ctx.db, who, { action: "staff.sign_in_failed", changes: { reason: "deactivated", via: kind } });
    throw new AppError(403, DEACTIVATED);
  }
  if (needsRehash(row.passwordHash)) {
    await ctx.db
      .update(users)
      .set({ passwordHash: await hashPassword(input.password) })
      .where(eq(users.id, row.id));
  }

  const twoStep = row.totpEnabledAt !== null;
  if (kind === "api") {
    if (twoStep) await checkApiCode(ctx, row, input.code, who);
    // a token is worth nothing to a member every call would refuse: the same rule as requireStaff's
    const owed = owedBeforeUse({
      mustChangePassword: row.mustChangePassword,
      mustSetUpTwoStep: !twoStep && (await twoStepRequired(ctx)),
    });
    if (owed) {
      const reason = owed === MUST_CHANGE_PASSWORD ? "first password not changed" : "two-step sign-in not set up";
      await recordAudit(ctx.db, who, { action: "staff.sign_in_failed", changes: { reason, via: kind } });
      throw new AppError(403, owed);
    }
  }
  return ctx.db.transaction(async (tx) => {
    const pending = kind === "console" && twoStep;
    const { token } = await openStaffSession(tx, row.id, kind, client, { pendingSecondFactor: pending });
    await recordAudit(tx, who, {
      action: pending ? "staff.password_accepted" : "staff.sign_in",
      entityType: "staff",
      entityId: row.id,
      changes: { via: kind, ...(kind === "api" && twoStep ? { second_factor: "totp" } : {}) },
    });
    return { token, pendingSecondFactor: pending };
  });
}

async function twoStepRequired(ctx: CoreContext): Promise<boolean> {
  const [row] = await ctx.db
    .select({ required: siteSettings.staffTwoStepRequired })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1));
  return Boolean(row?.required);
}

async function checkApiCode(
  ctx: CoreContext,
  user: { id: number; totpSecret: string | null },
  code: string | undefined,
  who: { userId: number | null; email: string; ip: string | null },
): Promise<void> {
  if (!code) throw new AppError(401, CODE_REQUIRED, { second_factor_required: true });
  await takeAnswerAttempt(ctx, user.id);
  if (!(await useSecondFactor(ctx.db, user, code))) {
    await recordAudit(ctx.db, who, {
      action: "staff.sign_in_failed",
      changes: { reason: "wrong two-step code", via: "api" },
    });
    throw new AppError(401, WRONG_CODE);
  }
}

/**
 * The second step in the console: the pending session's code. A right code ends the pending
 * session and opens a new one (a new token, so the half-signed-in cookie is worth nothing).
 */
export async function completeStaffSignIn(
  ctx: CoreContext,
  pendingToken: string,
  code: string,
  client: StaffClient,
): Promise<StaffSignedIn> {
  const found = await findStaffSession(ctx, pendingToken, "console", client, { pending: true });
  if (!found) throw new AppError(401, "Your sign-in has expired. Please sign in again.");
  const { actor } = found;
  if (code.trim() === "") throw invalid(CODE_REQUIRED);
  await takeAnswerAttempt(ctx, actor.userId);
  const [user] = await ctx.db
    .select({ id: users.id, totpSecret: users.totpSecret })
    .from(users)
    .where(eq(users.id, actor.userId));
  const who = { userId: actor.userId, email: actor.email, ip: client.ip };
  const signedIn = await ctx.db.transaction(async (tx) => {
    const used = user ? await useSecondFactor(tx, user, code) : null;
    if (!used) return null;
    await revokeStaffSession(tx, actor.sessionId);
    const { token } = await openStaffSession(tx, actor.userId, "console", client);
    await recordAudit(tx, who, {
      action: "staff.sign_in",
      entityType: "staff",
      entityId: actor.userId,
      changes: { via: "console", second_factor: used },
    });
    return { token, pendingSecondFactor: false };
  });
  if (!signedIn) {
    // recorded after the transaction, not inside it: a refusal writes nothing else, and on the
    // embedded database (one connection) a second write beside an open transaction would wait forever
    await recordAudit(ctx.db, who, {
      action: "staff.sign_in_failed",
      changes: { reason: "wrong two-step code", via: "console" },
    });
    throw invalid(WRONG_CODE);
  }
  return signedIn;
}

/** Signs out the session that made the request. */
export async function signOutStaff(
  ctx: CoreContext,
  actor: { userId: number; email: string; sessionId: number; ip: string | null },
) {
  await ctx.db.transaction(async (tx) => {
    await revokeStaffSession(tx, actor.sessionId);
    await recordAudit(
      tx,
      { userId: actor.userId, email: actor.email, ip: actor.ip },
      { action: "staff.sign_out", entityType: "staff", entityId: actor.userId },
    );
  });
}
