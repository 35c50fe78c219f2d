// Bearer tokens on API calls (spec §7 "Bearer", decision 0011). A route that needs a signed-in
// user adds `preHandler: requireUser(core)` and reads `signedInUser(request)` (staff calls have
// their own tokens: plugins/staff-auth.ts);
// a route where signing in is optional calls `optionalUserId(core, request)`.
import type { FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import { findSessionUser, type AuthUser } from "../../core/accounts/sessions";
import type { CoreContext } from "../../core/context";
import { AppError } from "../../core/shared/errors";

export type { AuthUser };

declare module "fastify" {
  interface FastifyRequest {
    /** set once the request's bearer token has been checked */
    authUser?: AuthUser;
  }
}

export const SIGN_IN_REQUIRED = "Please sign in to continue.";
export const SESSION_INVALID = "Your session has expired. Please sign in again.";

/**
 * The user whose token the request carries; null when it carries none. A token that is present
 * but malformed, unknown, expired or revoked is a 401: the page then clears its stored session
 * (spec §4) instead of silently acting as a guest.
 */
export async function authenticate(core: CoreContext, request: FastifyRequest): Promise<AuthUser | null> {
  if (request.authUser) return request.authUser;
  const header = request.headers.authorization;
  if (header === undefined || header.trim() === "") return null;
  const match = /^Bearer +(\S+) *$/i.exec(header);
  const user = match ? await findSessionUser(core, match[1]!) : null;
  if (!user) throw new AppError(401, SESSION_INVALID);
  request.authUser = user;
  return user;
}

/** The signed-in user's id, or null for a guest; a bad token is still a 401. */
export async function optionalUserId(core: CoreContext, request: FastifyRequest): Promise<number | null> {
  return (await authenticate(core, request))?.id ?? null;
}

/**
 * For calls a guest may make too (placing an order, posting a review): the signed-in user's id,
 * or null for a guest and also for a stale or revoked token, so that an expired session never
 * blocks a purchase. Other failures (the database) still fail the call.
 */
export async function userIdOrGuest(core: CoreContext, request: FastifyRequest): Promise<number | null> {
  try {
    return await optionalUserId(core, request);
  } catch (error) {
    if (error instanceof AppError && error.status === 401) return null;
    throw error;
  }
}

/** preHandler: 401 unless the request carries a live token. */
export function requireUser(core: CoreContext): preHandlerAsyncHookHandler {
  return async (request) => {
    if (!(await authenticate(core, request))) throw new AppError(401, SIGN_IN_REQUIRED);
  };
}

/** The user a requireUser preHandler let through. */
export function signedInUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw new AppError(401, SIGN_IN_REQUIRED);
  return request.authUser;
}
