// The single-use tokens behind the password reset and email verification messages
// (decision 0077). A link carries 256 random bits (the same format as sign-in tokens, tokens.ts);
// only their SHA-256 is stored, so a copy of the database opens no account. A token is spent by
// one conditional UPDATE, so of two uses at once exactly one wins.
import { and, eq, gt, isNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accountTokens, users, type AccountTokenChannel, type AccountTokenPurpose } from "../../db/schema";
import { accountColumns, type Account } from "./account";
import { AppError } from "../shared/errors";
import { hashToken, isWellFormedToken, newSessionToken } from "../shared/tokens";

/** A code's hash: it depends on its row's random token too, so equal codes never share a hash. */
export const codeHash = (tokenHash: string, code: string) => hashToken(`${tokenHash}:${code}`);

/** What a link's page can say of it without spending it. */
export type LinkState = "valid" | "used" | "expired" | "unknown";

/** Writes a new token row in the caller's transaction and answers the token, which is never stored. */
export async function issueAccountToken(
  tx: Db,
  row: {
    userId: number;
    purpose: AccountTokenPurpose;
    channel?: AccountTokenChannel;
    email: string;
    validSeconds: number;
    /** WhatsApp: the six-digit code that stands in for the link (the token is then never sent) */
    code?: string;
  },
): Promise<{ token: string; tokenHash: string }> {
  const { token, tokenHash } = newSessionToken();
  await tx.insert(accountTokens).values({
    userId: row.userId,
    purpose: row.purpose,
    channel: row.channel ?? "email",
    tokenHash,
    codeHash: row.code === undefined ? null : codeHash(tokenHash, row.code),
    email: row.email,
    expiresAt: sql`now() + make_interval(secs => ${row.validSeconds})`,
  });
  return { token, tokenHash };
}

/**
 * Spends a link's token: one conditional UPDATE (unused, unexpired, of this purpose), so parallel
 * uses get one winner. Answers the account and the address the link was sent to, or null.
 */
export async function spendLinkToken(
  tx: Db,
  token: string,
  purpose: AccountTokenPurpose,
): Promise<{ userId: number; email: string } | null> {
  if (!isWellFormedToken(token)) return null;
  const [row] = await tx
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        eq(accountTokens.purpose, purpose),
        eq(accountTokens.channel, "email"),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: accountTokens.userId, email: accountTokens.email });
  return row ?? null;
}

/**
 * Spends a link's token for the account it was sent to, while that account still has the address
 * (and meets `only`, when given), and marks the address confirmed: the link proves it. Answers the
 * account, or null; a token spent for an account that no longer matches stays spent.
 */
export async function spendAccountLink(
  tx: Db,
  token: string,
  purpose: AccountTokenPurpose,
  only?: SQL,
): Promise<Account | null> {
  const spent = await spendLinkToken(tx, token, purpose);
  if (!spent) return null;
  const [account] = await tx
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(and(eq(users.id, spent.userId), sql`lower(${users.email}) = ${spent.email}`, only))
    .returning(accountColumns);
  return (account as Account | undefined) ?? null;
}

/** Only the newest message works: the account's links and codes of this purpose not yet used are spent. */
export async function spendOlderTokens(tx: Db, userId: number, purpose: AccountTokenPurpose): Promise<void> {
  await tx
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
}

/** What the page of a link that no longer works says, for each reason. */
export interface LinkRefusals {
  used: string;
  expired: string;
  unknown: string;
}

/** The answer to a link that did not work: gone (410) when used or expired, else not found (404). */
export function linkRefusal(state: LinkState, refusals: LinkRefusals): AppError {
  if (state === "used") return new AppError(410, refusals.used);
  if (state === "expired") return new AppError(410, refusals.expired);
  return new AppError(404, refusals.unknown);
}

/** Whether a link still works, and if not why, without spending it (for its page and its refusal). */
export async function linkState(db: Db, token: string, purpose: AccountTokenPurpose): Promise<LinkState> {
  if (!isWellFormedToken(token)) return "unknown";
  const [row] = await db
    .select({ usedAt: accountTokens.usedAt, expired: sql<boolean>`${accountTokens.expiresAt} <= now()` })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        eq(accountTokens.purpose, purpose),
        eq(accountTokens.channel, "email"),
      ),
    );
  if (!row) return "unknown";
  if (row.usedAt) return "used";
  return row.expired ? "expired" : "valid";
}

/** The store's address for links in messages (PUBLIC_URL), without a trailing slash. */
export function linkTo(publicUrl: string | undefined, path: string): string {
  return `${(publicUrl ?? "").replace(/\/+$/, "")}${path}`;
}
