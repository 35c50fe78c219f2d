// What following 10,000 parcels in flight costs (decision 0104): `npx tsx bench/parcel-poll.ts`.
//
// A fresh embedded database in a temporary folder (or, with BENCH_DATABASE_URL, a database
// bench_parcel_poll on that PostgreSQL server, made anew), migrated; a local fake PostEx on
// loopback (tests/helpers/fake-couriers/postex.ts, answering at once); 10,000 packed orders, each
// with a parcel booked on the fake and written as a booking writes it. Then every parcel is made
// due and tracking passes run (runParcelTrackingOnce, the scheduler's own pass, 500 parcels a pass,
// PostEx's 50 CNs a call) until all were asked for, twice over:
//
//   quiet   nothing moved at the courier: each parcel only gets its next poll
//   moving  one parcel in ten picked up since: its events are recorded and its order moves to
//           shipped (the shipped email queued) in a transaction of its own
//
// Per pass: the wall time, the time spent waiting for the courier (the fake's loopback answers),
// the rest (the store's own work: its database statements and code), and the calls made. The
// pause between calls is 0 here, so the figures are the store's cost; a real pass adds
// calls × PARCEL pause (250 ms by default). Last, the claim's plan over 10,000 rows.
//
//   BENCH_PARCELS=10000      parcels in flight
//   BENCH_DATABASE_URL=...   run on PostgreSQL instead of PGlite
import crypto from "node:crypto";
import os from "node:os";
import { sql } from "drizzle-orm";
import type { CoreContext } from "../core/context";
import { postexAdapter } from "../core/couriers/postex";
import { connect } from "../core/couriers/connection";
import { runParcelTrackingOnce, TRACKING_DEFAULTS } from "../core/parcels/tracking-scheduler";
import { ReadCache } from "../core/shared/cache";
import { createDatabaseRateLimiter } from "../core/shared/rate-limit";
import { sealSecret, type SecretsKey } from "../core/shared/secrets";
import { queryRows } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { openFreshDatabase } from "./lib/fresh-database";
import { startFakePostex } from "../tests/helpers/fake-couriers/postex";

const COUNT = Number(process.env.BENCH_PARCELS ?? 10_000);

interface PassFigures {
  passes: number;
  claimed: number;
  polled: number;
  added: number;
  moved: number;
  calls: number;
  wallMs: number;
  courierMs: number;
}

