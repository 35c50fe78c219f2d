// One shape for every staff write (decision 0098): the member's permission is checked first, the
// change and its audit row are written in one transaction (both commit or neither does), and once
// it has committed the read cache is cleared, so the storefront and the API show the change.
// A use-case states only what is its own: which permission, what it writes, what it records.
import type { CoreContext } from "../context";
import type { Db } from "../../db/client";
import { recordAudit, whoIs, type AuditEntry } from "./audit";
import { databaseError, UNIQUE_VIOLATION } from "./db-errors";
import type { Permission, StaffActor } from "./permissions";
import { requirePermission } from "./staff-errors";

/** What a staff write's body gets: the transaction, and the way to add its audit row to it. */
export interface StaffWriteScope {
  tx: Db;
  actor: StaffActor;
  /** Appends one audit row for this member, in this transaction. */
  audit(entry: AuditEntry): Promise<void>;
}

/**
 * What the committed write makes stale in the read cache: "all" (the default: any write to the
 * catalogue, content or settings shows everywhere), "none" (an order's note, a log entry: nothing
 * cached shows it), or the tags of the entries it touched (a review: its product's pages only).
 * A function decides from the write's result (nothing changed: nothing to clear).
 */
export type CacheClear = "all" | "none" | readonly string[];

export interface StaffWriteOptions<T> {
  clears?: CacheClear | ((result: T) => CacheClear);
  /**
   * The refusal for a unique violation (given the constraint PostgreSQL names, null when the
   * driver names none): two saves at once that both passed the use-case's own check, where the
   * second meets the first's row at commit. Answering undefined lets the error through.
   */
  unique?: (constraint: string | null) => Error | undefined;
}

/** For a write that may find nothing to change: the cache is cleared only when it did change. */
export const clearsWhenChanged = (result: { changed: boolean }): CacheClear => (result.changed ? "all" : "none");

/**
 * What a write needs of the member's role: a permission, or "own account" for what any member
 * may do to their own account (their password, their two-step sign-in), where signing in is the
 * whole right.
 */
export type StaffWriteRight = Permission | "own account";

/** Runs a staff use-case's write: permission, one transaction with its audit rows, cache cleared. */
export async function staffWrite<T>(
  ctx: CoreContext,
  actor: StaffActor,
  right: StaffWriteRight,
  write: (scope: StaffWriteScope) => Promise<T>,
  options: StaffWriteOptions<T> = {},
): Promise<T> {
  if (right !== "own account") requirePermission(actor, right);
  let result: T;
  try {
    result = await ctx.db.transaction((tx) =>
      write({ tx, actor, audit: (entry) => recordAudit(tx, whoIs(actor), entry) }),
    );
  } catch (error) {
    const db = options.unique ? databaseError(error) : null;
    const refusal = db?.code === UNIQUE_VIOLATION ? options.unique!(db.constraint) : undefined;
    throw refusal ?? error;
  }
  const clears = typeof options.clears === "function" ? options.clears(result) : (options.clears ?? "all");
  if (clears === "all") ctx.cache.clear();
  else if (clears !== "none") for (const tag of clears) ctx.cache.invalidateTag(tag);
  return result;
}
