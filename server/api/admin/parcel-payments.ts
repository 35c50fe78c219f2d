// One parcel's money through the staff API (decision 0106): what its courier should pay and what
// it reported (due, collected, each deduction, net, expected, the difference, the batch and the
// day paid, where the figures came from, any dispute), and "Check payment now", which asks the
// courier for this parcel outside the schedule. The money permission (owners and managers).
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { CoreContext } from "../../../core/context";
import {
  DEDUCTION_KINDS,
  DIFFERENCE_KINDS,
  DISPUTE_STATES,
  MONEY_SOURCES,
  checkParcelPayment,
  readParcelMoney,
  type ParcelMoney,
  type PaymentCheck,
} from "../../../core/remittances/parcel-money";
import { COURIER_CODES } from "../../../core/couriers/courier";
import { money } from "../../serialize";
import type { AppConfig } from "../../config";
import { idParams } from "../http";
import { answerOf, answers, errorAnswerAbout, moment, rupees } from "../answers";
import { staffRoutes } from "./staff-routes";

function presentMoney(row: ParcelMoney) {
  return {
    parcel_id: row.parcelId,
    order_id: row.orderId,
    courier: row.courier,
    courier_name: row.courierName,
    cn: row.cn,
    outcome: row.outcome,
    owed_since: row.owedSince,
    due: money(row.duePaisa),
    collected: money(row.collectedPaisa),
    deductions: row.deductions.map((d) => ({ kind: d.kind, amount: money(d.paisa) })),
    net: money(row.netPaisa),
    expected_deductions: money(row.expectedDeductionsPaisa),
    expected_net: money(row.expectedNetPaisa),
    difference: row.difference && { kind: row.difference.kind, amount: money(row.difference.paisa) },
    reference: row.reference,
    reference_given: row.referenceGiven,
    second_reference: row.secondReference,
    paid_on: row.paidOn,
    source: row.source,
    dispute: row.dispute,
    next_poll_at: row.nextPollAt,
    last_polled_at: row.lastPolledAt,
    poll_failures: row.pollFailures,
    version: row.version,
  };
}

const moneyAnswer = answerOf<ReturnType<typeof presentMoney>>()(
  z.object({
    parcel_id: z.int(),
    order_id: z.int(),
    courier: z.enum(COURIER_CODES),
    courier_name: z.string(),
    cn: z.string().nullable(),
    outcome: z
      .enum(["delivered", "returned"])
      .describe("delivered: the courier owes the cash; returned: the shop owes the charges"),
    owed_since: moment.describe("when the parcel was delivered or came back"),
    due: rupees.describe("what the courier should have collected: the COD when delivered, 0 when returned"),
    collected: rupees.nullable().describe("what the courier says it collected; null until it has paid"),
    deductions: z
      .array(z.object({ kind: z.enum(DEDUCTION_KINDS), amount: rupees }))
      .describe("each deduction the courier took, by kind (the kinds not taken left out)"),
    net: rupees
      .nullable()
      .describe("collected less every deduction, to the paisa; below zero: the shop paid; null: not paid yet"),
    expected_deductions: rupees
      .nullable()
      .describe("what the rate card in force says the deductions should be; null: no card"),
    expected_net: rupees.nullable().describe("due less the expected deductions"),
    difference: z
      .object({
        kind: z.enum(DIFFERENCE_KINDS),
        amount: rupees.describe("how much less the shop got than it should have"),
      })
      .nullable(),
    reference: z
      .string()
      .nullable()
      .describe("the payment batch: PostEx's (upfront) CPR, a cheque or invoice number, a payment id"),
    reference_given: z
      .boolean()
      .nullable()
      .describe('false: the courier named no number and "paid <date>" stands for it'),
    second_reference: z.string().nullable().describe("PostEx's reserve-tranche CPR"),
    paid_on: z.iso.date().nullable().describe("the day the courier paid, in Pakistan"),
    source: z
      .enum(MONEY_SOURCES)
      .nullable()
      .describe("api: the courier's payment call; report: a report staff uploaded"),
    dispute: z.object({ state: z.enum(DISPUTE_STATES), note: z.string() }).nullable(),
    next_poll_at: moment.nullable().describe("when the store asks the courier next; null once paid"),
    last_polled_at: moment.nullable(),
    poll_failures: z.int().describe("asks that failed in a row; each waits twice as long as the last"),
    version: z.int().describe("goes up with every change to the row"),
  }),
);

const presentCheck = (check: PaymentCheck) => ({
  paid: check.paid,
  outcome: check.outcome,
  money: presentMoney(check.money),
});

const checkAnswer = answerOf<ReturnType<typeof presentCheck>>()(
  z.object({
    paid: z.boolean().describe("the courier says it has paid for the parcel"),
    outcome: z
      .enum(["recorded", "changed", "unchanged", "kept"])
      .nullable()
      .describe(
        "recorded: its first payment; changed: the figures or batch differ from those kept; unchanged: the same payment again; kept: a report already settled it, its figures stand; null: not paid",
      ),
    money: moneyAnswer.describe("the parcel's money after the check: net and difference"),
  }),
);

const courierTrouble = errorAnswerAbout(
  "The parcel is not delivered or returned, its courier account was deleted, or the courier refused, was down or too slow (courier_error names which); nothing changed",
);

export async function adminParcelPaymentRoutes(
  app: FastifyInstance,
  { core }: { core: CoreContext; config: AppConfig },
) {
  const staff = staffRoutes(app, core, "money");

  staff.get(
    "/admin/parcels/:id/money",
    {
      operationId: "getParcelMoney",
      summary:
        "A delivered or returned parcel's money: due, collected, each deduction, net, what the rate card expected, the difference, the payment batch and the day paid, where the figures came from, and any dispute. 404 for a parcel that is not delivered or returned",
      params: idParams,
      response: answers({ 200: moneyAnswer }, 404),
    },
    async (actor, request) => presentMoney(await readParcelMoney(core, actor, request.params.id)),
  );

  staff.post(
    "/admin/parcels/:id/payment-check",
    {
      operationId: "checkParcelPayment",
      summary:
        "Asks the parcel's courier now whether it has paid for it, outside the schedule, and writes what it says as the payment poll would (a report's figures are never overwritten). 409 when the courier refused, was down or too slow",
      params: idParams,
      response: answers({ 200: checkAnswer, 409: courierTrouble }, 404),
    },
    async (actor, request) => presentCheck(await checkParcelPayment(core, actor, request.params.id)),
  );
}
