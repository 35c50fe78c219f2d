// The store's cities and which couriers deliver to each (decisions 0101, 0105): the list the
// checkout offers, the city an order's typed text names, whether any active courier delivers
// there, and each courier's own key for a city. Refreshing a courier's list and linking its
// names by hand are in city-refresh.ts.
import { and, asc, eq, sql } from "drizzle-orm";
import type { CoreContext } from "../context";
import { queryRows, type Db } from "../../db/client";
import { cities, courierAccounts, courierCities, type CourierCode } from "../../db/schema";
import { buildCityIndex, cityKeys, matchCity, type CheckoutCity, type CityIndex } from "./city-match";

export type { CheckoutCity } from "./city-match";

/** A city as the store keeps it. */
export interface StoreCity {
  id: number;
  name: string;
  province: string | null;
  aliases: string[];
  /** 1 is the largest; 0 unranked */
  rank: number;
}

/** Only orders to Pakistan are matched: the couriers and the list are Pakistan's. */
export const MATCHED_COUNTRY = "Pakistan";

export async function readCities(db: Db): Promise<StoreCity[]> {
  return db
    .select({ id: cities.id, name: cities.name, province: cities.province, aliases: cities.aliases, rank: cities.rank })
    .from(cities)
    .orderBy(asc(cities.id));
}

/** Every city's spellings indexed for matching (a few hundred rows: built in about a millisecond). */
export async function cityIndexOf(db: Db): Promise<CityIndex<StoreCity>> {
  return buildCityIndex(await readCities(db));
}

/** The city an order goes to, as the order keeps it. */
export interface OrderCity {
  /** the store's city; null when the text matched none, or the order goes abroad */
  cityId: number | null;
  /** the matched city's own name, else the text as typed (trimmed) */
  name: string;
  /** the text matched none of the store's cities: staff check it before booking */
  unmatched: boolean;
}

/**
 * The store's city the typed text names (typing mistakes forgiven where only one city is that
 * near), or the text as typed and flagged. Orders abroad are neither matched nor flagged.
 */
export async function matchOrderCity(db: Db, text: string, country: string): Promise<OrderCity> {
  const typed = text.trim();
  if (country !== MATCHED_COUNTRY) return { cityId: null, name: typed, unmatched: false };
  const found = matchCity(await cityIndexOf(db), typed);
  return found
    ? { cityId: found.city.id, name: found.city.name, unmatched: false }
    : { cityId: null, name: typed, unmatched: true };
}

/**
 * Whether the active couriers deliver to a city: "unknown" while the store has no active courier
 * account, or one whose city list has not been loaded yet (manual shipping, or nothing to go by):
 * every city is then taken, as before couriers were connected.
 */
export type CityDelivery = "delivers" | "no courier" | "unknown";

interface DeliveryFigures {
  accounts: number;
  unloaded: number;
  delivering: number;
}

/** The active courier accounts, how many have no city list yet, and how many deliver to the city. */
function deliveryFigures(db: Db, cityId: number | null) {
  const active = sql`(select distinct ${courierAccounts.courier} as courier from ${courierAccounts} where ${courierAccounts.isActive})`;
  return queryRows<DeliveryFigures>(
    db,
    sql`
    select count(*)::int as accounts,
      count(*) filter (where not exists (
        select 1 from courier_cities cc where cc.courier = a.courier))::int as unloaded,
      count(*) filter (where exists (
        select 1 from courier_cities cc
        where cc.courier = a.courier and cc.city_id = ${cityId} and cc.delivers))::int as delivering
    from ${active} a`,
  );
}

export async function cityDelivery(db: Db, cityId: number): Promise<CityDelivery> {
  const [row] = await deliveryFigures(db, cityId);
  if (!row || Number(row.accounts) === 0 || Number(row.unloaded) > 0) return "unknown";
  return Number(row.delivering) > 0 ? "delivers" : "no courier";
}

/** The couriers of active accounts whose lists deliver to the city, in code order. */
export async function deliverableBy(ctx: Pick<CoreContext, "db">, cityId: number): Promise<CourierCode[]> {
  const rows = await ctx.db
    .selectDistinct({ courier: courierCities.courier })
    .from(courierCities)
    .innerJoin(
      courierAccounts,
      and(eq(courierAccounts.courier, courierCities.courier), eq(courierAccounts.isActive, true)),
    )
    .where(and(eq(courierCities.cityId, cityId), eq(courierCities.delivers, true)))
    .orderBy(asc(courierCities.courier));
  return rows.map((r) => r.courier);
}

/**
 * The courier's own key and name for one of the store's cities, where it delivers there; null
 * when it does not. A courier that lists the city twice ("LAHORE", "LAHORE CANTT") is given the
 * entry spelled as the city's own name, else the shortest.
 */
export async function courierCityFor(
  ctx: Pick<CoreContext, "db">,
  courier: CourierCode,
  cityId: number,
): Promise<{ courierCityId: string; courierCityName: string } | null> {
  const rows = await ctx.db
    .select({
      courierCityId: courierCities.courierCityId,
      courierCityName: courierCities.courierCityName,
      city: cities.name,
    })
    .from(courierCities)
    .innerJoin(cities, eq(cities.id, courierCities.cityId))
    .where(and(eq(courierCities.courier, courier), eq(courierCities.cityId, cityId), eq(courierCities.delivers, true)));
  if (rows.length === 0) return null;
  const own = (r: (typeof rows)[number]) => (cityKeys(r.courierCityName)[0] === cityKeys(r.city)[0] ? 0 : 1);
  const [best] = rows.sort(
    (a, b) =>
      own(a) - own(b) ||
      a.courierCityName.length - b.courierCityName.length ||
      a.courierCityId.localeCompare(b.courierCityId),
  );
  return { courierCityId: best!.courierCityId, courierCityName: best!.courierCityName };
}

/**
 * The checkout's list: every city with its spellings and whether the shop can deliver there
 * (all true while that is unknown). Kept in the read cache with the catalogue's reads.
 */
export function checkoutCities(ctx: CoreContext): Promise<CheckoutCity[]> {
  return ctx.cache.getOrLoad("checkout-cities", async () => {
    const [list, [figures], delivered] = await Promise.all([
      readCities(ctx.db),
      deliveryFigures(ctx.db, null),
      ctx.db
        .selectDistinct({ cityId: courierCities.cityId })
        .from(courierCities)
        .innerJoin(
          courierAccounts,
          and(eq(courierAccounts.courier, courierCities.courier), eq(courierAccounts.isActive, true)),
        )
        .where(eq(courierCities.delivers, true)),
    ]);
    const known = figures !== undefined && Number(figures.accounts) > 0 && Number(figures.unloaded) === 0;
    const reached = new Set(delivered.map((d) => d.cityId));
    return list.map((c) => ({
      name: c.name,
      province: c.province,
      aliases: c.aliases,
      rank: c.rank,
      delivers: !known || reached.has(c.id),
    }));
  });
}
