// Requests that cannot be right are refused once, here, before any route runs (decision
// 0045): an address that is too long, not a path, badly percent-encoded or
// holding a NUL byte or a lone surrogate; a Host that is not a host name; a header or a parsed
// body holding a NUL byte or a lone surrogate. PostgreSQL refuses NUL in text (a 500 before
// this) and stores a lone surrogate as U+FFFD (silently changed data). Page bodies are read by
// the React Router adapter, which applies the same text rule to their fields.
//
// Before that, a console address is rewritten to its one spelling (rewriteTarget, Fastify's
// rewriteUrl; decision 0085), so the routes, the console's door and React Router all see the
// path React Router serves; the checks below look at the address as it was sent.
import type { IncomingMessage } from "node:http";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { CONSOLE_HEADERS, consoleTarget, isConsoleUrl } from "../console-guard";

/** Longer addresses are refused with 414; the longest real one (a filtered search) is < 1 KB. */
export const MAX_URL_LENGTH = 8 * 1024;

// a UTF-16 surrogate that is not half of a pair: with the u flag a pair is one code point, so
// \p{Cs} matches only the lone halves (one character class, linear time)
const LONE_SURROGATE = /\p{Cs}/u;
const LONE_SURROGATES = /\p{Cs}/gu;

/** A NUL byte or a lone surrogate. */
export function hasUnsafeText(text: string): boolean {
  return text.includes("\0") || LONE_SURROGATE.test(text);
}

const UNSAFE_TEXT_RULE = "must not contain NUL bytes or lone surrogates";

/** The answer for a bad field (or header), naming it without repeating its bad characters. */
export function unsafeTextDetail(where: string, fallback = "The request body"): string {
  const name = where.replaceAll("\0", "").replace(LONE_SURROGATES, "").slice(0, 100);
  return `${name || fallback} ${UNSAFE_TEXT_RULE}.`;
}

/** Why the request target cannot be served, or null when it can. */
export function checkTarget(url: string): { status: 400 | 414; detail: string } | null {
  if (url.length > MAX_URL_LENGTH) return { status: 414, detail: "The address is too long." };
  // origin-form only: an absolute target ("http://host/…") would name another host
  if (!url.startsWith("/")) return { status: 400, detail: "The address must be a path that starts with /." };
  let decoded: string;
  try {
    // the whole target at once: ?, & and = are plain characters, every %XX must be valid UTF-8
    // (which also refuses surrogates encoded as %ED%A0%80 and overlong forms such as %C0%80)
    decoded = decodeURIComponent(url);
  } catch {
    return { status: 400, detail: "The address has malformed percent-encoding." };
  }
  if (hasUnsafeText(decoded)) return { status: 400, detail: unsafeTextDetail("The address") };
  return null;
}

// a DNS name (letters, digits, -, _ and dots; _ for names inside container networks), an IPv4
// address or a bracketed IPv6 address, with an optional port: never /, ?, #, @, \ or spaces,
// which would let the Host change what a path means (a cache key, a URL)
const HOST = /^(?:[A-Za-z0-9_.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

export function isValidHost(host: string): boolean {
  return host.length <= 300 && HOST.test(host);
}

/**
 * Where in a parsed body (or any JSON-like value) the first string with a NUL byte or a lone
 * surrogate is, as a dotted path ("items.0.variant_details"; "" for the value itself), or null.
 * Keys count too. Iterative, so a deeply nested body cannot overflow the stack.
 */
export function findUnsafeText(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, ""]];
  while (stack.length > 0) {
    const [item, where] = stack.pop()!;
    if (typeof item === "string") {
      if (hasUnsafeText(item)) return where;
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) stack.push([item[i], where ? `${where}.${i}` : String(i)]);
    } else if (item !== null && typeof item === "object") {
      for (const [key, child] of Object.entries(item)) {
        const at = where ? `${where}.${key}` : key;
        if (hasUnsafeText(key)) return at;
        stack.push([child, at]);
      }
    }
  }
  return null;
}

/**
 * The target Fastify routes: a console address in its one spelling ("/Admin/x", "/%61dmin/x",
 * "/./admin/x" become "/admin/x"), anything else as sent. A target that checkTarget refuses is
 * left as it is, to be refused with its own answer.
 */
export function rewriteTarget(raw: IncomingMessage): string {
  const url = raw.url ?? "/";
  if (checkTarget(url)) return url;
  return consoleTarget(url) ?? url;
}

function refuse(reply: FastifyReply, status: number, detail: string): FastifyReply {
  return reply.code(status).send({ detail });
}

function checkRequest(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined {
  // whatever the console answers, refusals and errors included, is kept by no cache and indexed
  // by no search engine; the page adapter and the upload routes set the same headers again
  if (isConsoleUrl(request.url)) reply.headers(CONSOLE_HEADERS);
  // the address as sent: a rewritten console address is made from it and checked with it
  const target = checkTarget(request.originalUrl);
  if (target) return refuse(reply, target.status, target.detail);
  // request.host is the Host header, or X-Forwarded-Host when the proxy is trusted; without
  // either (an HTTP/1.0 health check) the adapter uses PUBLIC_URL's host
  const host = request.host;
  if (host && !isValidHost(host)) return refuse(reply, 400, "The Host header is not a valid host name.");
  for (const [name, value] of Object.entries(request.headers)) {
    const values = Array.isArray(value) ? value : [value ?? ""];
    if (values.some(hasUnsafeText)) return refuse(reply, 400, unsafeTextDetail(`The ${name} header`));
  }
  return undefined;
}

/** Adds the checks to the root instance: call it before any route or plugin is registered. */
export function registerRequestChecks(app: FastifyInstance): void {
  app.addHook("onRequest", async (request, reply) => {
    const refused = checkRequest(request, reply);
    if (refused) return refused;
  });
  // parsed bodies (JSON, forms) of API calls; query and params were checked in the address
  app.addHook("preValidation", async (request, reply) => {
    if (request.body === undefined) return;
    const where = findUnsafeText(request.body);
    if (where !== null) return refuse(reply, 400, unsafeTextDetail(where));
  });
}
