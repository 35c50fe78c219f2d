// The WhatsApp replies tests: one store a file with the Cloud API's webhook set up (and one
// without), an owner, a fulfilment and a catalogue member, orders placed from their own phones, and
// what a reply left behind (the order, the message kept, the timeline's status entries).
import { sql } from "drizzle-orm";
import { afterAll, expect } from "vitest";
import { freshIp } from "./accounts";
import { createTestApp, type TestApp } from "./app";
import { sendWebhook } from "./fake-whatsapp-webhook";
import { startOrderDesk, t } from "./order-desk";
import { count, orderPayload, rows, setStock, simpleProducts, type Item } from "./shop";

export const SECRET = "test-app-secret-for-replies";
export const VERIFY = "test-verify-token-for-replies";

export { catalogue, owner, packer, t } from "./order-desk";
export let bare: TestApp;
export let item: Item;
let phoneNumber = 0;

export interface PlacedOrder {
  id: number;
  trackingId: string;
  phone: string;
  messageId: number;
  confirm: string;
  cancel: string;
}

/** An order from a phone of its own (or the one given), with its confirmation request's payloads. */
export async function placeOrder(phone?: string, quantity = 2): Promise<PlacedOrder> {
  phoneNumber += 1;
  const local = phone ?? `0301${String(4_000_000 + phoneNumber * 7 + (process.pid % 1000) * 10_000).slice(-7)}`;
  const res = await t.app.inject({
    method: "POST",
    url: "/api/orders",
    payload: orderPayload([{ item, quantity }], { phone: local }),
    remoteAddress: freshIp(),
  });
  expect(res.statusCode, res.body).toBe(201);
  const { id, tracking_id } = res.json() as { id: number; tracking_id: string };
  const [row] = await rows<{ phone: string; message_id: number }>(
    t,
    sql`select o.phone_normalized as phone, m.id as message_id
        from orders o join whatsapp_messages m on m.order_id = o.id where o.id = ${id}`,
  );
  const messageId = Number(row!.message_id);
  return {
    id,
    trackingId: tracking_id,
    phone: row!.phone,
    messageId,
    confirm: `confirm:${tracking_id}:${messageId}`,
    cancel: `cancel:${tracking_id}:${messageId}`,
  };
}

export async function orderOf(id: number) {
  const [row] = await rows<{
    status: string;
    confirmation_outcome: string | null;
    confirmation_channel: string | null;
  }>(t, sql`select status, confirmation_outcome, confirmation_channel from orders where id = ${id}`);
  return row!;
}

export async function inbound(providerId: string) {
  return rows<{ id: number; outcome: string; order_id: number | null; text: string | null; payload: string | null }>(
    t,
    sql`select id, outcome, order_id, text, payload from whatsapp_inbound where provider_message_id = ${providerId}`,
  );
}

export const statusEvents = (orderId: number) =>
  count(
    t,
    sql`select count(*) as n from order_events
        where order_id = ${orderId} and kind = 'status' and from_status = 'pending confirmation'`,
  );

export const send = (payload: unknown, options?: Parameters<typeof sendWebhook>[3]) =>
  sendWebhook(t.app, SECRET, payload, options);

export function startWhatsAppRepliesStore() {
  startOrderDesk(
    {
      // the store with the webhook set up, and one without it
      app: async () => {
        const [withWebhook, without] = await Promise.all([
          createTestApp({ WHATSAPP_APP_SECRET: SECRET, WHATSAPP_VERIFY_TOKEN: VERIFY }),
          createTestApp(),
        ]);
        bare = without;
        return withWebhook;
      },
      members: ["fulfilment", "catalogue"],
    },
    async () => {
      [item] = (await simpleProducts(t, 0, 1)) as [Item];
      await setStock(t, item, 500);
    },
  );
  afterAll(async () => {
    await bare?.close();
  });
}
