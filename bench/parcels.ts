// How long booking 200 orders with a courier takes (decision 0103): `npx tsx bench/parcels.ts`.
//
// A fresh embedded database in a temporary folder (or, with BENCH_DATABASE_URL, a database
// bench_parcels on that PostgreSQL server, made anew), migrated; a local fake PostEx on loopback
// (tests/helpers/fake-couriers/postex.ts, answering at once); 200 confirmed orders to Lahore. The
// 200 are booked as the orders list's bulk booking books them (one batch, the worker's passes, four
// bookings at a time per courier), and 50 more one after another as the order page books one.
// Each booking writes its row, calls the courier, asks nothing more, and records its CN: what is
// measured is the store's own work per booking plus a loopback HTTP call, not a courier's speed.
//
//   BENCH_PARCELS=200        orders in the batch
//   BENCH_DATABASE_URL=...   run on PostgreSQL instead of PGlite
import crypto from "node:crypto";
import os from "node:os";
import { sql } from "drizzle-orm";
import type { CoreContext } from "../core/context";
import { bookOrder } from "../core/parcels/booking";
import {
  BATCH_WORKER_DEFAULTS,
  createParcelBatch,
  getParcelBatch,
  runParcelBatchesOnce,
} from "../core/parcels/bulk-booking";
import { ReadCache } from "../core/shared/cache";
import { createDatabaseRateLimiter } from "../core/shared/rate-limit";
import { sealSecret, type SecretsKey } from "../core/shared/secrets";
import type { StaffActor } from "../core/shared/permissions";
import { queryRows, type DatabaseHandle } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { openFreshDatabase } from "./lib/fresh-database";
import { FAKE_CITY_NAMES } from "../tests/helpers/fake-couriers/fake-http";
import { startFakePostex } from "../tests/helpers/fake-couriers/postex";

const COUNT = Number(process.env.BENCH_PARCELS ?? 200);
const ONE_BY_ONE = 50;

async function plant(db: DatabaseHandle["db"], from: number, count: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`insert into orders (tracking_id, status, first_name, last_name, email, phone, phone_normalized, shipping_address,
          city, city_id, postal_code, country, subtotal_paisa, shipping_paisa, total_paisa)
        select 'BNCH' || lpad(n::text, 6, '0'), 'confirmed', 'Sana', 'Iqbal', 'sana' || n || '@example.pk',
               '0301-' || lpad(n::text, 7, '0'), '92301' || lpad(n::text, 7, '0'), 'House ' || n || ', Model Town',
               'Lahore', (select id from cities where lower(name) = 'lahore'), '54700', 'Pakistan', 250000, 0, 250000
        from generate_series(${from}::int, ${from + count - 1}::int) n
        returning id`,
  );
  return rows.map((r) => r.id);
}

async function main() {
  const { handle, kind, cleanup } = await openFreshDatabase("bench_parcels");
  const fake = await startFakePostex();
  try {
    await migrateDatabase(handle);
    const db = handle.db;
    const secrets: SecretsKey = { key: crypto.randomBytes(32), source: "environment" };
    const ctx: CoreContext = { db, cache: new ReadCache(0), limiter: createDatabaseRateLimiter(db), secrets };
    const [member] = await queryRows<{ id: number }>(
      db,
      sql`insert into users (email, password_hash, first_name, last_name, role)
          values ('bench@parcels.test', 'x', 'Bench', 'Packer', 'fulfilment') returning id`,
    );
    const actor: StaffActor = {
      userId: member!.id,
      email: "bench@parcels.test",
      firstName: "Bench",
      lastName: "Packer",
      role: "fulfilment",
      sessionId: 0,
      ip: null,
      twoStepEnabled: false,
      mustChangePassword: false,
      mustSetUpTwoStep: false,
    };
    for (const name of FAKE_CITY_NAMES) {
      await db.execute(sql`
        insert into courier_cities (courier, courier_city_id, courier_city_name, city_id, delivers, picks_up)
        select 'postex', ${name.toUpperCase()}, ${name.toUpperCase()}, id, true, true from cities where lower(name) = lower(${name})
        on conflict do nothing`);
    }
    const pickup = [{ code: "PX-LHR-1", label: "Warehouse", address: "Lahore", cityId: null, phone: "03001112222" }];
    await db.execute(sql`
      insert into courier_accounts (courier, label, mode, base_url, credentials_sealed, credentials_hint, pickup_addresses, is_default)
      values ('postex', 'PostEx', 'test', ${fake.baseUrl}, ${sealSecret(secrets, JSON.stringify(fake.credentials))},
              '{}'::jsonb, ${JSON.stringify(pickup)}::jsonb, true)`);

    const batchOrders = await plant(db, 1, COUNT);
    const started = performance.now();
    const batch = await createParcelBatch(ctx, actor, { order_ids: batchOrders });
    let passes = 0;
    for (;;) {
      await runParcelBatchesOnce(ctx, BATCH_WORKER_DEFAULTS);
      passes += 1;
      if ((await getParcelBatch(ctx, actor, batch.id)).done) break;
    }
    const batchMs = performance.now() - started;
    const result = await getParcelBatch(ctx, actor, batch.id);

    const single = await plant(db, COUNT + 1, ONE_BY_ONE);
    const singleStarted = performance.now();
    for (const id of single) await bookOrder(ctx, actor, id, {});
    const singleMs = performance.now() - singleStarted;

    const rate = (COUNT / batchMs) * 1000;
    console.log(
      `parcels (${kind}, ${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(1)}, fake PostEx on loopback)`,
    );
    console.log(
      `  bulk: ${COUNT} orders booked in ${(batchMs / 1000).toFixed(1)} s (${rate.toFixed(1)} a second, ${(batchMs / COUNT).toFixed(0)} ms each on average, ${BATCH_WORKER_DEFAULTS.perCourier} at a time, ${passes} passes): ${result.counts.booked} booked, ${result.counts.refused} not booked, ${result.counts.unknown} unknown`,
    );
    console.log(
      `  one by one: ${ONE_BY_ONE} orders in ${(singleMs / 1000).toFixed(1)} s (${(singleMs / ONE_BY_ONE).toFixed(0)} ms a booking)`,
    );
    console.log(`  the fake holds ${fake.parcels().length} parcels (${COUNT + ONE_BY_ONE} expected)`);
  } finally {
    await fake.close();
    await handle.close();
    await cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
