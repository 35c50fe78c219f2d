// Shoppers' replies on WhatsApp (decision 0071), what the webhook refuses or does once: refused
// signatures, a replayed event acting once (also delivered in parallel: for real on PostgreSQL),
// events that are not replies, and hostile bodies that never make a 500.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  buttonTap,
  signature,
  sendWebhook,
  statusUpdate,
  textReply,
  wamid,
  webhookEvent,
} from "../helpers/fake-whatsapp-webhook";
import { count, stockOf } from "../helpers/shop";
import {
  SECRET,
  t,
  bare,
  item,
  placeOrder,
  orderOf,
  inbound,
  statusEvents,
  send,
  startWhatsAppRepliesStore,
} from "../helpers/whatsapp-replies";

startWhatsAppRepliesStore();

describe("signatures", () => {
  it("a missing, wrong or malformed signature gets 401 and changes nothing", async () => {
    const order = await placeOrder();
    const before = await count(t, sql`select count(*) as n from whatsapp_inbound`);
    const event = webhookEvent([buttonTap(order.phone, order.cancel)]);
    const body = JSON.stringify(event);
    for (const header of [
      null,
      "",
      "sha256=",
      "sha256=" + "0".repeat(64),
      "sha1=" + "0".repeat(40),
      signature("another-secret", body),
      signature(SECRET, body + " "),
      "sha256=" + "z".repeat(64),
      "x".repeat(10_000),
    ]) {
      const res = await send(body, { signature: header });
      expect(res.status, String(header).slice(0, 20)).toBe(401);
      expect(JSON.parse(res.body).detail).toMatch(/signature/);
    }
    // the signature is over the bytes as sent: the same JSON spaced differently is not signed
    const respaced = await send(JSON.stringify(event, null, 2), { signature: signature(SECRET, body) });
    expect(respaced.status).toBe(401);
    expect((await orderOf(order.id)).status).toBe("pending confirmation");
    expect(await count(t, sql`select count(*) as n from whatsapp_inbound`)).toBe(before);
  });

  it("without an app secret configured every event is refused", async () => {
    const res = await sendWebhook(bare.app, "", webhookEvent([textReply("923001234567", "yes")]));
    expect(res.status).toBe(401);
    const signed = await sendWebhook(bare.app, SECRET, webhookEvent([textReply("923001234567", "yes")]));
    expect(signed.status).toBe(401);
  });
});

