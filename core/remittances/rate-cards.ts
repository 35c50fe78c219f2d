// Each courier's rate card and the withheld-tax rate, as settings with the day they take effect
// (decision 0109): saved, removed and listed by staff with the money permission, each change
// audited with what it changed and, in the same transaction, every parcel it covers held to it
// again (expected deductions, tolerance, difference), so a card entered after the courier paid
// still shows which parcels were charged more. A parcel is held to the card in force on the day
// it was delivered or returned; saving the same courier and day again replaces that card.
import { sql } from "drizzle-orm";
import type { CoreContext } from "../context";
import { queryRows } from "../../db/client";
import { conflict, notFound } from "../shared/errors";
import { karachiToday } from "../shared/karachi-time";
import { formatRupees } from "../shared/money";
import type { StaffActor } from "../shared/permissions";
import { requirePermission } from "../shared/staff-errors";
import { staffWrite } from "../shared/staff-write";
import { COURIER_CODES, COURIER_NAMES, type CourierCode } from "../couriers/courier";
import { refreshExpectations } from "./expectations";
import { ZONES, type RateCard } from "./rate-card";
import { calendarDay, percentText, readCourier, readDatedCard, ZONE_FIELD_WORDS } from "./rate-card-input";

export interface RateCardView {
  id: number;
  courier: CourierCode;
  courierName: string;
  effectiveFrom: string;
  card: RateCard;
  /** the card a parcel finishing today is held to */
  inForce: boolean;
  /** takes effect after today */
  upcoming: boolean;
  createdAt: Date;
  createdBy: string | null;
}

