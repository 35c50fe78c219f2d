// Forgotten passwords (decisions 0077, 0087). A request is answered the same way, after the same
// work, whether or not an account has that email: the answer writes only a request row, and a
// worker looks the address up afterwards (account-request-worker.ts). The account's owner gets a
// single-use link valid for one hour, or (where WhatsApp is set up and the account has a phone) a
// six-digit code valid for 15 minutes. Staff accounts never get a code: their way back is the
// email link. Setting the new password ends every session of the account.
import crypto from "node:crypto";
import { and, eq, gt, isNull, lt, notInArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { CoreContext } from "../context";
import { invalid } from "../shared/errors";
import { normalizeInternationalPhone, normalizePakistaniMobile } from "../shared/phone";
import { isStaffRole, STAFF_ROLES } from "../shared/permissions";
import { revokeStaffSessionsOf } from "./sessions";
import { accountTokens, users, whatsappMessages, type AccountTokenChannel } from "../../db/schema";
import { passwordResetEmail, queueLinkEmail, staffPasswordResetEmail } from "./account-emails";
import { takeAccountRequest, takeLinkUse, withinAccountLimit } from "./account-requests";
import {
  codeHash,
  issueAccountToken,
  linkRefusal,
  linkState,
  spendAccountLink,
  spendOlderTokens,
  type LinkState,
} from "./account-tokens";
import { hashPassword } from "./passwords";
import { normalizeEmail, passwordResetConfirmInput, passwordResetRequestInput } from "./rules";
import { revokeUserSessions } from "./sessions";
import type { ClientInfo } from "./account";
import { parse } from "../shared/refusals";
import type { ShopperLocale } from "../shared/locale";

export const RESET_LINK_SECONDS = 60 * 60;
export const RESET_CODE_SECONDS = 15 * 60;
/** wrong codes after which a WhatsApp code is dead */
export const RESET_CODE_TRIES = 5;

export const RESET_SENT_EMAIL =
  "If an account exists for that email, we have sent a link to reset your password. It works for one hour.";
export const RESET_SENT_WHATSAPP =
  "If an account exists for that email, we have sent a 6-digit code to its WhatsApp number. It works for 15 minutes. If the account has no phone number, we have emailed a link instead.";
export const RESET_DONE = "Your password has been changed. Please sign in with your new password.";
export const RESET_LINK_USED = "This link has already been used, or a newer one was sent. Please ask for a new link.";
export const RESET_LINK_EXPIRED = "This link has expired: links work for one hour. Please ask for a new link.";
export const RESET_LINK_UNKNOWN = "This link is not valid. Please ask for a new link.";
const RESET_LINK_REFUSALS = { used: RESET_LINK_USED, expired: RESET_LINK_EXPIRED, unknown: RESET_LINK_UNKNOWN };
export const RESET_CODE_WRONG = "That code is not right, or it has expired. Please check it, or ask for a new code.";

export interface ResetOptions {
  /** the WhatsApp Cloud API is configured, so a code may be sent */
  whatsapp: boolean;
}

const CODE_TEXT = "Your password reset code (hidden)";

/** The WhatsApp number of an account's phone, or null when it is none that WhatsApp can reach. */
function whatsappNumber(phone: string | null): string | null {
  if (!phone) return null;
  return normalizePakistaniMobile(phone) ?? normalizeInternationalPhone(phone);
}

/**
 * Takes a reset request: the answer is the same, after the same work, whether or not an account
 * has this email; the link or code is sent after the answer (sendPasswordReset).
 */
export async function requestPasswordReset(
  ctx: CoreContext,
  raw: unknown,
  client: ClientInfo,
  options: ResetOptions,
): Promise<{ detail: string }> {
  const input = parse(passwordResetRequestInput, raw);
  const whatsapp = input.channel === "whatsapp" && options.whatsapp;
  const request = {
    kind: "password_reset",
    email: input.email,
    channel: whatsapp ? "whatsapp" : "email",
    locale: input.locale,
  } as const;
  await takeAccountRequest(ctx, request, client.ip, "Too many reset requests");
  return { detail: whatsapp ? RESET_SENT_WHATSAPP : RESET_SENT_EMAIL };
}

/**
 * The worker's half of a reset request: when an account has the email, spends its older links and
 * codes and queues the new link (or WhatsApp code). Answers what it did, for the request's row.
 */
export async function sendPasswordReset(
  ctx: CoreContext,
  email: string,
  channel: AccountTokenChannel,
  options: ResetOptions,
  locale?: ShopperLocale,
): Promise<string> {
  const [found] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${normalizeEmail(email)}`);
  if (!found) return "no account has this address";
  if (!(await withinAccountLimit(ctx, "password_reset", found.id)))
    return "this account's messages for the day are used up";

  return ctx.db.transaction(async (tx) => {
    // the account's row is held, so two requests at once leave one live message, and its role is
    // the one of this moment
    const [account] = await tx
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        phone: users.phone,
        role: users.role,
        deactivatedAt: users.deactivatedAt,
        accountLocale: users.locale,
      })
      .from(users)
      .where(eq(users.id, found.id))
      .for("update");
    if (!account) return "no account has this address";
    // a deactivated member cannot sign in whatever the password: a link would open nothing
    if (isStaffRole(account.role) && account.deactivatedAt) return "deactivated staff account: nothing sent";
    await spendOlderTokens(tx, account.id, "password_reset");
    // a staff account is reset by the email link only: a phone on it may be one a shopper set
    // before the account joined the staff, and the code would hand the console to that phone
    const staff = isStaffRole(account.role);
    const phone = channel === "whatsapp" && options.whatsapp && !staff ? whatsappNumber(account.phone) : null;
    if (phone) {
      const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, "0");
      await issueAccountToken(tx, {
        userId: account.id,
        purpose: "password_reset",
        channel: "whatsapp",
        email: account.email,
        validSeconds: RESET_CODE_SECONDS,
        code,
      });
      // the code goes only into the template's parameters, which the outbox wipes once the
      // message is dealt with; the row's text, which the console's message log shows, never has it
      await tx.insert(whatsappMessages).values({
        kind: "password_code",
        // Meta's preset code text, in the Urdu translation for a shopper who asked from an Urdu page
        // or whose account is in Urdu
        language: (locale ?? account.accountLocale) === "ur" ? "ur" : "en",
        phone,
        parameters: [code],
        buttons: [],
        body: CODE_TEXT,
      });
      return "code queued for WhatsApp";
    }
    // a staff member's link opens the console's page, which ends signed in to the back office
    // (with the two-step code still asked); a shopper's the shop's (decision 0097)
    // a staff member's email stays English, as the console is
    await queueLinkEmail(
      ctx,
      tx,
      staff ? { ...account, locale: "en" } : { ...account, locale: locale ?? account.accountLocale },
      {
        purpose: "password_reset",
        validSeconds: RESET_LINK_SECONDS,
        path: staff ? "/admin/reset-password" : "/reset-password",
        compose: staff ? staffPasswordResetEmail : passwordResetEmail,
      },
    );
    return channel === "whatsapp" && staff ? "staff account: link emailed, no code" : "link emailed";
  });
}

/** Whether a reset link still works, for its page (nothing is spent). */
export function checkResetLink(ctx: CoreContext, token: string): Promise<LinkState> {
  return linkState(ctx.db, token, "password_reset");
}

/** The answer to a reset link that did not work (the shop's page and the console's). */
export const resetLinkRefusal = (state: LinkState) => linkRefusal(state, RESET_LINK_REFUSALS);

/** Sets the new password and ends every session of the account, in the token's transaction. */
async function setNewPassword(ctx: CoreContext, tx: Db, userId: number, passwordHash: string): Promise<void> {
  await tx
    .update(users)
    .set({ passwordHash, mustChangePassword: false, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
  await revokeUserSessions({ ...ctx, db: tx }, userId);
  await revokeStaffSessionsOf(tx, userId);
}

/**
 * Sets a new password with a reset link's token or a WhatsApp code: the token is spent by one
 * conditional UPDATE, the password changed and every session of the account ended, together.
 */
export async function resetPassword(ctx: CoreContext, raw: unknown, client: ClientInfo): Promise<{ detail: string }> {
  const input = parse(passwordResetConfirmInput, raw);
  await takeLinkUse(ctx, "password_reset", client.ip);
  // hashed before the transaction: argon2 takes a while and must not hold the token's row
  const passwordHash = await hashPassword(input.password);
  if (input.token !== undefined) {
    const token = input.token;
    const done = await ctx.db.transaction(async (tx) => {
      // a link works only for the address it was sent to; the link also proves that address
      const account = await spendAccountLink(tx, token, "password_reset");
      if (!account) return false;
      await setNewPassword(ctx, tx, account.id, passwordHash);
      return true;
    });
    if (!done) throw resetLinkRefusal(await linkState(ctx.db, token, "password_reset"));
    return { detail: RESET_DONE };
  }
  return resetWithCode(ctx, input.email!, input.code!, passwordHash);
}

/**
 * The WhatsApp code: one UPDATE counts a wrong code or spends the token on the right one, so
 * however many guesses arrive at once, at most RESET_CODE_TRIES are ever compared.
 */
async function resetWithCode(
  ctx: CoreContext,
  email: string,
  code: string,
  passwordHash: string,
): Promise<{ detail: string }> {
  // a staff account's code is refused like a wrong one: one sent before the account joined the
  // staff must not reach the console (decision 0087)
  const shopperOnly = notInArray(users.role, [...STAFF_ROLES]);
  const [live] = await ctx.db
    .select({ id: accountTokens.id, tokenHash: accountTokens.tokenHash })
    .from(accountTokens)
    .innerJoin(users, eq(users.id, accountTokens.userId))
    .where(
      and(
        sql`lower(${users.email}) = ${normalizeEmail(email)}`,
        shopperOnly,
        eq(accountTokens.purpose, "password_reset"),
        eq(accountTokens.channel, "whatsapp"),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
        lt(accountTokens.attempts, RESET_CODE_TRIES),
      ),
    )
    .orderBy(sql`${accountTokens.createdAt} desc`)
    .limit(1);
  if (!live) throw invalid(RESET_CODE_WRONG);
  const expected = codeHash(live.tokenHash, code);
  const done = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(accountTokens)
      .set({
        attempts: sql`${accountTokens.attempts} + (case when ${accountTokens.codeHash} = ${expected} then 0 else 1 end)`,
        usedAt: sql`case when ${accountTokens.codeHash} = ${expected} then now() else null end`,
      })
      .where(
        and(
          eq(accountTokens.id, live.id),
          isNull(accountTokens.usedAt),
          gt(accountTokens.expiresAt, sql`now()`),
          lt(accountTokens.attempts, RESET_CODE_TRIES),
        ),
      )
      .returning({ userId: accountTokens.userId, usedAt: accountTokens.usedAt, email: accountTokens.email });
    if (!row?.usedAt) return false;
    const [account] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, row.userId), sql`lower(${users.email}) = ${row.email}`, shopperOnly))
      .for("update");
    if (!account) return false;
    await setNewPassword(ctx, tx, account.id, passwordHash);
    return true;
  });
  if (!done) throw invalid(RESET_CODE_WRONG);
  return { detail: RESET_DONE };
}