describe("a replayed event", () => {
  it("changes the order once when delivered again later", async () => {
    const before = await stockOf(t, item);
    const order = await placeOrder(undefined, 2);
    const event = webhookEvent([buttonTap(order.phone, order.cancel)]);
    for (let n = 0; n < 3; n++) expect((await send(event)).status).toBe(200);
    expect((await orderOf(order.id)).status).toBe("cancelled");
    expect(await stockOf(t, item)).toBe(before);
    expect(await statusEvents(order.id)).toBe(1);
    expect(await count(t, sql`select count(*) as n from whatsapp_inbound where order_id = ${order.id}`)).toBe(1);
  });

  it("changes the order once when delivered many times at once, and Confirm racing Cancel has one winner", async () => {
    const before = await stockOf(t, item);
    const order = await placeOrder(undefined, 2);
    const event = webhookEvent([buttonTap(order.phone, order.cancel)]);
    const answers = await Promise.all(Array.from({ length: 8 }, () => send(event)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect((await orderOf(order.id)).status).toBe("cancelled");
    expect(await stockOf(t, item)).toBe(before);
    expect(await statusEvents(order.id)).toBe(1);
    expect(await count(t, sql`select count(*) as n from whatsapp_inbound where order_id = ${order.id}`)).toBe(1);

    const raced = await placeOrder(undefined, 1);
    const taps = [
      buttonTap(raced.phone, raced.confirm),
      buttonTap(raced.phone, raced.cancel),
      textReply(raced.phone, "yes"),
    ];
    await Promise.all(taps.map((tap) => send(webhookEvent([tap]))));
    expect(await statusEvents(raced.id)).toBe(1);
    const outcomes = (await Promise.all(taps.map(async (tap) => (await inbound(tap.id))[0]!.outcome))).sort();
    // one moved the order; a tap after it finds it settled, and a "yes" after a cancel finds no
    // order waiting and goes to a person
    expect(outcomes.filter((o) => o === "confirmed" || o === "cancelled")).toHaveLength(1);
    expect(outcomes.every((o) => ["confirmed", "cancelled", "already_settled", "needs_person"].includes(o))).toBe(true);
  });
});

describe("events that are not replies, and hostile bodies", () => {
  it("status events are answered 200 and change nothing", async () => {
    const order = await placeOrder();
    const before = await count(t, sql`select count(*) as n from whatsapp_inbound`);
    for (const status of ["sent", "delivered", "read", "failed"] as const) {
      const res = await send(webhookEvent([], [statusUpdate("wamid.SENT1", order.phone, status)]));
      expect(res.status).toBe(200);
    }
    expect((await orderOf(order.id)).status).toBe("pending confirmation");
    expect(await count(t, sql`select count(*) as n from whatsapp_inbound`)).toBe(before);
  });

  it("signed bodies of every wrong shape get a 4xx or a 200, never a 500, and nothing half-written", async () => {
    const deep = "[".repeat(200_000) + "]".repeat(200_000);
    const bodies: unknown[] = [
      "not json",
      "",
      "null",
      "[]",
      '"text"',
      "12",
      deep,
      '{"object":"whatsapp_business_account","entry":' + "[".repeat(50_000) + "]".repeat(50_000) + "}",
      { object: "page", entry: [] },
      { object: "whatsapp_business_account" },
      { object: "whatsapp_business_account", entry: "x" },
      {
        object: "whatsapp_business_account",
        entry: [null, 1, "x", { changes: "x" }, { changes: [null, { value: 5 }] }],
      },
      webhookEvent([
        { id: 5, from: "923001234567", type: "text" } as never,
        { id: "wamid.A", from: { x: 1 }, type: "text" } as never,
        { id: "wamid.B".padEnd(2000, "B"), from: "923001234567", type: "text", text: { body: "yes" } },
        { id: wamid(), from: "+92 300 1234567", type: ["text"], text: "yes" } as never,
        { id: wamid(), from: "923001234567", type: "text", text: { body: 7 } },
        { id: wamid(), from: "923001234567", type: "button", button: "confirm" },
        {
          id: wamid(),
          from: "923001234567",
          type: "interactive",
          interactive: { button_reply: { id: 1, title: null } },
        },
        { id: wamid(), from: "923001234567", type: "x".repeat(500), timestamp: "99999999999999999" },
        { id: wamid(), from: "1".repeat(500), type: "text", text: { body: "yes" } },
      ]),
      '{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}},"object":"whatsapp_business_account"}',
    ];
    for (const payload of bodies) {
      const res = await send(payload);
      expect(res.status, String(payload).slice(0, 40)).toBeLessThan(500);
      expect([200, 400]).toContain(res.status);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("huge text and NUL bytes are stored cut and cleaned; a body over 1 MB is refused with 413", async () => {
    const order = await placeOrder();
    const huge = textReply(order.phone, "yes ".repeat(100_000));
    const nul = textReply(order.phone, "ye\u0000s\u0000 \ud800 please");
    const res = await send(webhookEvent([huge, nul]));
    expect(res.status, res.body).toBe(200);
    const [big] = await inbound(huge.id);
    expect(big!.outcome).toBe("needs_person");
    expect(big!.text!.length).toBeLessThanOrEqual(2_000);
    const [clean] = await inbound(nul.id);
    expect(clean!.text).not.toContain("\u0000");
    // what is left once cleaned ("yes \ufffd please") is read as it stands
    expect(clean!.outcome).toBe("confirmed");

    const tooLarge = await send(webhookEvent([textReply(order.phone, "x".repeat(1_100_000))]));
    expect(tooLarge.status).toBe(413);
  });

  it("takes a signed event whatever its content type, and a batch of several messages in order", async () => {
    const order = await placeOrder();
    const first = textReply(order.phone, "hello, is this the shop?");
    const second = textReply(order.phone, "haan confirm");
    const res = await send(webhookEvent([first, second]), { contentType: "text/plain" });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ received: 2, recorded: 2 });
    expect((await orderOf(order.id)).status).toBe("confirmed");
  });
});
