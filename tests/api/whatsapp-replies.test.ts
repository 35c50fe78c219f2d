// Shoppers' replies on WhatsApp (decision 0071), through the webhook as the
// Cloud API calls it (tests/helpers/fake-whatsapp-webhook.ts signs events as Meta does): the
// verify handshake, Confirm and Cancel taps (stock back, a timeline entry), free-text replies in
// English and Roman Urdu, the rest waiting in the console for a person, a tap naming another
// phone's order. Signatures, replays and hostile bodies are in whatsapp-replies-safety.test.ts.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { freshIp } from "../helpers/accounts";
import { type TestApp } from "../helpers/app";
import {
  buttonTap,
  interactiveTap,
  otherMessage,
  textReply,
  webhookEvent,
  WEBHOOK_PATH,
} from "../helpers/fake-whatsapp-webhook";
import { count, rows, stockOf } from "../helpers/shop";
import {
  VERIFY,
  t,
  bare,
  owner,
  packer,
  catalogue,
  item,
  placeOrder,
  orderOf,
  inbound,
  statusEvents,
  send,
  startWhatsAppRepliesStore,
} from "../helpers/whatsapp-replies";

startWhatsAppRepliesStore();

describe("the verify handshake", () => {
  const verify = (app: TestApp, query: string) => app.app.inject({ method: "GET", url: `${WEBHOOK_PATH}?${query}` });

  it("answers hub.challenge as text when the verify token matches", async () => {
    const res = await verify(t, `hub.mode=subscribe&hub.verify_token=${VERIFY}&hub.challenge=1158201444`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe("1158201444");
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
  });

  it("refuses a wrong token, a wrong mode, a missing challenge, and any token when none is configured", async () => {
    for (const query of [
      `hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1`,
      `hub.mode=subscribe&hub.verify_token=${VERIFY}x&hub.challenge=1`,
      `hub.mode=unsubscribe&hub.verify_token=${VERIFY}&hub.challenge=1`,
      `hub.mode=subscribe&hub.verify_token=${VERIFY}`,
      `hub.challenge=1`,
    ]) {
      const res = await verify(t, query);
      expect(res.statusCode, query).toBe(403);
      expect(res.json().detail).toBeTruthy();
    }
    expect((await verify(bare, "hub.mode=subscribe&hub.verify_token=&hub.challenge=1")).statusCode).toBe(403);
    // an absurdly long token is a 4xx, not a crash
    const long = await verify(t, `hub.mode=subscribe&hub.verify_token=${"x".repeat(5000)}&hub.challenge=1`);
    expect(long.statusCode).toBeGreaterThanOrEqual(400);
    expect(long.statusCode).toBeLessThan(500);
  });
});

describe("Confirm and Cancel taps", () => {
  it("a Confirm tap confirms the order, on WhatsApp, with its timeline entry", async () => {
    const order = await placeOrder();
    const tap = buttonTap(order.phone, order.confirm);
    const res = await send(webhookEvent([tap]));
    expect(res.status, res.body).toBe(200);
    expect(await orderOf(order.id)).toEqual({
      status: "confirmed",
      confirmation_outcome: "confirmed",
      confirmation_channel: "whatsapp",
    });
    expect(await inbound(tap.id)).toMatchObject([{ outcome: "confirmed", order_id: order.id, payload: order.confirm }]);
    const [event] = await rows<{ note: string; visible_to_shopper: boolean }>(
      t,
      sql`select note, visible_to_shopper from order_events where order_id = ${order.id} and to_status = 'confirmed'`,
    );
    expect(event?.note).toBe("Confirmed by the customer on WhatsApp");
  });

  it("a Cancel tap cancels the order and puts its stock back, with the reason on its timeline", async () => {
    const before = await stockOf(t, item);
    const order = await placeOrder(undefined, 3);
    expect(await stockOf(t, item)).toBe(before - 3);
    const res = await send(webhookEvent([buttonTap(order.phone, order.cancel)]));
    expect(res.status).toBe(200);
    expect(await orderOf(order.id)).toMatchObject({ status: "cancelled", confirmation_outcome: "cancelled" });
    expect(await stockOf(t, item)).toBe(before);
    const notes = await rows<{ note: string }>(
      t,
      sql`select note from order_events where order_id = ${order.id} and to_status = 'cancelled'`,
    );
    expect(notes.map((n) => n.note)).toEqual(["Cancelled by the customer on WhatsApp"]);
    // the shopper's tracking page shows the step too
    const track = await t.app.inject({
      method: "GET",
      url: `/api/orders/track/${order.trackingId}?phone=0${order.phone.slice(2)}`,
      remoteAddress: freshIp(),
    });
    expect(track.statusCode, track.body).toBe(200);
    expect(JSON.stringify(track.json())).toContain("cancelled");
  });

  it("an interactive reply button works the same way; a tap on a settled order changes nothing", async () => {
    const order = await placeOrder();
    const tap = interactiveTap(order.phone, order.confirm, "Confirm");
    expect((await send(webhookEvent([tap]))).status).toBe(200);
    expect((await orderOf(order.id)).status).toBe("confirmed");
    const late = buttonTap(order.phone, order.cancel);
    expect((await send(webhookEvent([late]))).status).toBe(200);
    expect((await orderOf(order.id)).status).toBe("confirmed");
    expect(await inbound(late.id)).toMatchObject([{ outcome: "already_settled", order_id: order.id }]);
    expect(await statusEvents(order.id)).toBe(1);
  });

  it("a payload naming another phone's order, or another order's message, is not applied", async () => {
    const victim = await placeOrder();
    const stranger = await placeOrder();
    const forged = buttonTap(stranger.phone, victim.cancel);
    expect((await send(webhookEvent([forged]))).status).toBe(200);
    expect((await orderOf(victim.id)).status).toBe("pending confirmation");
    expect(await inbound(forged.id)).toMatchObject([{ outcome: "needs_person", order_id: stranger.id }]);
    // the right phone, but the message id of a different order
    const mixed = buttonTap(victim.phone, `cancel:${victim.trackingId}:${stranger.messageId}`);
    await send(webhookEvent([mixed]));
    expect((await orderOf(victim.id)).status).toBe("pending confirmation");
    expect(await inbound(mixed.id)).toMatchObject([{ outcome: "needs_person" }]);
    // made-up payloads
    for (const payload of ["confirm:NOPE-NOPE:1", "cancel:" + "A".repeat(300), "hello", "confirm:X:99999999999999"]) {
      const tap = buttonTap(victim.phone, payload);
      expect((await send(webhookEvent([tap]))).status).toBe(200);
      expect((await inbound(tap.id))[0]?.outcome).toBe("needs_person");
    }
    expect((await orderOf(victim.id)).status).toBe("pending confirmation");
  });
});

describe("free-text replies", () => {
  const cases: [string, "confirmed" | "cancelled"][] = [
    ["Yes", "confirmed"],
    ["yes please 👍", "confirmed"],
    ["OK", "confirmed"],
    ["Confirmed!!", "confirmed"],
    ["haan", "confirmed"],
    ["Haaan ji", "confirmed"],
    ["jee", "confirmed"],
    ["ji", "confirmed"],
    ["ہاں جی", "confirmed"],
    ["no", "cancelled"],
    ["NAHI", "cancelled"],
    ["nahin ji", "cancelled"],
    ["Cancel it please.", "cancelled"],
    ["cancel my order", "cancelled"],
  ];
  for (const [text, expected] of cases) {
    it(`"${text}" ${expected === "confirmed" ? "confirms" : "cancels"} the sender's order`, async () => {
      const order = await placeOrder();
      const reply = textReply(order.phone, text);
      expect((await send(webhookEvent([reply]))).status).toBe(200);
      expect(await orderOf(order.id)).toMatchObject({ status: expected, confirmation_channel: "whatsapp" });
      expect(await inbound(reply.id)).toMatchObject([{ outcome: expected, order_id: order.id, text }]);
    });
  }

  it("answers the sender's latest pending order, not an older settled one or another phone's", async () => {
    const phone = `0302${String(1_000_000 + (process.pid % 100_000)).slice(-7)}`;
    const older = await placeOrder(phone);
    await send(webhookEvent([textReply(older.phone, "yes")]));
    expect((await orderOf(older.id)).status).toBe("confirmed");
    const newer = await placeOrder(phone);
    const other = await placeOrder();
    await send(webhookEvent([textReply(newer.phone, "cancel")]));
    expect((await orderOf(newer.id)).status).toBe("cancelled");
    expect((await orderOf(older.id)).status).toBe("confirmed");
    expect((await orderOf(other.id)).status).toBe("pending confirmation");
  });

  it("words the store cannot read, mixed answers and voice notes wait for a person; the console lists them", async () => {
    const order = await placeOrder();
    const texts = ["kab tak aayega?", "ok cancel", "yes but change the size to M", "no problem, confirm"];
    const ids: string[] = [];
    for (const text of texts) {
      const reply = textReply(order.phone, text);
      ids.push(reply.id);
      expect((await send(webhookEvent([reply]))).status).toBe(200);
    }
    const voice = otherMessage(order.phone, "audio", { id: "1234", mime_type: "audio/ogg; codecs=opus" });
    ids.push(voice.id);
    await send(webhookEvent([voice]));
    expect((await orderOf(order.id)).status).toBe("pending confirmation");
    for (const id of ids) expect(await inbound(id)).toMatchObject([{ outcome: "needs_person", order_id: order.id }]);

    const res = await t.app.inject({ method: "GET", url: "/api/admin/messages/replies", headers: packer.auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const listed = res.json() as {
      id: number;
      text: string | null;
      outcome: string;
      tracking_id: string;
      from: string;
    }[];
    expect(Number(res.headers["x-waiting-count"])).toBeGreaterThanOrEqual(5);
    const first = listed[0]!;
    expect(first).toMatchObject({ outcome: "needs_person", tracking_id: order.trackingId, from: order.phone });
    expect(listed.map((r) => r.text)).toEqual(expect.arrayContaining(texts));

    // two staff press Mark handled at once: one wins, the other is told; one audit entry
    const answers = await Promise.all(
      [owner, packer].map((s) =>
        t.app.inject({ method: "POST", url: `/api/admin/messages/replies/${first.id}/handled`, headers: s.auth }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().detail).toMatch(/already marked this reply handled/);
    expect(
      await count(
        t,
        sql`select count(*) as n from audit_log where action = 'message.reply_handled' and entity_id = ${String(first.id)}`,
      ),
    ).toBe(1);
    const after = await t.app.inject({ method: "GET", url: "/api/admin/messages/replies", headers: packer.auth });
    expect((after.json() as { id: number }[]).map((r) => r.id)).not.toContain(first.id);
    const all = await t.app.inject({
      method: "GET",
      url: "/api/admin/messages/replies?show=all",
      headers: packer.auth,
    });
    const handled = (all.json() as { id: number; handled_by: string | null }[]).find((r) => r.id === first.id);
    expect(handled?.handled_by).toBeTruthy();
  });

  it("a yes with no order waiting goes to a person; a sticker or reaction is recorded and left", async () => {
    const reply = textReply("923459876543", "yes");
    const sticker = otherMessage("923459876543", "sticker", { id: "9" });
    const reaction = otherMessage("923459876543", "reaction", { message_id: "wamid.X", emoji: "👍" });
    expect((await send(webhookEvent([reply, sticker, reaction]))).status).toBe(200);
    expect(await inbound(reply.id)).toMatchObject([{ outcome: "needs_person", order_id: null }]);
    expect(await inbound(sticker.id)).toMatchObject([{ outcome: "ignored" }]);
    expect(await inbound(reaction.id)).toMatchObject([{ outcome: "ignored", text: "👍" }]);
  });
});

describe("the staff API for replies", () => {
  it("needs the orders permission, checks its input, and 404s or 409s as it should", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/admin/messages/replies" })).statusCode).toBe(401);
    const refused = await t.app.inject({ method: "GET", url: "/api/admin/messages/replies", headers: catalogue.auth });
    expect(refused.statusCode).toBe(403);
    const bad = await t.app.inject({
      method: "GET",
      url: "/api/admin/messages/replies?show=maybe",
      headers: owner.auth,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toMatch(/show/);
    const missing = await t.app.inject({
      method: "POST",
      url: "/api/admin/messages/replies/2147483000/handled",
      headers: owner.auth,
    });
    expect(missing.statusCode).toBe(404);
    const order = await placeOrder();
    const tap = buttonTap(order.phone, order.confirm);
    await send(webhookEvent([tap]));
    const [row] = await inbound(tap.id);
    const done = await t.app.inject({
      method: "POST",
      url: `/api/admin/messages/replies/${row!.id}/handled`,
      headers: owner.auth,
    });
    expect(done.statusCode).toBe(409);
    expect(done.json().detail).toMatch(/needs no one/);
    const forbidden = await t.app.inject({
      method: "POST",
      url: `/api/admin/messages/replies/${row!.id}/handled`,
      headers: catalogue.auth,
    });
    expect(forbidden.statusCode).toBe(403);
  });

  it("appears in /api/docs", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    expect(paths).toEqual(
      expect.arrayContaining(["/api/admin/messages/replies", "/api/admin/messages/replies/{id}/handled", WEBHOOK_PATH]),
    );
  });
});
