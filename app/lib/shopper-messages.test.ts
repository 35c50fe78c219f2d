import { describe, expect, it } from "vitest";
import { checkField, COUNTRIES, EMPTY_CHECKOUT_FORM, FIELD_LABELS, FIELD_MAX } from "../../core/orders/checkout-form";
import { PRICES_CHANGED } from "../../core/orders/quote-order";
import { ORDER_NOT_FOUND } from "../../core/orders/track-order";
import { CONFIRM_LINK_NOT_FOUND } from "../../core/orders/confirm-page";
import { RATE_LIMITS } from "../../core/shared/client-limits";
import { PAKISTAN_PHONE_MESSAGE, PHONE_MESSAGE } from "../../core/shared/phone";
import { CODE_REQUIRED, INVALID_CODE, voucherProblem, type Voucher } from "../../core/vouchers/vouchers";
import "../i18n/ur";
import { messagesOf } from "../i18n/messages";
import { translatorIn } from "../i18n/t";
import { ORDER_STEPS, SHOPPER_STATUS_TEXT } from "./order-steps";
import { PARCEL_EVENT_WORDS } from "../components/ParcelEvents";
import { shopperMessage } from "./shopper-messages";

const ur = translatorIn("ur");
const en = translatorIn("en");
// what t() puts around a value so it keeps its own direction
const isolated = (value: string) => `\u2068${value}\u2069`;

describe("shopperMessage", () => {
  it("leaves English as the store sent it", () => {
    const message = "Only 2 left of Lawn Suit (M / Black). Please reduce the quantity and try again.";
    expect(shopperMessage(en, message)).toBe(message);
  });

  it("translates a fixed message, and one that names a value with the value put back", () => {
    expect(shopperMessage(ur, "Invalid voucher code")).toBe("واؤچر کوڈ درست نہیں");
    expect(shopperMessage(ur, "Only 2 left of Lawn Suit (M / Black). Please reduce the quantity and try again.")).toBe(
      `${isolated("Lawn Suit (M / Black)")} کے صرف ${isolated("2")} باقی ہیں۔ براہِ کرم تعداد کم کر کے دوبارہ کوشش کریں۔`,
    );
    expect(shopperMessage(ur, "Minimum order for this voucher is Rs. 3,000.")).toContain(isolated("Rs. 3,000"));
  });

  it("translates the message inside the checkout's own words", () => {
    expect(shopperMessage(ur, "Order creation failed: This voucher has expired.")).toBe(
      `آرڈر نہیں ہو سکا: ${isolated("اس واؤچر کی میعاد ختم ہو چکی ہے۔")}`,
    );
  });

  it("shows a message it does not know as it came", () => {
    expect(shopperMessage(ur, "items.0.combination_id: this option does not belong to X")).toBe(
      "items.0.combination_id: this option does not belong to X",
    );
  });
});

describe("the Urdu catalogue has every refusal of checkout, vouchers and tracking", () => {
  const catalogue = messagesOf("ur");
  const now = new Date("2026-11-28T10:00:00Z");
  const voucher = {
    isActive: true,
    startsAt: null,
    endsAt: null,
    usageLimit: null,
    usedCount: 0,
    minOrderPaisa: 0,
  } as unknown as Voucher;

  it("the form's checks, field by field and country by country", () => {
    const messages = new Set<string>();
    for (const field of Object.keys(FIELD_LABELS) as (keyof typeof FIELD_LABELS)[]) {
      for (const value of ["", "x".repeat(FIELD_MAX[field] + 1), "not valid"]) {
        for (const country of [...COUNTRIES, "Narnia"]) {
          const message = checkField(field, { ...EMPTY_CHECKOUT_FORM, country, [field]: value });
          if (message) messages.add(message);
        }
      }
    }
    expect([...messages].filter((m) => !(m in catalogue))).toEqual([]);
  });

  it("the store's answers", () => {
    const answers = [
      PAKISTAN_PHONE_MESSAGE,
      PHONE_MESSAGE,
      PRICES_CHANGED,
      ORDER_NOT_FOUND,
      CONFIRM_LINK_NOT_FOUND,
      INVALID_CODE,
      CODE_REQUIRED,
      ...Object.values(RATE_LIMITS).map((rule) => rule.message),
      voucherProblem({ ...voucher, isActive: false }, now, null),
      voucherProblem({ ...voucher, startsAt: new Date("2027-01-01") }, now, null),
      voucherProblem({ ...voucher, endsAt: new Date("2026-01-01") }, now, null),
      voucherProblem({ ...voucher, usageLimit: 1, usedCount: 1 }, now, null),
    ];
    expect(answers.filter((m) => !m || !(m in catalogue))).toEqual([]);
    expect(shopperMessage(ur, voucherProblem({ ...voucher, minOrderPaisa: 300_000 }, now, 1000)!)).not.toMatch(
      /Minimum/,
    );
  });

  it("every order step, status and parcel event", () => {
    const words = [
      ...ORDER_STEPS.map((s) => s.label),
      ...Object.values(SHOPPER_STATUS_TEXT),
      ...Object.values(PARCEL_EVENT_WORDS),
    ];
    expect(words.filter((w) => !(w in catalogue))).toEqual([]);
  });
});
