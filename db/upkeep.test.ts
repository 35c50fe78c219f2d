// The store's autovacuum on PGlite (decision 0082): a table past autovacuum's thresholds is
// vacuumed or analyzed, one that is not is left alone, and a second pass finds nothing to do.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite, queryRows, type DatabaseHandle } from "./client";
import { migrateDatabase } from "./migrate";
import { upkeepPass } from "./upkeep";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openPglite(undefined);
  await migrateDatabase(handle);
  await handle.db.execute(sql`create table upkeep_probe (id serial primary key, v int not null)`);
}, 60_000);
afterAll(async () => {
  await handle?.close();
});

const counters = async () => {
  await handle.db.execute(sql`select pg_stat_force_next_flush()`);
  const [row] = await queryRows<{ dead: number; changed: number; analyzed: boolean; stats: number }>(
    handle.db,
    sql`select n_dead_tup::int as dead, n_mod_since_analyze::int as changed, last_analyze is not null as analyzed,
          (select count(*)::int from pg_stats where tablename = 'upkeep_probe') as stats
        from pg_stat_user_tables where relname = 'upkeep_probe'`,
  );
  return row!;
};

describe("database upkeep on PGlite", () => {
  it("PGlite's own autovacuum does nothing: the rows' counters grow and no statistics appear", async () => {
    await handle.db.execute(sql`insert into upkeep_probe (v) select g from generate_series(1, 10000) g`);
    await handle.db.execute(sql`update upkeep_probe set v = v + 1 where id <= 3000`);
    const before = await counters();
    expect(before.dead).toBe(3_000);
    expect(before.stats).toBe(0);
    expect(before.analyzed).toBe(false);
  });

  it("vacuums and analyzes a table past the thresholds, and leaves the rest alone", async () => {
    const report = await upkeepPass(handle.db);
    expect(report.vacuumed).toContain("upkeep_probe");
    const after = await counters();
    expect(after).toEqual({ dead: 0, changed: 0, analyzed: true, stats: 2 });
    // the store's own tables, migrated and empty, have had nothing to reclaim or count, but for the
    // cities their migration fills (230 rows, counted once)
    expect(report.vacuumed.filter((t) => t !== "upkeep_probe")).toEqual([]);
    expect(report.analyzed.filter((t) => t !== "cities")).toEqual([]);
    // and a second pass has nothing to do
    expect(await upkeepPass(handle.db)).toMatchObject({ vacuumed: [], analyzed: [] });
  });

  it("analyzes after a tenth of the rows changed, vacuums after a fifth are dead", async () => {
    // 50 + 10% of 10,000 = 1,050 changes before an ANALYZE; 50 + 20% = 2,050 dead rows before a VACUUM
    await handle.db.execute(sql`update upkeep_probe set v = v + 1 where id <= 1000`);
    expect(await upkeepPass(handle.db)).toMatchObject({ vacuumed: [], analyzed: [] });
    await handle.db.execute(sql`update upkeep_probe set v = v + 1 where id between 1001 and 1100`);
    expect(await upkeepPass(handle.db)).toMatchObject({ vacuumed: [], analyzed: ["upkeep_probe"] });
    expect((await counters()).changed).toBe(0);
    await handle.db.execute(sql`update upkeep_probe set v = v + 1 where id between 2001 and 3000`);
    expect(await upkeepPass(handle.db)).toMatchObject({ vacuumed: ["upkeep_probe"], analyzed: [] });
    expect((await counters()).dead).toBe(0);
  });

  it("runs between transactions under way, which neither wait forever nor fail", async () => {
    // PGlite is one connection: a transaction holds it to its end, and VACUUM (which cannot run
    // inside one) waits for it rather than landing in it
    await handle.db.execute(sql`update upkeep_probe set v = v + 1 where id <= 2500`);
    const writes = Array.from({ length: 40 }, (_, i) =>
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`update upkeep_probe set v = v + 1 where id = ${i + 1}`);
        await tx.execute(sql`select pg_sleep(0.001)`);
        await tx.execute(sql`update upkeep_probe set v = v + 1 where id = ${i + 5001}`);
      }),
    );
    const [report] = await Promise.all([upkeepPass(handle.db), ...writes]);
    expect(report.vacuumed).toEqual(["upkeep_probe"]);
    const [row] = await queryRows<{ v: number }>(handle.db, sql`select v from upkeep_probe where id = 5001`);
    expect(row!.v).toBe(5_002);
  });
});
