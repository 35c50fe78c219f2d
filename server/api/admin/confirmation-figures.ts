// The owner's confirmation figures through the staff API: the same core
// function as the console's home, for the orders permission.
import type { FastifyInstance } from "fastify";
import type { CoreContext } from "../../../core/context";
import { confirmationFigures, type ConfirmationCounts } from "../../../core/orders/confirmation-figures";
import { answers } from "../answers";
import { z } from "zod";
import { staffRoutes } from "./staff-routes";

const percent = z.number().nullable().describe("a share of the orders placed, one decimal; null when none were placed");
const countsFields = {
  placed: z.int(),
  confirmed: z.int(),
  cancelled_by_shopper: z.int(),
  expired: z.int(),
  refused: z.int(),
  confirmed_percent: percent,
  cancelled_by_shopper_percent: percent,
  expired_percent: percent,
  refused_percent: percent,
};

// a share of the orders placed, as a percentage with one decimal; null when none were placed
const share = (part: number, placed: number) => (placed > 0 ? Math.round((part / placed) * 1000) / 10 : null);

const presentCounts = (c: ConfirmationCounts) => ({
  placed: c.placed,
  confirmed: c.confirmed,
  cancelled_by_shopper: c.cancelledByShopper,
  expired: c.expired,
  refused: c.refused,
  confirmed_percent: share(c.confirmed, c.placed),
  cancelled_by_shopper_percent: share(c.cancelledByShopper, c.placed),
  expired_percent: share(c.expired, c.placed),
  refused_percent: share(c.refused, c.placed),
});

export async function adminConfirmationFigureRoutes(app: FastifyInstance, { core }: { core: CoreContext }) {
  const staff = staffRoutes(app, core, "orders");
  staff.get(
    "/admin/dashboard/confirmations",
    {
      operationId: "getConfirmationFigures",
      summary:
        "Of the orders placed in each of the last 8 weeks (Pakistan weeks, Monday first) and in the period's 10 busiest cities: how many were confirmed, cancelled by the shopper (WhatsApp, the confirm page or a call), expired unanswered, and refused at the door (shipped, then returned), with each as a percentage of the orders placed",
      response: answers({
        200: z.object({
          since: z.string().describe("the first day counted, in Pakistan"),
          total: z.object(countsFields),
          weeks: z.array(z.object({ week: z.string(), ...countsFields })),
          cities: z.array(z.object({ city: z.string(), ...countsFields })),
        }),
      }),
    },
    async (actor) => {
      const figures = await confirmationFigures(core, actor);
      return {
        since: figures.since,
        total: presentCounts(figures.total),
        weeks: figures.weeks.map((w) => ({ week: w.week, ...presentCounts(w) })),
        cities: figures.cities.map((c) => ({ city: c.city, ...presentCounts(c) })),
      };
    },
  );
}
