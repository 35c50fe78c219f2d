// Security headers on every answer: pages, API, docs, static files and errors (decision
// 0021). Registered on the root instance before anything else, so every
// route and not-found handler inherits the hooks.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppConfig } from "../config";

// the homepage video carousel embeds the video platform's privacy-enhanced player (spec §2)
const VIDEO_FRAMES = "https://www.youtube-nocookie.com https://www.youtube.com";

/**
 * The page policy: scripts only from this origin or carrying this request's nonce (React
 * Router's inline hydration scripts get it in entry.server.tsx). Inline style attributes stay
 * allowed: React renders colour swatches and aspect ratios as style attributes, and styles
 * cannot run code.
 */
export function pagePolicy(nonce: string): string {
  return policyAllowingScripts(`'nonce-${nonce}'`);
}

/**
 * The policy of a page every visitor gets alike (server/page-hashes.ts, decision 0074): its own
 * inline scripts named by their SHA-256 instead of a nonce, so the page and its policy can be
 * shared, and compressed once.
 */
export function sharedPagePolicy(hashes: readonly string[]): string {
  return policyAllowingScripts(hashes.join(" "));
}

function policyAllowingScripts(sources: string): string {
  return [
    "default-src 'self'",
    `script-src 'self'${sources ? ` ${sources}` : ""}`,
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "media-src 'self' https:",
    `frame-src ${VIDEO_FRAMES}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

// Swagger UI at /api/docs loads its own scripts (no inline ones), sets inline styles and
// fetches /api/docs/json: the page policy without a nonce, images from here only
export const DOCS_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

// The AMP document of a product (/amp/product/{id}/amp.html, docs/decisions/0026) may run only
// the AMP runtime and its extensions from the AMP CDN: AMP forbids scripts of its own, so it has
// no nonce. Its add-to-cart form posts to /api with XHR. Policy after amp.dev "Secure pages".
export const AMP_POLICY = [
  "default-src 'self'",
  "script-src https://cdn.ampproject.org/v0.js https://cdn.ampproject.org/v0/ https://cdn.ampproject.org/rtv/ blob:",
  "script-src-attr 'none'",
  "style-src 'unsafe-inline' https://cdn.ampproject.org/rtv/",
  "img-src 'self' data: https:",
  "font-src 'self' data:",
  "connect-src 'self' https://cdn.ampproject.org",
  "worker-src blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

const AMP_DOCUMENT = /^\/amp\/product\/\d{1,9}\/amp\.html(?:\?|$)/;
export const isAmpDocument = (url: string) => AMP_DOCUMENT.test(url);

// JSON, images, scripts and other files are never documents that need to load anything
export const STRICT_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The headers of every answer besides its policy; also written by hand on answers Fastify never
 * sees as requests (the parser's 400/408/431, plugins/errors.ts).
 */
export const BASE_HEADERS = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  // for browsers that predate frame-ancestors
  "x-frame-options": "DENY",
} as const;

// a year; only sent over HTTPS, where the browser will honour it (RFC 6797)
const HSTS = "max-age=31536000; includeSubDomains";

const CORS_METHODS = "GET, HEAD, POST, PUT, PATCH, DELETE";
const CORS_HEADERS = "Authorization, Content-Type, Idempotency-Key";
// headers a page on another origin may read from an answer
const CORS_EXPOSED = "Retry-After, X-Total-Count";

const isApi = (url: string) => url === "/api" || url.startsWith("/api/") || url.startsWith("/api?");
const isDocs = (url: string) => url === "/api/docs" || url.startsWith("/api/docs/") || url.startsWith("/api/docs?");

function normalizeOrigin(origin: string): string {
  return origin.trim().replace(/\/+$/, "").toLowerCase();
}

function addVary(reply: FastifyReply, ...names: string[]) {
  const current = reply.getHeader("vary");
  const list = (typeof current === "string" ? current.split(",") : []).map((s) => s.trim()).filter(Boolean);
  for (const name of names) if (!list.some((s) => s.toLowerCase() === name.toLowerCase())) list.push(name);
  reply.header("vary", list.join(", "));
}

function policyFor(request: FastifyRequest, reply: FastifyReply): string {
  // only the documents themselves get the looser policies; a JSON error at their address does not
  const html = String(reply.getHeader("content-type") ?? "").startsWith("text/html");
  if (html && isAmpDocument(request.url)) return AMP_POLICY;
  if (request.cspNonce) return pagePolicy(request.cspNonce);
  if (html && isDocs(request.url)) return DOCS_POLICY;
  return STRICT_POLICY;
}

// AMP caches serve the AMP document from https://<domain-with-dashes>.cdn.ampproject.org
const AMP_CACHE_ORIGIN = /^https:\/\/([a-z0-9-]+\.)?cdn\.ampproject\.org$/;

/**
 * The AMP CORS protocol for the AMP page's add-to-cart form (amp-form action-xhr posting to
 * /api/cart/flexible): the AMP runtime adds ?__amp_source_origin=<the document's origin> and
 * refuses the answer unless AMP-Access-Control-Allow-Source-Origin repeats it. Only this store's
 * own origin is a valid source; the request may come from the store itself or an AMP cache.
 */
function ampFormCors(request: FastifyRequest, reply: FastifyReply, publicOrigin: string): void {
  if (request.method !== "POST" || !request.url.startsWith("/api/cart/flexible?")) return;
  const source = new URL(request.url, "http://x").searchParams.get("__amp_source_origin");
  if (!source || normalizeOrigin(source) !== publicOrigin) return;
  reply.header("amp-access-control-allow-source-origin", source);
  const origin = request.headers.origin;
  if (origin && (normalizeOrigin(origin) === publicOrigin || AMP_CACHE_ORIGIN.test(normalizeOrigin(origin)))) {
    reply.header("access-control-allow-origin", origin);
    reply.header("access-control-allow-credentials", "true");
  }
  reply.header("access-control-expose-headers", "AMP-Access-Control-Allow-Source-Origin");
  addVary(reply, "Origin");
}

export function registerSecurityHeaders(
  app: FastifyInstance,
  config: Pick<AppConfig, "corsOrigins" | "publicUrl">,
): void {
  const publicOrigin = normalizeOrigin(new URL(config.publicUrl).origin);
  // CORS is closed unless CORS_ORIGINS names the origins; "*" is not special (decision 0021)
  const origins = new Set(config.corsOrigins.map(normalizeOrigin));
  const allowedOrigin = (request: FastifyRequest): string | null => {
    const origin = request.headers.origin;
    return origin && origins.has(normalizeOrigin(origin)) ? origin : null;
  };

  if (origins.size > 0) {
    // preflight: no route answers OPTIONS, so it is answered here for an allowed origin only;
    // any other origin gets the usual 404 and no CORS headers, and the browser refuses the call
    app.addHook("onRequest", async (request, reply) => {
      if (request.method !== "OPTIONS" || !isApi(request.url)) return;
      if (!request.headers["access-control-request-method"]) return;
      const origin = allowedOrigin(request);
      if (!origin) return;
      addVary(reply, "Origin", "Access-Control-Request-Method", "Access-Control-Request-Headers");
      return reply
        .code(204)
        .header("access-control-allow-origin", origin)
        .header("access-control-allow-methods", CORS_METHODS)
        .header("access-control-allow-headers", CORS_HEADERS)
        .header("access-control-max-age", "600")
        .send();
    });
  }

  app.addHook("onSend", async (request, reply, payload) => {
    if (!reply.hasHeader("content-security-policy")) {
      reply.header("content-security-policy", policyFor(request, reply));
    }
    // a page opened from a link with a key in its address sets a stricter referrer policy itself
    // (same-origin, decision 0077): it is kept, never loosened to the default
    const referrer = reply.getHeader("referrer-policy");
    reply.headers(BASE_HEADERS);
    if (referrer === "same-origin" || referrer === "no-referrer") reply.header("referrer-policy", referrer);
    if (request.protocol === "https") reply.header("strict-transport-security", HSTS);

    ampFormCors(request, reply, publicOrigin);
    if (origins.size > 0 && isApi(request.url)) {
      // answers differ by Origin, so a shared cache must keep them apart
      addVary(reply, "Origin");
      const origin = allowedOrigin(request);
      if (origin && !reply.hasHeader("access-control-allow-origin")) {
        reply.header("access-control-allow-origin", origin);
        reply.header("access-control-expose-headers", CORS_EXPOSED);
      }
    }
    return payload;
  });
}
