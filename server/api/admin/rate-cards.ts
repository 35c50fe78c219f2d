// Couriers' rate cards and the withheld-tax rate through the staff API (decision 0109): the same
// core use-cases as the console's Rate cards page, for the money permission (owners and
// managers). Amounts go in and come out as rupees and percents, as every amount of the API does
// (2499.00, 2.5); a card is addressed by its courier and the day it takes effect, so saving the
// same address again replaces it. The bodies below document the shape; core reads and checks
// every field itself (core/remittances/rate-card-input.ts) and names each one it refuses.
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { CoreContext } from "../../../core/context";
import { COURIER_CODES } from "../../../core/couriers/courier";
import { ZONES, type RateCard, type Zone } from "../../../core/remittances/rate-card";
import { listRateCards, removeRateCard, saveRateCard, type RateCardView } from "../../../core/remittances/rate-cards";
import {
  addWithheldTaxRate,
  listWithheldTaxRates,
  removeWithheldTaxRate,
  type WithheldTaxRateView,
} from "../../../core/remittances/withheld-tax-rates";
import type { AppConfig } from "../../config";
import { money, type Rupees } from "../../serialize";
import { idParams } from "../http";
import { answerOf, answers, moment, rupees } from "../answers";
import { staffRoutes } from "./staff-routes";

const percent = (basisPoints: number) => basisPoints / 100;

function presentCard(view: RateCardView) {
  const { card } = view;
  const zones = (paisa: RateCard["extraPer500gPaisa"]) =>
    Object.fromEntries(ZONES.map((zone) => [zone, money(paisa[zone])])) as Record<Zone, Rupees>;
  return {
    id: view.id,
    courier: view.courier,
    courier_name: view.courierName,
    effective_from: view.effectiveFrom,
    in_force: view.inForce,
    upcoming: view.upcoming,
    bands: card.bands.map((band) => ({ up_to_grams: band.upToGrams, ...zones(band.paisa) })),
    extra_per_500g: zones(card.extraPer500gPaisa),
    cash_handling_percent: percent(card.cashHandlingBasisPoints),
    fuel_percent: percent(card.fuelBasisPoints),
    gst_percent: percent(card.gstBasisPoints),
    return_charge: money(card.returnChargePaisa),
    delivery_charged_on_return: card.deliveryChargedOnReturn,
    tolerance: money(card.tolerancePaisa),
    created_at: view.createdAt,
    created_by: view.createdBy,
  };
}

const zoneAnswer = z.object({ city: rupees, province: rupees, country: rupees });
const day = z.string().describe("YYYY-MM-DD, a day in Pakistan");
const refreshedCount = z.int().describe("the parcels whose expected deductions or difference changed with it");

const cardFields = {
  id: z.int(),
  courier: z.enum(COURIER_CODES),
  courier_name: z.string(),
  effective_from: day.describe("parcels delivered or returned from this day (Pakistan) are held to this card"),
  in_force: z.boolean().describe("the card a parcel finishing today is held to"),
  upcoming: z.boolean().describe("takes effect after today"),
  bands: z.array(zoneAnswer.extend({ up_to_grams: z.int() })).describe("lightest first"),
  extra_per_500g: zoneAnswer.describe("for each 500 g, or part of it, above the heaviest band"),
  cash_handling_percent: z.number().describe("of the cash collected"),
  fuel_percent: z.number().describe("of the delivery charge"),
  gst_percent: z.number().describe("of every charge"),
  return_charge: rupees,
  delivery_charged_on_return: z.boolean(),
  tolerance: rupees.describe("a difference no larger than this is rounding"),
  created_at: moment.describe("when it was saved (or last replaced)"),
  created_by: z.string().nullable(),
};

const cardAnswer = answerOf<ReturnType<typeof presentCard>>()(z.object(cardFields));
const savedAnswer = z.object({
  ...cardFields,
  replaced: z.boolean().describe("a card of the same courier and day was there and is replaced"),
  parcels_refreshed: refreshedCount,
});

function presentRate(view: WithheldTaxRateView) {
  return {
    id: view.id,
    effective_from: view.effectiveFrom,
    rate_percent: percent(view.rateBasisPoints),
    note: view.note,
    in_force: view.inForce,
    upcoming: view.upcoming,
    created_at: view.createdAt,
    created_by: view.createdBy,
  };
}

const rateFields = {
  id: z.int(),
  effective_from: day.describe("parcels delivered from this day (Pakistan) are held to this rate"),
  rate_percent: z.number().describe("of the cash collected, such as 2"),
  note: z.string(),
  in_force: z.boolean(),
  upcoming: z.boolean(),
  created_at: moment,
  created_by: z.string().nullable(),
};
const rateAnswer = answerOf<ReturnType<typeof presentRate>>()(z.object(rateFields));
const addedRateAnswer = z.object({ ...rateFields, parcels_refreshed: refreshedCount });
const removedAnswer = z.object({ parcels_refreshed: refreshedCount });

