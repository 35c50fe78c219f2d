// The single-use tokens behind the password reset and email verification messages
// (decision 0077). A link carries 256 random bits (the same format as sign-in tokens, tokens.ts);
// only their SHA-256 is stored, so a copy of the database opens no account. A token is spent by
// one conditional UPDATE, so of two uses at once exactly one wins.
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accountTokens, type AccountTokenChannel, type AccountTokenPurpose } from "../../db/schema";
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
