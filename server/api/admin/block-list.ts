// The shop's block list through the staff API (decision 0073): phones and
// delivery addresses whose orders are held for a call. The orders permission lists, adds and
// removes; core checks every field (422 naming it), a value already listed is a 409.
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { CoreContext } from "../../../core/context";
import {
  addBlocked,
  blockOrderContact,
  listBlocked,
  removeBlocked,
  type BlockedEntry,
  type BlockInput,
} from "../../../core/orders/block-list";
import { BLOCKED_KINDS } from "../../../core/orders/vocabulary";
import { idParams, idSchema, pageQuery } from "../http";
import { answerOf, answers, moment, noContent, pageOf } from "../answers";
import { sendPage, staffRoutes } from "./staff-routes";

const blockedAnswer = answerOf<ReturnType<typeof presentBlocked>>()(
  z.object({
    id: z.int(),
    kind: z.enum(BLOCKED_KINDS),
    value: z.string(),
    display: z.string(),
    reason: z.string(),
    created_by: z.object({ id: z.int(), name: z.string() }).nullable(),
    created_at: moment,
  }),
);

const listQuery = pageQuery(200, 50).extend({
  kind: z.enum(BLOCKED_KINDS, { error: `kind must be one of: ${BLOCKED_KINDS.join(", ")}` }).optional(),
});

// the fields are checked in core (length before pattern, the phone normalised as the checkout
// does); here only their shapes
const addBody = z.object({
  kind: z.enum(BLOCKED_KINDS, { error: `kind must be one of: ${BLOCKED_KINDS.join(", ")}` }),
  phone: z
    .string({ error: "phone must be text" })
    .optional()
    .describe("kind phone: a Pakistani mobile in any form (0300-1234567, +92 300 1234567, …)"),
  address: z.string({ error: "address must be text" }).optional().describe("kind address: the delivery address"),
  city: z.string({ error: "city must be text" }).optional().describe("kind address: its city"),
  order_id: idSchema("order_id")
    .optional()
    .describe("instead of phone or address: block this order's phone or its delivery address"),
  reason: z.string({ error: "reason must be text" }).optional().describe("Why, for the staff (at most 200 characters)"),
});

export function presentBlocked(entry: BlockedEntry) {
  return {
    id: entry.id,
    kind: entry.kind,
    value: entry.value,
    display: entry.display,
    reason: entry.reason,
    created_by: entry.createdBy && { id: entry.createdBy.id, name: entry.createdBy.name },
    created_at: entry.createdAt,
  };
}

export async function adminBlockListRoutes(app: FastifyInstance, { core }: { core: CoreContext }) {
  const staff = staffRoutes(app, core, "orders");

  staff.get(
    "/admin/block-list",
    {
      operationId: "listBlocked",
      summary:
        "The block list, newest first: phones and addresses whose orders are held for a call; the total is in X-Total-Count",
      querystring: listQuery,
      response: answers({ 200: pageOf(blockedAnswer) }),
    },
    async (actor, request, reply) => {
      const page = await listBlocked(core, actor, request.query);
      return sendPage(reply, page, presentBlocked);
    },
  );

  staff.post(
    "/admin/block-list",
    {
      operationId: "addBlocked",
      summary:
        "Adds a phone (kind phone, phone) or an address (kind address, address and city), or an order's phone or address (kind and order_id), with an optional reason. 409 when it is already listed",
      body: addBody,
      response: answers({ 201: blockedAnswer }, 404, 409),
    },
    async (actor, request, reply) => {
      const body = request.body;
      const entry =
        body.order_id !== undefined
          ? await blockOrderContact(core, actor, body.order_id, body.kind, body.reason)
          : await addBlocked(core, actor, body as BlockInput);
      reply.code(201);
      return presentBlocked(entry);
    },
  );

  staff.delete(
    "/admin/block-list/:id",
    {
      operationId: "removeBlocked",
      summary: "Takes an entry off the block list; 404 when there is none",
      params: idParams,
      response: answers({ 204: noContent }, 404),
    },
    async (actor, request, reply) => {
      await removeBlocked(core, actor, request.params.id);
      reply.code(204);
    },
  );
}
