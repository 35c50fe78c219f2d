// A store that already has the fake PostEx set up, planted straight into its database before it
// starts (a browser suite's prepare): PostEx's keys for the fake's cities, tied to the store's
// cities of the same names, and a default PostEx account in test mode pointing at the fake, its
// credentials sealed under the key the store is started with.
import { sql } from "drizzle-orm";
import { sealSecret } from "../../../core/shared/secrets";
import type { Db } from "../../../db/client";
import type { FakeCourier } from "./control";
import { FAKE_CITY_NAMES } from "./fake-http";

export async function plantPostexCities(db: Db): Promise<void> {
  for (const name of FAKE_CITY_NAMES) {
    await db.execute(sql`
      insert into courier_cities (courier, courier_city_id, courier_city_name, city_id, delivers, picks_up)
      select 'postex', ${name.toUpperCase()}, ${name.toUpperCase()}, id, true, true from cities where lower(name) = lower(${name})
      on conflict do nothing`);
  }
}

/** `secretsKeyHex`: the SECRETS_KEY the store is started with. */
export async function plantPostex(db: Db, fake: FakeCourier, secretsKeyHex: string): Promise<void> {
  await plantPostexCities(db);
  const sealed = sealSecret(
    { key: Buffer.from(secretsKeyHex, "hex"), source: "environment" },
    JSON.stringify(fake.credentials),
  );
  const pickup = [
    {
      code: "PX-LHR-1",
      label: "Warehouse",
      address: "Plot 9, Sundar Estate, Lahore",
      cityId: null,
      phone: "03001112222",
    },
  ];
  await db.execute(sql`
    insert into courier_accounts (courier, label, mode, base_url, credentials_sealed, credentials_hint, pickup_addresses, default_weight_grams, is_default)
    values ('postex', 'PostEx Lahore', 'test', ${fake.baseUrl}, ${sealed}, '{}'::jsonb, ${JSON.stringify(pickup)}::jsonb, 500, true)`);
}
