// The worker's half of reset and sign-in-link requests (decision 0087): the outbox loop of
// decision 0069 over account_requests (claimed with SKIP LOCKED under a lease, retried with
// backoff), so the lookup of the address, the token and the message happen after the answer, in
// any of the store's processes. Once a request is dealt with its address is blanked.
import type { ShopperLocale } from "../shared/locale";
import { sql } from "drizzle-orm";
import type { AccountRequestKind, AccountTokenChannel } from "../../db/schema";
import type { CoreContext } from "../context";
import {
  OUTBOX_DEFAULTS,
  runQueueOnce,
  startQueueWorker,
  type OutboxOptions,
  type OutboxQueue,
  type OutboxRun,
  type OutboxWorker,
} from "../messaging/outbox";
import { sendPasswordReset, type ResetOptions } from "./password-reset";
import { sendSignInLink } from "./sign-in-link";

interface RequestRow {
  id: number;
  attempts: number;
  kind: AccountRequestKind;
  email: string;
  channel: AccountTokenChannel;
  locale: ShopperLocale | null;
}

/** The queue of account requests; what was done goes to the row's note, never to the asker. */
export function accountRequestQueue(ctx: CoreContext, options: ResetOptions): OutboxQueue<RequestRow> {
  return {
    table: "account_requests",
    columns: ["kind", "email", "channel", "locale"],
    whenDone: sql`email = ''`,
    send: async (row) => ({
      outcome: "logged",
      note:
        row.kind === "password_reset"
          ? await sendPasswordReset(ctx, row.email, row.channel, options, row.locale ?? undefined)
          : await sendSignInLink(ctx, row.email, row.locale ?? undefined),
    }),
  };
}

/** One pass over the waiting requests (tests, and the worker below). */
export function runAccountRequestsOnce(
  ctx: CoreContext,
  options: ResetOptions,
  outbox: OutboxOptions = OUTBOX_DEFAULTS,
): Promise<OutboxRun> {
  return runQueueOnce(ctx.db, accountRequestQueue(ctx, options), outbox);
}

/** Every store process runs one, as it runs the message workers. */
export function startAccountRequestWorker(
  ctx: CoreContext,
  options: ResetOptions,
  worker: Parameters<typeof startQueueWorker>[2] = {},
): OutboxWorker {
  return startQueueWorker(ctx.db, accountRequestQueue(ctx, options), worker);
}
