// Exchanges through the staff API (decision 0056): the same core
// use-case as the console's order page, guarded by the orders permission.
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { CoreContext } from "../../../core/context";
import { createExchange, createExchangeInput, type ExchangeFigures } from "../../../core/orders/exchange";
import { getOrderForStaff } from "../../../core/orders/staff-orders";
import { money } from "../../serialize";
import { idParams } from "../http";
import { answerOf, answers, rupees } from "../answers";
import { presentStaffOrder, staffOrderAnswer } from "./orders";
import { staffRoutes } from "./staff-routes";

/** An exchange's money, in rupees as every amount in the API. */
export function presentExchangeFigures(figures: ExchangeFigures) {
  return {
    replacement_subtotal: money(figures.subtotalPaisa),
    returned_value: money(figures.returnedValuePaisa),
    returned_value_applied: money(figures.appliedPaisa),
    shipping: money(figures.shippingPaisa),
    to_collect: money(figures.totalPaisa),
  };
}

const exchangeFiguresAnswer = answerOf<ReturnType<typeof presentExchangeFigures>>()(
  z.object({
    replacement_subtotal: rupees,
    returned_value: rupees,
    returned_value_applied: rupees,
    shipping: rupees,
    to_collect: rupees,
  }),
);

export async function adminOrderExchangeRoutes(app: FastifyInstance, { core }: { core: CoreContext }) {
  const staff = staffRoutes(app, core, "orders");

  staff.post(
    "/admin/orders/:id/exchanges",
    {
      operationId: "createExchange",
      summary:
        "Exchanges lines of a delivered order for other sizes or colours of the same products (201): a new replacement order, confirmed, priced at today's prices, its stock taken; the value of the returned units is set against it and the courier collects the rest (never less than 0), shipping free. More than 7 days after delivery it needs a reason. Resellable returned units go back into stock when the replacement is delivered. 409 when the order is not delivered, its units are already exchanged or a replacement is out of stock; answers the replacement order and the money.",
      params: idParams,
      body: createExchangeInput,
      response: answers(
        {
          201: staffOrderAnswer.extend({
            exchange: exchangeFiguresAnswer.extend({
              original_order_id: z.int(),
              original_tracking_id: z.string(),
              outside_window: z.boolean(),
            }),
          }),
        },
        404,
        409,
      ),
    },
    async (actor, request, reply) => {
      const exchange = await createExchange(core, actor, request.params.id, request.body);
      const order = await getOrderForStaff(core, actor, exchange.id);
      return reply.code(201).send({
        ...presentStaffOrder(order),
        exchange: {
          original_order_id: exchange.originalId,
          original_tracking_id: exchange.originalTrackingId,
          outside_window: exchange.late,
          ...presentExchangeFigures(exchange.figures),
        },
      });
    },
  );
}
