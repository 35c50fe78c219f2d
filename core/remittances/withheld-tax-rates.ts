// The income tax couriers withhold on the cash they collect (Finance Act 2025, section 6A), as
// rates with the day each takes effect (decision 0109). A parcel delivered on a day is held to the
// rate in force that day; adding or removing a rate works out every parcel's expectation again in
// the same transaction. One rate a day: a second for a day already kept is refused (remove the
// first), so the rate a parcel was held to is never changed by a click that meant to add one.
import { sql } from "drizzle-orm";
import type { CoreContext } from "../context";
import { queryRows } from "../../db/client";
import { AppError, notFound } from "../shared/errors";
import { karachiToday } from "../shared/karachi-time";
import type { StaffActor } from "../shared/permissions";
import { requirePermission } from "../shared/staff-errors";
import { staffWrite } from "../shared/staff-write";
import { refreshExpectations } from "./expectations";
import { percentText, readWithheldTax } from "./rate-card-input";
import { dayWords, marked, whoMade } from "./rate-cards";

export interface WithheldTaxRateView {
  id: number;
  effectiveFrom: string;
  rateBasisPoints: number;
  note: string;
  /** the rate a parcel delivered today is held to */
  inForce: boolean;
  /** takes effect after today */
  upcoming: boolean;
  createdAt: Date;
  createdBy: string | null;
}

/** The rates, newest first, the one in force today marked. */
export async function listWithheldTaxRates(
  ctx: CoreContext,
  actor: StaffActor,
  today = karachiToday(),
): Promise<WithheldTaxRateView[]> {
  requirePermission(actor, "money");
  const rows = await queryRows<{
    id: number;
    effective_from: string;
    rate_basis_points: number;
    note: string;
    created_at: Date | string;
    created_by: string | null;
  }>(
    ctx.db,
    sql`select r.id, r.effective_from::text as effective_from, r.rate_basis_points, r.note, r.created_at,
          ${whoMade} as created_by
        from withheld_tax_rates r order by r.effective_from desc`,
  );
  const views = rows.map((row) => ({
    id: row.id,
    effectiveFrom: row.effective_from,
    rateBasisPoints: row.rate_basis_points,
    note: row.note,
    createdAt: new Date(row.created_at),
    createdBy: row.created_by,
  }));
  return marked(views, () => "all", today);
}

const dayTaken = (day: string, basisPoints: number | null) =>
  new AppError(
    409,
    `A withheld-tax rate from ${dayWords(day)} is kept already${basisPoints === null ? "" : ` (${percentText(basisPoints)}%)`}: remove it first to change it.`,
    {
      errors: [
        {
          field: "effective_from",
          message: `A rate from ${dayWords(day)} is kept already: remove it first to change it.`,
        },
      ],
    },
  );

/** Adds a rate from a day; every parcel is held to the rates again. */
export async function addWithheldTaxRate(
  ctx: CoreContext,
  actor: StaffActor,
  input: unknown,
): Promise<{ rate: WithheldTaxRateView; parcelsRefreshed: number }> {
  requirePermission(actor, "money");
  const v = readWithheldTax(input);
  const added = await staffWrite(ctx, actor, "money", async ({ tx, audit, keepCache, refuseUnique }) => {
    keepCache();
    // two adds for one day at once: the second meets the first's row
    refuseUnique((constraint) =>
      constraint === "withheld_tax_rates_from_key" || constraint === null ? dayTaken(v.effectiveFrom, null) : undefined,
    );
    const [kept] = await queryRows<{ rate_basis_points: number }>(
      tx,
      sql`select rate_basis_points from withheld_tax_rates where effective_from = ${v.effectiveFrom}`,
    );
    if (kept) throw dayTaken(v.effectiveFrom, kept.rate_basis_points);
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`insert into withheld_tax_rates (effective_from, rate_basis_points, note, created_by)
          values (${v.effectiveFrom}, ${v.rateBasisPoints}, ${v.note}, ${actor.userId}) returning id`,
    );
    const refreshed = await refreshExpectations(tx, {});
    await audit({
      action: "withheld_tax_rate.add",
      entityType: "withheld_tax_rate",
      entityId: row!.id,
      changes: {
        effective_from: v.effectiveFrom,
        rate: `${percentText(v.rateBasisPoints)}%`,
        note: v.note,
        parcels_refreshed: refreshed,
      },
    });
    return { id: row!.id, refreshed };
  });
  const rate = (await listWithheldTaxRates(ctx, actor)).find((r) => r.id === added.id)!;
  return { rate, parcelsRefreshed: added.refreshed };
}

/** Removes a rate, whether or not its day has come (one entered wrongly must go); the audit log keeps it. */
export async function removeWithheldTaxRate(
  ctx: CoreContext,
  actor: StaffActor,
  id: number,
): Promise<{ parcelsRefreshed: number }> {
  requirePermission(actor, "money");
  const missing = () => notFound("No such withheld-tax rate.");
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw missing();
  return staffWrite(ctx, actor, "money", async ({ tx, audit, keepCache }) => {
    keepCache();
    const [gone] = await queryRows<{ effective_from: string; rate_basis_points: number; note: string }>(
      tx,
      sql`delete from withheld_tax_rates where id = ${id}
          returning effective_from::text as effective_from, rate_basis_points, note`,
    );
    if (!gone) throw missing();
    const refreshed = await refreshExpectations(tx, {});
    await audit({
      action: "withheld_tax_rate.remove",
      entityType: "withheld_tax_rate",
      entityId: id,
      changes: {
        effective_from: gone.effective_from,
        rate: `${percentText(gone.rate_basis_points)}%`,
        note: gone.note,
        parcels_refreshed: refreshed,
      },
    });
    return { parcelsRefreshed: refreshed };
  });
}