async function main() {
  const { handle, kind, cleanup } = await openFreshDatabase("bench_parcel_poll");
  const fake = await startFakePostex();
  try {
    await migrateDatabase(handle);
    const db = handle.db;
    const secrets: SecretsKey = { key: crypto.randomBytes(32), source: "environment" };
    const ctx: CoreContext = { db, cache: new ReadCache(0), limiter: createDatabaseRateLimiter(db), secrets };
    const [account] = await queryRows<{ id: number }>(
      db,
      sql`insert into courier_accounts (courier, label, mode, base_url, credentials_sealed, credentials_hint, is_default)
          values ('postex', 'PostEx', 'test', ${fake.baseUrl}, ${sealSecret(secrets, JSON.stringify(fake.credentials))},
                  '{}'::jsonb, true) returning id`,
    );

    // the parcels: booked on the fake, twenty calls at a time, then written as a booking writes them
    const setupStarted = performance.now();
    const connection = { baseUrl: fake.baseUrl, credentials: fake.credentials, timeoutMs: 15_000 };
    const cns: string[] = [];
    for (let from = 0; from < COUNT; from += 20) {
      const part = await Promise.all(
        Array.from({ length: Math.min(20, COUNT - from) }, (_, i) =>
          postexAdapter.book(connection, {
            reference: `BPOLL${String(from + i + 1).padStart(6, "0")}`,
            consignee: {
              name: "Sana Iqbal",
              phone: "03011234567",
              email: "",
              address: "House 4, Model Town",
              courierCityId: "LAHORE",
              courierCityName: "LAHORE",
            },
            pickup: {
              code: "PX-LHR-1",
              name: "Zaiba",
              phone: "03001112222",
              address: "Lahore",
              courierCityId: null,
              courierCityName: null,
            },
            codPaisa: 250_000,
            weightGrams: 500,
            pieces: 1,
            description: "Garments",
            instructions: "",
            discreet: true,
          }),
        ),
      );
      cns.push(...part.map((booking) => booking.cn));
    }
    await db.execute(sql`
      insert into orders (tracking_id, status, first_name, last_name, email, phone, phone_normalized, shipping_address,
        city, postal_code, country, subtotal_paisa, shipping_paisa, total_paisa)
      select 'BPOLL' || lpad(n::text, 6, '0'), 'packed', 'Sana', 'Iqbal', 'sana' || n || '@example.pk',
             '0301-' || lpad(n::text, 7, '0'), '92301' || lpad(n::text, 7, '0'), 'House ' || n || ', Model Town',
             'Lahore', '54700', 'Pakistan', 250000, 0, 250000
      from generate_series(1, ${COUNT}::int) n`);
    await db.execute(sql`
      insert into parcels (order_id, courier_account_id, courier, reference, booking_state, cn, status, weight_grams,
        cod_paisa, description, booked_at, last_movement_at, next_poll_at)
      select o.id, ${account!.id}, 'postex', o.tracking_id, 'booked', c.cn, 'booked', 500, 250000, 'Garments',
             now(), now(), now() + interval '1 hour'
      from unnest(${`{${cns.join(",")}}`}::text[]) with ordinality as c(cn, n)
      join orders o on o.tracking_id = 'BPOLL' || lpad(c.n::text, 6, '0')`);
    const setupMs = performance.now() - setupStarted;

    // every call to the courier timed, so the store's own share of a pass can be told apart
    let calls = 0;
    let courierMs = 0;
    const timed: typeof connect = (context, row) => {
      const connected = connect(context, row);
      const track = connected.adapter.track.bind(connected.adapter);
      return {
        ...connected,
        adapter: {
          ...connected.adapter,
          track: async (conn, list) => {
            const started = performance.now();
            try {
              return await track(conn, list);
            } finally {
              calls += 1;
              courierMs += performance.now() - started;
            }
          },
        },
      };
    };

    const round = async (): Promise<PassFigures> => {
      await db.execute(sql`update parcels set next_poll_at = now() - interval '1 second'`);
      const figures: PassFigures = {
        passes: 0,
        claimed: 0,
        polled: 0,
        added: 0,
        moved: 0,
        calls: 0,
        wallMs: 0,
        courierMs: 0,
      };
      calls = 0;
      courierMs = 0;
      const started = performance.now();
      for (;;) {
        const run = await runParcelTrackingOnce(ctx, { pauseMs: 0, connect: timed });
        if (run.claimed === 0) break;
        figures.passes += 1;
        figures.claimed += run.claimed;
        figures.polled += run.polled;
        figures.added += run.added;
        figures.moved += run.moved;
      }
      figures.wallMs = performance.now() - started;
      figures.calls = calls;
      figures.courierMs = courierMs;
      return figures;
    };

    // the first round records each parcel's "booked" step; the quiet round then finds nothing new
    const first = await round();
    const quiet = await round();
    for (let i = 0; i < COUNT; i += 10) fake.advance(cns[i]!, "picked up");
    const moving = await round();

    const plan = await queryRows<Record<string, string>>(
      db,
      sql`explain select id from parcels
          where booking_state = 'booked' and status not in ('delivered', 'returned') and next_poll_at <= now()
          order by next_poll_at, id limit ${TRACKING_DEFAULTS.batch} for update skip locked`,
    );

    const line = (name: string, f: PassFigures) => {
      const store = f.wallMs - f.courierMs;
      console.log(
        `  ${name.padEnd(7)} ${f.passes} passes, ${f.claimed} parcels (${f.polled} answered, ${f.added} new events, ${f.moved} order moves), ` +
          `${f.calls} calls; ${(f.wallMs / 1000).toFixed(1)} s in all = ${(f.courierMs / 1000).toFixed(1)} s waiting for the courier + ` +
          `${(store / 1000).toFixed(1)} s the store's own (database and code); per pass ${(f.wallMs / f.passes).toFixed(0)} ms, ` +
          `${(store / f.passes).toFixed(0)} ms of it the store's, ${(f.calls / f.passes).toFixed(0)} calls; ${((store / f.claimed) * 1000).toFixed(0)} µs a parcel`,
      );
    };
    console.log(
      `parcel poll (${kind}, ${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(1)}, ${COUNT} parcels in flight, fake PostEx on loopback, ${TRACKING_DEFAULTS.batch} a pass, ${postexAdapter.trackBatch} CNs a call)`,
    );
    console.log(`  setup: ${COUNT} parcels booked on the fake and written in ${(setupMs / 1000).toFixed(1)} s`);
    line("first", first);
    line("quiet", quiet);
    line("moving", moving);
    const scans = plan.map((row) => Object.values(row)[0]!.trim()).filter((text) => /Scan|Sort/.test(text));
    console.log(`  the claim's plan: ${scans.join(" / ")}`);
    const cadence = (COUNT / (2 * 3600)) * 60;
    console.log(
      `  steady state at the usual 2-hour cadence: about ${cadence.toFixed(0)} parcels due a minute, ${Math.ceil(cadence / postexAdapter.trackBatch)} calls a minute`,
    );
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
