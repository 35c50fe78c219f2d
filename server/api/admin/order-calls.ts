// The call list through the staff API: pending orders, oldest first, for the
// orders permission. An answer on the call is the ordinary move, POST /api/admin/orders/{id}/status
// with confirmation_channel "call" and expected_status "pending confirmation"; no answer is a
// note, POST /api/admin/orders/{id}/notes.
import type { FastifyInstance } from "fastify";
import type { CoreContext } from "../../../core/context";
import { listCalls, type CallListEntry } from "../../../core/orders/call-list";
import { money } from "../../serialize";
import { pageQuery } from "../http";
import { answerOf, answers, moment, pageOf, rupees } from "../answers";
import { z } from "zod";
import { sendPage, staffRoutes } from "./staff-routes";

const callAnswer = answerOf<ReturnType<typeof presentCall>>()(
  z.object({
    id: z.int(),
    tracking_id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    phone: z.string(),
    phone_international: z.string(),
    city: z.string(),
    total_amount: rupees,
    created_at: moment,
    held_for_call: z.boolean(),
    signal_reasons: z.array(z.string()),
    reminded_at: moment.nullable(),
    whatsapp_question: z.string().nullable(),
  }),
);

function presentCall(entry: CallListEntry) {
  return {
    id: entry.id,
    tracking_id: entry.trackingId,
    first_name: entry.firstName,
    last_name: entry.lastName,
    phone: entry.phone,
    // what a tel: link dials: the number in international form
    phone_international: `+${entry.phoneNormalized}`,
    city: entry.city,
    total_amount: money(entry.totalPaisa),
    created_at: entry.createdAt,
    held_for_call: entry.heldForCall,
    signal_reasons: entry.reasons,
    reminded_at: entry.remindedAt,
    whatsapp_question: entry.question,
  };
}

export async function adminOrderCallRoutes(app: FastifyInstance, { core }: { core: CoreContext }) {
  const staff = staffRoutes(app, core, "orders");
  staff.get(
    "/admin/orders/calls",
    {
      operationId: "listOrderCalls",
      summary:
        "The call list: orders pending confirmation, oldest first, with the phone to call, whether a signal held the order for a call, the signals' reasons, when the reminder went and how far the WhatsApp question got (whatsapp_question: read, delivered, sent, waiting, failed, not sent, or null when none was written; only a delivered or read question lets an unanswered order expire); the total is in X-Total-Count. Confirm or cancel on the call with POST /api/admin/orders/{id}/status (confirmation_channel call, expected_status pending confirmation)",
      querystring: pageQuery(200, 50),
      response: answers({ 200: pageOf(callAnswer) }),
    },
    async (actor, request, reply) => {
      const page = await listCalls(core, actor, {
        limit: request.query.limit,
        offset: request.query.offset,
      });
      return sendPage(reply, page, presentCall);
    },
  );
}
