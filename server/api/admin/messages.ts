// The WhatsApp message log through the staff API (decisions 0069, 0070): the orders
// permission lists messages and sends a failed one again; the settings permission turns the
// confirmation messages on or off and chooses their language.
import type { FastifyInstance, FastifyReply } from "fastify";
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
import { getEmailMessage, listMessageLog, resendEmail, type LogEntry } from "../../../core/messaging/email-log";
import type { CoreContext } from "../../../core/context";
import { requireStaff, staffActor } from "../../plugins/staff-auth";
import { idParams, pageQuery } from "../http";
import {
  EMAIL_KINDS,
  MESSAGE_KINDS,
  MESSAGE_LANGUAGES,
  MESSAGE_STATUSES,
  WRITTEN_LANGUAGES,
} from "../../../core/messaging/message-log";
import { answers, moment, pageOf } from "../answers";
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
  email_order_placed: s.emailOrderPlaced,
  email_order_shipped: s.emailOrderShipped,
  email_order_delivered: s.emailOrderDelivered,
  email_order_cancelled: s.emailOrderCancelled,
});

const onOff = (name: string) => z.boolean({ error: `${name} must be true or false` }).optional();

function presentLogEntry(m: LogEntry) {
  return {
    id: m.id,
    order_id: m.orderId,
    tracking_id: m.trackingId,
    kind: m.kind,
    to: m.recipient,
    subject: m.subject,
    text: m.text,
    text_hidden: m.hidden,
    status: m.status,
    attempts: m.attempts,
    next_attempt_at: m.nextAttemptAt,
    last_error: m.lastError,
    resend_of: m.resendOf,
    created_at: m.createdAt,
    sent_at: m.sentAt,
  };
}

// whole hours; the ranges and "expiry after the reminder" are checked in core, with the field's name
const hours = (name: string) =>
  z
    .number({ error: `${name} must be a whole number of hours` })
    .int(`${name} must be a whole number of hours`)
    .optional();

/** A page of either list: its items, with the total and the number failed in headers. */
function listAnswer<T, R>(
  reply: FastifyReply,
  page: { items: T[]; total: number; failed: number },
  present: (item: T) => R,
): R[] {
  reply.header("x-total-count", String(page.total)).header("x-failed-count", String(page.failed));
  return page.items.map(present);
}

const messageAnswer = z.object({
  id: z.number(),
  order_id: z.number().nullable(),
  tracking_id: z.string().nullable(),
  kind: z.enum(MESSAGE_KINDS),
  // the shop's setting, or "ur": an order placed on the Urdu storefront is written to in Urdu alone
  language: z.enum(WRITTEN_LANGUAGES),
  phone: z.string(),
  text: z.string(),
  buttons: z.array(z.string()),
  status: z.enum(MESSAGE_STATUSES),
  attempts: z.number(),
  next_attempt_at: moment,
  provider_message_id: z.string().nullable(),
  last_error: z.string().nullable(),
  created_at: moment,
  sent_at: moment.nullable(),
});

const messageSettingsAnswer = z.object({
  whatsapp_confirmations: z.boolean(),
  whatsapp_language: z.enum(MESSAGE_LANGUAGES),
  confirmation_reminder_hours: z.number(),
  confirmation_expiry_hours: z.number(),
  email_order_placed: z.boolean(),
  email_order_shipped: z.boolean(),
  email_order_delivered: z.boolean(),
  email_order_cancelled: z.boolean(),
});

const emailSummaryAnswer = z.object({
  id: z.number(),
  order_id: z.number().nullable(),
  tracking_id: z.string().nullable(),
  kind: z.string(),
  to: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  text_hidden: z.boolean(),
  status: z.enum(MESSAGE_STATUSES),
  attempts: z.number(),
  next_attempt_at: moment,
  last_error: z.string().nullable(),
  resend_of: z.number().nullable(),
  created_at: moment,
  sent_at: moment.nullable(),
});

