// Trax's pushed webhooks read into our events, and every body that is not Trax's refused as a value.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeTrax, type FakeTrax } from "../../tests/helpers/fake-couriers/trax";
import { parseTraxWebhook, traxWebhookSecretMatches, TRAX_WEBHOOK_MAX_BYTES } from "./trax-webhook";
import { traxAdapter } from "./trax";

let fake: FakeTrax;
beforeAll(async () => {
  fake = await startFakeTrax();
});
afterAll(() => fake.close());

const good = { tracking_number: "2232231721462", status: "Shipment-Arrived at origin", date_time: "2021-06-11 17:29:36" };

describe("a shipment status webhook", () => {
  it("reads the body the fake Trax pushes to our URL into one event in Pakistan time", async () => {
    const received: string[] = [];
    const server = createServer((req, res) => {
      let text = "";
      req.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
      req.on("end", () => {
        received.push(text);
        res.writeHead(200).end("ok");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const connection = { baseUrl: fake.baseUrl, credentials: fake.credentials, timeoutMs: 5_000 };
      const { cn } = await traxAdapter.book(connection, {
        reference: "ZB-WEBHOOK-1",
        consignee: { name: "Sana", phone: "03011234567", email: "", address: "Street 1, Block B", courierCityId: "317", courierCityName: "Lahore" },
        pickup: { code: "3015", name: "Zaiba", phone: "03001112222", address: "Shahra-e-Faisal", courierCityId: "202", courierCityName: "Karachi" },
        codPaisa: 100_000,
        weightGrams: 500,
        pieces: 1,
        description: "Garments",
        instructions: "",
        discreet: true,
      });
      const at = new Date(Math.floor(Date.now() / 1000) * 1000);
      fake.advance(cn, "out for delivery", { at });
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/trax/secret`;
      expect(await fake.pushStatus(url, cn)).toBe(200);
      const result = parseTraxWebhook(JSON.parse(received[0]!));
      expect(result).toEqual({
        ok: true,
        notice: {
          kind: "status",
          cn,
          events: [{ at, status: "out for delivery", courierStatus: "Shipment - Out for Delivery", reason: null, location: null }],
          unmapped: null,
        },
      });
      // the raw text, as an endpoint that keeps the body as it came passes it, reads the same
      expect(parseTraxWebhook(received[0]!)).toEqual(result);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("reads the guide's own example, a form-encoded post, a reason and a number for the CN", () => {
    const result = parseTraxWebhook(good);
    expect(result.ok && result.notice).toMatchObject({
      kind: "status",
      cn: "2232231721462",
      events: [{ at: new Date("2021-06-11T12:29:36Z"), status: "in transit", courierStatus: "Shipment-Arrived at origin" }],
    });
    const form = parseTraxWebhook(
      "tracking_number=2232231721462&status=Shipment+-+Delivery+Unsuccessful&date_time=2021-06-11+17%3A29%3A36&status_reason=Address+Closed",
    );
    expect(form.ok && form.notice).toMatchObject({ events: [{ status: "delivery attempted", reason: "Address Closed" }] });
    const numeric = parseTraxWebhook({ ...good, tracking_number: 2232231721462 });
    expect(numeric.ok && numeric.notice.cn).toBe("2232231721462");
  });

  it("keeps a word it does not know without an event, for the next poll to place", () => {
    const result = parseTraxWebhook({ ...good, status: "Shipment - Teleported" });
    expect(result).toMatchObject({ ok: true, notice: { kind: "status", events: [], unmapped: "Shipment - Teleported" } });
  });
});

describe("payment and charges webhooks", () => {
  it("reads a payment as its own notice with Trax's payment id", () => {
    const result = parseTraxWebhook({ ...good, status: "Payment-Processed", payment_id: " 123456 " });
    expect(result).toEqual({
      ok: true,
      notice: { kind: "payment", cn: "2232231721462", paid: true, reference: "123456", at: new Date("2021-06-11T12:29:36Z"), courierStatus: "Payment-Processed" },
    });
  });

  it("reads the charges in paisa", () => {
    const result = parseTraxWebhook({
      tracking_number: "2232231721462",
      origin: "Lahore",
      destination: "Lahore",
      cod_amount: "1000",
      actual_weight: "1.0",
      weight_charges: "120",
      cash_handling_charges: "0",
      fuel_surcharges: "12",
      gst: "15.86",
      total_charges: "137.86",
      net_payable: "862.14",
    });
    expect(result).toEqual({
      ok: true,
      notice: {
        kind: "charges",
        cn: "2232231721462",
        codPaisa: 100_000,
        deductions: [
          { kind: "weight_charges", paisa: 12_000 },
          { kind: "fuel_surcharges", paisa: 1_200 },
          { kind: "gst", paisa: 1_586 },
        ],
        netPayablePaisa: 86_214,
      },
    });
  });
});

describe("bodies that are not Trax's", () => {
  const refused = (body: unknown) => {
    const result = parseTraxWebhook(body);
    expect(result.ok).toBe(false);
    return result.ok ? "" : result.reason;
  };

  it("refuses the wrong shape with a reason", () => {
    expect(refused(null)).toMatch(/not an object/);
    expect(refused([good])).toMatch(/not an object/);
    expect(refused(42)).toMatch(/not an object/);
    expect(refused("{not json")).toMatch(/not JSON/);
    expect(refused({ ...good, tracking_number: "TRX-1" })).toMatch(/tracking_number/);
    expect(refused({ ...good, tracking_number: "1".repeat(40) })).toMatch(/tracking_number/);
    expect(refused({ tracking_number: good.tracking_number, date_time: good.date_time })).toMatch(/status is missing/);
    expect(refused({ ...good, date_time: "yesterday" })).toMatch(/date_time/);
    expect(refused({ ...good, status: { nested: true } })).toMatch(/status is not text/);
    expect(refused({ ...good, payment_id: "abc" })).toMatch(/payment_id/);
    expect(refused({ tracking_number: good.tracking_number, gst: "lots" })).toMatch(/gst is not an amount/);
  });

  it("refuses huge bodies before reading them", () => {
    expect(refused("x".repeat(TRAX_WEBHOOK_MAX_BYTES + 1))).toMatch(/too large/);
    expect(refused(Buffer.alloc(1024 * 1024, 0x41))).toMatch(/too large/);
    expect(refused({ ...good, status: "S".repeat(1024 * 1024) })).toMatch(/status is too long/);
    const many = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`f${i}`, "1"]));
    expect(refused({ ...good, ...many })).toMatch(/too many fields/);
  });

  it("refuses NUL bytes and other control characters", () => {
    expect(refused({ ...good, status: "Shipment - Delivered\u0000" })).toMatch(/control characters/);
    expect(refused(JSON.stringify({ ...good, tracking_number: "2232231721462\u0000" }))).toMatch(/control characters/);
    expect(refused("tracking_number=2232231721462%00&status=x&date_time=2021-06-11")).toMatch(/control characters/);
  });
});

describe("the webhook's secret", () => {
  it("matches only the account's own secret", () => {
    expect(traxWebhookSecretMatches("s3cret-in-the-url", "s3cret-in-the-url")).toBe(true);
    expect(traxWebhookSecretMatches("s3cret-in-the-url", "s3cret-in-the-ur")).toBe(false);
    expect(traxWebhookSecretMatches("s3cret-in-the-url", undefined)).toBe(false);
    expect(traxWebhookSecretMatches("", "")).toBe(false);
    expect(traxWebhookSecretMatches("s3cret", "s".repeat(1_000_000))).toBe(false);
  });
});
