// An account's connection to its courier: the stored row, its credentials opened with the
// process's key, and the base URL for its mode (decision 0101).
import { eq } from "drizzle-orm";
import type { CoreContext } from "../context";
import { courierAccounts } from "../../db/schema";
import { openSecret, NO_SECRETS_KEY, SECRET_UNREADABLE } from "../shared/secrets";
import { invalid, notFound } from "../shared/errors";
import { adapterFor } from "./adapters";
import type { CourierAdapter, CourierConnection } from "./courier";

export type CourierAccount = typeof courierAccounts.$inferSelect;

/** How long one call to a courier may take before the store gives up on it. */
export const COURIER_TIMEOUT_MS = 15_000;

export interface ConnectedAccount {
  account: CourierAccount;
  adapter: CourierAdapter;
  connection: CourierConnection;
}

/** Opens an account's sealed credentials; refuses with the owner's next step when they cannot be read. */
export function openCredentials(ctx: CoreContext, account: CourierAccount): Record<string, string> {
  if (!ctx.secrets) throw invalid(NO_SECRETS_KEY);
  const plain = openSecret(ctx.secrets, account.credentialsSealed);
  if (plain === null) throw invalid(SECRET_UNREADABLE);
  return JSON.parse(plain) as Record<string, string>;
}

export function connect(
  ctx: CoreContext,
  account: CourierAccount,
  options: { timeoutMs?: number; fetch?: typeof fetch } = {},
): ConnectedAccount {
  const adapter = adapterFor(account.courier);
  return {
    account,
    adapter,
    connection: {
      baseUrl: account.baseUrl ?? adapter.hosts[account.mode],
      credentials: openCredentials(ctx, account),
      timeoutMs: options.timeoutMs ?? COURIER_TIMEOUT_MS,
      fetch: options.fetch,
    },
  };
}

/** The account with this id, connected; 404 when there is none. */
export async function connectAccount(ctx: CoreContext, accountId: number): Promise<ConnectedAccount> {
  const [account] = await ctx.db.select().from(courierAccounts).where(eq(courierAccounts.id, accountId)).limit(1);
  if (!account) throw notFound("No such courier account.");
  return connect(ctx, account);
}
