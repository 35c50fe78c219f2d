// The WhatsApp Cloud API's webhook (decision 0071). GET answers Meta's verify
// handshake; POST takes events, which count only when X-Hub-Signature-256 is the HMAC-SHA256 of
// the raw body with the app secret. The body is read as bytes (the signature is over the bytes
// as sent, not over JSON re-serialised) and parsed only after the signature passes, so an
// unsigned sender cannot make the store parse anything. A signed event is answered 200 even when
// it matches nothing: anything else and WhatsApp delivers it again, for days.
import crypto from "node:crypto";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { CoreContext } from "../../../core/context";
import { recordDeliveryStatuses } from "../../../core/messaging/delivery-status";
import { readWebhookEvent, receiveReply } from "../../../core/orders/replies";
import type { AppConfig } from "../../config";
import { answers, textAnswer } from "../answers";

/** the Cloud API sends a few kilobytes per event; a batch of many stays far below this */
export const WEBHOOK_BODY_LIMIT = 1024 * 1024;

const SIGNATURE_SHAPE = /^sha256=[0-9a-f]{64}$/i;

/** Whether header is "sha256=<hex>" of body under secret; compared in constant time. */
export function signatureMatches(secret: string, body: Buffer, header: unknown): boolean {
  if (secret === "" || typeof header !== "string" || header.length !== 71 || !SIGNATURE_SHAPE.test(header)) {
    return false;
  }
  const expected = crypto.createHmac("sha256", secret).update(body).digest();
  const given = Buffer.from(header.slice(7), "hex");
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

const refuse = (reply: FastifyReply) =>
  reply.code(401).header("cache-control", "no-store").send({ detail: "The event's signature is missing or wrong." });

export async function whatsappWebhookRoutes(
  app: FastifyInstance,
  { core, config }: { core: CoreContext; config: AppConfig },
) {
  const { appSecret, verifyToken } = config.whatsappWebhook;
  const api = app.withTypeProvider<ZodTypeProvider>();

  // bytes for every content type, for this plugin's routes only: the signature is over them
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );

  api.get(
    "/webhooks/whatsapp",
    {
      schema: {
        tags: ["webhooks"],
        summary:
          "The WhatsApp Cloud API's verify handshake: answers hub.challenge as text when hub.mode is subscribe and hub.verify_token is WHATSAPP_VERIFY_TOKEN; 403 otherwise",
        operationId: "verifyWhatsappWebhook",
        response: answers({ 200: textAnswer("text/plain", "hub.challenge, as sent") }, 403),
        querystring: z.object({
          "hub.mode": z.string().max(40).optional(),
          "hub.verify_token": z.string().max(500).optional(),
          "hub.challenge": z.string().max(500).optional(),
        }),
      },
    },
    async (request, reply) => {
      const q = request.query;
      const token = q["hub.verify_token"] ?? "";
      const tokenOk =
        verifyToken !== "" &&
        token.length === verifyToken.length &&
        crypto.timingSafeEqual(Buffer.from(token), Buffer.from(verifyToken));
      reply.header("cache-control", "no-store");
      if (q["hub.mode"] !== "subscribe" || !tokenOk || !q["hub.challenge"]) {
        return reply.code(403).send({ detail: "The verify token does not match." });
      }
      return reply.type("text/plain; charset=utf-8").send(q["hub.challenge"]);
    },
  );

  app.post(
    "/webhooks/whatsapp",
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: {
        tags: ["webhooks"],
        summary:
          "WhatsApp Cloud API events (whatsapp_business_account): shoppers' Confirm and Cancel taps and replies, and the delivery statuses of the store's messages. Signed with X-Hub-Signature-256 (HMAC-SHA256 of the raw body with WHATSAPP_APP_SECRET); 401 without a valid signature; 200 for every signed event",
        operationId: "receiveWhatsappEvents",
        response: answers(
          {
            200: z.object({
              received: z.int().describe("messages in the event"),
              recorded: z.int().describe("replies acted on"),
              statuses: z.int().describe("delivery statuses in the event"),
            }),
          },
          400,
          401,
          413,
        ),
      },
    },
    async (request, reply) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (!signatureMatches(appSecret, body, request.headers["x-hub-signature-256"])) return refuse(reply);
      let event: unknown;
      try {
        event = JSON.parse(body.toString("utf8"));
      } catch {
        return reply.code(400).send({ detail: "The event is not JSON." });
      }
      const { messages, statuses, deliveries, skipped } = readWebhookEvent(event);
      let acted = 0;
      // one at a time: a batch is a few messages, and two from one shopper keep their order
      for (const message of messages) {
        const result = await receiveReply(core, message);
        if (result.recorded) acted += 1;
      }
      // what became of the store's own messages: an unanswered order expires only once delivered
      if (deliveries.length > 0) await recordDeliveryStatuses(core.db, deliveries);
      if (skipped > 0) request.log.warn({ skipped }, "whatsapp webhook: messages not in the Cloud API's shape");
      return reply.header("cache-control", "no-store").send({ received: messages.length, recorded: acted, statuses });
    },
  );
}
