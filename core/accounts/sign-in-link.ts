// The way back in after a lock-out (decision 0087; OWASP's Authentication Cheat Sheet: an account
// locked by failed sign-ins needs a way back that the attacker cannot use). A shopper whose
// sign-in is refused for too many wrong passwords may ask for a sign-in link by email: one use,
// one hour, stored only as a hash like every account token, spent by the sign-in it opens. The
// request is answered the same for any address (the worker looks it up afterwards). Staff
// accounts get no link at all: the console's door is the password and the two-step code.
import type { ShopperLocale } from "../shared/locale";
import { eq, notInArray, sql } from "drizzle-orm";
import { users } from "../../db/schema";
import type { CoreContext } from "../context";
import { isStaffRole, STAFF_ROLES } from "../shared/permissions";
import { queueLinkEmail, signInLinkEmail } from "./account-emails";
import { takeAccountRequest, takeLinkUse, withinAccountLimit } from "./account-requests";
import { linkRefusal, linkState, spendAccountLink, spendOlderTokens, type LinkState } from "./account-tokens";
import { normalizeEmail, signInLinkInput, signInLinkRequestInput } from "./rules";
import { createSession } from "./sessions";
import type { ClientInfo, SignedIn } from "./users";
import { parse } from "../shared/refusals";

export const SIGN_IN_LINK_SECONDS = 60 * 60;

export const SIGN_IN_LINK_SENT =
  "If an account exists for that email, we have sent a sign-in link to it. It works once, for one hour.";
export const SIGN_IN_LINK_USED =
  "This sign-in link has already been used, or a newer one was sent. Please ask for a new link.";
export const SIGN_IN_LINK_EXPIRED =
  "This sign-in link has expired: links work for one hour. Please ask for a new link.";
export const SIGN_IN_LINK_UNKNOWN = "This sign-in link is not valid. Please ask for a new link.";
const SIGN_IN_LINK_REFUSALS = { used: SIGN_IN_LINK_USED, expired: SIGN_IN_LINK_EXPIRED, unknown: SIGN_IN_LINK_UNKNOWN };

/** Takes a request for a sign-in link: the same answer, after the same work, for any address. */
export async function requestSignInLink(
  ctx: CoreContext,
  raw: unknown,
  client: ClientInfo,
): Promise<{ detail: string }> {
  const { email, locale } = parse(signInLinkRequestInput, raw);
  await takeAccountRequest(ctx, { kind: "sign_in_link", email, locale }, client.ip, "Too many sign-in link requests");
  return { detail: SIGN_IN_LINK_SENT };
}

/**
 * The worker's half: when a shopper's account has the email, spends its older sign-in links and
 * queues a new one. Answers what it did, for the request's row.
 */
export async function sendSignInLink(ctx: CoreContext, email: string, locale?: ShopperLocale): Promise<string> {
  const [found] = await ctx.db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(sql`lower(${users.email}) = ${normalizeEmail(email)}`);
  if (!found) return "no account has this address";
  if (isStaffRole(found.role)) return "staff account: no sign-in link";
  if (!(await withinAccountLimit(ctx, "sign_in_link", found.id)))
    return "this account's messages for the day are used up";
  return ctx.db.transaction(async (tx) => {
    // held, so two requests at once leave one live link, and the role is the one of this moment
    const [account] = await tx
      .select({ id: users.id, email: users.email, firstName: users.firstName, role: users.role })
      .from(users)
      .where(eq(users.id, found.id))
      .for("update");
    if (!account || isStaffRole(account.role)) return "staff account: no sign-in link";
    await spendOlderTokens(tx, account.id, "sign_in_link");
    await queueLinkEmail(
      ctx,
      tx,
      { ...account, locale },
      {
        purpose: "sign_in_link",
        validSeconds: SIGN_IN_LINK_SECONDS,
        path: "/sign-in-link",
        compose: signInLinkEmail,
      },
    );
    return "link emailed";
  });
}

/** Whether a sign-in link still works, for its page (nothing is spent: mail scanners open links). */
export function checkSignInLink(ctx: CoreContext, token: string): Promise<LinkState> {
  return linkState(ctx.db, token, "sign_in_link");
}

/**
 * Signs in with a link: the token is spent by one conditional UPDATE and the shopper's session
 * opened in the same transaction, so of two uses at once one wins. A link counts only for the
 * address it was sent to (which it also proves) and only while the account is a shopper's.
 */
export async function signInWithLink(ctx: CoreContext, raw: unknown, client: ClientInfo): Promise<SignedIn> {
  const { token } = parse(signInLinkInput, raw);
  await takeLinkUse(ctx, "sign_in_link", client.ip);
  const signedIn = await ctx.db.transaction(async (tx) => {
    const account = await spendAccountLink(tx, token, "sign_in_link", notInArray(users.role, [...STAFF_ROLES]));
    if (!account) return null;
    const session = await createSession({ ...ctx, db: tx }, account.id, client.userAgent);
    return { token: session, user: account };
  });
  if (!signedIn) throw linkRefusal(await linkState(ctx.db, token, "sign_in_link"), SIGN_IN_LINK_REFUSALS);
  return signedIn;
}
