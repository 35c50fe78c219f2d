// Builds the whole HTTP application without listening, so tests can call app.inject()
// (house style, after fastify/demo). server/main.ts listens and shuts down.
import path from "node:path";
import zlib from "node:zlib";
import fastifyCompress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import type { ServerBuild } from "react-router";
import type { CoreContext } from "../core/context";
import { UPLOADED_MEDIA_CACHE } from "../core/media/storage";
import { cartRoutes } from "./api/cart";
import { catalogRoutes } from "./api/catalog";
import { contentRoutes } from "./api/content";
import { orderRoutes } from "./api/orders";
import { userRoutes } from "./api/users";
import { adminRoutes } from "./api/admin";
import { API_TAGS, DOCUMENT_VERSION, declareCommonAnswers, documentTransform } from "./api/answers";
import { voucherRoutes } from "./api/vouchers";
import { whatsappWebhookRoutes } from "./api/webhooks/whatsapp";
import { traxWebhookRoutes } from "./api/webhooks/trax";
import type { AppConfig } from "./config";
import { answerClientError, answerFrameworkError, registerErrorHandling } from "./plugins/errors";
import { registerRequestChecks, rewriteTarget } from "./plugins/request-checks";
import { registerSecurityHeaders } from "./plugins/security-headers";
import { consolePhotoUploadRoutes } from "./console-photo-upload";
import { reactRouterPages } from "./react-router-adapter";
import { serialize } from "./serialize";

export interface BuildAppOptions {
  core: CoreContext;
  config: AppConfig;
  /** the React Router server build; without it only the API is served (API tests) */
  pages?: { build: ServerBuild; clientDir: string };
  logger?: boolean;
  /** shorter time limits (tests of slow clients); HTTP_TIMEOUTS otherwise */
  timeouts?: Partial<HttpTimeouts>;
  /** adds hooks before any other, so they see every answer as its handler made it (tests check answers) */
  firstHooks?: (app: FastifyInstance) => void;
}

// Bodies beyond this are refused with 413, API and page form posts alike: the largest real one
// is an order of ~100 lines
export const BODY_LIMIT = 256 * 1024;

export interface HttpTimeouts {
  /** the request line and headers must have arrived by then */
  headersMs: number;
  /** the whole request, body included, must have arrived by then */
  requestMs: number;
  /** a connection on which nothing moves for this long is closed */
  idleMs: number;
  /** an idle keep-alive connection is kept this long between requests */
  keepAliveMs: number;
  /** how often Node looks for requests over their limits (its default is 30 s) */
  checkIntervalMs: number;
}

/**
 * Time limits for slow clients (decision 0046). A phone on a bad 2G link
 * sends ~20 kbit/s with 2 s round trips: 2 KB of headers take ~5 s and a 20 KB form (a long
 * review in Urdu, percent-encoded) ~14 s, so these allow several times that, while a client
 * that trickles a byte now and then cannot hold a connection for more than two minutes.
 */
export const HTTP_TIMEOUTS: HttpTimeouts = {
  headersMs: 30_000,
  requestMs: 120_000,
  idleMs: 60_000,
  // longer than the 60 s idle timeout of common load balancers, so they close first and never
  // send a request on a connection this server has just closed (Fastify's default too)
  keepAliveMs: 72_000,
  checkIntervalMs: 5_000,
};

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { core, config } = options;
  const timeouts = { ...HTTP_TIMEOUTS, ...options.timeouts };
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxyHops > 0 ? (_address: string, hop: number) => hop < config.trustProxyHops : false,
    // ids in URLs are short; a huge URL is a mistake or an attack
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // a console address in its one spelling before any route is chosen (decision 0085)
    rewriteUrl: rewriteTarget,
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: timeouts.checkIntervalMs,
    },
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });

  options.firstHooks?.(app);
  app.setValidatorCompiler(validatorCompiler);
  // a route's declared answers document it and are checked by the tests, never on a shopper's
  // request: an answer a schema misdescribes is still sent as made, not turned into a 500
  // (decision 0092). The reply serializer below already wins over any schema's in Fastify 5; the
  // compiler serializes alike so that stays true if it ever goes.
  app.setSerializerCompiler(() => serialize);
  app.setReplySerializer((payload) => serialize(payload));
  // first, so that every route, file and not-found answer registered below inherits them
  registerErrorHandling(app);
  registerRequestChecks(app);
  registerSecurityHeaders(app, config);

  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    // quality 11 (the default) costs tens of milliseconds per page; 5 is nearly as small
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
    encodings: ["br", "gzip"],
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: DOCUMENT_VERSION,
      info: {
        title: "Store API",
        description:
          'The storefront\'s JSON API (spec §7). Amounts are rupees with two decimals; errors are {"detail": "…"}.',
        version: "1.0.0",
      },
      // the store that serves this document: its API is on the same host
      servers: [{ url: "/" }],
      tags: API_TAGS,
      components: {
        securitySchemes: {
          bearerAuth: { type: "http", scheme: "bearer", description: "A shopper's token (POST /api/users/login)" },
          staffBearer: { type: "http", scheme: "bearer", description: "A staff token (POST /api/admin/session)" },
        },
      },
    },
    transform: documentTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: "/api/docs" });

  await app.register(
    async (api) => {
      api.addHook("onRoute", declareCommonAnswers);
      api.get("/health", { schema: { hide: true } }, async () => ({ status: "ok" }));
      await api.register(contentRoutes, { core });
      await api.register(catalogRoutes, { core });
      await api.register(cartRoutes, { core });
      await api.register(orderRoutes, { core, whatsappSends: config.whatsapp !== undefined });
      await api.register(voucherRoutes, { core });
      await api.register(userRoutes, { core, config });
      await api.register(adminRoutes, { core, config });
      await api.register(whatsappWebhookRoutes, { core, config });
      await api.register(traxWebhookRoutes, { core, config });
    },
    { prefix: "/api" },
  );

  const mediaRoot = path.join(config.dataDir, "media");
  const mediaCache = localMediaCache(mediaRoot);
  await app.register(fastifyStatic, {
    root: mediaRoot,
    prefix: "/media/",
    decorateReply: false,
    cacheControl: false,
    setHeaders: (reply, filePath) => reply.header("cache-control", mediaCache(filePath)),
  });

  // the console's photo uploads: larger than a page's form post, so not through React Router
  await app.register(consolePhotoUploadRoutes, { core, config });

  if (options.pages) {
    await app.register(reactRouterPages, { core, config, bodyLimit: BODY_LIMIT, ...options.pages });
  }
  return app;
}

/**
 * Uploaded photos are kept for a year, as the S3 storage tells its CDN: each upload has a new
 * random name, so a shopper's phone never asks for one twice (with one day, every visit after a
 * day asked again for every photo on the page, a round trip each on a slow network). The demo
 * store's photos are named after their products, not their bytes (a later seed may write others
 * under the same name), so they keep a day.
 */
function localMediaCache(mediaRoot: string): (filePath: string) => string {
  const demoFolder = path.join(mediaRoot, "demo") + path.sep;
  return (filePath) => (filePath.startsWith(demoFolder) ? "public, max-age=86400" : UPLOADED_MEDIA_CACHE);
}
