// The language switch is remembered at the front door (decision 0110): a shopper who chose Urdu
// and comes back to / is sent to /ur. Only / reads the cookie: every other address is one page
// for everyone (its cached copy is shared, a link sent to a friend opens as it was sent).
import type { FastifyReply, FastifyRequest } from "fastify";
import { LOCALE_COOKIE, URDU_PREFIX } from "../app/i18n/locales";

const COOKIE = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([a-z]{2})(?:;|$)`);

/** The remembered language from the Cookie header, if it is one the store has. */
function rememberedLocale(cookieHeader: string | undefined): "ur" | null {
  // a cookie header is short; a hostile one is not searched past its first 4 KB
  const match = COOKIE.exec((cookieHeader ?? "").slice(0, 4096));
  return match?.[1] === "ur" ? "ur" : null;
}

/**
 * Sends a GET or HEAD of the front door on to the Urdu home when the shopper chose Urdu, keeping
 * the query (a campaign's parameters). Returns whether it answered.
 */
export function sendToRememberedLanguage(request: FastifyRequest, reply: FastifyReply): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const queryAt = request.url.indexOf("?");
  const pathname = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
  if (pathname !== "/") return false;
  // the answer at / differs by this cookie: a shared cache must not give one shopper's to another
  reply.header("vary", "Cookie");
  if (rememberedLocale(request.headers.cookie) !== "ur") return false;
  const query = queryAt === -1 ? "" : request.url.slice(queryAt);
  reply.code(302).header("cache-control", "private, no-store").header("location", `${URDU_PREFIX}${query}`).send();
  return true;
}
