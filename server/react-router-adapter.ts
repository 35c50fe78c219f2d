// The one adapter between Fastify and React Router: it turns Fastify's request into a Fetch
// Request, lets React Router render the page, and streams the Response back. Static client
// assets are served here too. Everything that is not /api, /media or a file is a page.
import { sendToRememberedLanguage } from "./front-door-language";
import crypto from "node:crypto";
import type { IncomingMessage } from "node:http";
import path from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import fastifyMultipart from "@fastify/multipart";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import type { CoreContext } from "../core/context";
import type { AppConfig } from "./config";
import { CACHE_TAGS_HEADER } from "../core/shared/cache";
import { can } from "../core/shared/permissions";
import {
  CONSOLE_HEADERS,
  comesFromThisStore,
  consoleMember,
  isConsoleUrl,
  refuseForeignOrigin,
  SIGNED_OUT_FORM_LIMIT,
} from "./console-guard";
import { IMPORT_MULTIPART_OPTIONS, importUploadPermission, readImportUpload } from "./console-import-upload";
import { PageCache, preferredEncoding, renderedWhole, type CachedPage } from "./page-cache";
import { RenderTurns } from "./render-turns";
import { withoutCampaignParameters } from "./campaign-parameters";
import { BODY_TOO_LARGE, refuseTooLarge } from "./plugins/errors";
import { isAmpDocument } from "./plugins/security-headers";
import { hasUnsafeText, unsafeTextDetail } from "./plugins/request-checks";

export interface PageLoadContext {
  core: CoreContext;
  config: AppConfig;
  /** per-request nonce for the inline scripts React Router writes (CSP) */
  nonce: string;
  /** the client's address as Fastify sees it (trustProxy decides): loaders count rate limits by it */
  clientIp: string;
  /**
   * A form post the adapter has already read, streamed under its own limits (the product CSV
   * upload, decision 0085): the page's action takes it in place of request.formData(), whose
   * Request then has no body.
   */
  form?: FormData;
  /**
   * Set by app/entry.server.tsx: the page it rendered, whole, and the Response that carries it.
   * The page cache takes these bytes rather than reading the same ones back out of the Response.
   */
  renderedPage?: { response: Response; html: Buffer<ArrayBuffer> };
}

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends PageLoadContext {}
}

declare module "fastify" {
  interface FastifyRequest {
    cspNonce?: string;
  }
}

/**
 * The Fetch Request React Router sees. The host was checked before any route ran
 * (plugins/request-checks) and the target is a path there too, so the URL is the two joined,
 * never the target resolved against an origin ("//evil.example/x" stays a path). Without a
 * Host (HTTP/1.0) the page is PUBLIC_URL's.
 */
