// Shoppers' WhatsApp replies through the staff API (decision 0071): the orders
// permission lists them (those waiting for a person, or all) and marks one handled.
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { CoreContext } from "../../../core/context";
import { listReplies, markReplyHandled, REPLY_FILTERS, type InboundReply } from "../../../core/orders/replies";
import { idParams, pageQuery } from "../http";
import { INBOUND_OUTCOMES } from "../../../core/orders/vocabulary";
import { answerOf, answers, moment, pageOf } from "../answers";
import { staffRoutes } from "./staff-routes";

const listQuery = pageQuery(200, 50).extend({
  show: z.enum(REPLY_FILTERS, { error: `show must be one of: ${REPLY_FILTERS.join(", ")}` }).default("needs_person"),
});

function presentReply(r: InboundReply) {
  return {
    id: r.id,
    from: r.fromPhone,
    type: r.type,
    text: r.text,
    payload: r.payload,
    outcome: r.outcome,
    order_id: r.orderId,
    tracking_id: r.trackingId,
    order_status: r.orderStatus,
    sent_at: r.sentAt,
    received_at: r.receivedAt,
    handled_at: r.handledAt,
    handled_by: r.handledBy,
  };
}

const replyAnswer = answerOf<ReturnType<typeof presentReply>>()(
  z.object({
    id: z.number(),
    from: z.string(),
    type: z.string(),
    text: z.string().nullable(),
    payload: z.string().nullable(),
    outcome: z.enum(INBOUND_OUTCOMES),
    order_id: z.number().nullable(),
    tracking_id: z.string().nullable(),
    order_status: z.string().nullable(),
    sent_at: moment.nullable(),
    received_at: moment,
    handled_at: moment.nullable(),
    handled_by: z.string().nullable(),
  }),
);

export async function adminReplyRoutes(app: FastifyInstance, { core }: { core: CoreContext }) {
  const staff = staffRoutes(app, core, "orders");

  staff.get(
    "/admin/messages/replies",
    {
      operationId: "listReplies",
      summary:
        "Shoppers' WhatsApp messages to the store, newest first: show=needs_person (the default: not read by the store and not yet handled) or all; outcome confirmed, cancelled, already_settled, needs_person or ignored; the total is in X-Total-Count and the number waiting for a person in X-Waiting-Count",
      response: answers({ 200: pageOf(replyAnswer, { "x-waiting-count": "How many wait for a person" }) }),
      querystring: listQuery,
    },
    async (actor, request, reply) => {
      const q = request.query;
      const page = await listReplies(core, actor, { filter: q.show, limit: q.limit, offset: q.offset });
      reply.header("x-total-count", String(page.total)).header("x-waiting-count", String(page.waiting));
      return page.items.map(presentReply);
    },
  );

  staff.post(
    "/admin/messages/replies/:id/handled",
    {
      operationId: "markReplyHandled",
      summary:
        "Marks a reply that needed a person as handled; 409 when someone already did or the store read it itself, 404 when there is none",
      response: answers({ 200: z.object({ id: z.int(), handled_at: moment }) }, 404, 409),
      params: idParams,
    },
    async (actor, request) => {
      return markReplyHandled(core, actor, request.params.id);
    },
  );
}
