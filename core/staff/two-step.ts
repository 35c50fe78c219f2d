// Two-step sign-in for staff (decision 0053): a time-based one-time password
// (RFC 6238, HMAC-SHA1, 6 digits, 30 s, as every authenticator app reads from an otpauth://
// link or its QR code), computed by the otpauth library, and ten one-time recovery codes stored
// only as hashes. A code is accepted once: the last accepted time step is kept, and a code of
// that step or earlier is refused, so a code seen over a shoulder cannot be replayed.
import crypto from "node:crypto";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import type { CoreContext } from "../context";
import type { Db } from "../../db/client";
import { siteSettings, staffRecoveryCodes, users } from "../../db/schema";
import { tooMany } from "../shared/refusals";
import { AppError, invalid } from "../shared/errors";
import { getSiteSettings, setOneSetting } from "../settings/site-settings";
import type { StaffActor } from "../shared/permissions";
import { requirePermission } from "../shared/staff-errors";
import { staffWrite } from "../shared/staff-write";

const PERIOD = 30;
const RECOVERY_CODES = 10;
// no 0/O, 1/I/L: easy to read off paper
const RECOVERY_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";

export const WRONG_CODE = "That code is not right. Check the time on your phone and try again.";
export const WRONG_CURRENT_PASSWORD = "Your current password is not right.";

// Five wrong answers in 15 minutes and the member waits. One counter per member for every answer
// that guards the account: the sign-in code, and on the account page the code or the current
// password a change asks for (decision 0086), so none of them is a door with unlimited guesses.
export const SECOND_FACTOR_LIMIT = { limit: 5, windowSeconds: 15 * 60 };
const answerCounter = (userId: number) => ({ key: `staff-second-factor:${userId}`, ...SECOND_FACTOR_LIMIT });

/** A wrong code or current password: the one refusal that uses up the member's limit. */
export class WrongAnswer extends AppError {
  constructor(message: string) {
    super(422, message);
  }
}

/** Counts one answer against the member's limit before it is checked; 429 once the limit is spent. */
export async function takeAnswerAttempt(ctx: CoreContext, userId: number): Promise<void> {
  const taken = await ctx.limiter.take([answerCounter(userId)]);
  if (!taken.allowed) throw tooMany("Too many wrong codes", taken.retryAfterSeconds);
}

/**
 * Runs a change guarded by one answer within the member's limit: counted before the answer is
 * checked (in one atomic step, so parallel guesses cannot slip past the limit), and given back
 * unless the answer was wrong. Called outside any transaction: the counter is written apart.
 */
export async function withinAnswerLimit<T>(ctx: CoreContext, userId: number, work: () => Promise<T>): Promise<T> {
  await takeAnswerAttempt(ctx, userId);
  let wrong = false;
  try {
    return await work();
  } catch (error) {
    wrong = error instanceof WrongAnswer;
    throw error;
  } finally {
    if (!wrong) await ctx.limiter.release(answerCounter(userId).key);
  }
}

function totpFor(secretBase32: string, label: string, issuer: string): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** The time step of a code accepted now with this drift (otpauth's delta: -1, 0 or 1). */
const stepOf = (delta: number, now = Date.now()) => Math.floor(now / 1000 / PERIOD) + delta;

/** The step of a correct code for the secret (the one before and after allowed for clock drift), or null. */
export function checkTotp(secretBase32: string, code: string, now = Date.now()): number | null {
  const token = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const delta = TOTP.validate({
    token,
    secret: Secret.fromBase32(secretBase32),
    period: PERIOD,
    timestamp: now,
    window: 1,
  });
  return delta === null ? null : stepOf(delta, now);
}

const hashCode = (code: string) =>
  crypto.createHash("sha256").update(code.replace(/[\s-]/g, "").toLowerCase()).digest("hex");

function newRecoveryCode(): string {
  const bytes = crypto.randomBytes(10);
  const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

async function replaceRecoveryCodes(tx: Db, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
  await tx.insert(staffRecoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashCode(code) })));
  return codes;
}

/**
 * Uses a six-digit code or a recovery code of this member, once: true when it was right and
 * not used before. One conditional UPDATE each, so two sign-ins racing with one code get one yes.
 */
export async function useSecondFactor(
  tx: Db,
  user: { id: number; totpSecret: string | null },
  code: string,
): Promise<"totp" | "recovery_code" | null> {
  if (!user.totpSecret) return null;
  const trimmed = code.trim();
  if (trimmed.length > 64) return null;
  const step = checkTotp(user.totpSecret, trimmed);
  if (step !== null) {
    const used = await tx
      .update(users)
      .set({ totpLastStep: step })
      .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
      .returning({ id: users.id });
    return used.length > 0 ? "totp" : null;
  }
  const used = await tx
    .update(staffRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(staffRecoveryCodes.userId, user.id),
        eq(staffRecoveryCodes.codeHash, hashCode(trimmed)),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: staffRecoveryCodes.id });
  return used.length > 0 ? "recovery_code" : null;
}

export interface TwoStepSetup {
  /** base32, also shown as text for apps without a camera */
  secret: string;
  /** otpauth:// link */
  uri: string;
  /** the link as a QR code, an SVG document */
  qrSvg: string;
}

