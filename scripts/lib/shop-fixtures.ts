// A fresh demo store database for scripts that run the built store against it (the crash drill,
// the orders bench): a PGlite folder, or a new database on a PostgreSQL server; plus demo items
// to order and order payloads priced the way the checkout page prices them.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { priceOrder, type ShippingRule } from "../../core/shared/pricing";
import { withDefaults } from "../../core/settings/site-settings";
import { openPglite, openPostgres, queryRows, type DatabaseHandle, type Db } from "../../db/client";
import { migrateDatabase } from "../../db/migrate";
import { siteSettings } from "../../db/schema";
import { seedDemoStore } from "../../core/demo";

export interface PreparedDatabase {
  kind: "pglite" | "postgres";
  /** DATA_DIR for the store (PGlite data and media) */
  dataDir: string;
  /** DATABASE_URL for the store (PostgreSQL only) */
  databaseUrl?: string;
  /** opens the database from this process; PGlite only while no store has it open */
  open(): Promise<DatabaseHandle>;
  /** removes the folder or drops the database */
  dispose(): Promise<void>;
}

export const rows = queryRows;

async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A migrated database holding the demo store (without its images). For PostgreSQL, serverUrl
 * names a server the user may create databases on; the new database is dropped by dispose().
 */
export async function freshDatabase(label: string, serverUrl?: string): Promise<PreparedDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${label}-`));
  const mediaDir = path.join(dataDir, "media");
  fs.mkdirSync(mediaDir, { recursive: true });
  let prepared: PreparedDatabase;
  if (serverUrl) {
    const name = `${label.replace(/[^a-z0-9_]/gi, "_")}_${crypto.randomBytes(4).toString("hex")}`.toLowerCase();
    await admin(serverUrl, `create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const databaseUrl = url.toString();
    prepared = {
      kind: "postgres",
      dataDir,
      databaseUrl,
      open: () => openPostgres(databaseUrl),
      dispose: async () => {
        await admin(serverUrl, `drop database if exists ${name} with (force)`);
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } else {
    prepared = {
      kind: "pglite",
      dataDir,
      open: () => openPglite(dataDir),
      dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const handle = await prepared.open();
  try {
    await migrateDatabase(handle);
    await seedDemoStore(handle.db, { mediaDir, images: false });
  } finally {
    await handle.close();
  }
  return prepared;
}

export interface Target {
  productId: number;
  combinationId: number | null;
  name: string;
  pricePaisa: number;
}

export const targetLabel = (t: Target) =>
  t.combinationId === null ? `product ${t.productId}` : `combination ${t.combinationId}`;

/** Combinations of distinct products, and products without combinations, from the demo store. */
export async function pickTargets(db: Db, combinations: number, simple: number): Promise<Target[]> {
  const combos = await rows<Target>(
    db,
    sql`select distinct on (vc.product_id) vc.product_id as "productId", vc.id as "combinationId", p.name, vc.price_paisa as "pricePaisa"
        from variant_combinations vc join products p on p.id = vc.product_id
        where p.is_active and vc.is_available order by vc.product_id, vc.id limit ${combinations}`,
  );
  const simples = await rows<Target>(
    db,
    sql`select p.id as "productId", null as "combinationId", p.name, p.price_paisa as "pricePaisa" from products p
        where p.is_active and not exists (select 1 from variant_combinations vc where vc.product_id = p.id)
        order by p.id limit ${simple}`,
  );
  if (combos.length < combinations || simples.length < simple)
    throw new Error("the demo store has too few items to order");
  return [...combos, ...simples];
}

export async function setStock(db: Db, target: Target, stock: number): Promise<void> {
  if (target.combinationId === null)
    await db.execute(sql`update products set stock = ${stock} where id = ${target.productId}`);
  else await db.execute(sql`update variant_combinations set stock = ${stock} where id = ${target.combinationId}`);
}

export async function stockOf(db: Db, target: Target): Promise<number> {
  const [row] =
    target.combinationId === null
      ? await rows<{ stock: number }>(db, sql`select stock from products where id = ${target.productId}`)
      : await rows<{ stock: number }>(
          db,
          sql`select stock from variant_combinations where id = ${target.combinationId}`,
        );
  return Number(row?.stock);
}

/** Units of a target in stored orders. */
export async function unitsSold(db: Db, target: Target): Promise<number> {
  const [row] =
    target.combinationId === null
      ? await rows<{ n: number }>(
          db,
          sql`select coalesce(sum(quantity), 0) as n from order_items where product_id = ${target.productId} and combination_id is null`,
        )
      : await rows<{ n: number }>(
          db,
          sql`select coalesce(sum(quantity), 0) as n from order_items where combination_id = ${target.combinationId}`,
        );
  return Number(row?.n ?? 0);
}

export async function shippingRule(db: Db): Promise<ShippingRule> {
  const [row] = await db.select().from(siteSettings);
  const settings = withDefaults(row);
  return { feePaisa: settings.effectiveShippingFeePaisa, freeThresholdPaisa: settings.freeShippingThresholdPaisa };
}

/** A valid order payload for these lines, totalled as the checkout page would. */
export function orderBody(
  lines: { target: Target; quantity: number }[],
  rule: ShippingRule,
  who: { firstName: string; lastName: string; phone: string; email: string },
) {
  const figures = priceOrder({
    lines: lines.map((l) => ({ unitPricePaisa: l.target.pricePaisa, quantity: l.quantity })),
    shipping: rule,
  });
  return {
    first_name: who.firstName,
    last_name: who.lastName,
    email: who.email,
    phone: who.phone,
    shipping_address: "House 7, Block C, North Nazimabad, Karachi, 74700, Pakistan",
    city: "Karachi",
    postal_code: "74700",
    country: "Pakistan",
    total_amount: figures.totalPaisa / 100,
    payment_method: "cod",
    items: lines.map((l) => ({
      product_id: l.target.productId,
      combination_id: l.target.combinationId,
      quantity: l.quantity,
      price: l.target.pricePaisa / 100,
      variant_details: null,
    })),
  };
}

/** A client address per number (10.x.y.z), sent as X-Forwarded-For to a store with TRUST_PROXY=1. */
export function clientAddress(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}