const dayFormat = new Intl.DateTimeFormat("en-PK", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** "1 July 2025": a YYYY-MM-DD day as people read it. */
export const dayWords = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

/** Marks, of rows sorted newest first within each key, the one in force today and those still to come. */
export function marked<T extends { effectiveFrom: string }>(rows: T[], keyOf: (row: T) => string, today: string) {
  const seen = new Set<string>();
  return rows.map((row) => {
    const upcoming = row.effectiveFrom > today;
    const inForce = !upcoming && !seen.has(keyOf(row));
    if (inForce) seen.add(keyOf(row));
    return { ...row, inForce, upcoming };
  });
}

/** The name of the member who saved the row `r`. */
export const whoMade = sql`(select nullif(trim(u.first_name || ' ' || u.last_name), '') from users u where u.id = r.created_by)`;

/** Every courier's cards, couriers in the store's order, newest first, the one in force today marked. */
export async function listRateCards(
  ctx: CoreContext,
  actor: StaffActor,
  today = karachiToday(),
): Promise<RateCardView[]> {
  requirePermission(actor, "money");
  const rows = await queryRows<{
    id: number;
    courier: CourierCode;
    effective_from: string;
    card: RateCard;
    created_at: Date | string;
    created_by: string | null;
  }>(
    ctx.db,
    sql`select r.id, r.courier, r.effective_from::text as effective_from, r.card, r.created_at, ${whoMade} as created_by
        from courier_rate_cards r order by r.effective_from desc, r.id desc`,
  );
  const order = (courier: CourierCode) => COURIER_CODES.indexOf(courier);
  const views = rows
    .filter((row) => order(row.courier) >= 0)
    .sort((a, b) => order(a.courier) - order(b.courier))
    .map((row) => ({
      id: row.id,
      courier: row.courier,
      courierName: COURIER_NAMES[row.courier],
      effectiveFrom: row.effective_from,
      card: typeof row.card === "string" ? (JSON.parse(row.card) as RateCard) : row.card,
      createdAt: new Date(row.created_at),
      createdBy: row.created_by,
    }));
  return marked(views, (row) => row.courier, today);
}

/** A card in words, one entry a line of it, for the audit log: what a replacement changed reads line by line. */
export function cardWords(card: RateCard): Record<string, string> {
  const zones = (paisa: RateCard["extraPer500gPaisa"]) =>
    ZONES.map((zone) => `${formatRupees(paisa[zone])} ${ZONE_FIELD_WORDS[zone]}`).join(", ");
  const words: Record<string, string> = {};
  for (const band of card.bands) words[`up_to_${band.upToGrams}_g`] = zones(band.paisa);
  words.extra_per_500_g = zones(card.extraPer500gPaisa);
  words.cash_handling = `${percentText(card.cashHandlingBasisPoints)}%`;
  words.fuel = `${percentText(card.fuelBasisPoints)}%`;
  words.gst = `${percentText(card.gstBasisPoints)}%`;
  words.return_charge = formatRupees(card.returnChargePaisa);
  words.delivery_charged_on_return = card.deliveryChargedOnReturn ? "yes" : "no";
  words.tolerance = formatRupees(card.tolerancePaisa);
  return words;
}

/** {line: [before, after]} for each line of the card that differs (a band added or gone has null on its other side). */
function cardChanges(before: RateCard, after: RateCard): Record<string, [string | null, string | null]> {
  const a = cardWords(before);
  const b = cardWords(after);
  const changes: Record<string, [string | null, string | null]> = {};
  for (const line of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (a[line] !== b[line]) changes[line] = [a[line] ?? null, b[line] ?? null];
  }
  return changes;
}

export interface SavedRateCard {
  card: RateCardView;
  /** a card of the same courier and day was there and is replaced */
  replaced: boolean;
  /** the parcels whose expected deductions or difference changed with it */
  parcelsRefreshed: number;
}

const savedMeanwhile = (courier: CourierCode, day: string) =>
  conflict(
    `Someone else saved ${COURIER_NAMES[courier]}'s rate card from ${dayWords(day)} at the same moment. Look at the card now kept and save yours again if it should replace it.`,
  );

/**
 * Saves a courier's card from a day (Pakistan): a new card, or the one of the same courier and day
 * replaced. Every parcel of the courier is held to the cards again in the same transaction.
 */
export async function saveRateCard(
  ctx: CoreContext,
  actor: StaffActor,
  target: { courier: unknown; effectiveFrom: unknown },
  input: unknown,
): Promise<SavedRateCard> {
  requirePermission(actor, "money");
  const { courier, effectiveFrom: day, card } = readDatedCard(target.courier, target.effectiveFrom, input);
  const saved = await staffWrite(ctx, actor, "money", async ({ tx, audit, keepCache, refuseUnique }) => {
    keepCache();
    // two first saves of one courier and day at once: the second meets the first's row
    refuseUnique((constraint) =>
      constraint === "courier_rate_cards_from_key" || constraint === null ? savedMeanwhile(courier, day) : undefined,
    );
    const [before] = await queryRows<{ id: number; card: RateCard }>(
      tx,
      sql`select id, card from courier_rate_cards where courier = ${courier} and effective_from = ${day} for update`,
    );
    const json = JSON.stringify(card);
    const [row] = before
      ? await queryRows<{ id: number }>(
          tx,
          sql`update courier_rate_cards set card = ${json}::jsonb, created_by = ${actor.userId}, created_at = now()
              where id = ${before.id} returning id`,
        )
      : await queryRows<{ id: number }>(
          tx,
          sql`insert into courier_rate_cards (courier, effective_from, card, created_by)
              values (${courier}, ${day}, ${json}::jsonb, ${actor.userId}) returning id`,
        );
    const refreshed = await refreshExpectations(tx, { courier });
    const lines = before ? cardChanges(before.card, card) : cardWords(card);
    await audit({
      action: "rate_card.save",
      entityType: "rate_card",
      entityId: row!.id,
      changes: {
        courier: COURIER_NAMES[courier],
        effective_from: day,
        replaced: !!before,
        ...lines,
        parcels_refreshed: refreshed,
      },
    });
    return { id: row!.id, replaced: !!before, refreshed };
  });
  const view = (await listRateCards(ctx, actor)).find((c) => c.id === saved.id)!;
  return { card: view, replaced: saved.replaced, parcelsRefreshed: saved.refreshed };
}

/**
 * Removes a courier's card from a day, whether or not that day has come: a card entered with the
 * wrong day or figures must be able to go, and the audit log keeps every line of it. The parcels
 * it held fall back to the card before it (or to none) in the same transaction.
 */
export async function removeRateCard(
  ctx: CoreContext,
  actor: StaffActor,
  target: { courier: unknown; effectiveFrom: unknown },
): Promise<{ parcelsRefreshed: number }> {
  requirePermission(actor, "money");
  const courier = readCourier(target.courier);
  const day = calendarDay(target.effectiveFrom);
  const missing = () =>
    notFound(`${COURIER_NAMES[courier]} has no rate card from ${day ? dayWords(day) : "that day"}.`);
  if (!day) throw missing();
  return staffWrite(ctx, actor, "money", async ({ tx, audit, keepCache }) => {
    keepCache();
    const [gone] = await queryRows<{ id: number; card: RateCard }>(
      tx,
      sql`delete from courier_rate_cards where courier = ${courier} and effective_from = ${day} returning id, card`,
    );
    if (!gone) throw missing();
    const refreshed = await refreshExpectations(tx, { courier });
    await audit({
      action: "rate_card.remove",
      entityType: "rate_card",
      entityId: gone.id,
      changes: {
        courier: COURIER_NAMES[courier],
        effective_from: day,
        ...cardWords(gone.card),
        parcels_refreshed: refreshed,
      },
    });
    return { parcelsRefreshed: refreshed };
  });
}
