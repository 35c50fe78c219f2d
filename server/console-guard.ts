// What the HTTP layer adds around the staff console's pages (/admin):
// no answer of the console is kept by any cache or indexed, none passes through the page
// cache, and every state-changing request must come from a page of this store (Origin), so a
// page elsewhere cannot make a signed-in staff member's browser act (decision 0053). The cookie
// is SameSite=Strict as well; this is the check that does not rely on the browser alone.
//
// Which requests are the console's is decided on the path React Router will route, not on the
// path as spelled (decision 0085): "/Admin", "/%61dmin", "/./admin" and "/x/../admin" are the
// same page to it, so they are rewritten to "/admin" before any route is chosen, and the door
// applies to them all. A form post's sender is known before its body is read: without a live
// staff session only SIGNED_OUT_FORM_LIMIT bytes of it are read.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { CoreContext } from "../core/context";
import type { StaffActor } from "../core/shared/permissions";
import { findStaffSession } from "../core/staff/sessions";

export const CONSOLE_HEADERS: Record<string, string> = {
  "cache-control": "no-store",
  "x-robots-tag": "noindex, nofollow",
};

export const FOREIGN_ORIGIN = "This request did not come from the store's own pages, so it was refused.";

/**
 * The most a console form post without a live staff session may send (decision 0085): the
 * signed-out forms are sign-in (an email and a password of at most 1,024 characters: 12 KB
 * percent-encoded if every character takes three bytes), the two-step code and the welcome
 * link's new password. 16 KB holds the largest of them; a stranger's 10 MB is refused unread.
 */
export const SIGNED_OUT_FORM_LIMIT = 16 * 1024;

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;
// one %XX at a time, left to right: linear, and a malformed escape is left for checkTarget
const ESCAPE = /%[0-9A-Fa-f]{2}/g;
const decodeUnreserved = (escape: string) => {
  const char = String.fromCharCode(Number.parseInt(escape.slice(1), 16));
  return UNRESERVED.test(char) ? char : escape;
};
// the console's first segment, as React Router compares it (case-insensitively, ASCII only)
const CONSOLE_SEGMENT = /^admin$/i;

/**
 * The one spelling of a console request target ("/admin/…" in lower case, its query as sent), or
 * null when React Router would not serve it from the console. The path is read as React Router
 * reads it: by the WHATWG URL parser (dot segments resolved, "%2e" counted as a dot, a backslash
 * as a slash, the fragment dropped), then percent-decoded and matched without regard to case,
 * with "/x.data" standing for the page data of "/x" and a trailing slash for none.
 * Percent-encoded unreserved characters (letters, digits, - . _ ~) mean the same as the
 * characters (RFC 3986, 2.3), so they are decoded; any other escape is kept.
 */
export function consoleTarget(target: string): string | null {
  if (!target.startsWith("/")) return null;
  const end = target.search(/[?#]/);
  const rawPath = end === -1 ? target : target.slice(0, end);
  let query = "";
  if (end !== -1 && target[end] === "?") {
    const fragment = target.indexOf("#", end);
    query = fragment === -1 ? target.slice(end) : target.slice(end, fragment);
  }
  let pathname: string;
  try {
    pathname = new URL(`http://store.invalid${rawPath.replace(ESCAPE, decodeUnreserved)}`).pathname;
  } catch {
    return null;
  }
  const page = pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
  if (!CONSOLE_SEGMENT.test(page.split("/")[1] ?? "")) return null;
  // every console path is matched without regard to case, its parameters are ids and fixed
  // slugs: one case gives Fastify's routes in front of the pages (uploads) the same door; a
  // trailing slash is matched as if absent ("/admin/" is "/admin", also to the sign-in's next)
  return pathname.replace(/[A-Z]/g, (letter) => letter.toLowerCase()).replace(/\/+$/, "") + query;
}

/** True for a request target React Router serves from the console, however it is spelled. */
export const isConsoleUrl = (url: string) => consoleTarget(url) !== null;

/**
 * True when a state-changing console request comes from this store: its Origin is this host's
 * (or PUBLIC_URL's); without an Origin (older browsers), the browser's Sec-Fetch-Site says
 * same-origin. Anything else, including neither header, is refused.
 */
export function comesFromThisStore(request: FastifyRequest, host: string, publicOrigin: string): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) {
    const own = [`http://${host}`, `https://${host}`, publicOrigin].map((o) => o.toLowerCase());
    return own.includes(origin.trim().toLowerCase().replace(/\/+$/, ""));
  }
  return request.headers["sec-fetch-site"] === "same-origin";
}

export function refuseForeignOrigin(reply: FastifyReply): FastifyReply {
  // the body, if any, is never read: the connection is not kept for it
  return reply.code(403).headers(CONSOLE_HEADERS).header("connection", "close").send({ detail: FOREIGN_ORIGIN });
}

const STAFF_COOKIE = "staff_session";

/** The staff session token in the request's cookie, as app/lib/staff.server.ts reads it, or null. */
export function consoleCookieToken(request: FastifyRequest): string | null {
  for (const part of (request.headers.cookie ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq !== -1 && part.slice(0, eq).trim() === STAFF_COOKIE) {
      const value = part.slice(eq + 1).trim();
      return /^[A-Za-z0-9_-]{1,200}$/.test(value) ? value : null;
    }
  }
  return null;
}

/**
 * The staff member whose live console session the request's cookie carries, or null (no cookie,
 * an unknown, ended or still two-step-pending session, a shopper's token). Asked before a body is
 * read; the page asks again (requireStaff) and decides what the member may do.
 */
export async function consoleMember(core: CoreContext, request: FastifyRequest): Promise<StaffActor | null> {
  const token = consoleCookieToken(request);
  if (!token) return null;
  const found = await findStaffSession(core, token, "console", {
    ip: request.ip,
    userAgent: request.headers["user-agent"] ?? null,
  });
  return found?.actor ?? null;
}
