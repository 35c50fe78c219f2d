// The store's cities and each courier's city list through the staff API (decision 0105): the same
// core use-cases as the console's Settings → Cities, owner only (the settings permission). A
// refresh asks the courier for its list; a link ties a place in a courier's list that matched
// none of the store's cities to one of them (or adds it as a new city).
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { CoreContext } from "../../../core/context";
import { readCities } from "../../../core/couriers/cities";
import {
  courierListSummaries,
  linkCourierCity,
  linkInput,
  refreshCourierCities,
  unmatchedPlaces,
  type CityRefresh,
  type CourierListSummary,
} from "../../../core/couriers/city-refresh";
import { COURIER_CODES, COURIER_NAMES } from "../../../core/couriers/courier";
import { requirePermission } from "../../../core/shared/staff-errors";
import { idParams, pageQuery } from "../http";
import { answerOf, errorAnswerAbout, moment } from "../answers";
import { sendPage, staffRoutes } from "./staff-routes";

const problem = errorAnswerAbout;
const denied = {
  401: problem("No staff token, or a bad or expired one"),
  403: problem("A shopper's token, or a member without the settings permission (owners only)"),
};

const cityAnswer = z.object({
  id: z.int(),
  name: z.string().describe("The name the store shows and orders keep"),
  province: z.string().nullable(),
  aliases: z.array(z.string()).describe("Other spellings and short forms shoppers type"),
  rank: z.int().describe("1 is the largest; 0 unranked (a city added by hand)"),
});

function presentSummary(s: CourierListSummary) {
  return {
    account_id: s.accountId,
    label: s.label,
    courier: s.courier,
    courier_name: COURIER_NAMES[s.courier],
    active: s.isActive,
    refreshed_at: s.refreshedAt,
    delivering: s.delivering,
    unmatched: s.unmatched,
  };
}

const summaryAnswer = answerOf<ReturnType<typeof presentSummary>>()(
  z.object({
    account_id: z.int(),
    label: z.string(),
    courier: z.enum(COURIER_CODES),
    courier_name: z.string(),
    active: z.boolean(),
    refreshed_at: moment.nullable().describe("When the courier's list was last refreshed; null: never"),
    delivering: z.int().describe("Places in the courier's list it delivers to"),
    unmatched: z.int().describe("Of those, the ones no city of the store matches: link them to book there"),
  }),
);

function presentRefresh(r: CityRefresh) {
  return {
    account_id: r.accountId,
    courier: r.courier,
    listed: r.listed,
    matched: r.matched,
    unmatched: r.unmatched,
    added: r.added,
    dropped: r.dropped,
    refreshed_at: r.refreshedAt,
  };
}

const refreshAnswer = answerOf<ReturnType<typeof presentRefresh>>()(
  z.object({
    account_id: z.int(),
    courier: z.enum(COURIER_CODES),
    listed: z.int().describe("Places in the courier's answer the store took"),
    matched: z.int().describe("Of those, the ones matched to a city of the store (or linked by hand)"),
    unmatched: z.int(),
    added: z.int().describe("New since the last refresh"),
    dropped: z.int().describe("In the last list and not in this one: no longer delivered to"),
    refreshed_at: moment,
  }),
);

const placeAnswer = z.object({
  courier: z.enum(COURIER_CODES),
  courier_city_id: z.string().describe("The courier's own key for the place"),
  courier_city_name: z.string(),
});

const linkAnswer = z.object({
  city_id: z.int(),
  city: z.string(),
  created: z.boolean().describe("true: the name matched none of the store's cities and was added as a new one"),
});

export async function adminCityRoutes(app: FastifyInstance, { core }: { core: CoreContext }) {
  const staff = staffRoutes(app, core, "settings");

  staff.get(
    "/admin/cities",
    {
      operationId: "listCities",
      summary: "The store's cities, largest first, with the spellings each is matched by",
      response: { 200: z.object({ cities: z.array(cityAnswer) }).describe("The store's cities"), ...denied },
    },
    async (actor) => {
      requirePermission(actor, "settings");
      const list = await readCities(core.db);
      return {
        cities: list.sort((a, b) => (a.rank || Infinity) - (b.rank || Infinity) || a.name.localeCompare(b.name)),
      };
    },
  );

  staff.get(
    "/admin/courier-cities",
    {
      operationId: "listCourierCityLists",
      summary:
        "Each courier account's city list: when it was refreshed, how many places it delivers to, how many match none of the store's cities",
      response: { 200: z.array(summaryAnswer).describe("One entry per courier account"), ...denied },
    },
    async (actor) => (await courierListSummaries(core, actor)).map(presentSummary),
  );

  staff.get(
    "/admin/courier-cities/unmatched",
    {
      operationId: "listUnmatchedCourierCities",
      summary:
        "The places a courier delivers to that match none of the store's cities, by name (X-Total-Count: how many in all)",
      querystring: pageQuery(200, 50).extend({
        courier: z.enum(COURIER_CODES, { error: `courier must be one of ${COURIER_CODES.join(", ")}` }),
      }),
      response: { 200: z.array(placeAnswer).describe("A page of the unmatched places"), ...denied },
    },
    async (actor, request, reply) =>
      sendPage(reply, await unmatchedPlaces(core, actor, request.query), (p) => ({
        courier: p.courier,
        courier_city_id: p.courierCityId,
        courier_city_name: p.courierCityName,
      })),
  );

  staff.post(
    "/admin/couriers/:id/refresh-cities",
    {
      operationId: "refreshCourierCities",
      summary:
        "Asks the account's courier for its city list and makes the store's copy match it: new places matched to the store's cities, places no longer listed marked as not delivered to; audited",
      params: idParams,
      response: {
        200: refreshAnswer.describe("What the refresh found"),
        ...denied,
        404: problem("No such courier account"),
        409: problem(
          "The courier could not give its list (down, slow, refused the credentials, answered nothing): detail says why; nothing changed",
        ),
        422: problem("The account's credentials cannot be read by this process: detail says what to do"),
      },
    },
    async (actor, request) => presentRefresh(await refreshCourierCities(core, actor, request.params.id)),
  );

  staff.post(
    "/admin/courier-cities/link",
    {
      operationId: "linkCourierCity",
      summary:
        "Links a place in a courier's list to one of the store's cities, named in any spelling the store knows; a name that matches none is added as a new city; audited",
      body: linkInput,
      response: {
        200: linkAnswer.describe("The city the place is linked to"),
        400: problem("The body is not JSON"),
        ...denied,
        404: problem("No such place in the courier's list"),
        413: problem("The body is too large"),
        415: problem("The body is not JSON"),
        422: problem("A field is invalid: detail says which and why"),
      },
    },
    async (actor, request) => {
      const linked = await linkCourierCity(core, actor, request.body);
      return { city_id: linked.cityId, city: linked.cityName, created: linked.created };
    },
  );
}
