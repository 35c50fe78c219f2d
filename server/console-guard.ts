// What the HTTP layer adds around the staff console's pages (/admin; issue 12, point 1-2):
// no answer of the console is kept by any cache or indexed, none passes through the page
// cache, and every state-changing request must come from a page of this store (Origin), so a
// page elsewhere cannot make a signed-in staff member's browser act (decision 0053). The cookie
// is SameSite=Strict as well; this is the check that does not rely on the browser alone.
import type { FastifyReply, FastifyRequest } from "fastify";

const CONSOLE = /^\/admin(?:[/?.]|$)/;
export const isConsoleUrl = (url: string) => CONSOLE.test(url);

export const CONSOLE_HEADERS: Record<string, string> = {
  "cache-control": "no-store",
  "x-robots-tag": "noindex, nofollow",
};

export const FOREIGN_ORIGIN = "This request did not come from the store's own pages, so it was refused.";

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
  return reply.code(403).headers(CONSOLE_HEADERS).send({ detail: FOREIGN_ORIGIN });
}
