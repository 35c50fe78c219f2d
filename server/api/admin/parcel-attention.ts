// Following parcels through the staff API (decision 0104): an order's parcels with what their
// couriers reported, the list of parcels that need a person, shipper advice ("retry" or "return")
// for an attempted delivery, asking the courier now for one parcel, and the stall days. The
// orders permission (owners, managers, fulfilment); the stall days are a setting (owner).
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { CoreContext } from "../../../core/context";
import {
  listParcelsToFollowUp,
  parseStallDays,
  setParcelStallDays,
  type AttentionParcel,
} from "../../../core/parcels/attention";
import { listOrderParcelEvents, type FollowedParcel } from "../../../core/parcels/parcel-events";
import { adviseParcel, shipperAdviceInput } from "../../../core/parcels/shipper-advice";
import { pollParcelNow, type PollNow } from "../../../core/parcels/tracking";
import { getSiteSettings } from "../../../core/settings/site-settings";
import { COURIER_CODES, PARCEL_STATUSES } from "../../../core/couriers/courier";
import { ORDER_STATUSES } from "../../../core/orders/vocabulary";
import { money } from "../../serialize";
import { idParams, pageQuery } from "../http";
import { answerOf, answers, errorAnswerAbout, moment, pageOf, rupees } from "../answers";
import { sendPage, staffRoutes } from "./staff-routes";

const parcelStatus = z.enum(PARCEL_STATUSES);

function presentFollowedParcel(parcel: FollowedParcel) {
  return {
    id: parcel.id,
    courier: parcel.courier,
    courier_name: parcel.courierName,
    cn: parcel.cn,
    booking_state: parcel.bookingState,
    status: parcel.status,
    status_reason: parcel.statusReason,
    status_at: parcel.statusAt,
    last_movement_at: parcel.lastMovementAt,
    next_poll_at: parcel.nextPollAt,
    last_polled_at: parcel.lastPolledAt,
    poll_failures: parcel.pollFailures,
    events: parcel.events.map((event) => ({
      id: event.id,
      at: event.at,
      status: event.status,
      courier_status: event.courierStatus,
      reason: event.reason,
      location: event.location,
      recorded_at: event.recordedAt,
    })),
  };
}

const followedParcelAnswer = answerOf<ReturnType<typeof presentFollowedParcel>>()(
  z.object({
    id: z.int(),
    courier: z.enum(COURIER_CODES),
    courier_name: z.string(),
    cn: z.string().nullable(),
    booking_state: z.string(),
    status: parcelStatus.nullable(),
    status_reason: z.string().nullable(),
    status_at: moment.nullable(),
    last_movement_at: moment.nullable(),
    next_poll_at: moment.nullable().describe("when the store asks the courier next; null: no more polls"),
    last_polled_at: moment.nullable(),
    poll_failures: z.int().describe("polls that failed in a row; each waits twice as long as the last"),
    events: z.array(
      z.object({
        id: z.int(),
        at: moment.describe("when the courier says it happened"),
        status: parcelStatus,
        courier_status: z.string().describe("the courier's own words or code"),
        reason: z.string().nullable(),
        location: z.string().nullable(),
        recorded_at: moment,
      }),
    ),
  }),
);

function presentAttention(parcel: AttentionParcel) {
  return {
    parcel_id: parcel.parcelId,
    order_id: parcel.orderId,
    tracking_id: parcel.trackingId,
    courier: parcel.courier,
    courier_name: parcel.courierName,
    cn: parcel.cn,
    status: parcel.status,
    reason: parcel.reason,
    status_at: parcel.statusAt,
    since: parcel.since,
    why: parcel.why,
    first_name: parcel.firstName,
    last_name: parcel.lastName,
    phone: parcel.phone,
    // what a tel: link dials and wa.me takes: the number in international form
    phone_international: `+${parcel.phoneNormalized}`,
    city: parcel.city,
    cod_amount: money(parcel.codPaisa),
    can_advise: parcel.canAdvise,
    last_advice: parcel.lastAdvice && { advice: parcel.lastAdvice.advice, at: parcel.lastAdvice.at },
  };
}

const attentionAnswer = answerOf<ReturnType<typeof presentAttention>>()(
  z.object({
    parcel_id: z.int(),
    order_id: z.int(),
    tracking_id: z.string(),
    courier: z.enum(COURIER_CODES),
    courier_name: z.string(),
    cn: z.string(),
    status: parcelStatus,
    reason: z.string().nullable().describe("the courier's reason with its last status"),
    status_at: moment.nullable(),
    since: moment.describe("the last movement, or the booking when nothing moved yet; the list is oldest first"),
    why: z.enum(["attempted", "stalled"]),
    first_name: z.string(),
    last_name: z.string(),
    phone: z.string(),
    phone_international: z.string(),
    city: z.string(),
    cod_amount: rupees,
    can_advise: z.boolean().describe("the courier's API takes retry or return for this parcel"),
    last_advice: z.object({ advice: z.enum(["retry", "return"]), at: moment }).nullable(),
  }),
);

