// Sign-in sessions: one row per token handed out (decision 0011, 0020, 0042). A token is valid
// while its row is neither revoked nor past expires_at; each use pushes expires_at 30 days ahead,
// but never past 90 days after the session began.
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { CoreContext } from "../context";
import type { Db } from "../../db/client";
import { staffSessions, users, userSessions } from "../../db/schema";
import { accountColumns, type Account } from "./account";
import { hashToken, isWellFormedToken, newSessionToken } from "../shared/tokens";

export const SESSION_IDLE_DAYS = 30;
// a stolen token that is used every day still dies; the owner then signs in again
export const SESSION_MAX_DAYS = 90;
// the sliding expiry is written at most once a minute per session, not on every request
export const SESSION_REFRESH_SECONDS = 60;

const idleInterval = sql.raw(`interval '${SESSION_IDLE_DAYS} days'`);
const maxInterval = sql.raw(`interval '${SESSION_MAX_DAYS} days'`);

/** The signed-in user behind a request, with the session that authenticated it. */
export interface AuthUser extends Account {
  sessionId: number;
}

/** Opens a session for the user and answers the token, which is never stored. */
export async function createSession(ctx: CoreContext, userId: number, userAgent?: string): Promise<string> {
  const { token, tokenHash } = newSessionToken();
  await ctx.db.insert(userSessions).values({
    userId,
    tokenHash,
    expiresAt: sql`now() + ${idleInterval}`,
    userAgent: userAgent ? userAgent.slice(0, 200) : null,
  });
  return token;
}

/** The user of a live session with this token, or null for an unknown, expired or revoked one. */
export async function findSessionUser(ctx: CoreContext, token: string): Promise<AuthUser | null> {
  if (!isWellFormedToken(token)) return null;
  const [row] = await ctx.db
    .select({
      ...accountColumns,
      sessionId: userSessions.id,
      stale: sql<boolean>`${userSessions.lastUsedAt} < now() - make_interval(secs => ${SESSION_REFRESH_SECONDS})`,
    })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .where(
      and(
        eq(userSessions.tokenHash, hashToken(token)),
        isNull(userSessions.revokedAt),
        gt(userSessions.expiresAt, sql`now()`),
        gt(userSessions.createdAt, sql`now() - ${maxInterval}`),
      ),
    );
  if (!row) return null;
  const { stale, ...user } = row;
  if (stale) {
    await ctx.db
      .update(userSessions)
      .set({
        lastUsedAt: sql`now()`,
        expiresAt: sql`least(now() + ${idleInterval}, ${userSessions.createdAt} + ${maxInterval})`,
      })
      .where(and(eq(userSessions.id, user.sessionId), isNull(userSessions.revokedAt)));
  }
  return user;
}

export async function revokeSession(ctx: CoreContext, sessionId: number): Promise<void> {
  await ctx.db
    .update(userSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(userSessions.id, sessionId), isNull(userSessions.revokedAt)));
}

/** Ends every session of a user, e.g. when their password is set anew. */
export async function revokeUserSessions(ctx: CoreContext, userId: number): Promise<void> {
  await ctx.db
    .update(userSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(userSessions.userId, userId), isNull(userSessions.revokedAt)));
}

/**
 * Ends every console and staff API session of a member (deactivated, role changed, password set),
 * but `keep`. It sits with the shop's sessions because a password reset ends both kinds.
 */
export async function revokeStaffSessionsOf(db: Db, userId: number, keep?: number): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(staffSessions.userId, userId),
        isNull(staffSessions.revokedAt),
        keep === undefined ? undefined : sql`${staffSessions.id} <> ${keep}`,
      ),
    );
}
