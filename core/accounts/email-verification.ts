// Confirming a shopper's email (decisions 0022, 0077). A link sent after
// registering, or again from the account page, proves the shopper reads that address; only then
// does My Orders show the guest orders placed with it.
import type { ShopperLocale } from "../shared/locale";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import type { CoreContext } from "../context";
import { AppError, conflict } from "../shared/errors";
import type { Account } from "./account";
import { emailVerificationEmail, queueLinkEmail } from "./account-emails";
import { linkRefusal, linkState, spendLinkToken, type LinkState } from "./account-tokens";
import { verifyEmailInput } from "./rules";
import type { ClientInfo } from "./account";
import { parse, tooMany } from "../shared/refusals";

export const VERIFY_LINK_SECONDS = 48 * 60 * 60;

export const VERIFY_LIMITS = {
  // "send the link again" from the account page
  resend: { limit: 3, windowSeconds: 60 * 60 },
  // opening links, from one client
  confirm: { limit: 30, windowSeconds: 10 * 60 },
} as const;

export const VERIFY_SENT = "We have sent a new link to your email. It works for 48 hours.";
export const ALREADY_VERIFIED = "Your email is already confirmed.";
export const VERIFY_DONE = "Thank you. Your email is confirmed.";
export const VERIFY_LINK_USED = "This link has already been used.";
export const VERIFY_LINK_EXPIRED =
  "This link has expired: links work for 48 hours. Sign in and send a new one from your account page.";
export const VERIFY_LINK_UNKNOWN = "This link is not valid. Please open it again from the email we sent you.";
export const VERIFY_EMAIL_CHANGED = "This link was sent to an address your account no longer uses.";

/**
 * Queues the confirmation email for an account, in the caller's transaction (the registration's,
 * so an account is never left without its link).
 */
export async function sendVerificationEmail(
  ctx: CoreContext,
  tx: Db,
  account: Pick<Account, "id" | "email" | "firstName"> & { locale?: ShopperLocale },
): Promise<void> {
  await queueLinkEmail(ctx, tx, account, {
    purpose: "email_verification",
    validSeconds: VERIFY_LINK_SECONDS,
    path: "/verify-email",
    compose: emailVerificationEmail,
  });
}

/** Sends the signed-in shopper a new confirmation link: 409 when already confirmed, limited per account. */
export async function resendVerificationEmail(
  ctx: CoreContext,
  account: Pick<Account, "id" | "email" | "firstName" | "emailVerifiedAt">,
): Promise<{ detail: string }> {
  if (account.emailVerifiedAt) throw conflict(ALREADY_VERIFIED);
  const taken = await ctx.limiter.take([{ key: `verify-resend:account:${account.id}`, ...VERIFY_LIMITS.resend }]);
  if (!taken.allowed) throw tooMany("You have asked for several links already", taken.retryAfterSeconds);
  await ctx.db.transaction((tx) => sendVerificationEmail(ctx, tx, account));
  return { detail: VERIFY_SENT };
}

/** Whether a confirmation link still works, for its page (nothing is spent). */
export function checkVerificationLink(ctx: CoreContext, token: string): Promise<LinkState> {
  return linkState(ctx.db, token, "email_verification");
}

/**
 * Confirms the address a link was sent to: the token is spent once, and counts only while the
 * account still has that email.
 */
export async function verifyEmail(ctx: CoreContext, raw: unknown, client: ClientInfo): Promise<{ detail: string }> {
  const { token } = parse(verifyEmailInput, raw);
  const taken = await ctx.limiter.take([{ key: `verify:client:${client.ip}`, ...VERIFY_LIMITS.confirm }]);
  if (!taken.allowed) throw tooMany("Too many attempts", taken.retryAfterSeconds);
  const outcome = await ctx.db.transaction(async (tx) => {
    const spent = await spendLinkToken(tx, token, "email_verification");
    if (!spent) return "refused" as const;
    const [account] = await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
      .where(and(eq(users.id, spent.userId), sql`lower(${users.email}) = ${spent.email}`))
      .returning({ id: users.id });
    return account ? ("verified" as const) : ("email changed" as const);
  });
  if (outcome === "verified") return { detail: VERIFY_DONE };
  if (outcome === "email changed") throw new AppError(410, VERIFY_EMAIL_CHANGED);
  throw linkRefusal(await linkState(ctx.db, token, "email_verification"), {
    used: VERIFY_LINK_USED,
    expired: VERIFY_LINK_EXPIRED,
    unknown: VERIFY_LINK_UNKNOWN,
  });
}
