// Requests that send a message to an address only when an account has it: a password reset and a
// sign-in link (decision 0087). The answer must not tell a stranger whether the address is known,
// by its words or by its time, so the request's answer writes this one row and nothing else,
// whatever the address; the worker (account-request-worker.ts) looks the address up afterwards.
import type { ShopperLocale } from "../shared/locale";
import { accountRequests, type AccountRequestKind, type AccountTokenChannel } from "../../db/schema";
import type { CoreContext } from "../context";
import { tooMany } from "../shared/refusals";

export interface AccountRequest {
  kind: AccountRequestKind;
  /** trimmed and lowercased, as the input schema gives it */
  email: string;
  channel?: AccountTokenChannel;
  /** the language of the page that asked: the email is written in it (absent: the account's) */
  locale?: ShopperLocale;
}

// One rule for both kinds, each counted on its own counters. A shopper who lost a message asks
// again once or twice; more is someone else's doing. The address and client limits answer 429
// (the same for unknown addresses); the account's own limit stops sending silently, since a 429
// only known accounts can reach would tell them apart.
export const ACCOUNT_REQUEST_LIMITS = {
  address: { limit: 3, windowSeconds: 60 * 60 },
  account: { limit: 6, windowSeconds: 24 * 60 * 60 },
  client: { limit: 20, windowSeconds: 60 * 60 },
  // using what was sent (setting a password with a link or a code, opening a sign-in link), from one client
  confirm: { limit: 20, windowSeconds: 10 * 60 },
} as const;

/** Where each kind's counters are kept. */
const COUNTERS: Record<AccountRequestKind, string> = { password_reset: "reset", sign_in_link: "sign-in-link" };

/**
 * Takes a request: counted against its address's and its client's limits (429, refused with
 * `refused`, alike for any address), then written for the worker, the only work its answer waits for.
 */
export async function takeAccountRequest(
  ctx: CoreContext,
  request: AccountRequest,
  clientIp: string,
  refused: string,
): Promise<void> {
  const counter = COUNTERS[request.kind];
  const taken = await ctx.limiter.take([
    { key: `${counter}:address:${request.email}`, ...ACCOUNT_REQUEST_LIMITS.address },
    { key: `${counter}:client:${clientIp}`, ...ACCOUNT_REQUEST_LIMITS.client },
  ]);
  if (!taken.allowed) throw tooMany(refused, taken.retryAfterSeconds);
  await ctx.db.insert(accountRequests).values({
    kind: request.kind,
    email: request.email,
    channel: request.channel ?? "email",
    locale: request.locale ?? null,
  });
}

/** Counts one client's use of what was sent (a link, a code): 429 "Too many attempts" past the limit. */
export async function takeLinkUse(ctx: CoreContext, kind: AccountRequestKind, clientIp: string): Promise<void> {
  const taken = await ctx.limiter.take([
    { key: `${COUNTERS[kind]}-confirm:client:${clientIp}`, ...ACCOUNT_REQUEST_LIMITS.confirm },
  ]);
  if (!taken.allowed) throw tooMany("Too many attempts", taken.retryAfterSeconds);
}

/** The worker's count of one account's messages of a kind: false once the day's are used up. */
export async function withinAccountLimit(ctx: CoreContext, kind: AccountRequestKind, userId: number): Promise<boolean> {
  const taken = await ctx.limiter.take([
    { key: `${COUNTERS[kind]}:account:${userId}`, ...ACCOUNT_REQUEST_LIMITS.account },
  ]);
  return taken.allowed;
}
