// The shopper's messages in Urdu (decision 0110): every email and WhatsApp text a shopper gets has
// an Urdu version, with its placeholders filled, no English sentence left in it (only the brand,
// product names, amounts, IDs and links, which stay Latin), left-to-right values isolated and the
// links opening the /ur pages.
import { describe, expect, it } from "vitest";
import {
  emailVerificationEmail,
  passwordResetEmail,
  registrationAttemptEmail,
  signInLinkEmail,
} from "../accounts/account-emails";
import { templateRequest } from "../messaging/cloud-api";
import type { RenderedEmail } from "../messaging/email-layout";
import { confirmationParameters, confirmationText, itemsSummary } from "./confirmation";
import { reminderText } from "./confirmation-scheduler";
import { ORDER_EMAIL_KINDS, orderEmail, type OrderEmailData } from "./order-emails";
import { urduCancelReason, urduDateTime } from "./order-emails-ur";

const LRI = "\u2066";
const PDI = "\u2069";

const order: OrderEmailData = {
  trackingId: "QP859-LL7M6",
  firstName: "Ayesha",
  createdAt: new Date("2026-01-02T03:04:05Z"),
  items: [
    { name: "Lawn suit", combinationName: "M / Red", quantity: 2, lineTotalPaisa: 499_800 },
    { name: "Dupatta", combinationName: null, quantity: 1, lineTotalPaisa: 120_000 },
  ],
  subtotalPaisa: 619_800,
  shippingPaisa: 25_000,
  discountPaisa: 10_000,
  totalPaisa: 634_800,
  voucherCode: "EID10",
  courier: "PostEx",
  trackingNumber: "CN123456",
  cashCollectedPaisa: 634_800,
};

const context = {
  siteName: "Zaiba",
  discreet: false,
  linkBase: "https://zaiba.pk",
  reason: "Cancelled: no answer to the confirmation request within 48 hours",
  phone: "0300 1234567",
  email: "hello@zaiba.pk",
  locale: "ur" as const,
};

// what may stay Latin in an Urdu message: the brand, the shopper's name and products, and
// anything isolated (amounts, IDs, phone numbers), links, email addresses and "Rs."/"CN"
const ALLOWED = ["Zaiba", "Ayesha", "Lawn suit", "Dupatta", "M / Red", "Red / M", "Rs.", "(CN)"];

/** The Latin words left once what may stay Latin is taken out: none in a proper Urdu text. */
function englishLeft(text: string): string[] {
  let rest = text
    .replace(new RegExp(`${LRI}[^${PDI}]*${PDI}`, "g"), " ")
    .replace(/https?:\/\/\S+/g, " ")
    .replace(/\S+@\S+/g, " ");
  for (const word of ALLOWED) rest = rest.split(word).join(" ");
  return rest.match(/[A-Za-z]{2,}/g) ?? [];
}

