// One shape for every staff write (decision 0098): the member's permission is checked first, the
// change and its audit row are written in one transaction (both commit or neither does), and once
// it has committed the read cache is cleared, so the storefront and the API show the change.
// A use-case states only what is its own: which permission, what it writes, what it records, and
// (in its body, where it knows) what the cache should lose and how a duplicate is refused.
import type { CoreContext } from "../context";
import type { Db } from "../../db/client";
import { recordAudit, whoIs, type AuditEntry } from "./audit";
import { databaseError, UNIQUE_VIOLATION } from "./db-errors";
import type { Permission, StaffActor } from "./permissions";
import { requirePermission } from "./staff-errors";

/**
 * The refusal for a unique violation (given the constraint PostgreSQL names, null when the driver
 * names none): two saves at once that both passed the use-case's own check, where the second
 * meets the first's row. Answering undefined lets the error through.
 */
export type UniqueRefusal = (constraint: string | null) => Error | undefined;

/** What a staff write's body gets: the transaction, the way to add its audit row, and to say what it makes stale. */
export interface StaffWriteScope {
  tx: Db;
  actor: StaffActor;
  /** Appends one audit row for this member, in this transaction. */
  audit(entry: AuditEntry): Promise<void>;
  /**
   * Nothing cached shows what this write did (an order's note, a log entry, a staff account), or
   * it found nothing to change: the read cache is kept. Without this (or clearTags) a committed
   * write clears the whole cache, as any change to the catalogue, content or settings shows everywhere.
   */
  keepCache(): void;
  /** The write found nothing to change: the cache is kept. Answers answer, for `return unchanged(…)`. */
  unchanged<R>(answer: R): R;
  /** Only the cache entries with these tags show what this write did (a review: its product's pages). */
  clearTags(...tags: string[]): void;
  /** How this write refuses a unique violation; said before the statement that may meet one. */
  refuseUnique(refusal: UniqueRefusal): void;
}

/** What the committed write makes stale in the read cache: "all", "none", or the tags of the entries it touched. */
type CacheClear = "all" | "none" | readonly string[];

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
): Promise<T> {
  if (right !== "own account") requirePermission(actor, right);
  let said: CacheClear | undefined;
  let unique: UniqueRefusal | undefined;
  let result: T;
  try {
    result = await ctx.db.transaction((tx) =>
      write({
        tx,
        actor,
        audit: (entry) => recordAudit(tx, whoIs(actor), entry),
        keepCache: () => {
          said = "none";
        },
        unchanged: (answer) => {
          said = "none";
          return answer;
        },
        clearTags: (...tags) => {
          said = tags;
        },
        refuseUnique: (refusal) => {
          unique = refusal;
        },
      }),
    );
  } catch (error) {
    const db = unique ? databaseError(error) : null;
    const refusal = db?.code === UNIQUE_VIOLATION ? unique!(db.constraint) : undefined;
    throw refusal ?? error;
  }
  const clears = said ?? "all";
  if (clears === "all") ctx.cache.clear();
  else if (clears !== "none") for (const tag of clears) ctx.cache.invalidateTag(tag);
  return result;
}
