// Each courier's city list in the store (decisions 0101, 0105): refreshed from the courier on
// demand, its names matched to the store's cities, and the names that matched none linked by hand
// (or added as new cities). Owner only (the settings right): a link decides where every parcel for
// that town is booked to, and the lists belong to the courier accounts, which are the owner's.
import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { CoreContext } from "../context";
import { queryRows } from "../../db/client";
import { cities, courierAccounts, courierCities, COURIER_CODES, type CourierCode } from "../../db/schema";
import { AppError, invalid, notFound } from "../shared/errors";
import { CONTROL_CHARACTERS } from "../shared/input";
import type { StaffActor } from "../shared/permissions";
import { requirePermission } from "../shared/staff-errors";
import { staffWrite } from "../shared/staff-write";
import { COURIER_NAMES, type CourierCity } from "./courier";
import { CourierError } from "./courier-errors";
import { connect } from "./connection";
import { cityIndexOf } from "./cities";
import { cityKeys, matchCity } from "./city-match";

/** Longer than any courier's list (Leopards, the longest, lists about 1,500 places). */
export const COURIER_LIST_MAX = 10_000;
const KEY_MAX = 100;
/** rows per INSERT: 7 values each stays far below PostgreSQL's 65,535 parameters */
const CHUNK = 500;

export interface CityRefresh {
  accountId: number;
  courier: CourierCode;
  /** places in the courier's answer that the store took */
  listed: number;
  /** of those, the ones matched to a store city */
  matched: number;
  unmatched: number;
  /** new in the courier's list since the last refresh */
  added: number;
  /** in the last list, not in this one: marked as no longer delivered to */
  dropped: number;
  refreshedAt: Date;
}

/** The courier's places the store can keep: keys and names present and short, each key once. */
function usablePlaces(list: CourierCity[]): CourierCity[] {
  const seen = new Set<string>();
  const out: CourierCity[] = [];
  for (const place of list) {
    const id = typeof place.courierCityId === "string" ? place.courierCityId.trim() : "";
    const name = typeof place.name === "string" ? place.name.trim() : "";
    if (!id || !name || id.length > KEY_MAX || name.length > KEY_MAX) continue;
    if (CONTROL_CHARACTERS.test(id) || CONTROL_CHARACTERS.test(name) || seen.has(id)) continue;
    seen.add(id);
    out.push({ courierCityId: id, name, delivers: place.delivers !== false, picksUp: place.picksUp === true });
  }
  // one order every time, so two refreshes at once lock rows in the same order
  return out.sort((a, b) => (a.courierCityId < b.courierCityId ? -1 : a.courierCityId > b.courierCityId ? 1 : 0));
}

/**
 * Asks the account's courier for its city list and makes the store's copy of that courier's list
 * match it, in one transaction: each place kept with the store city its name matches (exact
 * spellings only: a guess would send parcels to the wrong town), a link made by hand kept while the
 * courier's name for it stays the same, and places no longer listed marked as not delivered to.
 * Refreshes of one courier run one after another. The courier's failure is a 409 and changes nothing.
 */
