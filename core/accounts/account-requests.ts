// Requests that send a message to an address only when an account has it: a password reset and a
// sign-in link (decision 0087). The answer must not tell a stranger whether the address is known,
// by its words or by its time, so the request's answer writes this one row and nothing else,
// whatever the address; the worker (account-request-worker.ts) looks the address up afterwards.
import type { Db } from "../../db/client";
import { accountRequests, type AccountRequestKind, type AccountTokenChannel } from "../../db/schema";

export interface AccountRequest {
  kind: AccountRequestKind;
  /** trimmed and lowercased, as the input schema gives it */
  email: string;
  channel?: AccountTokenChannel;
}

/** Writes a request for the worker: the only work its answer waits for, known address or not. */
export async function queueAccountRequest(db: Db, request: AccountRequest): Promise<void> {
  await db
    .insert(accountRequests)
    .values({ kind: request.kind, email: request.email, channel: request.channel ?? "email" });
}