export function toFetchRequest(
  request: FastifyRequest,
  reply: FastifyReply,
  host: string,
  body?: Uint8Array<ArrayBuffer>,
  /** the path and query to render, when not the request's own (campaign parameters taken out) */
  target = request.url,
): Request {
  // X-Forwarded-Proto (trusted proxies only) can say anything; the page needs one of two
  const protocol = request.protocol === "https" ? "https" : "http";
  const url = new URL(`${protocol}://${host}${target}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  const controller = new AbortController();
  // aborted only when the client goes away before its answer is sent: the request's own "close"
  // also fires (destroyed) as soon as a form post's body has been read, and aborting then made
  // React Router answer every page form post with an empty 500 after its action had run
  reply.raw.once("close", () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return new Request(url, { method: request.method, headers, signal: controller.signal, body });
}

/** What forms send; React Router's actions read them with request.formData(). */
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

type PageBody = { body: Uint8Array<ArrayBuffer> } | { status: 400 | 413 | 415; detail: string };

/** The body, or null once it is longer than limit (reading stops there); rejects if it breaks off. */
function readUpTo(stream: IncomingMessage, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (finish: () => void) => {
      stream.off("data", onData).off("end", onEnd).off("error", onBroken).off("close", onBroken);
      finish();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      // the rest is never read: the 413 closes the connection
      stream.pause();
      settle(() => resolve(null));
    };
    const onEnd = () => settle(() => resolve(new Uint8Array(Buffer.concat(chunks, size))));
    const onBroken = () => settle(() => reject(new Error("the request body broke off")));
    stream.on("data", onData).once("end", onEnd).once("error", onBroken).once("close", onBroken);
  });
}

/**
 * A page's form post, read here rather than by React Router so it gets the API's rules (issue
 * 11, items 9 and 18): at most the API's body limit (less for a console form without a staff
 * session), judged by Content-Length before reading and by counting for a body without one;
 * only form types; no NUL byte or lone surrogate in a field. No page takes a file through here:
 * the product CSV upload is streamed (console-import-upload.ts), so nothing larger than a form
 * is ever parsed whole on the event loop (decision 0085).
 */
/**
 * Parts of a form sent by someone without a staff session: the largest public form (a review, the
 * sign-in, the checkout's fields) has a few dozen. Parsing is counted first: 256 KB of "a=&a=&…"
 * is 85,000 fields, and three such posts at once held the event loop for most of a second.
 */
export const SIGNED_OUT_FORM_FIELDS = 200;

/** How many fields a form body holds at most: its separators, counted without parsing it. */
function fieldCount(body: Uint8Array<ArrayBuffer>, contentType: string): number {
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  // each multipart part starts with a line "--<boundary>"; each urlencoded field is separated by "&"
  const separator = contentType.toLowerCase().startsWith("multipart/") ? "\r\n--" : "&";
  let count = 1;
  for (let at = bytes.indexOf(separator); at !== -1; at = bytes.indexOf(separator, at + separator.length)) count++;
  return count;
}

async function readPageForm(request: FastifyRequest, limit: number, maxFields = Infinity): Promise<PageBody> {
  const contentType = request.headers["content-type"] ?? "";
  if (!FORM_TYPES.has(contentType.split(";")[0]!.trim().toLowerCase())) {
    return {
      status: 415,
      detail: "Pages take form posts: send application/x-www-form-urlencoded or multipart/form-data.",
    };
  }
  const tooLarge = { status: 413, detail: BODY_TOO_LARGE } as const;
  if (Number(request.headers["content-length"]) > limit) return tooLarge;
  let body: Uint8Array<ArrayBuffer> | null;
  try {
    body = await readUpTo(request.raw, limit);
  } catch {
    return { status: 400, detail: "The request body did not arrive whole." };
  }
  if (!body) return tooLarge;
  if (maxFields !== Infinity && fieldCount(body, contentType) > maxFields) {
    return { status: 413, detail: `A form may have at most ${maxFields} fields.` };
  }
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "content-type": contentType } }).formData();
  } catch {
    return { status: 400, detail: "The form data could not be read." };
  }
  for (const [name, value] of form) {
    // a file's bytes are its own business; its field name and every text field are checked
    if (hasUnsafeText(name) || (typeof value === "string" && hasUnsafeText(value))) {
      return { status: 400, detail: unsafeTextDetail(name, "A field name") };
    }
  }
  return { body };
}

function sendCachedPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage): FastifyReply {
  reply.status(page.status);
  for (const [name, value] of page.headers) reply.header(name, value);
  // the page's own policy (its scripts by hash): set here, so the nonce policy is not added;
  // the AMP document keeps its own (plugins/security-headers.ts)
  if (!isAmpDocument(request.url)) reply.header("content-security-policy", page.policy);
  // like a CDN's X-Cache: tells an operator (and the tests) whether React rendered this answer
  reply.header("x-page-cache", page.hit ? "hit" : "miss");
  const encoding = preferredEncoding(request.headers["accept-encoding"]);
  const bytes = encoding ? page.encoded[encoding] : undefined;
  if (!encoding || !bytes) return reply.send(page.body);
  // compressed when it was rendered: @fastify/compress leaves an answer with an encoding alone
  reply.header("content-encoding", encoding);
  const vary = reply.getHeader("vary");
  reply.header("vary", vary ? `${String(vary)}, Accept-Encoding` : "Accept-Encoding");
  reply.header("content-length", bytes.length);
  return reply.send(bytes);
}

async function sendFetchResponse(
  reply: FastifyReply,
  response: Response,
  overrides: Record<string, string> = {},
): Promise<FastifyReply> {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    // the page cache's tags are for this process, not for the visitor
    if (name === "set-cookie" || name === CACHE_TAGS_HEADER || name in overrides) continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
}

// React Router asks for a page's data alone ("/product/7.data") on client-side navigations and
// when a page revalidates after a write, e.g. to show a review just posted. With the pages'
// stale-while-revalidate, Chrome answered that revalidation from its own copy of the data from
// before the write, so the page kept the old reviews and count. Data answers may be reused by
// this process's page cache (which the write clears) but by no browser or CDN without asking.
const DATA_REQUEST = /^[^?]*\.data(?:\?|$)/;
export const PAGE_DATA_CACHE = "public, max-age=0, must-revalidate";

function fresherData(url: string, response: Response): Response {
  if (DATA_REQUEST.test(url) && /(^|,)\s*public\s*(,|$)/i.test(response.headers.get("cache-control") ?? "")) {
    response.headers.set("cache-control", PAGE_DATA_CACHE);
  }
  return response;
}

export async function reactRouterPages(
  app: FastifyInstance,
  options: {
    core: CoreContext;
    config: AppConfig;
    build: ServerBuild;
    clientDir: string;
    /** form posts over this many bytes are refused with 413, as API bodies are */
    bodyLimit: number;
  },
) {
  // One registration for every built file, one route each (no wildcard): a second registration
  // at "/" would also register routes for assets/* and shadow the first. Hashed build files
  // never change, so they are cached for a year; other public files (favicon) for a day.
  const hashedAssets = path.join(options.clientDir, "assets") + path.sep;
  await app.register(fastifyStatic, {
    root: options.clientDir,
    prefix: "/",
    wildcard: false,
    decorateReply: false,
    cacheControl: false,
    // the build writes .br and .gz beside each script and style sheet (vite.config.ts): sent as
    // they are to browsers that accept them; they get no routes of their own
    preCompressed: true,
    globIgnore: ["**/*.br", "**/*.gz"],
    setHeaders: (reply, filePath) => {
      const hashed = filePath.startsWith(hashedAssets);
      reply.header("cache-control", hashed ? "public, max-age=31536000, immutable" : "public, max-age=86400");
    },
  });

  const handle = createRequestHandler(options.build, process.env.NODE_ENV ?? "production");
  // rendered public pages, kept as long as the catalogue reads they are made from (decision 0032)
  const pageCache = new PageCache(options.core.cache);
  // renders a few at a time, each from a new turn of the event loop (render-turns.ts)
  const renderTurns = new RenderTurns();

  await app.register(async (pages) => {
    // pages read their own bodies (form posts to actions, readPageForm); Fastify must not
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser("*", (_request, _payload, done) => done(null));
    // its parser only marks a multipart post; the CSV upload alone is streamed through it
    await pages.register(fastifyMultipart, IMPORT_MULTIPART_OPTIONS);
    const publicHost = new URL(options.config.publicUrl).host;
    const publicOrigin = new URL(options.config.publicUrl).origin;

    pages.route({
      method: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
      url: "/*",
      handler: async (request, reply) => {
        // calls and files that missed their routes get the JSON 404, not a page
        if (/^\/(api|media)(\/|\?|$)/.test(request.url)) return reply.callNotFound();
        const host = request.host || publicHost;
        // the target was rewritten to the console's one spelling before routing (request-checks)
        const inConsole = isConsoleUrl(request.url);
        const changes = request.method !== "GET" && request.method !== "HEAD";
        let body: Uint8Array<ArrayBuffer> | undefined;
        let streamed: FormData | undefined;
        if (changes) {
          let limit = options.bodyLimit;
          // a staff member's console forms may be long (a product's grid); everyone else's are short
          let maxFields = SIGNED_OUT_FORM_FIELDS;
          if (inConsole) {
            reply.headers(CONSOLE_HEADERS);
            if (!comesFromThisStore(request, host, publicOrigin)) return refuseForeignOrigin(reply);
            // who sends it, before a byte of the body is read (decision 0085): a stranger's post
            // is read only as far as the sign-in forms need
            const member = await consoleMember(options.core, request);
            const owes = member !== null && (member.mustChangePassword || member.mustSetUpTwoStep);
            if (!member) limit = SIGNED_OUT_FORM_LIMIT;
            else maxFields = Infinity;
            // only a member who may import gets the upload's size, as the photo uploads' door
            const uploadNeeds = member ? importUploadPermission(request) : null;
            if (member && uploadNeeds && can(member, uploadNeeds) && !owes) {
              const upload = await readImportUpload(request);
              if ("detail" in upload) {
                if (upload.status === 413) return refuseTooLarge(reply);
                return reply.code(upload.status).header("connection", "close").send({ detail: upload.detail });
              }
              streamed = upload.form;
            }
          }
          if (!streamed) {
            const form = await readPageForm(request, limit, maxFields);
            if ("detail" in form) {
              if (form.status === 413 && form.detail === BODY_TOO_LARGE) return refuseTooLarge(reply);
              return reply.code(form.status).send({ detail: form.detail });
            }
            body = form.body;
          }
        }
        const nonce = crypto.randomBytes(16).toString("base64");
        request.cspNonce = nonce;
        // a public page is the same with or without an ad's click id: rendered and kept without
        const target = inConsole || changes ? request.url : withoutCampaignParameters(request.url);
        const renderNow = async (pageNonce: string) => {
          const context: AppLoadContext = {
            core: options.core,
            config: options.config,
            nonce: pageNonce,
            clientIp: request.ip,
            form: streamed,
          };
          const response = fresherData(
            target,
            await handle(toFetchRequest(request, reply, host, body, target), context),
          );
          // the same Response, not one React Router made instead (a HEAD request's)
          if (context.renderedPage?.response === response) renderedWhole(response, context.renderedPage.html);
          return response;
        };
        const render = (pageNonce: string) => renderTurns.run(() => renderNow(pageNonce));
        // the console's answers are personal: never cached anywhere, never indexed
        if (inConsole) return sendFetchResponse(reply.headers(CONSOLE_HEADERS), await render(nonce), CONSOLE_HEADERS);
        if (sendToRememberedLanguage(request, reply)) return reply;
        if (request.method !== "GET") return sendFetchResponse(reply, await render(nonce));
        // the host is a checked host name, so host + path names one page
        const page = await pageCache.get(`${host}${target}`, nonce, render);
        return page instanceof Response ? sendFetchResponse(reply, page) : sendCachedPage(request, reply, page);
      },
    });
  });
}