/** A new secret to scan; nothing is stored until a code from it is confirmed. */
export async function beginTwoStepSetup(ctx: CoreContext, actor: StaffActor, secret?: string): Promise<TwoStepSetup> {
  const { siteName } = await getSiteSettings(ctx);
  const base32 = secret && /^[A-Z2-7]{32}$/.test(secret) ? secret : new Secret({ size: 20 }).base32;
  const uri = totpFor(base32, actor.email, siteName).toString();
  const qrSvg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return { secret: base32, uri, qrSvg };
}

/** Turns two-step sign-in on with a scanned secret and a code from it; answers the recovery codes, shown once. */
export async function confirmTwoStep(
  ctx: CoreContext,
  actor: StaffActor,
  input: { secret: string; code: string },
): Promise<string[]> {
  if (!/^[A-Z2-7]{32}$/.test(input.secret)) throw invalid("The setup has expired. Please start again.");
  const step = checkTotp(input.secret, input.code);
  if (step === null) throw invalid(WRONG_CODE);
  return staffWrite(ctx, actor, "own account", async ({ tx, audit, keepCache }) => {
    keepCache();
    const updated = await tx
      .update(users)
      .set({ totpSecret: input.secret, totpEnabledAt: sql`now()`, totpLastStep: step, updatedAt: sql`now()` })
      .where(and(eq(users.id, actor.userId), isNull(users.totpEnabledAt)))
      .returning({ id: users.id });
    if (updated.length === 0) throw new AppError(409, "Two-step sign-in is already on for your account.");
    const codes = await replaceRecoveryCodes(tx, actor.userId);
    await audit({ action: "staff.two_step_on", entityType: "staff", entityId: actor.userId });
    return codes;
  });
}

async function checkOwnCode(tx: Db, actor: StaffActor, code: string): Promise<void> {
  const [user] = await tx
    .select({ id: users.id, totpSecret: users.totpSecret })
    .from(users)
    .where(eq(users.id, actor.userId));
  if (!user?.totpSecret) throw new AppError(409, "Two-step sign-in is not on for your account.");
  if (!(await useSecondFactor(tx, user, code))) throw new WrongAnswer(WRONG_CODE);
}

const CODE_MISSING = "Enter the code from your authenticator app, or a recovery code.";

/** New recovery codes (the old ones stop working), after a current code. */
export async function renewRecoveryCodes(ctx: CoreContext, actor: StaffActor, code: string): Promise<string[]> {
  if (code.trim() === "") throw invalid(CODE_MISSING);
  return withinAnswerLimit(ctx, actor.userId, () =>
    staffWrite(ctx, actor, "own account", async ({ tx, audit, keepCache }) => {
      keepCache();
      await checkOwnCode(tx, actor, code);
      const codes = await replaceRecoveryCodes(tx, actor.userId);
      await audit({ action: "staff.recovery_codes_renewed", entityType: "staff", entityId: actor.userId });
      return codes;
    }),
  );
}

/** Turns two-step sign-in off, after a current code; refused while the owner requires it. */
export async function turnOffTwoStep(ctx: CoreContext, actor: StaffActor, code: string): Promise<void> {
  if (code.trim() === "") throw invalid(CODE_MISSING);
  await withinAnswerLimit(ctx, actor.userId, () =>
    staffWrite(ctx, actor, "own account", async ({ tx, audit, keepCache }) => {
      keepCache();
      const [settings] = await tx.select({ required: siteSettings.staffTwoStepRequired }).from(siteSettings);
      if (settings?.required) {
        throw new AppError(409, "The store's owner requires two-step sign-in for every staff account.");
      }
      await checkOwnCode(tx, actor, code);
      await tx
        .update(users)
        .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: sql`now()` })
        .where(eq(users.id, actor.userId));
      await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, actor.userId));
      await audit({ action: "staff.two_step_off", entityType: "staff", entityId: actor.userId });
    }),
  );
}

/** How many unused recovery codes the member has left. */
export async function recoveryCodesLeft(ctx: CoreContext, actor: StaffActor): Promise<number> {
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.userId, actor.userId), isNull(staffRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

export interface StaffSecuritySettings {
  twoStepRequired: boolean;
}

export async function getStaffSecuritySettings(ctx: CoreContext, actor: StaffActor): Promise<StaffSecuritySettings> {
  requirePermission(actor, "settings");
  const [row] = await ctx.db
    .select({ required: siteSettings.staffTwoStepRequired })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1));
  return { twoStepRequired: Boolean(row?.required) };
}

/** The owner requires (or stops requiring) two-step sign-in of every staff account. */
export async function setStaffTwoStepRequired(
  ctx: CoreContext,
  actor: StaffActor,
  required: boolean,
): Promise<StaffSecuritySettings> {
  requirePermission(actor, "settings");
  if (typeof required !== "boolean") throw invalid("two_step_required must be true or false");
  await staffWrite(ctx, actor, "settings", (scope) => {
    // the storefront shows nothing of it
    scope.keepCache();
    return setOneSetting(scope, "staffTwoStepRequired", required, {
      entityId: "staff_two_step_required",
      field: "staff_two_step_required",
    });
  });
  return { twoStepRequired: required };
}
