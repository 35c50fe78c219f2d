// The console's side of staff sessions (decision 0053): the session token lives in an
// HttpOnly, SameSite=Strict cookie (Secure over HTTPS), so no script in any page can read it;
// every console loader and action starts with requireStaff, which answers the signed-in
// StaffActor or sends the visitor to sign in. Permissions are checked again in core.
import { data, redirect } from "react-router";
import type { CoreContext } from "../../core/context";
import { can, NO_PERMISSION, type Permission, type StaffActor } from "../../core/shared/permissions";
import { findStaffSession, isShopperToken, STAFF_SESSION_MAX_DAYS } from "../../core/staff/sessions";
import { AppError } from "../../core/shared/errors";
import { safeRedirect } from "./session";
import { formErrorsFor, type FieldNames } from "./form-errors.server";

export const STAFF_COOKIE = "staff_session";
// the whole site, not /admin: the console's page data is fetched from /admin.data, which a
// cookie with Path=/admin would not be sent to. SameSite=Strict and HttpOnly keep it in the console.
const COOKIE_PATH = "/";

/** The staff session token the request's cookie carries, or null. */
export function staffToken(request: Request): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq !== -1 && part.slice(0, eq).trim() === STAFF_COOKIE) {
      const value = part.slice(eq + 1).trim();
      return /^[A-Za-z0-9_-]{1,200}$/.test(value) ? value : null;
    }
  }
  return null;
}

const secure = (request: Request) => (new URL(request.url).protocol === "https:" ? "; Secure" : "");

/** Set-Cookie for a new session; it lives as long as a session may (the server ends it sooner). */
export function staffCookie(request: Request, token: string): string {
  const maxAge = STAFF_SESSION_MAX_DAYS * 24 * 60 * 60;
  return `${STAFF_COOKIE}=${token}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${secure(request)}`;
}

/** Set-Cookie that removes the session cookie. */
export function clearStaffCookie(request: Request): string {
  return `${STAFF_COOKIE}=; Path=${COOKIE_PATH}; HttpOnly; SameSite=Strict; Max-Age=0${secure(request)}`;
}

const clientOf = (request: Request, clientIp: string) => ({
  ip: clientIp,
  userAgent: request.headers.get("user-agent"),
});

/** Where a signed-out visitor goes: sign-in, then back here. */
export function signInHref(request: Request): string {
  const url = new URL(request.url);
  const back = safeRedirect(`${url.pathname}${url.search}`, "");
  return back && back !== "/admin" ? `/admin/login?next=${encodeURIComponent(back)}` : "/admin/login";
}

function codePageHref(request: Request): string {
  const back = new URL(signInHref(request), "http://x").searchParams.get("next");
  return back ? `/admin/login/code?next=${encodeURIComponent(back)}` : "/admin/login/code";
}

// pages a member with an initial password, or without the two-step sign-in the owner requires,
// may still open: the ones that put it right, and signing out
const SETUP_PAGES = ["/admin/account", "/admin/logout"];

/**
 * The signed-in staff member, or a thrown answer: a redirect to sign in without a live session,
 * 403 with no data for a shopper's token or a role without `permission`, and a redirect to the
 * account page while a new password or two-step sign-in is owed.
 */
export async function requireStaff(
  request: Request,
  context: { core: CoreContext; clientIp: string },
  permission?: Permission,
): Promise<StaffActor> {
  const token = staffToken(request);
  const found = token ? await sessionOf(request, context, token) : null;
  if (!found) {
    if (token && (await isShopperToken(context.core, token))) throw data({ detail: NO_PERMISSION }, { status: 403 });
    // the password was right and the code is still owed: back to the code page, session kept
    if (token && (await pendingStaffSession(request, context))) throw redirect(codePageHref(request));
    throw redirect(signInHref(request), token ? { headers: { "set-cookie": clearStaffCookie(request) } } : undefined);
  }
  const { actor } = found;
  const path = new URL(request.url).pathname.replace(/\.data$/, "");
  const owed = actor.mustChangePassword || actor.mustSetUpTwoStep;
  if (owed && !SETUP_PAGES.some((p) => path === p || path.startsWith(`${p}/`))) throw redirect("/admin/account");
  if (permission && !can(actor, permission)) throw data({ detail: NO_PERMISSION }, { status: 403 });
  return actor;
}

// the console layout's loader and its page's loader run for the same request at once: one lookup
const sessions = new WeakMap<Request, ReturnType<typeof findStaffSession>>();
function sessionOf(request: Request, context: { core: CoreContext; clientIp: string }, token: string) {
  let found = sessions.get(request);
  if (!found) {
    found = findStaffSession(context.core, token, "console", clientOf(request, context.clientIp));
    sessions.set(request, found);
  }
  return found;
}

/** The pending (password right, code owed) session of the two-step page, or null. */
export async function pendingStaffSession(request: Request, context: { core: CoreContext; clientIp: string }) {
  const token = staffToken(request);
  if (!token) return null;
  const found = await findStaffSession(context.core, token, "console", clientOf(request, context.clientIp), {
    pending: true,
  });
  return found ? { token, actor: found.actor } : null;
}

export { clientOf };

/**
 * Runs a console action's use-case: a refusal from core (AppError) becomes the form's message
 * with its status (and `extra`, e.g. which form it answers), so the page shows it beside the form
 * instead of an error page; `fields` holds the message of each field it names, for a ConsoleForm
 * to show under the field (decision 0096).
 */
export async function formResult<T, E extends object = object>(
  run: () => Promise<T>,
  extra?: E,
  names?: FieldNames,
): Promise<T | ReturnType<typeof data<{ error: string; fields: Record<string, string>; status: number } & E>>> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError) {
      const headers: Record<string, string> = {};
      if (error.retryAfter) headers["retry-after"] = String(error.retryAfter);
      return data(
        { ...(extra as E), ...formErrorsFor(error, names), status: error.status },
        { status: error.status, headers },
      );
    }
    throw error;
  }
}
