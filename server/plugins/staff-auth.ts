// Staff bearer tokens on the staff API (/api/admin/*). A call without a
// token is 401; with a shopper's token, 403 and nothing else (a shopper's sign-in never opens the
// back office); with a staff token, the request carries the StaffActor that core's use-cases
// check permissions against. A member who owes a new password or the two-step sign-in the owner
// requires is refused 403 until the console's account page has it put right (decision 0086).
// The console uses its cookie instead (app/lib/staff.server.ts).
import type { FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import type { CoreContext } from "../../core/context";
import { AppError } from "../../core/shared/errors";
import { can, NO_PERMISSION, type Permission, type StaffActor } from "../../core/shared/permissions";
import { findStaffSession, isShopperToken } from "../../core/staff/sessions";
import { owedBeforeUse } from "../../core/staff/sign-in";

declare module "fastify" {
  interface FastifyRequest {
    staffActor?: StaffActor;
  }
}

export const STAFF_SIGN_IN_REQUIRED = "Sign in as staff: POST /api/admin/session answers a token.";
export const STAFF_SESSION_ENDED = "Your staff session has ended. Please sign in again.";

/** The bearer token of a request, or null when it has none. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header === undefined || header.trim() === "") return null;
  const match = /^Bearer +(\S{1,200}) *$/i.exec(header);
  return match ? match[1]! : "";
}

/**
 * onRequest hook: the staff member behind the call's token; 401 or 403 otherwise. It runs before
 * the body is even read, so a stranger learns nothing from validation messages either.
 * `whileOwed` lets a member who owes a password or two-step set-up through (ending the session).
 */
export function requireStaff(
  core: CoreContext,
  permission: Permission | null,
  options: { whileOwed?: boolean } = {},
): onRequestAsyncHookHandler {
  return async (request) => {
    const token = bearerToken(request);
    if (token === null) throw new AppError(401, STAFF_SIGN_IN_REQUIRED);
    const found = token ? await findStaffSession(core, token, "api", { ip: request.ip }) : null;
    if (found) {
      const owed = owedBeforeUse(found.actor);
      if (owed && !options.whileOwed) throw new AppError(403, owed);
      // checked here as well as in core, so a member without the permission learns nothing,
      // not even what the body should look like
      if (permission && !can(found.actor, permission)) throw new AppError(403, NO_PERMISSION);
      request.staffActor = found.actor;
      return;
    }
    if (token && (await isShopperToken(core, token))) throw new AppError(403, NO_PERMISSION);
    throw new AppError(401, STAFF_SESSION_ENDED);
  };
}

/** The staff member a requireStaff hook let through. */
export function staffActor(request: FastifyRequest): StaffActor {
  if (!request.staffActor) throw new AppError(401, STAFF_SIGN_IN_REQUIRED);
  return request.staffActor;
}
