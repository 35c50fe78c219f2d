// Booking orders with couriers through the staff API (decision 0103): the same core use-cases as
// the order page's booking panel and the orders list's bulk booking, each needing the orders
// permission (owners, managers, fulfilment). A courier's trouble (down, slow, refusing) is a 409
// whose courier_error names its kind; a booking that did not go through answers the parcel it
// recorded beside the detail.
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { CoreContext } from "../../../core/context";
import { bookOrder, bookParcelInput, type BookingResult } from "../../../core/parcels/booking";
import {
  BATCH_ITEM_STATES,
  bulkBookingInput,
  createParcelBatch,
  getParcelBatch,
  type BatchView,
} from "../../../core/parcels/bulk-booking";
import { airwayBillsPdf, parseOrderIds } from "../../../core/parcels/labels";
import { loadSheetPdf } from "../../../core/parcels/load-sheet";
import { cancelParcel, settleParcel, settleParcelInput } from "../../../core/parcels/parcel-changes";
import {
  BOOKING_STATES,
  bookingChoices,
  listOrderParcels,
  type BookingChoices,
  type ParcelView,
} from "../../../core/parcels/parcel-reads";
import { AppError } from "../../../core/shared/errors";
import { COURIER_CODES, PARCEL_STATUSES } from "../../../core/couriers/courier";
import { ORDER_STATUSES } from "../../../core/orders/vocabulary";
import { money } from "../../serialize";
import { idParams, idSchema } from "../http";
import { answerOf, answers, errorAnswerAbout, moment, rupees, textAnswer } from "../answers";
import { staffRoutes } from "./staff-routes";

export function presentParcel(parcel: ParcelView) {
  return {
    id: parcel.id,
    order_id: parcel.orderId,
    courier: parcel.courier,
    courier_name: parcel.courierName,
    account_id: parcel.accountId,
    account_label: parcel.accountLabel,
    reference: parcel.reference,
    booking_state: parcel.bookingState,
    cn: parcel.cn,
    status: parcel.status,
    status_reason: parcel.statusReason,
    status_at: parcel.statusAt,
    weight_grams: parcel.weightGrams,
    pieces: parcel.pieces,
    cod_amount: money(parcel.codPaisa),
    description: parcel.description,
    instructions: parcel.instructions,
    label_url: parcel.labelUrl,
    failure: parcel.failure,
    created_at: parcel.createdAt,
    booked_at: parcel.bookedAt,
    cancelled_at: parcel.cancelledAt,
    cancellable: parcel.cancellable,
    needs_settling: parcel.needsSettling,
  };
}

export const parcelAnswer = answerOf<ReturnType<typeof presentParcel>>()(
  z.object({
    id: z.int(),
    order_id: z.int(),
    courier: z.enum(COURIER_CODES),
    courier_name: z.string(),
    account_id: z.int().nullable(),
    account_label: z.string().nullable(),
    reference: z
      .string()
      .describe("what the courier holds as ours: the order's tracking id, -2, -3 on a later booking"),
    booking_state: z
      .enum(BOOKING_STATES)
      .describe("booking: the call is under way; unknown: the answer was lost, check the courier's portal"),
    cn: z.string().nullable(),
    status: z.enum(PARCEL_STATUSES).nullable(),
    status_reason: z.string().nullable(),
    status_at: moment.nullable(),
    weight_grams: z.int(),
    pieces: z.int(),
    cod_amount: rupees,
    description: z.string(),
    instructions: z.string(),
    label_url: z.string().nullable(),
    failure: z.string().nullable(),
    created_at: moment,
    booked_at: moment.nullable(),
    cancelled_at: moment.nullable(),
    cancellable: z.boolean().describe("booked and not picked up yet"),
    needs_settling: z.boolean().describe("its outcome is unknown: settle it before booking the order again"),
  }),
);

function presentChoices(choices: BookingChoices) {
  return {
    order_id: choices.orderId,
    tracking_id: choices.trackingId,
    order_status: choices.orderStatus,
    city: choices.city,
    refusal: choices.refusal,
    accounts: choices.accounts.map((a) => ({
      id: a.id,
      label: a.label,
      courier: a.courier,
      courier_name: a.courierName,
      is_default: a.isDefault,
      default_weight_grams: a.defaultWeightGrams,
      refusal: a.refusal,
    })),
    preselected_account_id: choices.preselectedAccountId,
    cod_amount: money(choices.codPaisa),
    total_amount: money(choices.totalPaisa),
  };
}

