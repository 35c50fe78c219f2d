// Booking one order with a courier through the staff API (decision 0103), against a local fake
// PostEx: the CN comes back and the order stays as it was; a courier that is down, slow or
// failing leaves nothing booked; an answer lost on the way is found by the order's reference and
// booked once; two members booking one order get one booking; cancel before pickup; the airway
// bill and load sheet as PDFs.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookOrder } from "../../core/parcels/booking";
import { cancelParcel } from "../../core/parcels/parcel-changes";
import { rows } from "../helpers/shop";
import { move } from "../helpers/order-desk";
import {
  actor,
  addAccount,
  auditActions,
  book,
  catalogue,
  fake,
  packer,
  parcelsOf,
  pdfText,
  readyOrder,
  staffCall,
  startParcelDesk,
  statusOf,
  t,
} from "../helpers/parcel-desk";

startParcelDesk();

describe("booking one order", () => {
  it("books a confirmed order with the default account: the CN on its parcel, the order still confirmed", async () => {
    const order = await readyOrder();
    const res = await book(order.id, { instructions: "Call before delivery" });
    expect(res.statusCode, res.body).toBe(201);
    const { parcel, message } = res.json();
    const atFake = fake.parcels().find((p) => p.reference === order.trackingId)!;
    expect(parcel).toMatchObject({
      booking_state: "booked",
      status: "booked",
      cn: atFake.cn,
      reference: order.trackingId,
      courier: "postex",
      weight_grams: 750,
      pieces: 1,
      cod_amount: order.totalAmount,
      description: "Garments",
      cancellable: true,
    });
    expect(message).toContain(atFake.cn);
    // what PostEx was sent: our reference, the COD, the city's key, the discreet description, the pickup code
    expect(atFake.bookingBody).toMatchObject({
      orderRefNumber: order.trackingId,
      invoicePayment: order.totalAmount,
      cityName: "LAHORE",
      orderDetail: "Garments",
      pickupAddressCode: "PX-LHR-1",
      transactionNotes: expect.stringContaining("Call before delivery"),
    });
    expect(await statusOf(order.id)).toBe("confirmed");
    expect(await auditActions(order.id)).toEqual(["parcel.book", "parcel.booked"]);
    const list = await staffCall(packer, "GET", `/api/admin/orders/${order.id}/parcels`);
    expect(list.json().map((p: { cn: string }) => p.cn)).toEqual([atFake.cn]);
    const [note] = await rows<{ note: string }>(
      t,
      sql`select note from order_events where order_id = ${order.id} and kind = 'note' order by id desc limit 1`,
    );
    expect(note!.note).toContain(`CN ${atFake.cn}`);
  });

  it("books a packed order with the weight, pieces and a lower COD asked; refuses a COD above the total", async () => {
    const order = await readyOrder("packed");
    const over = await book(order.id, { cod_amount: order.totalAmount + 1 });
    expect(over.statusCode).toBe(422);
    expect(over.json().detail).toMatch(/cod_amount must be at most/);
    const res = await book(order.id, { weight_grams: 1200, pieces: 2, cod_amount: "1,000" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().parcel).toMatchObject({ weight_grams: 1200, pieces: 2, cod_amount: 1000 });
    expect(fake.parcels().find((p) => p.reference === order.trackingId)!.bookingBody).toMatchObject({
      invoicePayment: 1000,
      items: 2,
    });
  });

  it("refuses a second booking of a booked order, and an order that is not confirmed or packed", async () => {
    const order = await readyOrder();
    expect((await book(order.id)).statusCode).toBe(201);
    const again = await book(order.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toMatch(/already booked with PostEx \(CN \d+\)/);
    const pending = await readyOrder();
    await t.database.db.execute(sql`update orders set status = 'pending confirmation' where id = ${pending.id}`);
    const early = await book(pending.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toMatch(/Only a confirmed or packed order can be booked/);
    expect(fake.parcels().filter((p) => p.reference.startsWith(order.trackingId))).toHaveLength(1);
    expect(await parcelsOf(pending.id)).toEqual([]);
  });

  it("refuses before calling the courier when it does not deliver to the order's city", async () => {
    const order = await readyOrder();
    const [quetta] = await rows<{ id: number }>(t, sql`select id from cities where lower(name) = 'bahawalpur' limit 1`);
    await t.database.db.execute(
      sql`update orders set city = 'Bahawalpur', city_id = ${quetta!.id} where id = ${order.id}`,
    );
    const calls = fake.calls.length;
    const res = await book(order.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe("PostEx does not deliver to Bahawalpur: choose another courier.");
    expect(fake.calls.length).toBe(calls);
    await t.database.db.execute(sql`update orders set city = 'Atlantis', city_id = null where id = ${order.id}`);
    expect((await book(order.id)).json().detail).toMatch(/city "Atlantis" is not one the store knows/);
    expect(await parcelsOf(order.id)).toEqual([]);
  });

  it("refuses bad input with the field's message, and a catalogue member", async () => {
    const order = await readyOrder();
    for (const [body, message] of [
      [{ weight_grams: 0 }, /weight_grams must be a whole number of grams/],
      [{ weight_grams: 1e12 }, /weight_grams/],
      [{ pieces: "x".repeat(1_000_000) }, /pieces must be/],
      [{ instructions: "a\tb" }, /instructions must be one line/],
      [{ instructions: "a\u0000b" }, /NUL/],
      [{ instructions: "x".repeat(201) }, /instructions must be at most 200/],
      [{ account_id: 2_147_483_647 }, /No such courier account/],
      [{ cod_amount: "lots" }, /cod_amount must be an amount/],
    ] as const) {
      const res = await book(order.id, body);
      expect([400, 404, 413, 422], `${JSON.stringify(body).slice(0, 60)} ${res.body.slice(0, 200)}`).toContain(
        res.statusCode,
      );
      if (res.statusCode !== 413) expect(res.json().detail).toMatch(message);
    }
    expect((await book(order.id, {}, catalogue)).statusCode).toBe(403);
    expect((await book(99_999_999)).statusCode).toBe(404);
    expect(await parcelsOf(order.id)).toEqual([]);
  });
});

describe("when the courier fails", () => {
  it.each([
    ["down", "unreachable"],
    ["error", "unexpected"],
    ["refuse", "refused"],
  ] as const)(
    "%s: nothing is booked, the order stays as it was, and a later booking goes through",
    async (mode, kind) => {
      const order = await readyOrder("packed");
      fake.failNext(mode, { path: "create-order", message: "INVALID ADDRESS" });
      const res = await book(order.id);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({
        outcome: "failed",
        courier_error: kind,
        parcel: { booking_state: "failed", cn: null },
      });
      expect(res.json().detail).toMatch(/^Not booked, and the order is as it was\./);
      if (mode === "refuse") expect(res.json().detail).toContain("INVALID ADDRESS");
      expect(await statusOf(order.id)).toBe("packed");
      expect(fake.parcels().filter((p) => p.reference.startsWith(order.trackingId))).toHaveLength(0);
      const again = await book(order.id);
      expect(again.statusCode, again.body).toBe(201);
      // a later booking carries its own reference: the courier never sees one reference twice
      expect(again.json().parcel.reference).toBe(`${order.trackingId}-2`);
      expect(await auditActions(order.id)).toEqual([
        "parcel.book",
        "parcel.not_booked",
        "parcel.book",
        "parcel.booked",
      ]);
    },
  );

  it("slow: the call gives up at its time limit, the courier holds nothing, nothing is booked", async () => {
    const order = await readyOrder();
    fake.failNext("slow", { path: "create-order" });
    const result = await bookOrder(t.core, await actor(), order.id, {}, { timeoutMs: 400 });
    expect(result.outcome).toBe("failed");
    expect(result.message).toMatch(/did not answer in time/);
    expect(await statusOf(order.id)).toBe("confirmed");
    expect((await parcelsOf(order.id)).map((p) => p.booking_state)).toEqual(["failed"]);
  });

  it("a lost answer: the booking is found by the order's reference and recorded once; a retry books nothing more", async () => {
    const order = await readyOrder();
    fake.failNext("lose-answer", { path: "create-order" });
    const res = await book(order.id);
    expect(res.statusCode, res.body).toBe(201);
    const atFake = fake.parcels().filter((p) => p.reference === order.trackingId);
    expect(atFake).toHaveLength(1);
    expect(res.json().parcel).toMatchObject({ booking_state: "booked", cn: atFake[0]!.cn });
    const retry = await book(order.id);
    expect(retry.statusCode).toBe(409);
    expect(fake.parcels().filter((p) => p.reference.startsWith(order.trackingId))).toHaveLength(1);
  });

  it("a lost answer the courier cannot be asked about: unknown, blocking a new booking until staff settle it", async () => {
    const order = await readyOrder();
    fake.failNext("lose-answer", { path: "create-order" });
    fake.failNext("down", { path: "get-all-order" });
    const res = await book(order.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      outcome: "unknown",
      parcel: { booking_state: "unknown", needs_settling: true },
    });
    expect(res.json().detail).toContain(
      `check the courier's portal for reference ${order.trackingId}`.replace("check", "Check"),
    );
    const blocked = await book(order.id);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().detail).toMatch(/check the courier's portal for reference/);
    // staff ask again: PostEx holds it, and its CN is recorded
    const parcelId = res.json().parcel.id as number;
    const settled = await staffCall(packer, "POST", `/api/admin/parcels/${parcelId}/settle`, { action: "check" });
    expect(settled.statusCode, settled.body).toBe(200);
    const atFake = fake.parcels().find((p) => p.reference === order.trackingId)!;
    expect(settled.json().parcel).toMatchObject({ booking_state: "booked", cn: atFake.cn });
    const twice = await staffCall(packer, "POST", `/api/admin/parcels/${parcelId}/settle`, { action: "not_booked" });
    expect(twice.statusCode).toBe(409);
  });

  it("settling by hand: the CN the portal shows, or not booked (then the order can be booked again)", async () => {
    const [first, second] = [await readyOrder(), await readyOrder()];
    fake.failNext("slow", { path: "create-order", times: 2 });
    fake.failNext("slow", { path: "get-all-order", times: 2 });
    const a = await bookOrder(t.core, await actor(), first.id, {}, { timeoutMs: 300 });
    const b = await bookOrder(t.core, await actor(), second.id, {}, { timeoutMs: 300 });
    expect([a.outcome, b.outcome]).toEqual(["unknown", "unknown"]);
    const bad = await staffCall(packer, "POST", `/api/admin/parcels/${a.parcel.id}/settle`, {
      action: "booked",
      cn: "12 34",
    });
    expect(bad.statusCode).toBe(422);
    const entered = await staffCall(packer, "POST", `/api/admin/parcels/${a.parcel.id}/settle`, {
      action: "booked",
      cn: "PX-998877",
    });
    expect(entered.json().parcel).toMatchObject({ booking_state: "booked", cn: "PX-998877" });
    const none = await staffCall(packer, "POST", `/api/admin/parcels/${b.parcel.id}/settle`, { action: "not_booked" });
    expect(none.json().parcel.booking_state).toBe("failed");
    expect((await book(second.id)).statusCode).toBe(201);
  });
});

describe("two members at once", () => {
  it("book one order: exactly one booking, the other gets a 409 that says why", async () => {
    const order = await readyOrder();
    const answers = await Promise.all([book(order.id), book(order.id), book(order.id)]);
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409)) {
      expect(a.json().detail).toMatch(/being booked|already booked|Someone else is booking/);
    }
    expect(fake.parcels().filter((p) => p.reference.startsWith(order.trackingId))).toHaveLength(1);
    expect((await parcelsOf(order.id)).filter((p) => p.booking_state === "booked")).toHaveLength(1);
  });
});

describe("cancel before pickup", () => {
  it("cancels with the courier, keeps the order as it was, and refuses once picked up", async () => {
    const order = await readyOrder("packed");
    const booked = (await book(order.id)).json().parcel;
    const res = await staffCall(packer, "POST", `/api/admin/parcels/${booked.id}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ booking_state: "cancelled", cancellable: false });
    expect(fake.parcels().find((p) => p.cn === booked.cn)!.cancelled).toBe(true);
    expect(await statusOf(order.id)).toBe("packed");
    expect((await staffCall(packer, "POST", `/api/admin/parcels/${booked.id}/cancel`)).statusCode).toBe(409);
    // booked again, then picked up: too late to cancel
    const again = (await book(order.id)).json().parcel;
    await t.database.db.execute(sql`update parcels set status = 'picked up' where id = ${again.id}`);
    const late = await staffCall(packer, "POST", `/api/admin/parcels/${again.id}/cancel`);
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toMatch(/already picked this parcel up/);
  });

  it("an order whose parcel is booked is not cancelled until the booking is", async () => {
    const order = await readyOrder("packed");
    const booked = (await book(order.id)).json().parcel;
    const refused = await move(order.id, { status: "cancelled" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      `This order's parcel is booked with PostEx (CN ${booked.cn}). Cancel the booking first, then the order.`,
    );
    expect(await statusOf(order.id)).toBe("packed");
    expect((await staffCall(packer, "POST", `/api/admin/parcels/${booked.id}/cancel`)).statusCode).toBe(200);
    expect((await move(order.id, { status: "cancelled" })).statusCode).toBe(200);
    // and a cancelled order is not booked
    const late = await book(order.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toMatch(/this one is cancelled/);
  });

  it("a courier that refuses the cancel leaves the parcel booked, with its words", async () => {
    const order = await readyOrder();
    const booked = (await book(order.id)).json().parcel;
    fake.failNext("refuse", { path: "cancel-order", message: "ORDER CAN NOT BE CANCELLED NOW" });
    const res = await staffCall(packer, "POST", `/api/admin/parcels/${booked.id}/cancel`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ courier_error: "refused" });
    expect(res.json().detail).toContain("ORDER CAN NOT BE CANCELLED NOW");
    const parcel = (await staffCall(packer, "GET", `/api/admin/orders/${order.id}/parcels`)).json()[0];
    expect(parcel.booking_state).toBe("booked");
    await cancelParcel(t.core, await actor(), booked.id);
  });
});

describe("airway bills and load sheets", () => {
  it("prints the courier's airway bills for several orders in one PDF holding each CN; refuses orders not booked", async () => {
    const orders = [await readyOrder(), await readyOrder()];
    const cns: string[] = [];
    for (const o of orders) cns.push((await book(o.id)).json().parcel.cn);
    const res = await staffCall(
      packer,
      "GET",
      `/api/admin/parcels/airway-bills?order_ids=${orders.map((o) => o.id).join(",")}`,
    );
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    for (const cn of cns) expect(pdfText(res.rawPayload)).toContain(cn);
    const unbooked = await readyOrder();
    const refused = await staffCall(
      packer,
      "GET",
      `/api/admin/parcels/airway-bills?order_ids=${orders[0]!.id},${unbooked.id}`,
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail).toContain(unbooked.trackingId);
    expect((await staffCall(packer, "GET", "/api/admin/parcels/airway-bills?order_ids=1,x")).statusCode).toBe(422);
    expect(
      (await staffCall(packer, "GET", `/api/admin/parcels/airway-bills?order_ids=${"9,".repeat(2000)}`)).statusCode,
    ).toBe(422);
  });

  it("prints a load sheet for ticked orders, and for every parcel of an account awaiting pickup", async () => {
    const order = await readyOrder();
    // an account of its own: the other tests' parcels (one with a CN typed by hand) are not on its sheet
    const { cn } = (await book(order.id, { account_id: await addAccount() })).json().parcel;
    const ticked = await staffCall(packer, "GET", `/api/admin/parcels/load-sheet?order_ids=${order.id}`);
    expect(ticked.statusCode, ticked.body.slice(0, 300)).toBe(200);
    expect(pdfText(ticked.rawPayload)).toContain(cn);
    const [account] = await rows<{ id: number }>(t, sql`select courier_account_id as id from parcels where cn = ${cn}`);
    const all = await staffCall(packer, "GET", `/api/admin/parcels/load-sheet?account_id=${account!.id}`);
    expect(all.statusCode).toBe(200);
    expect(pdfText(all.rawPayload)).toContain(cn);
    expect((await staffCall(packer, "GET", "/api/admin/parcels/load-sheet")).statusCode).toBe(422);
  });

  it("a courier that fails the PDF is a 409 with its message", async () => {
    const order = await readyOrder();
    await book(order.id);
    fake.failNext("error", { path: "get-invoice" });
    const res = await staffCall(packer, "GET", `/api/admin/parcels/airway-bills?order_ids=${order.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().courier_error).toBe("unexpected");
  });
});
