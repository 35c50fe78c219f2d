// The money screen's tests' store (decision 0106): the parcel desk (a fake PostEx, its account,
// orders ready to book) with a manager beside the packer and catalogue member, a PostEx rate
// card in force from 2020, and parcels taken to the end of their road as the tracking pass
// learns it (delivered or returned on the fake), their money rows made as the payment poll makes
// them, and paid through the one payment writer.
import { sql } from "drizzle-orm";
import type { DifferenceKind, DisputeState } from "../../db/schema";
import { adoptFinishedParcels } from "../../core/remittances/expectations";
import { recordPaymentInTx, type RecordedPayment } from "../../core/remittances/payments";
import type { RateCard } from "../../core/remittances/rate-card";
import { fake, startParcelDesk, t } from "./parcel-desk";
import { rows } from "./shop";
import { bookedOrder, pass, type BookedParcel } from "./tracking-desk";

export { catalogue, fake, owner, packer, staffCall, t } from "./parcel-desk";
export { manager } from "./order-desk";

/** PostEx's card in the tests: Rs. 150 a delivery anywhere, Rs. 200 a return, nothing else. */
export const TEST_CARD: RateCard = {
  bands: [{ upToGrams: 100_000, paisa: { city: 15_000, province: 15_000, country: 15_000 } }],
  extraPer500gPaisa: { city: 0, province: 0, country: 0 },
  cashHandlingBasisPoints: 0,
  fuelBasisPoints: 0,
  gstBasisPoints: 0,
  returnChargePaisa: 20_000,
  deliveryChargedOnReturn: false,
  tolerancePaisa: 500,
};
export const CARD_DELIVERY = 15_000;
export const CARD_RETURN = 20_000;

export function startMoneyDesk(options: { card?: boolean } = {}) {
  startParcelDesk({ members: ["fulfilment", "catalogue", "manager"] }, async () => {
    if (options.card ?? true) {
      await t.database.db.execute(
        sql`insert into courier_rate_cards (courier, effective_from, card) values ('postex', '2020-01-01', ${JSON.stringify(TEST_CARD)}::jsonb)`,
      );
    }
  });
}

export interface FinishedParcel extends BookedParcel {
  codPaisa: number;
}

/** A parcel booked with the fake PostEx, delivered (or returned) there, learnt by a tracking pass, its money row made. */
export async function finishedParcel(
  outcome: "delivered" | "returned" = "delivered",
  options: { daysAgo?: number } = {},
): Promise<FinishedParcel> {
  const booked = await bookedOrder();
  fake.advance(booked.cn, "picked up");
  fake.advance(booked.cn, outcome);
  await pass([booked.parcelId]);
  await t.core.db.transaction((tx) => adoptFinishedParcels(tx, [booked.parcelId]));
  if (options.daysAgo !== undefined) await owedDaysAgo(booked.parcelId, options.daysAgo);
  const [row] = await rows<{ cod_paisa: number | string }>(
    t,
    sql`select cod_paisa from parcels where id = ${booked.parcelId}`,
  );
  return { ...booked, codPaisa: Number(row!.cod_paisa) };
}

/** The parcel delivered (or returned) `days` days ago, at the same time of day. */
export async function owedDaysAgo(parcelId: number, days: number): Promise<void> {
  await t.database.db.execute(
    sql`update parcel_money set owed_since = now() - make_interval(days => ${days}) where parcel_id = ${parcelId}`,
  );
}

/** Today in Pakistan, or `days` days from it, as YYYY-MM-DD. */
export function karachiDayFrom(days = 0): string {
  return new Date(Date.now() + 5 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

/** This week's Monday in Pakistan, as YYYY-MM-DD. */
export function karachiMonday(): string {
  const today = new Date(`${karachiDayFrom()}T00:00:00Z`);
  return karachiDayFrom(-((today.getUTCDay() + 6) % 7));
}

/** The courier's payment for one parcel, written as the poll writes it (PostEx's charge words). */
export async function payParcel(
  parcelId: number,
  payment: {
    reference: string | null;
    paidOn?: string;
    collectedPaisa: number | null;
    charges?: Record<string, number>;
    paidPaisa?: number | null;
    secondReference?: string | null;
    source?: "api" | "report";
  },
): Promise<RecordedPayment | null> {
  return t.core.db.transaction((tx) =>
    recordPaymentInTx(tx, {
      parcelId,
      reference: payment.reference,
      secondReference: payment.secondReference ?? null,
      paidOn: payment.paidOn ?? karachiDayFrom(),
      source: payment.source ?? "api",
      reported: {
        collectedPaisa: payment.collectedPaisa,
        paidPaisa: payment.paidPaisa ?? null,
        charges: Object.entries(payment.charges ?? {}).map(([kind, paisa]) => ({ kind, paisa })),
      },
    }),
  );
}

export async function moneyRow(parcelId: number) {
  const [row] = await rows<{
    version: number;
    net_paisa: number | string | null;
    difference_kind: DifferenceKind | null;
    difference_paisa: number | string | null;
    dispute_state: DisputeState | null;
    dispute_note: string;
    dispute_updated_by: number | null;
  }>(
    t,
    sql`select version, net_paisa, difference_kind, difference_paisa, dispute_state, dispute_note, dispute_updated_by
        from parcel_money where parcel_id = ${parcelId}`,
  );
  return row!;
}
