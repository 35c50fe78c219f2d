// The print page's tests: one store a file (with the pages when built) with staff of each kind and
// two orders to print, placed from demo products whose names say what they are (lingerie, and
// everyday clothes); a staff API call, and the audit rows of the packaging setting.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { lingerieWordIn } from "../../core/orders/print";
import { RATE_LIMITS } from "../../server/api/rate-limits";
import { freshIp } from "./accounts";
import { createTestApp, type TestApp } from "./app";
import { createPageApp, hasPageBuild } from "./page-app";
import { orderPayload, rows, setStock, type Item } from "./shop";
import { makeOwner, makeStaff, type TestStaff } from "./staff";

export let t: TestApp;
export let owner: TestStaff;
export let packer: TestStaff;
export let catalogue: TestStaff;
export let manager: TestStaff;

export interface Placed {
  id: number;
  trackingId: string;
  phone: string;
  totalPaisa: number;
  names: string[];
  createdAt: Date;
}

export let lingerie: Item[];
export let everyday: Item;
export let first: Placed;
export let second: Placed;

export async function place(lines: { item: Item; quantity: number }[]): Promise<Placed> {
  const payload = orderPayload(lines);
  const res = await t.app.inject({ method: "POST", url: "/api/orders", payload, remoteAddress: freshIp() });
  if (res.statusCode !== 201) throw new Error(`order failed: ${res.statusCode} ${res.body}`);
  const id = res.json().id as number;
  const [row] = await rows<{ created_at: string }>(t, sql`select created_at from orders where id = ${id}`);
  return {
    id,
    trackingId: res.json().tracking_id,
    phone: payload.phone,
    totalPaisa: Math.round(payload.total_amount * 100),
    names: lines.map((l) => l.item.name),
    createdAt: new Date(row!.created_at),
  };
}

/** Demo combinations of products whose names say what they are, and one of everyday clothes. */
async function demoItems(): Promise<void> {
  const all = await rows<Item>(
    t,
    sql`select distinct on (p.id) vc.product_id as "productId", vc.id as "combinationId", p.name,
          vc.price_paisa as "pricePaisa", vc.stock
        from variant_combinations vc join products p on p.id = vc.product_id
        where p.is_active and vc.is_available order by p.id, vc.id`,
  );
  lingerie = all.filter((i) => lingerieWordIn(i.name)).slice(0, 3);
  everyday = all.find((i) => /Kurti$/.test(i.name))!;
  for (const item of [...lingerie, everyday]) await setStock(t, item, 1000);
}

export const api = (method: "GET" | "PUT" | "POST", url: string, who: TestStaff, payload?: object) =>
  t.app.inject({ method, url, headers: who.auth, payload });

export const settingsAudits = () =>
  rows<{ changes: Record<string, unknown> }>(
    t,
    sql`select changes from audit_log where action = 'settings.update' and entity_id = 'packaging' order by id`,
  );

export function startPrintStore() {
  beforeAll(async () => {
    t = hasPageBuild() ? await createPageApp() : await createTestApp();
    RATE_LIMITS.orders.limit = 100_000;
    owner = await makeOwner(t.app, t.core);
    packer = await makeStaff(t.app, t.core, owner, "fulfilment");
    catalogue = await makeStaff(t.app, t.core, owner, "catalogue");
    manager = await makeStaff(t.app, t.core, owner, "manager");
    await demoItems();
    first = await place([
      { item: lingerie[0]!, quantity: 2 },
      { item: lingerie[1]!, quantity: 1 },
    ]);
    second = await place([
      { item: lingerie[2]!, quantity: 1 },
      { item: everyday, quantity: 1 },
    ]);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });
}
