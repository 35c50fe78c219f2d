// Cash from couriers through the staff API (decision 0106): the summary per courier, the parcels
// not yet paid for (oldest first), the payment batches and one batch with its parcels, the
// differences with their disputes, setting a dispute, and every parcel's money as CSV for the
// accountant. The money permission (owners and managers); fulfilment and catalogue get 403.
import { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { CoreContext } from "../../../core/context";
import { COURIER_CODES } from "../../../core/couriers/courier";
import {
  getPayoutBatch,
  listMoneyDifferences,
  listPayoutBatches,
  type PayoutBatch,
} from "../../../core/remittances/money-batches";
import { exportMoneyCsv } from "../../../core/remittances/money-export";
import { DIFFERENCE_KINDS, DISPUTE_STATES, MONEY_SOURCES, type MoneyLine } from "../../../core/remittances/money-lines";
import {
  getMoneySummary,
  listUnpaidParcels,
  type CourierMoney,
  type Tally,
} from "../../../core/remittances/money-reads";
import { disputeInput, setParcelDispute } from "../../../core/remittances/disputes";
import { karachiToday } from "../../../core/shared/karachi-time";
import type { AppConfig } from "../../config";
import { money } from "../../serialize";
import { idParams, idSchema, pageQuery } from "../http";
import { answerOf, answers, moment, pageOf, rupees, textAnswer } from "../answers";
import { sendPage, staffRoutes } from "./staff-routes";

const courier = z.enum(COURIER_CODES, { error: `courier must be one of ${COURIER_CODES.join(", ")}` });
const day = z.string().max(40, "must be a date, such as 2026-11-22");

const presentTally = (tally: Tally) => ({ parcels: tally.parcels, amount: money(tally.paisa) });
const tallyAnswer = z.object({ parcels: z.int(), amount: rupees });

function presentCard(card: CourierMoney) {
  return {
    courier: card.courier,
    courier_name: card.courierName,
    cash_with_courier: {
      ...presentTally(card.cashWithCourier),
      oldest_days: card.cashWithCourier.oldestDays,
      owed_since: card.cashWithCourier.owedSince,
    },
    paid_this_week: presentTally(card.paidThisWeek),
    paid_short: presentTally(card.paidShort),
    charged_more: presentTally(card.chargedMore),
    return_charges: { ...presentTally(card.returnCharges), estimated_parcels: card.returnCharges.estimatedParcels },
  };
}

const cardAnswer = z.object({
  courier: z.enum(COURIER_CODES).nullable().describe("null in the totals"),
  courier_name: z.string(),
  cash_with_courier: tallyAnswer
    .extend({
      oldest_days: z.int().nullable().describe("days since the oldest unpaid parcel was delivered, in Pakistan"),
      owed_since: moment.nullable(),
    })
    .describe("delivered parcels not yet paid for: the cash the courier holds"),
  paid_this_week: tallyAnswer.describe("Σ net of parcels paid on a day of this week in Pakistan, Monday first"),
  paid_short: tallyAnswer.describe("parcels paid short whose dispute is not resolved, and Σ the shortfall"),
  charged_more: tallyAnswer.describe("parcels charged more than the rate card, dispute not resolved, and Σ the excess"),
  return_charges: tallyAnswer
    .extend({
      estimated_parcels: z.int().describe("unpaid returns counted at the rate card's expected deductions"),
    })
    .describe(
      "parcels returned this month in Pakistan and every charge for them (return, delivery, cash handling, fuel, GST, other); unpaid ones at the rate card's expectation",
    ),
});

const summaryAnswer = answerOf<{
  couriers: ReturnType<typeof presentCard>[];
  totals: ReturnType<typeof presentCard>;
  week_from: string;
  month_from: string;
}>()(
  z.object({
    couriers: z.array(cardAnswer).describe("couriers with a money row or an account, in the store's order"),
    totals: cardAnswer,
    week_from: z.string().describe("this week's Monday in Pakistan, YYYY-MM-DD"),
    month_from: z.string().describe("this month's first day in Pakistan, YYYY-MM-DD"),
  }),
);

function presentLine(line: MoneyLine) {
  return {
    parcel_id: line.parcelId,
    order_id: line.orderId,
    tracking_id: line.trackingId,
    customer_name: line.customerName,
    city: line.city,
    cn: line.cn,
    courier: line.courier,
    courier_name: line.courierName,
    outcome: line.outcome,
    owed_since: line.owedSince,
    age_days: line.ageDays,
    due: money(line.duePaisa),
    expected_deductions: money(line.expectedDeductionsPaisa),
    expected_net: money(line.expectedNetPaisa),
    collected: money(line.collectedPaisa),
    delivery: money(line.deliveryPaisa),
    cash_handling: money(line.cashHandlingPaisa),
    fuel: money(line.fuelPaisa),
    gst: money(line.gstPaisa),
    return_charge: money(line.returnChargePaisa),
    withheld_tax: money(line.withheldTaxPaisa),
    other: money(line.otherPaisa),
    deductions: money(line.deductionsPaisa),
    net: money(line.netPaisa),
    payout_id: line.payoutId,
    reference: line.reference,
    second_reference: line.secondReference,
    paid_on: line.paidOn,
    source: line.source,
    difference_kind: line.differenceKind,
    difference: money(line.differencePaisa),
    dispute_state: line.disputeState,
    dispute_note: line.disputeNote,
    dispute_updated_at: line.disputeUpdatedAt,
    version: line.version,
  };
}

const lineAnswer = answerOf<ReturnType<typeof presentLine>>()(
  z.object({
    parcel_id: z.int(),
    order_id: z.int(),
    tracking_id: z.string(),
    customer_name: z.string(),
    city: z.string(),
    cn: z.string().nullable(),
    courier: z.enum(COURIER_CODES),
    courier_name: z.string(),
    outcome: z.enum(["delivered", "returned"]),
    owed_since: moment.describe("when the parcel was delivered or came back"),
    age_days: z.int().describe("days since owed_since, in Pakistan's calendar"),
    due: rupees.describe("what the courier should have collected (0 for a return)"),
    expected_deductions: rupees.nullable().describe("the rate card's deductions; null: no card in force"),
    expected_net: rupees.nullable().describe("due − expected deductions"),
    collected: rupees.nullable().describe("null until paid"),
    delivery: rupees,
    cash_handling: rupees,
    fuel: rupees,
    gst: rupees,
    return_charge: rupees,
    withheld_tax: rupees,
    other: rupees,
    deductions: rupees.nullable().describe("the seven deductions' sum; null until paid"),
    net: rupees.nullable().describe("collected − deductions; null until paid"),
    payout_id: z.int().nullable(),
    reference: z.string().nullable().describe("the payment batch's reference"),
    second_reference: z.string().nullable().describe("PostEx's reserve CPR"),
    paid_on: z.string().nullable().describe("YYYY-MM-DD in Pakistan"),
    source: z.enum(MONEY_SOURCES).nullable(),
    difference_kind: z.enum(DIFFERENCE_KINDS).nullable(),
    difference: rupees.nullable().describe("how much less the shop got than it should have"),
    dispute_state: z.enum(DISPUTE_STATES).nullable(),
    dispute_note: z.string(),
    dispute_updated_at: moment.nullable(),
    version: z.int().describe("name it when setting the dispute"),
  }),
);

function presentBatch(batch: PayoutBatch) {
  return {
    id: batch.id,
    courier: batch.courier,
    courier_name: batch.courierName,
    reference: batch.reference,
    reference_given: batch.referenceGiven,
    paid_on: batch.paidOn,
    source: batch.source,
    parcels: batch.parcels,
    collected: money(batch.collectedPaisa),
    deductions: money(batch.deductionsPaisa),
    net: money(batch.netPaisa),
    differing: batch.differing,
  };
}

const batchFields = {
  id: z.int(),
  courier: z.enum(COURIER_CODES),
  courier_name: z.string(),
  reference: z.string(),
  reference_given: z.boolean().describe('false: the courier named none, and "paid <day>" stands in'),
  paid_on: z.string().describe("YYYY-MM-DD in Pakistan"),
  source: z.enum(MONEY_SOURCES),
  parcels: z.int(),
  collected: rupees,
  deductions: rupees,
  net: rupees,
  differing: z.int().describe("parcels paid short or charged more than the rate card"),
};
const batchAnswer = answerOf<ReturnType<typeof presentBatch>>()(z.object(batchFields));
const batchDetailAnswer = answerOf<
  ReturnType<typeof presentBatch> & { parcels_list: ReturnType<typeof presentLine>[] }
>()(z.object({ ...batchFields, parcels_list: z.array(lineAnswer) }));

const disputeAnswer = z.object({
  parcel_id: z.int(),
  state: z.enum(DISPUTE_STATES),
  note: z.string(),
  version: z.int().describe("the row's version now"),
  updated_at: moment,
});

const listQuery = pageQuery(200, 50).extend({ courier: courier.optional() });

export async function adminMoneyRoutes(app: FastifyInstance, { core }: { core: CoreContext; config: AppConfig }) {
  const staff = staffRoutes(app, core, "money");

  staff.get(
    "/admin/money/summary",
    {
      operationId: "getMoneySummary",
      summary:
        "What each courier owes: cash held for delivered parcels not yet paid for (with the oldest's age), paid this week, paid short and charged more (disputes not resolved), and this month's return charges; with the totals",
      response: answers({ 200: summaryAnswer }),
    },
    async (actor) => {
      const summary = await getMoneySummary(core, actor);
      return {
        couriers: summary.couriers.map(presentCard),
        totals: presentCard(summary.totals),
        week_from: summary.weekFrom,
        month_from: summary.monthFrom,
      };
    },
  );

  staff.get(
    "/admin/money/unpaid",
    {
      operationId: "listUnpaidParcels",
      summary:
        "Parcels whose money has not come home, oldest first (delivered: the courier holds the cash; returned: its charges are not yet deducted); the total is in X-Total-Count",
      querystring: listQuery,
      response: answers({ 200: pageOf(lineAnswer) }),
    },
    async (actor, request, reply) => sendPage(reply, await listUnpaidParcels(core, actor, request.query), presentLine),
  );

  staff.get(
    "/admin/money/batches",
    {
      operationId: "listPayoutBatches",
      summary:
        "The couriers' payments, newest first, each with its parcel count, Σ collected, Σ deductions, Σ net and how many parcels differ; the total is in X-Total-Count",
      querystring: listQuery,
      response: answers({ 200: pageOf(batchAnswer) }),
    },
    async (actor, request, reply) => sendPage(reply, await listPayoutBatches(core, actor, request.query), presentBatch),
  );

  staff.get(
    "/admin/money/batches/:id",
    {
      operationId: "getPayoutBatch",
      summary: "One payment with every amount of each of its parcels",
      params: idParams,
      response: answers({ 200: batchDetailAnswer }, 404),
    },
    async (actor, request) => {
      const batch = await getPayoutBatch(core, actor, request.params.id);
      return { ...presentBatch(batch), parcels_list: batch.lines.map(presentLine) };
    },
  );

  staff.get(
    "/admin/money/differences",
    {
      operationId: "listMoneyDifferences",
      summary:
        "Parcels paid short or charged more than the rate card, and any parcel taken up with the courier, oldest first, with the dispute's state and note; state filters by the dispute's state; the total is in X-Total-Count",
      querystring: listQuery.extend({
        state: z.enum(DISPUTE_STATES, { error: "state must be open, raised or resolved" }).optional(),
      }),
      response: answers({ 200: pageOf(lineAnswer) }),
    },
    async (actor, request, reply) =>
      sendPage(reply, await listMoneyDifferences(core, actor, request.query), presentLine),
  );

  staff.put(
    "/admin/money/parcels/:parcelId/dispute",
    {
      operationId: "setParcelDispute",
      summary:
        "Sets where a parcel's money dispute with its courier stands (open, raised, resolved) and its note (up to 1,000 characters); name the version you saw: 409 when the row changed since (a payment, a rate card or another member). Audited",
      params: z.object({ parcelId: idSchema("parcelId") }),
      body: disputeInput,
      response: answers({ 200: disputeAnswer }, 404, 409, 422),
    },
    async (actor, request) => {
      const saved = await setParcelDispute(core, actor, request.params.parcelId, request.body);
      return {
        parcel_id: saved.parcelId,
        state: saved.state,
        note: saved.note,
        version: saved.version,
        updated_at: saved.updatedAt,
      };
    },
  );

  staff.get(
    "/admin/money/export.csv",
    {
      operationId: "exportMoneyCsv",
      summary:
        "Every parcel's money as CSV for the accountant (UTF-8 with BOM, amounts in rupees, dates in Pakistan time), oldest first: by=owed (default) takes from/to as the days delivered or returned, by=paid as the days paid; courier for one; streamed",
      querystring: z.object({
        by: z.enum(["owed", "paid"], { error: "by must be owed or paid" }).default("owed"),
        from: day.optional(),
        to: day.optional(),
        courier: courier.optional(),
      }),
      response: answers({ 200: textAnswer("text/csv", "The parcels' money as CSV (UTF-8 with BOM), streamed") }, 422),
    },
    async (actor, request, reply) => {
      // awaited before any header is sent: a refusal or a failing first query is a JSON error
      const csv = await exportMoneyCsv(core, actor, request.query);
      reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="courier-money-${karachiToday()}.csv"`);
      return reply.send(Readable.from(csv, { objectMode: false }));
    },
  );
}
