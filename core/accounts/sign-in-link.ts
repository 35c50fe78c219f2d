// The way back in after a lock-out (decision 0087; OWASP's Authentication Cheat Sheet: an account
// locked by failed sign-ins needs a way back that the attacker cannot use). A shopper whose
// sign-in is refused for too many wrong passwords may ask for a sign-in link by email: one use,
// one hour, stored only as a hash like every account token, spent by the sign-in it opens. The
// request is answered the same for any address (the worker looks it up afterwards). Staff
// accounts get no link at all: the console's door is the password and the two-step code.
import { and, eq, isNull, notInArray, sql } from "drizzle-orm";
import { accountTokens, users } from "../../db/schema";
import type { CoreContext } from "../context";
import { AppError } from "../shared/errors";
import type { LimitRule } from "../shared/rate-limit";
import { isStaffRole, STAFF_ROLES } from "../shared/permissions";
import { accountColumns, type Account } from "./account";
import { queueLinkEmail, signInLinkEmail } from "./account-emails";
import { queueAccountRequest } from "./account-requests";
import { linkState, spendLinkToken, type LinkState } from "./account-tokens";
import { normalizeEmail, signInLinkInput, signInLinkRequestInput } from "./rules";
import { createSession } from "./sessions";
import type { ClientInfo, SignedIn } from "./users";
import { parse, tooMany } from "../shared/refusals";

export const SIGN_IN_LINK_SECONDS = 60 * 60;

// as the reset requests: per address and per client answer 429 alike for any address; the
// account's own limit stops sending silently
export const SIGN_IN_LINK_LIMITS = {
  address: { limit: 3, windowSeconds: 60 * 60 },
  account: { limit: 6, windowSeconds: 24 * 60 * 60 },
  client: { limit: 20, windowSeconds: 60 * 60 },
  // opening links, from one client
  confirm: { limit: 20, windowSeconds: 10 * 60 },
} as const;

export const SIGN_IN_LINK_SENT =
  "If an account exists for that email, we have sent a sign-in link to it. It works once, for one hour.";
export const SIGN_IN_LINK_USED =
  "This sign-in link has already been used, or a newer one was sent. Please ask for a new link.";
export const SIGN_IN_LINK_EXPIRED = "This sign-in link has expired: links work for one hour. Please ask for a new link.";
export const SIGN_IN_LINK_UNKNOWN = "This sign-in link is not valid. Please ask for a new link.";

/** Takes a request for a sign-in link: the same answer, after the same work, for any address. */
export async function requestSignInLink(ctx: CoreContext, raw: unknown, client: ClientInfo): Promise<{ detail: string }> {
  const { email } = parse(signInLinkRequestInput, raw);
  const limits: LimitRule[] = [
    { key: `sign-in-link:address:${email}`, ...SIGN_IN_LINK_LIMITS.address },
    { key: `sign-in-link:client:${client.ip}`, ...SIGN_IN_LINK_LIMITS.client },
  ];
  const taken = await ctx.limiter.take(limits);
  if (!taken.allowed) throw tooMany("Too many sign-in link requests", taken.retryAfterSeconds);
  await queueAccountRequest(ctx.db, { kind: "sign_in_link", email });
  return { detail: SIGN_IN_LINK_SENT };
}

/**
 * The worker's half: when a shopper's account has the email, spends its older sign-in links and
 * queues a new one. Answers what it did, for the request's row.
 */
export async function sendSignInLink(ctx: CoreContext, email: string): Promise<string> {
  const [found] = await ctx.db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(sql`lower(${users.email}) = ${normalizeEmail(email)}`);
  if (!found) return "no account has this address";
  if (isStaffRole(found.role)) return "staff account: no sign-in link";
  const accountLimit = await ctx.limiter.take([
    { key: `sign-in-link:account:${found.id}`, ...SIGN_IN_LINK_LIMITS.account },
  ]);
  if (!accountLimit.allowed) return "this account's messages for the day are used up";
  return ctx.db.transaction(async (tx) => {
    // held, so two requests at once leave one live link, and the role is the one of this moment
    const [account] = await tx
      .select({ id: users.id, email: users.email, firstName: users.firstName, role: users.role })
      .from(users)
      .where(eq(users.id, found.id))
      .for("update");
    if (!account || isStaffRole(account.role)) return "staff account: no sign-in link";
    await tx
      .update(accountTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(accountTokens.userId, account.id),
          eq(accountTokens.purpose, "sign_in_link"),
          isNull(accountTokens.usedAt),
        ),
      );
    await queueLinkEmail(ctx, tx, account, {
      purpose: "sign_in_link",
      validSeconds: SIGN_IN_LINK_SECONDS,
      path: "/sign-in-link",
      compose: signInLinkEmail,
    });
    return "link emailed";
  });
}

/** Whether a sign-in link still works, for its page (nothing is spent: mail scanners open links). */
export function checkSignInLink(ctx: CoreContext, token: string): Promise<LinkState> {
  return linkState(ctx.db, token, "sign_in_link");
}

function linkRefusal(state: LinkState): AppError {
  if (state === "used") return new AppError(410, SIGN_IN_LINK_USED);
  if (state === "expired") return new AppError(410, SIGN_IN_LINK_EXPIRED);
  return new AppError(404, SIGN_IN_LINK_UNKNOWN);
}

/**
 * Signs in with a link: the token is spent by one conditional UPDATE and the shopper's session
 * opened in the same transaction, so of two uses at once one wins. A link counts only for the
 * address it was sent to (which it also proves) and only while the account is a shopper's.
 */
export async function signInWithLink(ctx: CoreContext, raw: unknown, client: ClientInfo): Promise<SignedIn> {
  const { token } = parse(signInLinkInput, raw);
  const taken = await ctx.limiter.take([
    { key: `sign-in-link-confirm:client:${client.ip}`, ...SIGN_IN_LINK_LIMITS.confirm },
  ]);
  if (!taken.allowed) throw tooMany("Too many attempts", taken.retryAfterSeconds);
  const signedIn = await ctx.db.transaction(async (tx) => {
    const spent = await spendLinkToken(tx, token, "sign_in_link");
    if (!spent) return null;
    const [account] = await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(
        and(
          eq(users.id, spent.userId),
          sql`lower(${users.email}) = ${spent.email}`,
          notInArray(users.role, [...STAFF_ROLES]),
        ),
      )
      .returning(accountColumns);
    if (!account) return null;
    const session = await createSession({ ...ctx, db: tx }, account.id, client.userAgent);
    return { token: session, user: account as Account };
  });
  if (!signedIn) throw linkRefusal(await linkState(ctx.db, token, "sign_in_link"));
  return signedIn;
}