function expectUrduEmail(email: RenderedEmail) {
  expect(englishLeft(email.subject)).toEqual([]);
  expect(englishLeft(email.text)).toEqual([]);
  expect(email.text).not.toMatch(/\{\w+\}|undefined|null|NaN/);
  expect(email.html).toContain('<html lang="ur" dir="rtl">');
  expect(email.html).toContain('<body dir="rtl"');
  expect(email.html).toContain(' align="right"');
  // no isolate reaches the HTML's body: each became a <bdi dir="ltr">
  const body = email.html.slice(email.html.indexOf("<body"));
  const visible = body.replace(/<div style="display:none[^>]*>[^<]*<\/div>/, "");
  expect(visible).not.toMatch(/[\u2066\u2069]/);
}

describe("the order emails in Urdu", () => {
  it.each(ORDER_EMAIL_KINDS)("%s is written in Urdu, right to left, with the same facts", (kind) => {
    const email = orderEmail(kind, order, context);
    expectUrduEmail(email);
    expect(email.subject).toContain(`${LRI}QP859-LL7M6${PDI}`);
    expect(email.html).toContain('<bdi dir="ltr">QP859-LL7M6</bdi>');
    if (kind !== "order_cancelled") {
      expect(email.html).toContain('href="https://zaiba.pk/ur/track?tracking_id=QP859-LL7M6"');
      expect(email.text).toContain("اپنا آرڈر ٹریک کریں: https://zaiba.pk/ur/track?tracking_id=QP859-LL7M6");
    }
    expect(email.text).toContain(`${LRI}0300 1234567${PDI} پر کال یا واٹس ایپ کریں`);
    expect(email.html).toContain('<bdi dir="ltr">0300 1234567</bdi>');
  });

  it("names the figures of a placed order, each amount kept left to right", () => {
    const { text, html } = orderEmail("order_placed", order, context);
    expect(text).toContain("Ayesha، آرڈر کرنے کا بہت شکریہ");
    expect(text).toContain(`سب ٹوٹل: ${LRI}Rs. 6,198${PDI}`);
    expect(text).toContain(`ڈیلیوری چارجز: ${LRI}Rs. 250${PDI}`);
    expect(text).toContain(`رعایت (${LRI}EID10${PDI}): ${LRI}-Rs. 100${PDI}`);
    expect(text).toContain(`کل رقم، روپوں میں (کیش آن ڈیلیوری): ${LRI}Rs. 6,348${PDI}`);
    expect(text).toContain("2 جنوری 2026");
    expect(text).toContain(`${LRI}08:04${PDI} بجے`);
    expect(html).toContain('<bdi dir="ltr">Rs. 6,348</bdi>');
    expect(html).toContain("تعداد 2");
    expect(html).toContain("یا یہ لنک کھولیں:");
    // the amounts' column sits at the left end of a right-to-left line
    expect(html).toMatch(/align="left" dir="ltr" style="[^"]*text-align:left;[^"]*padding-right:12px">/);
  });

  it("names the courier and the consignment number of a shipped order", () => {
    const { text } = orderEmail("order_shipped", order, context);
    expect(text).toContain(`کوریئر: ${LRI}PostEx${PDI}`);
    expect(text).toContain(`کنسائنمنٹ نمبر (CN): ${LRI}CN123456${PDI}`);
    expect(text).toContain(`ڈیلیوری پر ادائیگی: ${LRI}Rs. 6,348${PDI}`);
  });

  it("gives the store's own reasons for a cancel in Urdu, and a reason staff typed as typed", () => {
    expect(orderEmail("order_cancelled", order, context).text).toContain(
      `وجہ: تصدیق کی درخواست کا ${LRI}48${PDI} گھنٹے میں جواب نہ ملنے پر منسوخ کیا گیا`,
    );
    expect(urduCancelReason("Cancelled by the customer on WhatsApp")).toBe("آپ نے واٹس ایپ پر منسوخ کیا");
    expect(urduCancelReason("کپڑا ختم ہو گیا")).toBe("کپڑا ختم ہو گیا");
  });

  it("names no product in the subject or preview with discreet packaging on", () => {
    const email = orderEmail("order_placed", order, { ...context, discreet: true });
    expect(email.subject).not.toContain("Lawn");
    expect(email.html).toMatch(/display:none[^>]*>شکریہ! کل رقم/);
  });

  it("reads the Pakistan time in Urdu with a 24-hour clock", () => {
    expect(urduDateTime(new Date("2026-06-30T19:30:00Z"))).toBe(`1 جولائی 2026، ${LRI}00:30${PDI} بجے`);
  });
});

describe("the account emails in Urdu", () => {
  const compose = {
    passwordResetEmail,
    emailVerificationEmail,
    signInLinkEmail,
    registrationAttemptEmail,
  };
  it.each(Object.entries(compose))("%s has an Urdu version with its link and the shopper's name", (_name, fn) => {
    const email = fn("Zaiba", "Ayesha", "https://zaiba.pk/ur/reset-password/tok", "ur");
    expectUrduEmail(email);
    expect(email.text).toContain("السلام علیکم Ayesha،");
    expect(email.html).toContain('href="https://zaiba.pk/ur/reset-password/tok"');
    // English stays as it was when no language is given
    expect(fn("Zaiba", "Ayesha", "https://zaiba.pk/x").html).toContain('<html lang="en">');
  });
});

describe("the WhatsApp texts in Urdu", () => {
  const confirmationOrder = {
    orderId: 1,
    trackingId: "QP859-LL7M6",
    firstName: "Ayesha",
    phoneNormalized: "923001234567",
    totalPaisa: 249_900,
    items: [
      { name: "Lawn suit", combinationName: "Red / M", quantity: 2 },
      { name: "Dupatta", combinationName: null, quantity: 1 },
    ],
    confirmUrl: "https://zaiba.pk/ur/order/confirm/abc",
    locale: "ur" as const,
  };

  it("asks for the confirmation in Urdu alone, the ID and total isolated, the link to the Urdu page", () => {
    const parameters = confirmationParameters(confirmationOrder, "Zaiba");
    expect(parameters).toEqual([
      "Ayesha",
      "Zaiba",
      `${LRI}QP859-LL7M6${PDI}`,
      "2 × Lawn suit (Red / M)، 1 × Dupatta",
      `${LRI}Rs. 2,499${PDI}`,
      "https://zaiba.pk/ur/order/confirm/abc",
    ]);
    for (const text of [confirmationText(parameters, "ur"), reminderText(parameters, "ur")]) {
      expect(englishLeft(text)).toEqual([]);
      expect(text).toContain(`کل رقم: ${LRI}Rs. 2,499${PDI} (کیش آن ڈیلیوری)`);
      expect(text).toContain(`${LRI}QP859-LL7M6${PDI}`);
      expect(text).toContain("«تصدیق کریں»");
      expect(text).toMatch(/\nhttps:\/\/zaiba\.pk\/ur\/order\/confirm\/abc$/);
      expect(text).not.toContain("Assalam");
    }
  });

  it("greets a shopper with no name politely, and counts the items left out in Urdu", () => {
    expect(confirmationParameters({ ...confirmationOrder, firstName: " " }, "Zaiba")[0]).toBe("محترم گاہک");
    const many = Array.from({ length: 40 }, (_, n) => ({ name: `Lawn ${n}`, combinationName: null, quantity: 1 }));
    expect(itemsSummary(many, "ur")).toMatch(new RegExp(`، اور ${LRI}\\d+${PDI} مزید$`));
  });

  it("sends an Urdu message with the template's Urdu translation", () => {
    const message = {
      id: 7,
      kind: "confirmation" as const,
      phone: "923001234567",
      parameters: [],
      buttons: [],
      body: "",
    };
    const templates = { confirmation: "order_confirmation", reminder: "order_reminder", password_code: "code" };
    const code = (language: "en" | "en+ur" | "ur") =>
      (templateRequest({ ...message, language }, templates).template as { language: { code: string } }).language.code;
    expect([code("en"), code("en+ur"), code("ur")]).toEqual(["en", "ur", "ur"]);
  });
});
