// The WhatsApp message log through the staff API (issue 15; decisions 0069, 0070): the orders
// permission lists messages and sends a failed one again; the settings permission turns the
// confirmation messages on or off and chooses their language.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  getMessageSettings,
  listMessages,
  MESSAGE_FILTERS,
  resendMessage,
  setMessageSettings,
  type LoggedMessage,
  type MessageSettings,
} from "../../../core/messaging/message-log";
import type { CoreContext } from "../../../core/context";
import { MESSAGE_LANGUAGES } from "../../../db/schema";
import { requireStaff, staffActor } from "../../plugins/staff-auth";
import { idParams, pageQuery } from "../http";
import { staffOperation } from "./docs";

const listQuery = pageQuery(200, 50).extend({
  status: z.enum(MESSAGE_FILTERS, { error: `status must be one of: ${MESSAGE_FILTERS.join(", ")}` }).default("all"),
});

function presentMessage(m: LoggedMessage) {
  return {
    id: m.id,
    order_id: m.orderId,
    tracking_id: m.trackingId,
    kind: m.kind,
    language: m.language,
    phone: m.phone,
    text: m.body,
    buttons: m.buttons,
    status: m.status,
    attempts: m.attempts,
    next_attempt_at: m.nextAttemptAt,
    provider_message_id: m.providerMessageId,
    last_error: m.lastError,
    created_at: m.createdAt,
    sent_at: m.sentAt,
  };
}

const presentSettings = (s: MessageSettings) => ({
  whatsapp_confirmations: s.whatsappConfirmations,
  whatsapp_language: s.whatsappLanguage,
  confirmation_reminder_hours: s.confirmationReminderHours,
  confirmation_expiry_hours: s.confirmationExpiryHours,
});

// whole hours; the ranges and "expiry after the reminder" are checked in core, with the field's name
const hours = (name: string) =>
  z
    .number({ error: `${name} must be a whole number of hours` })
    .int(`${name} must be a whole number of hours`)
    .optional();

export async function adminMessageRoutes(app: FastifyInstance, { core }: { core: CoreContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/admin/messages",
    {
      schema: {
        ...staffOperation(
          "orders",
          "WhatsApp messages to shoppers, newest first: status queued, sending, sent, logged (no WhatsApp account configured: not sent), failed or all; the total is in X-Total-Count and the number failed in X-Failed-Count",
        ),
        querystring: listQuery,
      },
      onRequest: requireStaff(core, "orders"),
    },
    async (request, reply) => {
      const q = request.query;
      const page = await listMessages(core, staffActor(request), {
        status: q.status,
        limit: q.limit,
        offset: q.offset,
      });
      reply
        .header("cache-control", "no-store")
        .header("x-total-count", String(page.total))
        .header("x-failed-count", String(page.failed));
      return page.items.map(presentMessage);
    },
  );

  api.post(
    "/admin/messages/:id/resend",
    {
      schema: {
        ...staffOperation(
          "orders",
          "Queues a failed message again with its attempts counted from zero; 409 when the message is not failed, 404 when there is none",
        ),
        params: idParams,
      },
      onRequest: requireStaff(core, "orders"),
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return resendMessage(core, staffActor(request), request.params.id);
    },
  );

  api.get(
    "/admin/settings/messages",
    {
      schema: staffOperation(
        "settings",
        "Whether new orders get a WhatsApp confirmation request, and in which language (en, or en+ur); the hours without an answer before the reminder and before the order expires",
      ),
      onRequest: requireStaff(core, "settings"),
    },
    async (request) => presentSettings(await getMessageSettings(core, staffActor(request))),
  );

  api.put(
    "/admin/settings/messages",
    {
      schema: {
        ...staffOperation(
          "settings",
          "Turns the WhatsApp confirmation request for new orders on or off and chooses its language: en (English) or en+ur (English and Urdu); optionally the hours without an answer before the one reminder (confirmation_reminder_hours, 1-168) and before the order is cancelled and restocked (confirmation_expiry_hours, 2-720, more than the reminder's)",
        ),
        body: z.object({
          whatsapp_confirmations: z.boolean({ error: "whatsapp_confirmations must be true or false" }),
          whatsapp_language: z.enum(MESSAGE_LANGUAGES, {
            error: `whatsapp_language must be one of: ${MESSAGE_LANGUAGES.join(", ")}`,
          }),
          confirmation_reminder_hours: hours("confirmation_reminder_hours"),
          confirmation_expiry_hours: hours("confirmation_expiry_hours"),
        }),
      },
      onRequest: requireStaff(core, "settings"),
    },
    async (request) =>
      presentSettings(
        await setMessageSettings(core, staffActor(request), {
          whatsappConfirmations: request.body.whatsapp_confirmations,
          whatsappLanguage: request.body.whatsapp_language,
          confirmationReminderHours: request.body.confirmation_reminder_hours,
          confirmationExpiryHours: request.body.confirmation_expiry_hours,
        }),
      ),
  );
}
