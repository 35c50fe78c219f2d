// The owner's fake-order signal settings through the staff API (decision
// 0073): which signals hold an order for a call, the store's cash-on-delivery limit and the
// limits per city. A save is whole and carries the updated_at it was read with (409 otherwise).
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { CoreContext } from "../../../core/context";
import {
  getOrderSignalSettings,
  updateOrderSignalSettings,
  type OrderSignalSettings,
} from "../../../core/orders/order-signals";
import { RISK_SIGNALS } from "../../../core/orders/vocabulary";
import { money } from "../../serialize";
import { answerOf, answers, rupees } from "../answers";
import { staffRoutes } from "./staff-routes";

const present = (s: OrderSignalSettings) => ({
  hold_signals: s.holdSignals,
  cod_limit: money(s.codLimitPaisa),
  city_limits: s.cityLimits.map((c) => ({ city: c.city, cod_limit: money(c.limitPaisa) })),
  signals: RISK_SIGNALS,
  updated_at: s.updatedAt,
});

const amount = z.union([z.number(), z.string()], { error: "cod_limit must be an amount in rupees" });

// shapes only; core checks the values and names the field of the first bad one
const body = z.object({
  updated_at: z
    .string({ error: "updated_at must be the updated_at the settings were read with" })
    .describe("The updated_at of the GET this save is made from: 409 when the settings changed since"),
  hold_signals: z
    .array(z.string({ error: "hold_signals must be a list of signals" }), {
      error: "hold_signals must be a list of signals",
    })
    .max(20, "hold_signals lists too many signals")
    .describe(`The signals that hold an order for a call, of: ${RISK_SIGNALS.join(", ")}`),
  cod_limit: amount.nullable().optional().describe("Rupees; an order above it is over_cod_limit. null or empty: none"),
  city_limits: z
    .array(
      z.object({
        city: z.string({ error: "city must be text" }),
        cod_limit: amount,
      }),
      { error: "city_limits must be a list of cities and limits" },
    )
    .max(100, "At most 100 cities")
    .optional()
    .describe("Every city's limit in rupees (the whole list: cities left out are removed); compared ignoring case"),
});

const signalSettingsAnswer = answerOf<ReturnType<typeof present>>()(
  z.object({
    hold_signals: z.array(z.enum(RISK_SIGNALS)),
    cod_limit: rupees.nullable(),
    city_limits: z.array(z.object({ city: z.string(), cod_limit: rupees })),
    signals: z.array(z.enum(RISK_SIGNALS)).describe("every signal there is"),
    updated_at: z.string().describe("send it back with the save"),
  }),
);

export async function adminOrderSignalRoutes(app: FastifyInstance, { core }: { core: CoreContext }) {
  const staff = staffRoutes(app, core, "settings");

  staff.get(
    "/admin/settings/order-signals",
    {
      operationId: "getOrderSignalSettings",
      summary:
        "Which fake-order signals hold an order for a call, and the cash-on-delivery limits overall and per city",
      response: answers({ 200: signalSettingsAnswer }),
    },
    async (actor) => {
      return present(await getOrderSignalSettings(core, actor));
    },
  );

  staff.put(
    "/admin/settings/order-signals",
    {
      operationId: "updateOrderSignalSettings",
      summary:
        "Saves the signals that hold an order, the overall and per-city cash-on-delivery limits; send updated_at from the GET (409 when another save came first). 422 names the field",
      response: answers({ 200: signalSettingsAnswer }, 409),
      body,
    },
    async (actor, request) => {
      return present(await updateOrderSignalSettings(core, actor, request.body));
    },
  );
}
