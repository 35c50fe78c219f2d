// The display currencies' rates through the staff API (decision 0091): the same core use-cases
// as the console's Settings → Currencies. Rates travel as text with 4 decimals ("278.5000"), so
// no client reads or writes one through a float.
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { CoreContext } from "../../../core/context";
import { CURRENCY_NAMES, DISPLAY_CURRENCIES, RATE_LIMIT_RUPEES, rateText } from "../../../core/settings/currencies";
import { getCurrencyRates, setCurrencyRates, type CurrencyRateSettings } from "../../../core/settings/currency-rates";
import { errorAnswerAbout } from "../answers";
import { staffRoutes } from "./staff-routes";

// the error body every operation shares (detail; field names the refused one on a 422)
const problem = errorAnswerAbout;

const rateSchema = z
  .string()
  .regex(/^\d{1,5}\.\d{4}$/)
  .nullable()
  .describe("Rupees per unit, exactly 4 decimals (numeric(9,4)); null: the currency is not offered");

export const currencyRatesAnswer = z.object({
  currencies: z.array(
    z.object({
      code: z.enum(DISPLAY_CURRENCIES),
      name: z.string(),
      rupees_per_unit: rateSchema,
      set_at: z.iso.datetime().nullable().describe("When the rate was last set or cleared (UTC)"),
      set_by: z.string().nullable().describe("The email of the staff member who set it"),
    }),
  ),
  updated_at: z.string().describe("The rates' version, to send back with a save: 409 when they changed since"),
});

const rateValue = z
  .union([z.string(), z.number()], { error: 'Each rate must be rupees per unit, e.g. "278.50"' })
  .nullable();

const body = z.object({
  updated_at: z
    .string({ error: "updated_at must be the updated_at the rates were read with" })
    .describe("The updated_at of the GET this save is made from"),
  rates: z
    .object(
      Object.fromEntries(DISPLAY_CURRENCIES.map((c) => [c, rateValue.optional()])) as Record<
        (typeof DISPLAY_CURRENCIES)[number],
        z.ZodOptional<typeof rateValue>
      >,
      { error: "rates must name currencies and their rates in rupees" },
    )
    .strict()
    .describe(
      `Only the currencies to change: rupees per unit as text or a number, more than 0 and less than ${RATE_LIMIT_RUPEES.toLocaleString("en-US")}, at most 4 decimals; null or "" stops offering it`,
    ),
});

const present = (s: CurrencyRateSettings): z.infer<typeof currencyRatesAnswer> => ({
  currencies: s.currencies.map((c) => ({
    code: c.code,
    name: CURRENCY_NAMES[c.code],
    rupees_per_unit: c.rate === null ? null : rateText(c.rate),
    set_at: c.setAt?.toISOString() ?? null,
    set_by: c.setBy,
  })),
  updated_at: s.updatedAt,
});

const denied = {
  401: problem("No staff token, or a bad or expired one"),
  403: problem("A shopper's token, or a member without the settings permission (owners only)"),
};

export async function adminCurrencyRateRoutes(app: FastifyInstance, { core }: { core: CoreContext }) {
  const staff = staffRoutes(app, core, "settings");

  staff.get(
    "/admin/settings/currency-rates",
    {
      operationId: "getCurrencyRates",
      summary: "The display currencies' rates (USD, EUR, GBP): rupees per unit, when and by whom each was set",
      response: { 200: currencyRatesAnswer.describe("The display currencies' rates"), ...denied },
    },
    async (actor) => present(await getCurrencyRates(core, actor)),
  );

  staff.put(
    "/admin/settings/currency-rates",
    {
      operationId: "setCurrencyRates",
      summary:
        "Sets or clears display currencies' rates; prices on the storefront show converted and approximate, orders stay in rupees",
      body,
      response: {
        200: currencyRatesAnswer.describe("The display currencies' rates"),
        400: problem("The body is not JSON"),
        ...denied,
        409: problem("A rate was set or cleared since updated_at: read them again"),
        413: problem("The body is too large"),
        415: problem("The body is not JSON"),
        422: problem("A field is invalid: detail says which and why, field names it (rates.USD)"),
      },
    },
    async (actor, request) => present(await setCurrencyRates(core, actor, request.body)),
  );
}