const presentPoll = (poll: PollNow) => ({
  parcel_id: poll.parcelId,
  order_id: poll.orderId,
  events_added: poll.added,
  status: poll.status,
  order_moves: poll.moved,
});

const pollAnswer = answerOf<ReturnType<typeof presentPoll>>()(
  z.object({
    parcel_id: z.int(),
    order_id: z.int(),
    events_added: z.int(),
    status: parcelStatus.nullable(),
    order_moves: z.array(z.enum(ORDER_STATUSES)).describe("the statuses the order moved to, in order"),
  }),
);

const adviceAnswer = z.object({
  parcel_id: z.int(),
  order_id: z.int(),
  advice: z.enum(["retry", "return"]),
  note: z.string(),
});

const courierTrouble = errorAnswerAbout(
  "Not now: the parcel is not in a state for it, its courier takes no advice, or the courier refused, was down or too slow (courier_error names which)",
);

const stallDaysBody = z.object({
  parcel_stall_days: z
    .union([z.int(), z.string().max(3)], { error: "parcel_stall_days must be a whole number of days from 1 to 60" })
    .describe("after how many days without movement a parcel is on the list (1 to 60)"),
});
const stallDaysAnswer = z.object({ parcel_stall_days: z.int() });

export async function adminParcelAttentionRoutes(app: FastifyInstance, { core }: { core: CoreContext }) {
  const staff = staffRoutes(app, core, "orders");

  staff.get(
    "/admin/orders/:id/parcel-events",
    {
      operationId: "listOrderParcelEvents",
      summary:
        "An order's parcels as the store follows them: status, last movement, the next poll and failed polls, and every event the courier reported, oldest first",
      params: idParams,
      response: answers({ 200: z.array(followedParcelAnswer) }, 404),
    },
    async (actor, request) => (await listOrderParcelEvents(core, actor, request.params.id)).map(presentFollowedParcel),
  );

  staff.get(
    "/admin/parcels/attention",
    {
      operationId: "listParcelsToFollowUp",
      summary:
        "Parcels that need a person, oldest first: attempted deliveries (why: attempted, with the courier's reason) and parcels with no movement for the stall days (why: stalled), with the shopper's name, phone and city; the total is in X-Total-Count, the stall days in X-Stall-Days",
      querystring: pageQuery(200, 50),
      response: answers({
        200: pageOf(attentionAnswer, { "x-stall-days": "after how many days without movement a parcel is listed" }),
      }),
    },
    async (actor, request, reply) => {
      const list = await listParcelsToFollowUp(core, actor, request.query);
      return sendPage(reply, { items: list.parcels, total: list.total }, presentAttention, {
        "x-stall-days": list.stallDays,
      });
    },
  );

  staff.post(
    "/admin/parcels/:id/advice",
    {
      operationId: "adviseParcel",
      summary:
        "Tells the courier what to do with an attempted delivery: retry, or return it to the shop (PostEx's shipper advice); recorded in the audit log and as a staff note on the order's timeline. 409 when the parcel's delivery was not attempted, its courier takes no advice (call the courier), or the courier refused or could not be reached",
      params: idParams,
      body: shipperAdviceInput,
      response: answers({ 200: adviceAnswer, 409: courierTrouble }, 404, 422),
    },
    async (actor, request) => {
      const sent = await adviseParcel(core, actor, request.params.id, request.body);
      return { parcel_id: sent.parcelId, order_id: sent.orderId, advice: sent.advice, note: sent.note };
    },
  );

  staff.post(
    "/admin/parcels/:id/poll",
    {
      operationId: "pollParcel",
      summary:
        "Asks the courier for one parcel now, outside the schedule: new events are recorded and move the order as a scheduled poll would (picked up: shipped; delivered: delivered; returned: returned, stock back). 409 when the parcel is not booked, or the courier does not know it, refused or could not be reached",
      params: idParams,
      response: answers({ 200: pollAnswer, 409: courierTrouble }, 404, 422),
    },
    async (actor, request) => presentPoll(await pollParcelNow(core, actor, request.params.id)),
  );

  const owner = staffRoutes(app, core, "settings");
  owner.get(
    "/admin/settings/parcel-tracking",
    {
      operationId: "getParcelTrackingSettings",
      summary: "After how many days without movement a parcel is listed as needing a person",
      response: answers({ 200: stallDaysAnswer }),
    },
    async () => ({ parcel_stall_days: (await getSiteSettings(core)).parcelStallDays }),
  );
  owner.put(
    "/admin/settings/parcel-tracking",
    {
      operationId: "setParcelTrackingSettings",
      summary: "Sets after how many days without movement (1 to 60) a parcel is listed as needing a person; audited",
      body: stallDaysBody,
      response: answers({ 200: stallDaysAnswer }, 422),
    },
    async (actor, request) => ({
      parcel_stall_days: await setParcelStallDays(core, actor, {
        parcel_stall_days: parseStallDays(request.body.parcel_stall_days),
      }),
    }),
  );
}