const choicesAnswer = answerOf<ReturnType<typeof presentChoices>>()(
  z.object({
    order_id: z.int(),
    tracking_id: z.string(),
    order_status: z.enum(ORDER_STATUSES),
    city: z.string(),
    refusal: z.string().nullable().describe("why the order cannot be booked now; null: it can"),
    accounts: z.array(
      z.object({
        id: z.int(),
        label: z.string(),
        courier: z.enum(COURIER_CODES),
        courier_name: z.string(),
        is_default: z.boolean(),
        default_weight_grams: z.int(),
        refusal: z.string().nullable().describe("why this account cannot book this order (its city); null: it can"),
      }),
    ),
    preselected_account_id: z.int().nullable(),
    cod_amount: rupees.describe("what the courier is to collect: what the order still owes"),
    total_amount: rupees,
  }),
);

const bookedAnswer = z.object({ outcome: z.literal("booked"), message: z.string(), parcel: parcelAnswer });

function presentBatch(batch: BatchView) {
  return {
    id: batch.id,
    courier: batch.courier,
    courier_name: batch.courierName,
    account_id: batch.accountId,
    created_at: batch.createdAt,
    finished_at: batch.finishedAt,
    total: batch.total,
    counts: batch.counts,
    done: batch.done,
    items: batch.items.map((i) => ({
      order_id: i.orderId,
      tracking_id: i.trackingId,
      state: i.state,
      parcel_id: i.parcelId,
      cn: i.cn,
      message: i.message,
    })),
  };
}

const batchAnswer = answerOf<ReturnType<typeof presentBatch>>()(
  z.object({
    id: z.int(),
    courier: z.enum(COURIER_CODES),
    courier_name: z.string(),
    account_id: z.int().nullable(),
    created_at: moment,
    finished_at: moment.nullable(),
    total: z.int(),
    counts: z.object(Object.fromEntries(BATCH_ITEM_STATES.map((s) => [s, z.int()]))),
    done: z.boolean().describe("every order has its result: poll until true"),
    items: z.array(
      z.object({
        order_id: z.int(),
        tracking_id: z.string(),
        state: z
          .enum(BATCH_ITEM_STATES)
          .describe("refused: not booked (message says why); unknown: check the courier's portal"),
        parcel_id: z.int().nullable(),
        cn: z.string().nullable(),
        message: z.string().nullable(),
      }),
    ),
  }),
);

/** The booking's answer: 201 when booked; a 409 with the parcel recorded when it was not. */
function bookingAnswer(result: BookingResult) {
  if (result.outcome === "booked")
    return { outcome: "booked" as const, message: result.message, parcel: presentParcel(result.parcel) };
  throw new AppError(409, result.message, {
    outcome: result.outcome,
    courier_error: result.errorKind,
    parcel: presentParcel(result.parcel),
  });
}

const printQuery = z.object({
  order_ids: z
    .string({ error: "order_ids is required: the orders' ids, comma-separated" })
    .max(4000, "order_ids: at most 250 orders at a time")
    .describe("the orders' ids, comma-separated (at most 250)"),
});
const loadSheetQuery = z.object({
  order_ids: printQuery.shape.order_ids.optional(),
  account_id: idSchema("account_id").optional().describe("every parcel of this account awaiting pickup"),
});

const pdfAnswer = textAnswer("application/pdf", "The PDF, to print");
const courierTrouble = errorAnswerAbout(
  "The courier refused, was down or too slow (courier_error names which); for a booking, outcome and the parcel recorded are beside detail, and the order is as it was",
);

