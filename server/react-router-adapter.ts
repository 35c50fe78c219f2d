// The one adapter between Fastify and React Router: it turns Fastify's request into a Fetch
// Request, lets React Router render the page, and streams the Response back. Static client
// assets are served here too. Everything that is not /api, /media or a file is a page.
import crypto from "node:crypto";
import path from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { CoreContext } from "../core/context";
import type { AppConfig } from "./config";
import { PageCache, type CachedPage } from "./page-cache";

export interface PageLoadContext {
  core: CoreContext;
  config: AppConfig;
  /** per-request nonce for the inline scripts React Router writes (CSP) */
  nonce: string;
  /** the client's address as Fastify sees it (trustProxy decides): loaders count rate limits by it */
  clientIp: string;
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

export function toFetchRequest(request: FastifyRequest): Request {
  const origin = `${request.protocol}://${request.host}`;
  const url = new URL(request.url, origin);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  const controller = new AbortController();
  request.raw.once("close", () => {
    if (!request.raw.complete || request.raw.destroyed) controller.abort();
  });
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  return new Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: "half" } : {}),
  } as RequestInit);
}

function sendCachedPage(reply: FastifyReply, page: CachedPage): FastifyReply {
  reply.status(page.status);
  for (const [name, value] of page.headers) reply.header(name, value);
  // like a CDN's X-Cache: tells an operator (and the tests) whether React rendered this answer
  reply.header("x-page-cache", page.hit ? "hit" : "miss");
  return reply.send(page.body);
}

async function sendFetchResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === "set-cookie") continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
}

export async function reactRouterPages(
  app: FastifyInstance,
  options: { core: CoreContext; config: AppConfig; build: ServerBuild; clientDir: string },
) {
  // One registration for every built file, one route each (no wildcard): a second registration
  // at "/" would also register routes for assets/* and shadow the first. Hashed build files
  // never change, so they are cached for a year; other public files (favicon) for a day.
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
      const hashed = filePath.startsWith(path.join(options.clientDir, "assets") + path.sep);
      reply.header("cache-control", hashed ? "public, max-age=31536000, immutable" : "public, max-age=86400");
    },
  });

  const handle = createRequestHandler(options.build, process.env.NODE_ENV ?? "production");
  // rendered public pages, kept as long as the catalogue reads they are made from (decision 0032)
  const pageCache = new PageCache(options.core.cache);

  await app.register(async (pages) => {
    // pages read their own bodies (form posts to actions); Fastify must not consume them
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser("*", (_request, _payload, done) => done(null));

    pages.route({
      method: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
      url: "/*",
      handler: async (request, reply) => {
        if (request.url.startsWith("/api/") || request.url === "/api") {
          return reply.code(404).send({ detail: `No such API call: ${request.method} ${request.url.split("?")[0]}` });
        }
        const nonce = crypto.randomBytes(16).toString("base64");
        request.cspNonce = nonce;
        const render = (pageNonce: string) =>
          handle(toFetchRequest(request), {
            core: options.core,
            config: options.config,
            nonce: pageNonce,
            clientIp: request.ip,
          });
        if (request.method !== "GET") return sendFetchResponse(reply, await render(nonce));
        const page = await pageCache.get(`${request.host}${request.url}`, nonce, render);
        return page instanceof Response ? sendFetchResponse(reply, page) : sendCachedPage(reply, page);
      },
    });
  });
}
