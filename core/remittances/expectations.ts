// Each finished parcel's money row, and what its courier's rate card expects of it (decision
// 0106). A parcel delivered or returned gets its row here (the payment poll adopts them each
// pass; a report's row for a parcel the store has not yet seen finish makes one). Its expected
// deductions come from the card and the withheld-tax rate in force on the day it finished, in
// Pakistan; a card or rate saved later refreshes every row it covers, paid or not, so an owner who
// enters the card after the couriers paid still sees which parcels were charged more.
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";
import type { CourierCode, DisputeState, DifferenceKind } from "../../db/schema";
import { DEFAULT_TOLERANCE_PAISA, differenceOf } from "./money-rules";
import { expectedColumns, expectedDeductions, zoneOf, type RateCard } from "./rate-card";

/**
 * Makes the money rows of booked parcels that are delivered or returned and have none (all of
 * them, or these), and brings an unpaid row's outcome in line when its parcel went from delivered
 * to returned. Answers the parcels whose rows are new or changed; their expectations are refreshed.
 */
export async function adoptFinishedParcels(tx: Db, parcelIds?: readonly number[]): Promise<number[]> {
  const only = parcelIds ? sql`and p.id = any(${sqlIntArray(parcelIds)})` : sql``;
  const made = await queryRows<{ parcel_id: number }>(
    tx,
    sql`insert into parcel_money (parcel_id, courier, courier_account_id, outcome, owed_since, due_paisa, next_poll_at)
        select p.id, p.courier, p.courier_account_id, p.status, coalesce(p.status_at, now()),
               case when p.status = 'delivered' then p.cod_paisa else 0 end,
               least(coalesce(p.status_at, now()), now()) + interval '1 day'
        from parcels p
        where p.booking_state = 'booked' and p.status in ('delivered', 'returned') ${only}
          and not exists (select 1 from parcel_money m where m.parcel_id = p.id)
        on conflict (parcel_id) do nothing
        returning parcel_id`,
  );
  const moved = await queryRows<{ parcel_id: number }>(
    tx,
    sql`update parcel_money m set outcome = p.status, owed_since = coalesce(p.status_at, m.owed_since),
          due_paisa = case when p.status = 'delivered' then p.cod_paisa else 0 end,
          version = m.version + 1, updated_at = now()
        from parcels p
        where p.id = m.parcel_id and m.payout_id is null and p.status in ('delivered', 'returned')
          and p.status <> m.outcome ${only}
        returning m.parcel_id`,
  );
  const ids = [...made, ...moved].map((row) => row.parcel_id);
  if (ids.length) await refreshExpectations(tx, { parcelIds: ids });
  return ids;
}

/** A makeshift int[] for `= any(...)`: the ids are numbers the store made, joined as text. */
function sqlIntArray(ids: readonly number[]) {
  return sql.raw(`array[${ids.map((id) => Number(id) | 0).join(",") || "null"}]::int[]`);
}

interface CardRow {
  courier: CourierCode;
  effective_from: string;
  card: RateCard;
}

/** The cards and tax rates in force, looked up by day: both tables are a handful of rows. */
export interface RateBook {
  cardOn(courier: CourierCode, day: string): RateCard | null;
  withheldOn(day: string): number | null;
}

export async function loadRateBook(db: Db): Promise<RateBook> {
  const [cards, rates] = await Promise.all([
    queryRows<CardRow>(
      db,
      sql`select courier, effective_from::text as effective_from, card from courier_rate_cards order by effective_from desc`,
    ),
    queryRows<{ effective_from: string; rate_basis_points: number }>(
      db,
      sql`select effective_from::text as effective_from, rate_basis_points from withheld_tax_rates order by effective_from desc`,
    ),
  ]);
  return {
    cardOn: (courier, day) => cards.find((row) => row.courier === courier && row.effective_from <= day)?.card ?? null,
    withheldOn: (day) => rates.find((row) => row.effective_from <= day)?.rate_basis_points ?? null,
  };
}

interface ExpectationRow {
  parcel_id: number;
  courier: CourierCode;
  outcome: "delivered" | "returned";
  owed_day: string;
  due_paisa: number | string;
  weight_grams: number;
  origin_id: number | null;
  origin_province: string | null;
  destination_id: number | null;
  destination_province: string | null;
  collected_paisa: number | string | null;
  net_paisa: number | string | null;
  dispute_state: DisputeState | null;
  dispute_note: string;
}