export async function adminParcelRoutes(app: FastifyInstance, { core }: { core: CoreContext }) {
  const staff = staffRoutes(app, core, "orders");

  staff.get(
    "/admin/orders/:id/parcels",
    {
      operationId: "listOrderParcels",
      summary: "Every parcel booked (or tried) for an order, newest first",
      params: idParams,
      response: answers({ 200: z.array(parcelAnswer) }, 404),
    },
    async (actor, request) => (await listOrderParcels(core, actor, request.params.id)).map(presentParcel),
  );

  staff.get(
    "/admin/orders/:id/booking",
    {
      operationId: "getBookingChoices",
      summary:
        "What booking this order offers: the courier accounts (each saying whether it delivers to the order's city), the account preselected, the amount to collect, and why the order cannot be booked now, if it cannot",
      params: idParams,
      response: answers({ 200: choicesAnswer }, 404),
    },
    async (actor, request) => presentChoices(await bookingChoices(core, actor, request.params.id)),
  );

  staff.post(
    "/admin/orders/:id/parcels",
    {
      operationId: "bookParcel",
      summary:
        "Books a confirmed or packed order with a courier (the default account unless account_id; weight from the account; COD the order's total unless cod_amount, never more). Refused before the courier is called when the order cannot be booked (its status, a live parcel, a city the courier does not deliver to). 201 with the CN; 409 when the courier refused, was down or too slow, with the parcel recorded (failed, or unknown: check the courier's portal for its reference); the order itself is never changed",
      params: idParams,
      body: bookParcelInput,
      response: answers({ 201: bookedAnswer, 409: courierTrouble }, 404, 422),
    },
    async (actor, request, reply) => {
      const result = await bookOrder(core, actor, request.params.id, request.body);
      return reply.code(201).send(bookingAnswer(result));
    },
  );

  staff.post(
    "/admin/parcels/:id/cancel",
    {
      operationId: "cancelParcel",
      summary:
        "Cancels a booked parcel before the courier picks it up: the courier is told first; 409 once picked up, or when the courier refuses or cannot be reached (the parcel stays booked)",
      params: idParams,
      response: answers({ 200: parcelAnswer, 409: courierTrouble }, 404, 422),
    },
    async (actor, request) => presentParcel(await cancelParcel(core, actor, request.params.id)),
  );

  staff.post(
    "/admin/parcels/:id/settle",
    {
      operationId: "settleParcel",
      summary:
        "Settles a booking whose answer was lost (booking_state unknown): check asks the courier again by its reference; booked records the CN the courier's portal shows; not_booked records that nothing was booked, so the order can be booked again",
      params: idParams,
      body: settleParcelInput,
      response: answers({ 200: z.object({ message: z.string(), parcel: parcelAnswer }) }, 404, 409, 422),
    },
    async (actor, request) => {
      const settled = await settleParcel(core, actor, request.params.id, request.body);
      return { message: settled.message, parcel: presentParcel(settled.parcel) };
    },
  );

  staff.get(
    "/admin/parcels/airway-bills",
    {
      operationId: "printAirwayBills",
      summary:
        "One PDF of the airway bills of these booked orders: the courier's own where its API makes them, else the store's 4×6-inch label with the CN as a Code 128 barcode. 422 naming orders not booked",
      querystring: printQuery,
      response: answers({ 200: pdfAnswer, 409: courierTrouble }, 404, 422),
    },
    async (actor, request, reply) => {
      const pdf = await airwayBillsPdf(core, actor, parseOrderIds([request.query.order_ids]));
      return reply
        .header("content-type", "application/pdf")
        .header("content-disposition", 'inline; filename="airway-bills.pdf"')
        .send(Buffer.from(pdf));
    },
  );

  staff.get(
    "/admin/parcels/load-sheet",
    {
      operationId: "printLoadSheet",
      summary:
        "One PDF of the load sheets for the rider, one per courier account: for order_ids, or for every parcel of account_id awaiting pickup; the courier's own where its API makes one, else the store's",
      querystring: loadSheetQuery,
      response: answers({ 200: pdfAnswer, 409: courierTrouble }, 404, 422),
    },
    async (actor, request, reply) => {
      const q = request.query;
      if ((q.order_ids === undefined) === (q.account_id === undefined)) {
        throw new AppError(422, "Give order_ids or account_id (one of them).");
      }
      const pdf = await loadSheetPdf(
        core,
        actor,
        q.account_id !== undefined ? { accountId: q.account_id } : { orderIds: parseOrderIds([q.order_ids!]) },
      );
      return reply
        .header("content-type", "application/pdf")
        .header("content-disposition", 'inline; filename="load-sheet.pdf"')
        .send(Buffer.from(pdf));
    },
  );

  staff.post(
    "/admin/parcel-batches",
    {
      operationId: "bookParcels",
      summary:
        "Starts booking many orders with one courier account (at most 300): answered at once (202) with the batch, which the store's workers then book one by one; GET the batch for each order's result until done. An order that cannot be booked is reported in its item, never stops the rest",
      body: bulkBookingInput,
      response: answers({ 202: batchAnswer }, 404, 422),
    },
    async (actor, request, reply) =>
      reply.code(202).send(presentBatch(await createParcelBatch(core, actor, request.body))),
  );

  staff.get(
    "/admin/parcel-batches/:id",
    {
      operationId: "getParcelBatch",
      summary:
        "A bulk booking's progress: each order's result so far (booked with its CN, refused with why), and done once every order has one",
      params: idParams,
      response: answers({ 200: batchAnswer }, 404),
    },
    async (actor, request) => presentBatch(await getParcelBatch(core, actor, request.params.id)),
  );
}