const emailAnswer = z.object({
  id: z.number(),
  kind: z.enum(EMAIL_KINDS),
  order_id: z.number().nullable(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  status: z.enum(MESSAGE_STATUSES),
  attempts: z.number(),
  last_error: z.string().nullable(),
  provider_message_id: z.string().nullable(),
  resend_of: z.number().nullable(),
  created_at: moment,
  sent_at: moment.nullable(),
});

const resentAnswer = z.object({
  id: z.number(),
  status: z.enum(MESSAGE_STATUSES),
});

const emailResentAnswer = z.object({
  id: z.number(),
  resend_of: z.number(),
  status: z.literal("queued"),
});

export async function adminMessageRoutes(app: FastifyInstance, { core }: { core: CoreContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/admin/messages",
    {
      schema: {
        operationId: "listMessages",
        response: answers({ 200: pageOf(messageAnswer, { "x-failed-count": "How many failed" }) }),

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
      return listAnswer(reply, page, presentMessage);
    },
  );

  api.post(
    "/admin/messages/:id/resend",
    {
      schema: {
        operationId: "resendMessage",
        response: answers({ 200: resentAnswer }, 404, 409),

        ...staffOperation(
          "orders",
          "Queues a failed message again with its attempts counted from zero; 409 when the message is not failed, 404 when there is none",
        ),
        params: idParams,
      },
      onRequest: requireStaff(core, "orders"),
    },
    async (request) => {
      return resendMessage(core, staffActor(request), request.params.id);
    },
  );

  api.get(
    "/admin/settings/messages",
    {
      schema: {
        operationId: "getMessageSettings",
        response: answers({ 200: messageSettingsAnswer }),
        ...staffOperation(
          "settings",
          "Whether new orders get a WhatsApp confirmation request, and in which language (en, or en+ur); the hours without an answer before the reminder and before the order expires",
        ),
      },
      onRequest: requireStaff(core, "settings"),
    },
    async (request) => presentSettings(await getMessageSettings(core, staffActor(request))),
  );

  api.put(
    "/admin/settings/messages",
    {
      schema: {
        operationId: "updateMessageSettings",
        response: answers({ 200: messageSettingsAnswer }, 409),

        ...staffOperation(
          "settings",
          "Turns the WhatsApp confirmation request for new orders on or off and chooses its language: en (English) or en+ur (English and Urdu); optionally each order email on or off (email_order_placed, _shipped, _delivered, _cancelled; left out: kept) and the hours without an answer before the one reminder (confirmation_reminder_hours, 1-168) and before the order is cancelled and restocked (confirmation_expiry_hours, 2-720, more than the reminder's)",
        ),
        body: z.object({
          whatsapp_confirmations: z.boolean({ error: "whatsapp_confirmations must be true or false" }),
          whatsapp_language: z.enum(MESSAGE_LANGUAGES, {
            error: `whatsapp_language must be one of: ${MESSAGE_LANGUAGES.join(", ")}`,
          }),
          confirmation_reminder_hours: hours("confirmation_reminder_hours"),
          confirmation_expiry_hours: hours("confirmation_expiry_hours"),
          email_order_placed: onOff("email_order_placed"),
          email_order_shipped: onOff("email_order_shipped"),
          email_order_delivered: onOff("email_order_delivered"),
          email_order_cancelled: onOff("email_order_cancelled"),
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
          emailOrderPlaced: request.body.email_order_placed,
          emailOrderShipped: request.body.email_order_shipped,
          emailOrderDelivered: request.body.email_order_delivered,
          emailOrderCancelled: request.body.email_order_cancelled,
        }),
      ),
  );

  // emails: their own resource, as their ids are not WhatsApp messages' ids
  api.get(
    "/admin/email-messages",
    {
      schema: {
        operationId: "listEmailMessages",
        response: answers({ 200: pageOf(emailSummaryAnswer, { "x-failed-count": "How many failed" }) }),

        ...staffOperation(
          "orders",
          "Emails to shoppers, newest first: status queued, sending, sent, logged (no email server configured: not sent), failed or all; an account email's text is hidden (text_hidden); the total is in X-Total-Count and the number failed in X-Failed-Count",
        ),
        querystring: listQuery,
      },
      onRequest: requireStaff(core, "orders"),
    },
    async (request, reply) => {
      const q = request.query;
      const page = await listMessageLog(core, staffActor(request), {
        channel: "email",
        status: q.status,
        limit: q.limit,
        offset: q.offset,
      });
      return listAnswer(reply, page, presentLogEntry);
    },
  );

  api.get(
    "/admin/email-messages/:id",
    {
      schema: {
        operationId: "getEmailMessage",
        response: answers({ 200: emailAnswer }, 404),

        ...staffOperation(
          "orders",
          "One email with its text and HTML (both hidden, html null, for account emails, which hold a one-time link)",
        ),
        params: idParams,
      },
      onRequest: requireStaff(core, "orders"),
    },
    async (request) => {
      const m = await getEmailMessage(core, staffActor(request), request.params.id);
      return {
        id: m.id,
        kind: m.kind,
        order_id: m.orderId,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        status: m.status,
        attempts: m.attempts,
        last_error: m.lastError,
        provider_message_id: m.providerMessageId,
        resend_of: m.resendOf,
        created_at: m.createdAt,
        sent_at: m.sentAt,
      };
    },
  );

  api.post(
    "/admin/email-messages/:id/resend",
    {
      schema: {
        operationId: "resendEmailMessage",
        response: answers({ 200: emailResentAnswer }, 404, 409),

        ...staffOperation(
          "orders",
          "Sends an email again as a new message naming the first (resend_of); 409 for an account email (ask the shopper to request a new link), for one still waiting to be sent, or when a resend of it is already waiting; 404 when there is none",
        ),
        params: idParams,
      },
      onRequest: requireStaff(core, "orders"),
    },
    async (request) => {
      const sent = await resendEmail(core, staffActor(request), request.params.id);
      return { id: sent.id, resend_of: sent.resendOf, status: sent.status };
    },
  );
}
