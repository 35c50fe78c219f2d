// The call list through the staff API and core (decision 0072): pending orders oldest first,
// with the phone, held-for-call and the signals' reasons, the reminder; the answer on the call
// is a move with confirmation_channel "call" (one winner when two people answer at once), and
// "no answer" a note.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { answerCall, NO_ANSWER_NOTE, noAnswerOnCall } from "../../core/orders/call-list";
import { AppError } from "../../core/shared/errors";
import { freshIp } from "../helpers/accounts";
import { owner, packer, startOrderDesk, t } from "../helpers/order-desk";
import { orderPayload, rows, setStock, simpleProducts, stockOf, type Item } from "../helpers/shop";
import { actorOf, makeStaff, type TestStaff } from "../helpers/staff";

let item: Item;

startOrderDesk({ members: ["fulfilment"] }, async () => {
  [item] = (await simpleProducts(t, 0, 1)) as [Item];
  await setStock(t, item, 500);
});

async function place(phone?: string) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/orders",
    payload: orderPayload([{ item, quantity: 1 }], phone ? { phone } : {}),
    remoteAddress: freshIp(),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; tracking_id: string };
}

const calls = (staff: TestStaff, query = "") =>
  t.app.inject({ method: "GET", url: `/api/admin/orders/calls${query}`, headers: staff.auth });

describe("the call list", () => {
  it("lists pending orders oldest first, with the phone to call, the hold, the signals' reasons and the reminder", async () => {
    const older = await place("0321 7654321");
    const newer = await place();
    const done = await place();
    await t.database.db.execute(sql`update orders set created_at = now() - interval '3 hours' where id = ${older.id}`);
    await t.database.db.execute(sql`update orders set held_for_call = true, confirmation_reminded_at = now(),
      risk_signals = ${JSON.stringify({
        history: { delivered: 0, refused: 2, cancelled: 0 },
        signals: [
          { code: "refused_before", reason: "This phone refused 2 parcels at the door", holds: true },
          { code: "short_address", reason: "", holds: false },
        ],
      })}::jsonb where id = ${older.id}`);
    // checkout found its own signals (another order to this address): the list shows theirs
    const [found] = await rows<{ risk: unknown }>(
      t,
      sql`select risk_signals as risk from orders where id = ${newer.id}`,
    );
    expect(found!.risk).toBeTruthy();
    // an order from before the signals has none: shown as none, not an error
    await t.database.db.execute(sql`update orders set risk_signals = null where id = ${newer.id}`);
    await answerCall(t.core, await actorOf(t.core, owner), done.id, "confirmed");

    const res = await calls(packer);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["x-total-count"]).toBe("2");
    const list = res.json() as Record<string, unknown>[];
    expect(list.map((c) => c.id)).toEqual([older.id, newer.id]);
    expect(list[0]).toMatchObject({
      tracking_id: older.tracking_id,
      phone: "0321 7654321",
      phone_international: "+923217654321",
      city: "Lahore",
      held_for_call: true,
      signal_reasons: ["This phone refused 2 parcels at the door"],
    });
    expect(list[0]!.reminded_at).toBeTruthy();
    expect(typeof list[0]!.total_amount).toBe("number");
    expect(list[1]).toMatchObject({ held_for_call: false, signal_reasons: [], reminded_at: null });

    const paged = await calls(packer, "?limit=1&offset=1");
    expect(paged.json().map((c: { id: number }) => c.id)).toEqual([newer.id]);
    expect((await calls(packer, "?limit=0")).statusCode).toBe(422);
    expect((await calls(packer, "?limit=abc")).statusCode).toBe(422);
    const catalogue = await makeStaff(t.app, t.core, owner, "catalogue");
    expect((await calls(catalogue)).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/admin/orders/calls" })).statusCode).toBe(401);
  });

  it("confirmed or cancelled on the call is counted as the call's; two answers at once have one winner", async () => {
    const order = await place();
    const actor = await actorOf(t.core, packer);
    const stock = await stockOf(t, item);
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => answerCall(t.core, actor, order.id, i % 2 ? "cancelled" : "confirmed")),
    );
    const won = results.filter((r) => r.status === "fulfilled");
    expect(won).toHaveLength(1);
    for (const r of results.filter((r) => r.status === "rejected"))
      expect(((r as PromiseRejectedResult).reason as AppError).status).toBe(409);
    const [row] = await rows<{ status: string; confirmation_outcome: string; confirmation_channel: string }>(
      t,
      sql`select status, confirmation_outcome, confirmation_channel from orders where id = ${order.id}`,
    );
    expect(row!.confirmation_channel).toBe("call");
    expect(row!.confirmation_outcome).toBe(row!.status === "confirmed" ? "confirmed" : "cancelled");
    expect(await stockOf(t, item)).toBe(row!.status === "cancelled" ? stock + 1 : stock);

    // through the staff API: the ordinary move with the call's channel; a second is a 409
    const other = await place();
    const move = (payload: object) =>
      t.app.inject({ method: "POST", url: `/api/admin/orders/${other.id}/status`, headers: packer.auth, payload });
    const first = await move({
      status: "cancelled",
      expected_status: "pending confirmation",
      confirmation_channel: "call",
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await move({
      status: "confirmed",
      expected_status: "pending confirmation",
      confirmation_channel: "call",
    });
    expect(second.statusCode).toBe(409);
  });

  it("no answer is a staff note on the timeline, kept from the shopper, and audited", async () => {
    const order = await place();
    await noAnswerOnCall(t.core, await actorOf(t.core, packer), order.id);
    const [event] = await rows<{ kind: string; note: string; visible_to_shopper: boolean }>(
      t,
      sql`select kind, note, visible_to_shopper from order_events where order_id = ${order.id} and kind = 'note'`,
    );
    expect(event).toEqual({ kind: "note", note: NO_ANSWER_NOTE, visible_to_shopper: false });
    const [audit] = await rows<{ n: number }>(
      t,
      sql`select count(*)::int as n from audit_log where action = 'order.note' and entity_id = ${String(order.id)}`,
    );
    expect(audit!.n).toBe(1);
  });
});