// what goes in: the types only, so core's checks name each refused field in the store's words
const expect = (about: string, what: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? `${about} is required` : `${about} must be ${what}`;
const amountIn = (about: string) =>
  z.union([z.number(), z.string()], { error: expect(about, "an amount in rupees") }).describe(`${about}: rupees`);
const percentIn = (about: string) =>
  z.union([z.number(), z.string()], { error: expect(about, "a percent") }).describe(`${about}: percent, 0 to 100`);
const zonesIn = (about: string) =>
  z.object(
    {
      city: amountIn(`${about} within the city`),
      province: amountIn(`${about} within the province`),
      country: amountIn(`${about} across Pakistan`),
    },
    { error: expect(about, "the charge for each zone: city, province and country") },
  );

const cardBody = z
  .object({
    bands: z
      .array(
        z.object(
          {
            up_to_grams: z
              .union([z.number(), z.string()], { error: expect("Up to", "a weight in whole grams") })
              .describe("the heaviest parcel of the band, in grams, 1 to 100,000"),
            city: amountIn("Charge within the city"),
            province: amountIn("Charge within the province"),
            country: amountIn("Charge across Pakistan"),
          },
          { error: "Each weight band must have up_to_grams and a charge for city, province and country" },
        ),
        { error: expect("Weight bands", "a list of bands, lightest first") },
      )
      .describe("1 to 20 weight bands, lightest first, each heavier than the one before"),
    extra_per_500g: zonesIn("Extra per 500 g").describe("for each 500 g, or part of it, above the heaviest band"),
    cash_handling_percent: percentIn("Cash handling, of the cash collected"),
    fuel_percent: percentIn("Fuel, of the delivery charge"),
    gst_percent: percentIn("GST, of every charge"),
    return_charge: amountIn("Return charge, for a parcel that came back"),
    delivery_charged_on_return: z
      .boolean({ error: expect("Charge delivery on returns too", "true or false") })
      .describe("a returned parcel is charged its delivery (and fuel) too"),
    tolerance: amountIn("Tolerance, 0 to 1,000; a difference no larger is rounding (5.00 when left out)").optional(),
  })
  .describe("A courier's rate card: amounts in rupees (150 or 150.50, as a number or text), percents as 2.5");

const cardParams = z.object({
  courier: z.enum(COURIER_CODES, { error: `courier must be one of: ${COURIER_CODES.join(", ")}` }),
  effective_from: z.string().max(10, "effective_from must be a date as YYYY-MM-DD").describe("YYYY-MM-DD"),
});

const rateBody = z.object({
  effective_from: z
    .string({ error: expect("Effective from", "a date as YYYY-MM-DD") })
    .describe("YYYY-MM-DD: the day, in Pakistan, the rate takes effect"),
  rate_percent: percentIn("Rate, of the cash collected"),
  note: z
    .string({ error: "Note must be text" })
    .optional()
    .describe("where the rate comes from (at most 200 characters)"),
});

export async function adminRateCardRoutes(app: FastifyInstance, { core }: { core: CoreContext; config: AppConfig }) {
  const staff = staffRoutes(app, core, "money");

  staff.get(
    "/admin/money/rate-cards",
    {
      operationId: "listRateCards",
      summary:
        "Every courier's rate cards, couriers in the store's order and each one's newest first; in_force marks the card a parcel finishing today is held to",
      response: answers({ 200: z.array(cardAnswer) }),
    },
    async (actor) => (await listRateCards(core, actor)).map(presentCard),
  );

  staff.put(
    "/admin/money/rate-cards/:courier/:effective_from",
    {
      operationId: "saveRateCard",
      summary:
        "Saves a courier's rate card from a day (201), or replaces the one kept for that courier and day (200); every parcel of the courier is held to its cards again in the same transaction, and a paid parcel charged more than its card is flagged. Audited. 409 when someone saved the same courier and day at the same moment",
      params: cardParams,
      body: cardBody,
      response: answers({ 200: savedAnswer, 201: savedAnswer }, 409, 422),
    },
    async (actor, request, reply) => {
      const saved = await saveRateCard(
        core,
        actor,
        { courier: request.params.courier, effectiveFrom: request.params.effective_from },
        request.body,
      );
      reply.code(saved.replaced ? 200 : 201);
      return { ...presentCard(saved.card), replaced: saved.replaced, parcels_refreshed: saved.parcelsRefreshed };
    },
  );

  staff.delete(
    "/admin/money/rate-cards/:courier/:effective_from",
    {
      operationId: "removeRateCard",
      summary:
        "Removes a courier's rate card from a day, whether or not the day has come (the audit log keeps every line of it); the parcels it held fall back to the card before it, or to none",
      params: cardParams,
      response: answers({ 200: removedAnswer }, 404),
    },
    async (actor, request) => ({
      parcels_refreshed: (
        await removeRateCard(core, actor, {
          courier: request.params.courier,
          effectiveFrom: request.params.effective_from,
        })
      ).parcelsRefreshed,
    }),
  );

  staff.get(
    "/admin/money/withheld-tax-rates",
    {
      operationId: "listWithheldTaxRates",
      summary:
        "The income tax rates couriers withhold on the cash they collect (Finance Act 2025, section 6A), newest first; in_force marks today's",
      response: answers({ 200: z.array(rateAnswer) }),
    },
    async (actor) => (await listWithheldTaxRates(core, actor)).map(presentRate),
  );

  staff.post(
    "/admin/money/withheld-tax-rates",
    {
      operationId: "addWithheldTaxRate",
      summary:
        "Adds a withheld-tax rate from a day; every parcel is held to the rates again in the same transaction. Audited. 409 when a rate from that day is kept already (remove it first)",
      body: rateBody,
      response: answers({ 201: addedRateAnswer }, 409, 422),
    },
    async (actor, request, reply) => {
      const added = await addWithheldTaxRate(core, actor, request.body);
      reply.code(201);
      return { ...presentRate(added.rate), parcels_refreshed: added.parcelsRefreshed };
    },
  );

  staff.delete(
    "/admin/money/withheld-tax-rates/:id",
    {
      operationId: "removeWithheldTaxRate",
      summary:
        "Removes a withheld-tax rate, whether or not its day has come; every parcel is held to the rates left. Audited",
      params: idParams,
      response: answers({ 200: removedAnswer }, 404),
    },
    async (actor, request) => ({
      parcels_refreshed: (await removeWithheldTaxRate(core, actor, request.params.id)).parcelsRefreshed,
    }),
  );
}
