// Pakistan's cities as the store knows them (decision 0101): one row per city with the spellings
// shoppers type for it, and per courier that city's own id or name in that courier's list. The
// checkout's city is a choice from this table; booking reads the courier's id from it, so a
// parcel never fails late on a city's spelling.
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const cities = pgTable(
  "cities",
  {
    id: serial("id").primaryKey(),
    /** the name the store shows ("Rawalpindi") */
    name: text("name").notNull(),
    province: text("province"),
    /** other spellings and short forms shoppers type, lowercased ("pindi", "rwp") */
    aliases: text("aliases")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** larger cities first in the checkout's list when several match */
    rank: integer("rank").notNull().default(0),
  },
  (t) => [uniqueIndex("cities_name_key").on(sql`lower(${t.name})`)],
);

/** The couriers the store can book with through their APIs; "manual" (a CN typed by staff) is not one. */
export const COURIER_CODES = ["postex", "leopards", "trax", "tcs"] as const;
export type CourierCode = (typeof COURIER_CODES)[number];

export const courierCities = pgTable(
  "courier_cities",
  {
    courier: text("courier").$type<CourierCode>().notNull(),
    /** the courier's own key for the city: PostEx and Leopards' name or id, Trax's id, TCS's code */
    courierCityId: text("courier_city_id").notNull(),
    courierCityName: text("courier_city_name").notNull(),
    /** the store's city it is; null: a name in the courier's list that matched none of ours */
    cityId: integer("city_id").references(() => cities.id, { onDelete: "set null" }),
    delivers: boolean("delivers").notNull().default(true),
    picksUp: boolean("picks_up").notNull().default(false),
    refreshedAt: timestamp("refreshed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.courier, t.courierCityId] }),
    index("courier_cities_city_idx").on(t.cityId, t.courier),
    check("courier_cities_courier", sql`${t.courier} in ('postex', 'leopards', 'trax', 'tcs')`),
  ],
);
