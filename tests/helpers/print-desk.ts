// The print page's tests: one store a file (with the pages when built) with staff of each kind and
// two orders to print, placed from demo products whose names say what they are (lingerie, and
// everyday clothes); a staff API call, and the audit rows of the packaging setting.
import { sql } from "drizzle-orm";
import { lingerieWordIn } from "../../core/orders/print";
import { place as placeOrder, startOrderDesk, t, withPages } from "./order-desk";
import { rows, setStock, type Item } from "./shop";
import { type TestStaff } from "./staff";

export { catalogue, manager, owner, packer, t } from "./order-desk";

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
  const order = await placeOrder(lines);
  const [row] = await rows<{ created_at: string }>(t, sql`select created_at from orders where id = ${order.id}`);
  return {
    id: order.id,
    trackingId: order.trackingId,
    phone: order.phone,
    totalPaisa: Math.round(order.totalAmount * 100),
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
  startOrderDesk({ app: withPages(), raise: ["orders"], members: ["fulfilment", "catalogue", "manager"] }, async () => {
    await demoItems();
    first = await place([
      { item: lingerie[0]!, quantity: 2 },
      { item: lingerie[1]!, quantity: 1 },
    ]);
    second = await place([
      { item: lingerie[2]!, quantity: 1 },
      { item: everyday, quantity: 1 },
    ]);
  });
}