/** Where the dispute stands once a row's difference is worked out again. */
export function disputeAfter(
  current: { state: DisputeState | null; note: string },
  difference: { kind: DifferenceKind; paisa: number } | null,
): DisputeState | null {
  if (difference && current.state === null) return "open";
  // opened by the store and not taken up by anyone: the difference went, so does the dispute
  if (!difference && current.state === "open" && current.note === "") return null;
  return current.state;
}

/**
 * Works out again the expected deductions, tolerance and difference of these parcels' rows, or of
 * every row of a courier (a card saved), or of every row (a tax rate saved), in one statement.
 */
export async function refreshExpectations(
  tx: Db,
  scope: { parcelIds?: readonly number[]; courier?: CourierCode },
): Promise<number> {
  const where = scope.parcelIds
    ? sql`m.parcel_id = any(${sqlIntArray(scope.parcelIds)})`
    : scope.courier
      ? sql`m.courier = ${scope.courier}`
      : sql`true`;
  const rows = await queryRows<ExpectationRow>(
    tx,
    sql`select m.parcel_id, m.courier, m.outcome,
          to_char(m.owed_since at time zone 'Asia/Karachi', 'YYYY-MM-DD') as owed_day,
          m.due_paisa, p.weight_grams, m.collected_paisa, m.net_paisa, m.dispute_state, m.dispute_note,
          origin.id as origin_id, origin.province as origin_province,
          destination.id as destination_id, destination.province as destination_province
        from parcel_money m
        join parcels p on p.id = m.parcel_id
        join orders o on o.id = p.order_id
        left join courier_accounts a on a.id = p.courier_account_id
        left join cities origin on origin.id = nullif(a.pickup_addresses -> 0 ->> 'cityId', '')::int
        left join cities destination on destination.id = o.city_id
        where ${where}`,
  );
  if (rows.length === 0) return 0;
  const book = await loadRateBook(tx);
  const updates = rows.map((row) => {
    const card = book.cardOn(row.courier, row.owed_day);
    const tolerance = card?.tolerancePaisa ?? DEFAULT_TOLERANCE_PAISA;
    const due = Number(row.due_paisa);
    const expected = card
      ? expectedColumns(
          expectedDeductions(card, book.withheldOn(row.owed_day), {
            outcome: row.outcome,
            duePaisa: due,
            weightGrams: row.weight_grams,
            zone: zoneOf(
              row.origin_id === null ? null : { id: row.origin_id, province: row.origin_province },
              row.destination_id === null ? null : { id: row.destination_id, province: row.destination_province },
            ),
          }),
        )
      : null;
    const difference =
      row.net_paisa === null
        ? null
        : differenceOf({
            duePaisa: due,
            collectedPaisa: Number(row.collected_paisa ?? 0),
            netPaisa: Number(row.net_paisa),
            expectedDeductionsPaisa: expected?.expectedDeductionsPaisa ?? null,
            tolerancePaisa: tolerance,
          });
    return {
      id: row.parcel_id,
      total: expected?.expectedDeductionsPaisa ?? null,
      detail: expected?.expectedDetail ?? null,
      tolerance,
      kind: difference?.kind ?? null,
      short: difference?.paisa ?? null,
      dispute: disputeAfter({ state: row.dispute_state, note: row.dispute_note }, difference),
    };
  });
  const changed = await queryRows<{ parcel_id: number }>(
    tx,
    sql`update parcel_money m set expected_deductions_paisa = v.total, expected_detail = v.detail,
          tolerance_paisa = v.tolerance, difference_kind = v.kind, difference_paisa = v.short,
          dispute_state = v.dispute, version = m.version + 1, updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb)
          as v(id int, total bigint, detail jsonb, tolerance int, kind text, short bigint, dispute text)
        where m.parcel_id = v.id
          and (m.expected_deductions_paisa is distinct from v.total or m.expected_detail is distinct from v.detail
            or m.tolerance_paisa <> v.tolerance or m.difference_kind is distinct from v.kind
            or m.difference_paisa is distinct from v.short or m.dispute_state is distinct from v.dispute)
        returning m.parcel_id`,
  );
  return changed.length;
}
