import { describe, expect, it } from "vitest";
import { cloudApiTransport, templateRequest } from "../messaging/cloud-api";
import { confirmationParameters, confirmationText, itemsSummary } from "./confirmation";
import { backoffMs, OUTBOX_DEFAULTS } from "../messaging/outbox";
import { TransportError, type OutgoingMessage } from "../messaging/transport";

const order = {
  orderId: 1,
  trackingId: "QP859-LL7M6",
  firstName: "Ayesha\nKhan",
  phoneNormalized: "923001234567",
  totalPaisa: 249_900,
  items: [
    { name: "Lawn suit", combinationName: "Red / M", quantity: 2 },
    { name: "Dupatta", combinationName: null, quantity: 1 },
  ],
  confirmUrl: "https://zaiba.pk/order/confirm/abc",
};

describe("the confirmation text", () => {
  it("names the items, the total in rupees and the tracking id, with no newline in a parameter", () => {
    const parameters = confirmationParameters(order, "Zaiba");
    expect(parameters).toEqual([
      "Ayesha Khan",
      "Zaiba",
      "QP859-LL7M6",
      "2 × Lawn suit (Red / M), 1 × Dupatta",
      "Rs. 2,499",
      "https://zaiba.pk/order/confirm/abc",
    ]);
    const text = confirmationText(parameters, "en");
    expect(text).toContain("Total: Rs. 2,499 (cash on delivery)");
    expect(text).toContain("Or answer on this page: https://zaiba.pk/order/confirm/abc");
    expect(text).not.toContain("کل رقم");
    expect(confirmationText(parameters, "en+ur")).toContain("کل رقم: Rs. 2,499");
  });

  it("cuts a long list short with the number left out", () => {
    const many = Array.from({ length: 40 }, (_, n) => ({
      name: `Embroidered lawn ${n}`,
      combinationName: "Green / L",
      quantity: 1,
    }));
    const summary = itemsSummary(many);
    expect(summary.length).toBeLessThanOrEqual(420);
    expect(summary).toMatch(/ and \d+ more$/);
    const huge = itemsSummary([{ name: "x".repeat(5_000), combinationName: null, quantity: 1 }]);
    expect(huge.length).toBeLessThanOrEqual(420);
  });
});

describe("the backoff", () => {
  it("doubles from the base, is capped, and keeps 50-100 % of the delay", () => {
    expect(backoffMs(1, OUTBOX_DEFAULTS, () => 1)).toBe(30_000);
    expect(backoffMs(2, OUTBOX_DEFAULTS, () => 1)).toBe(60_000);
    expect(backoffMs(3, OUTBOX_DEFAULTS, () => 0)).toBe(60_000);
    expect(backoffMs(30, OUTBOX_DEFAULTS, () => 1)).toBe(3_600_000);
  });
});

describe("the Cloud API transport", () => {
  const message: OutgoingMessage = {
    id: 7,
    kind: "confirmation",
    language: "en+ur",
    phone: "923001234567",
    parameters: ["a"],
    buttons: ["confirm:T:7", "cancel:T:7"],
    body: "a",
  };
  const settings = {
    apiUrl: "https://graph.example/",
    apiVersion: "v21.0",
    phoneNumberId: "123",
    accessToken: "tok",
    appSecret: "",
    verifyToken: "",
    templates: { confirmation: "order_confirmation", reminder: "order_reminder", password_code: "password_reset_code" },
    timeoutMs: 1000,
  };

  it("asks for the Urdu template translation for English and Urdu", () => {
    expect(templateRequest(message, settings.templates)).toMatchObject({
      template: { name: "order_confirmation", language: { code: "ur" } },
    });
  });

  it("treats 429 and 5xx as worth another try, other 4xx as permanent, and reads the wamid", async () => {
    const answer = (status: number, body: unknown) => () =>
      Promise.resolve(new Response(JSON.stringify(body), { status }));
    const send = (status: number, body: unknown = {}) =>
      cloudApiTransport(settings, answer(status, body) as unknown as typeof fetch).send(message);
    await expect(send(200, { messages: [{ id: "wamid.X" }] })).resolves.toEqual({
      outcome: "sent",
      providerMessageId: "wamid.X",
    });
    for (const [status, permanent] of [
      [429, false],
      [503, false],
      [408, false],
      [400, true],
      [401, true],
    ] as const) {
      const error = await send(status, { error: { message: "nope", code: 1 } }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TransportError);
      expect((error as TransportError).permanent, String(status)).toBe(permanent);
    }
    const unreachable = cloudApiTransport(settings, (() => Promise.reject(new Error("ECONNREFUSED"))) as typeof fetch);
    await expect(unreachable.send(message)).rejects.toMatchObject({ permanent: false });
  });
});