export async function refreshCourierCities(
  ctx: CoreContext,
  actor: StaffActor,
  accountId: number,
  options: { fetch?: typeof fetch; timeoutMs?: number } = {},
): Promise<CityRefresh> {
  requirePermission(actor, "settings");
  if (!Number.isSafeInteger(accountId) || accountId < 1 || accountId > 2_147_483_647) {
    throw notFound("No such courier account.");
  }
  const [account] = await ctx.db.select().from(courierAccounts).where(eq(courierAccounts.id, accountId)).limit(1);
  if (!account) throw notFound("No such courier account.");
  const name = COURIER_NAMES[account.courier];
  const { adapter, connection } = connect(ctx, account, options);
  if (connection.baseUrl === "") {
    throw new AppError(409, `The store knows no ${account.mode} address for ${name} yet. Give the account a base URL.`);
  }
  // the courier is asked outside the transaction: no row waits on the network
  let answered: CourierCity[];
  try {
    answered = await adapter.cities(connection);
  } catch (error) {
    if (error instanceof CourierError) throw new AppError(409, error.message, { courier_error: error.kind });
    throw error;
  }
  if (!Array.isArray(answered) || answered.length > COURIER_LIST_MAX) {
    throw new AppError(409, `${name} answered a city list the store cannot take. The last list is kept.`);
  }
  const places = usablePlaces(answered);
  if (places.length === 0) {
    // a glitch that answers nothing must not mark every city undeliverable
    throw new AppError(409, `${name} answered an empty city list. The last list is kept; try again later.`);
  }

  return staffWrite(ctx, actor, "settings", async ({ tx, audit }) => {
    const courier = account.courier;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`courier-cities:${courier}`}, 0))`);
    // taken after the lock, so a later refresh always stamps later than the one it waited for
    const [now] = await queryRows<{ stamp: Date | string }>(tx, sql`select clock_timestamp() as stamp`);
    const refreshedAt = new Date(now!.stamp);
    const known = new Set(
      (
        await tx
          .select({ id: courierCities.courierCityId })
          .from(courierCities)
          .where(eq(courierCities.courier, courier))
      ).map((r) => r.id),
    );
    const index = await cityIndexOf(tx);
    const rows = places.map((place) => {
      const city = matchCity(index, place.name, { typos: false })?.city ?? null;
      return {
        courier,
        courierCityId: place.courierCityId,
        courierCityName: place.name,
        cityId: city?.id ?? null,
        delivers: place.delivers,
        picksUp: place.picksUp,
        refreshedAt,
      };
    });
    // matched: with a city after the refresh, by its name or by an earlier link kept
    let matched = 0;
    for (let n = 0; n < rows.length; n += CHUNK) {
      const written = await tx
        .insert(courierCities)
        .values(rows.slice(n, n + CHUNK))
        .onConflictDoUpdate({
          target: [courierCities.courier, courierCities.courierCityId],
          set: {
            // a link made by hand (or an earlier match) stays while the courier's name is the same
            cityId: sql`case when ${courierCities.courierCityName} = excluded.courier_city_name
              then coalesce(${courierCities.cityId}, excluded.city_id) else excluded.city_id end`,
            courierCityName: sql`excluded.courier_city_name`,
            delivers: sql`excluded.delivers`,
            picksUp: sql`excluded.picks_up`,
            refreshedAt: sql`excluded.refreshed_at`,
          },
        })
        .returning({ cityId: courierCities.cityId });
      matched += written.filter((w) => w.cityId !== null).length;
    }
    const dropped = await tx
      .update(courierCities)
      .set({ delivers: false, picksUp: false, refreshedAt })
      .where(
        and(
          eq(courierCities.courier, courier),
          sql`${courierCities.refreshedAt} < ${refreshedAt}`,
          sql`(${courierCities.delivers} or ${courierCities.picksUp})`,
        ),
      )
      .returning({ id: courierCities.courierCityId });
    // the rows no longer listed that were already off get the new stamp too: the list's time is one
    await tx
      .update(courierCities)
      .set({ refreshedAt })
      .where(and(eq(courierCities.courier, courier), sql`${courierCities.refreshedAt} < ${refreshedAt}`));
    const result: CityRefresh = {
      accountId: account.id,
      courier,
      listed: rows.length,
      matched,
      unmatched: rows.length - matched,
      added: rows.filter((r) => !known.has(r.courierCityId)).length,
      dropped: dropped.length,
      refreshedAt,
    };
    await audit({
      action: "courier.cities_refresh",
      entityType: "courier_account",
      entityId: account.id,
      changes: {
        courier,
        listed: result.listed,
        matched: result.matched,
        unmatched: result.unmatched,
        added: result.added,
        dropped: result.dropped,
      },
    });
    return result;
  });
}

/** One courier account's list as Settings → Cities shows it. */
export interface CourierListSummary {
  accountId: number;
  label: string;
  courier: CourierCode;
  isActive: boolean;
  /** when the courier's list was last refreshed; null: never */
  refreshedAt: Date | null;
  /** places the courier delivers to */
  delivering: number;
  /** of those, the ones no store city matches */
  unmatched: number;
}

/** Every courier account with its courier's list: when refreshed, how many places, how many unmatched. */
export async function courierListSummaries(ctx: CoreContext, actor: StaffActor): Promise<CourierListSummary[]> {
  requirePermission(actor, "settings");
  const [accounts, figures] = await Promise.all([
    ctx.db
      .select({
        id: courierAccounts.id,
        label: courierAccounts.label,
        courier: courierAccounts.courier,
        isActive: courierAccounts.isActive,
      })
      .from(courierAccounts)
      .orderBy(asc(sql`lower(${courierAccounts.label})`)),
    ctx.db
      .select({
        courier: courierCities.courier,
        refreshedAt: sql<Date | string | null>`max(${courierCities.refreshedAt})`,
        delivering: sql<number>`count(*) filter (where ${courierCities.delivers})`.mapWith(Number),
        unmatched:
          sql<number>`count(*) filter (where ${courierCities.delivers} and ${courierCities.cityId} is null)`.mapWith(
            Number,
          ),
      })
      .from(courierCities)
      .groupBy(courierCities.courier),
  ]);
  const byCourier = new Map(figures.map((f) => [f.courier, f]));
  return accounts.map((a) => {
    const f = byCourier.get(a.courier);
    return {
      accountId: a.id,
      label: a.label,
      courier: a.courier,
      isActive: a.isActive,
      refreshedAt: f?.refreshedAt ? new Date(f.refreshedAt) : null,
      delivering: f?.delivering ?? 0,
      unmatched: f?.unmatched ?? 0,
    };
  });
}

/** A place in a courier's list that matches none of the store's cities. */
export interface UnmatchedPlace {
  courier: CourierCode;
  courierCityId: string;
  courierCityName: string;
}

/** The courier's places that it delivers to and no store city matches, by name, a page at a time. */
export async function unmatchedPlaces(
  ctx: CoreContext,
  actor: StaffActor,
  query: { courier: CourierCode; limit: number; offset: number },
): Promise<{ items: UnmatchedPlace[]; total: number }> {
  requirePermission(actor, "settings");
  const where = and(
    eq(courierCities.courier, query.courier),
    eq(courierCities.delivers, true),
    isNull(courierCities.cityId),
  );
  const [items, [total]] = await Promise.all([
    ctx.db
      .select({
        courier: courierCities.courier,
        courierCityId: courierCities.courierCityId,
        courierCityName: courierCities.courierCityName,
      })
      .from(courierCities)
      .where(where)
      .orderBy(asc(courierCities.courierCityName), asc(courierCities.courierCityId))
      .limit(query.limit)
      .offset(query.offset),
    ctx.db.select({ n: count() }).from(courierCities).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

const NEW_CITY_NAME = /^[\p{L}][\p{L} .'-]*$/u;

export const linkInput = z.object({
  courier: z.enum(COURIER_CODES, { error: `courier must be one of ${COURIER_CODES.join(", ")}` }),
  courier_city_id: z
    .string({ error: "courier_city_id must be the courier's key for the place" })
    .max(KEY_MAX, { error: `courier_city_id must be at most ${KEY_MAX} characters`, abort: true })
    .min(1, "courier_city_id must be the courier's key for the place"),
  city: z
    .string({ error: "city must be the name of one of the store's cities, or a new city's name" })
    .max(60, { error: "city must be at most 60 characters", abort: true })
    .trim()
    .min(2, "city must be the name of one of the store's cities, or a new city's name"),
});
export type LinkInput = z.input<typeof linkInput>;

/** A courier's name for a place (title case where the courier writes in capitals), as a new city's name. */
export function cityNameFrom(text: string): string {
  const trimmed = text.trim().replace(/\s+/g, " ");
  if (trimmed !== trimmed.toUpperCase()) return trimmed;
  return trimmed
    .toLowerCase()
    .replace(/(^|[\s.'-])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
}

/**
 * Links one place of a courier's list to the store's city named `city` (any spelling the matcher
 * knows, no guessing); a name that matches none adds it as a new city of the store (unranked).
 */
export async function linkCourierCity(
  ctx: CoreContext,
  actor: StaffActor,
  raw: LinkInput,
): Promise<{ cityId: number; cityName: string; created: boolean }> {
  requirePermission(actor, "settings");
  const parsed = linkInput.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError(422, issue.message, {
      errors: [{ field: issue.path.join(".") || null, message: issue.message }],
    });
  }
  const input = parsed.data;
  if (CONTROL_CHARACTERS.test(input.city) || CONTROL_CHARACTERS.test(input.courier_city_id)) {
    throw invalid("The city and the courier's key must not contain control characters.");
  }
  return staffWrite(ctx, actor, "settings", async ({ tx, audit }) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`courier-cities:${input.courier}`}, 0))`);
    const [place] = await tx
      .select()
      .from(courierCities)
      .where(and(eq(courierCities.courier, input.courier), eq(courierCities.courierCityId, input.courier_city_id)))
      .for("update");
    if (!place)
      throw notFound(`No such place in ${COURIER_NAMES[input.courier]}'s city list. Refresh the list and try again.`);
    const found = matchCity(await cityIndexOf(tx), input.city, { typos: false })?.city;
    let city: { id: number; name: string } | null | undefined = found ? { id: found.id, name: found.name } : null;
    const created = !city;
    if (!city) {
      const name = cityNameFrom(input.city);
      if (!NEW_CITY_NAME.test(name) || cityKeys(name).length === 0) {
        throw new AppError(
          422,
          `"${input.city}" is not a city's name: letters, spaces, dots, hyphens and apostrophes only.`,
          {
            errors: [{ field: "city", message: "Use letters, spaces, dots, hyphens and apostrophes only" }],
          },
        );
      }
      // two owners adding the same new name at once: the second finds the first's row (cities_name_key)
      [city] = await tx
        .insert(cities)
        .values({ name, province: null, aliases: [], rank: 0 })
        .onConflictDoNothing()
        .returning({ id: cities.id, name: cities.name });
      city ??= (
        await tx
          .select({ id: cities.id, name: cities.name })
          .from(cities)
          .where(sql`lower(${cities.name}) = lower(${name})`)
      )[0]!;
    }
    await tx
      .update(courierCities)
      .set({ cityId: city!.id })
      .where(and(eq(courierCities.courier, input.courier), eq(courierCities.courierCityId, input.courier_city_id)));
    await audit({
      action: "courier.city_link",
      entityType: "courier_city",
      entityId: `${input.courier}:${input.courier_city_id}`,
      changes: { city_id: [place.cityId, city!.id], city: city!.name, created },
    });
    return { cityId: city!.id, cityName: city!.name, created };
  });
}
