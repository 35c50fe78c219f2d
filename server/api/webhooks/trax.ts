// Trax's pushed notices (decision 0104): shipment status, payment status and charges. Trax waits
// 3 seconds for an answer, tries five times and then blocks the subscription, so this route does
// nothing but check, store and answer: the body goes to courier_webhooks as it came and a worker
// in core reads it later (core/parcels/webhook-inbox.ts). Trax signs nothing and sends no secret
// header (its guide's only setting is the URL), so the shop registers the URL with
// TRAX_WEBHOOK_SECRET in its path: /api/webhooks/trax/<secret>. With the secret set, a push
// without it is refused (401) and the stored bodies count as events; without one every push is
// taken, but it only makes the store ask Trax's own API about those parcels sooner.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { CoreContext } from "../../../core/context";
import { TRAX_WEBHOOK_MAX_BYTES, traxWebhookSecretMatches } from "../../../core/couriers/trax-webhook";
import { storeCourierWebhook } from "../../../core/parcels/webhook-inbox";
import type { AppConfig } from "../../config";
import { answers } from "../answers";

/** The largest notice, the final charges, is under 1 KB. */
export const TRAX_WEBHOOK_BODY_LIMIT = TRAX_WEBHOOK_MAX_BYTES;

/** A string PostgreSQL's jsonb cannot hold: a NUL, or half of a surrogate pair. */
// eslint-disable-next-line no-control-regex -- refusing NUL is the point
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function storable(value: unknown, depth = 0): boolean {
  if (depth > 20) return false;
  if (typeof value === "string") return !UNSTORABLE.test(value);
  if (Array.isArray(value)) return value.every((item) => storable(item, depth + 1));
  if (value && typeof value === "object") {
    return Object.entries(value).every(([key, item]) => !UNSTORABLE.test(key) && storable(item, depth + 1));
  }
  return true;
}

/** The body as JSON, or as a form (key=value&…) where Trax sends one; null when it is neither. */
function readBody(bytes: Buffer, contentType: string | undefined): unknown {
  const text = bytes.toString("utf8");
  if ((contentType ?? "").includes("application/x-www-form-urlencoded")) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

const receivedAnswer = z.object({ received: z.literal(true), id: z.int() });

export async function traxWebhookRoutes(
  app: FastifyInstance,
  { core, config }: { core: CoreContext; config: AppConfig },
) {
  const secret = config.traxWebhook.secret;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // bytes for every content type, for this plugin's routes only: Trax's content type is not documented
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: TRAX_WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );

  const receive = async (request: FastifyRequest, reply: FastifyReply, given: string | undefined) => {
    reply.header("cache-control", "no-store");
    if (secret !== "" && !traxWebhookSecretMatches(secret, given)) {
      return reply.code(401).send({ detail: "The webhook's secret is missing or wrong." });
    }
    const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const body = readBody(bytes, request.headers["content-type"]);
    if (body === null || typeof body !== "object" || Array.isArray(body)) {
      return reply.code(400).send({ detail: "The notice is not a JSON object." });
    }
    if (!storable(body)) return reply.code(400).send({ detail: "The notice holds characters that cannot be stored." });
    const id = await storeCourierWebhook(core.db, "trax", body);
    return reply.send({ received: true as const, id });
  };

  const summary =
    "Trax's pushed notices (shipment status, payment status, charges): stored as they came and answered at once; a worker applies them later";
  api.post(
    "/webhooks/trax/:secret",
    {
      bodyLimit: TRAX_WEBHOOK_BODY_LIMIT,
      schema: {
        tags: ["webhooks"],
        summary: `${summary}. The URL to register with Trax: the path ends with TRAX_WEBHOOK_SECRET (401 when it does not match)`,
        operationId: "receiveTraxWebhook",
        params: z.object({ secret: z.string().max(200, "the secret must be at most 200 characters") }),
        response: answers({ 200: receivedAnswer }, 400, 401, 413),
      },
    },
    (request, reply) => receive(request, reply, request.params.secret),
  );
  api.post(
    "/webhooks/trax",
    {
      bodyLimit: TRAX_WEBHOOK_BODY_LIMIT,
      schema: {
        tags: ["webhooks"],
        summary: `${summary}. Only while TRAX_WEBHOOK_SECRET is unset (401 otherwise): such a notice only makes the store ask Trax about its parcels sooner`,
        operationId: "receiveTraxWebhookUnsigned",
        response: answers({ 200: receivedAnswer }, 400, 401, 413),
      },
    },
    (request, reply) => receive(request, reply, undefined),
  );
}
