// Staff sessions (decision 0053): the console's HttpOnly cookie and an
// integration's bearer token are both opaque random tokens stored as hashes, like shoppers'
// (decision 0011), in a table of their own: a shopper's token never opens the back office.
// A session ends after 12 idle hours, after 30 days whatever its use, when it is revoked, and
// at once when its member is deactivated or their role changes.
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { CoreContext } from "../context";
import type { Db } from "../../db/client";
import { siteSettings, staffSessions, users, userSessions } from "../../db/schema";
import { hashToken, isWellFormedToken, newSessionToken } from "../shared/tokens";
import { isStaffRole, type StaffActor } from "../shared/permissions";

export const STAFF_IDLE_HOURS = 12;
export const STAFF_SESSION_MAX_DAYS = 30;
// the password was right; the two-step code must follow within this
export const SECOND_FACTOR_MINUTES = 10;
// the sliding expiry is written at most once a minute per session
const REFRESH_SECONDS = 60;

const idle = sql.raw(`interval '${STAFF_IDLE_HOURS} hours'`);
const maxAge = sql.raw(`interval '${STAFF_SESSION_MAX_DAYS} days'`);

export type StaffSessionKind = "console" | "api";

export interface StaffClient {
  ip: string | null;
  userAgent?: string | null;
}

/** Opens a session and answers its token (never stored). */
export async function openStaffSession(
  db: Db,
  userId: number,
  kind: StaffSessionKind,
  client: StaffClient,
  options: { pendingSecondFactor?: boolean } = {},
): Promise<{ token: string; sessionId: number }> {
  const { token, tokenHash } = newSessionToken();
  const pending = options.pendingSecondFactor ?? false;
  const [row] = await db
    .insert(staffSessions)
    .values({
      userId,
      tokenHash,
      kind,
      pendingSecondFactor: pending,
      expiresAt: pending ? sql`now() + make_interval(mins => ${SECOND_FACTOR_MINUTES})` : sql`now() + ${idle}`,
      ip: client.ip,
      userAgent: client.userAgent ? client.userAgent.slice(0, 200) : null,
    })
    .returning({ id: staffSessions.id });
  return { token, sessionId: row!.id };
}

export interface FoundStaffSession {
  actor: StaffActor;
  pendingSecondFactor: boolean;
  kind: StaffSessionKind;
}

/**
 * The staff member behind a live token of this kind, or null: unknown, expired, revoked, of a
 * deactivated member or of an account that is no longer staff. A pending session (two-step
 * code owed) is found only when asked for.
 */
export async function findStaffSession(
  ctx: CoreContext,
  token: string,
  kind: StaffSessionKind,
  client: StaffClient,
  options: { pending?: boolean } = {},
): Promise<FoundStaffSession | null> {
  if (!isWellFormedToken(token)) return null;
  const [row] = await ctx.db
    .select({
      sessionId: staffSessions.id,
      pending: staffSessions.pendingSecondFactor,
      stale: sql<boolean>`${staffSessions.lastUsedAt} < now() - make_interval(secs => ${REFRESH_SECONDS})`,
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      mustChangePassword: users.mustChangePassword,
      totpEnabledAt: users.totpEnabledAt,
      twoStepRequired: sql<boolean>`coalesce((select ${siteSettings.staffTwoStepRequired} from ${siteSettings} where ${siteSettings.id} = 1), false)`,
    })
    .from(staffSessions)
    .innerJoin(users, eq(users.id, staffSessions.userId))
    .where(
      and(
        eq(staffSessions.tokenHash, hashToken(token)),
        eq(staffSessions.kind, kind),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, sql`now()`),
        isNull(users.deactivatedAt),
      ),
    );
  if (!row || !isStaffRole(row.role)) return null;
  if (row.pending !== (options.pending ?? false)) return null;
  if (row.stale && !row.pending) {
    // idle expiry slides with use, but never past the session's absolute end
    await ctx.db
      .update(staffSessions)
      .set({ lastUsedAt: sql`now()`, expiresAt: sql`least(now() + ${idle}, ${staffSessions.createdAt} + ${maxAge})` })
      .where(and(eq(staffSessions.id, row.sessionId), isNull(staffSessions.revokedAt)));
  }
  return {
    pendingSecondFactor: row.pending,
    kind,
    actor: {
      userId: row.userId,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      role: row.role,
      sessionId: row.sessionId,
      ip: client.ip,
      twoStepEnabled: row.totpEnabledAt !== null,
      mustChangePassword: row.mustChangePassword,
      mustSetUpTwoStep: Boolean(row.twoStepRequired) && row.totpEnabledAt === null,
    },
  };
}

/** True when the token is a shopper's live sign-in: the back office answers it 403, not 401. */
export async function isShopperToken(ctx: CoreContext, token: string): Promise<boolean> {
  if (!isWellFormedToken(token)) return false;
  const [row] = await ctx.db
    .select({ id: userSessions.id })
    .from(userSessions)
    .where(
      and(
        eq(userSessions.tokenHash, hashToken(token)),
        isNull(userSessions.revokedAt),
        gt(userSessions.expiresAt, sql`now()`),
      ),
    );
  return !!row;
}

/** Ends one session. */
export async function revokeStaffSession(db: Db, sessionId: number): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.revokedAt)));
}
