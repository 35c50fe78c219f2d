// The four order emails in Urdu (decision 0110), for an order placed on the Urdu storefront: the
// same facts as the English ones (order-emails.ts), written as a Pakistani shop writes to its
// customers, laid out right to left, with amounts, IDs, phone numbers and links kept left to
// right (ltr) and the tracking link opening the Urdu page.
import { formatRupees } from "../shared/money";
import { ltr, pagePath } from "../shared/locale";
import { renderEmail, type RenderedEmail } from "../messaging/email-layout";
import type { OrderEmailContext, OrderEmailData, OrderEmailKind } from "./order-email-facts";

const karachiDate = new Intl.DateTimeFormat("ur-PK", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Asia/Karachi",
});
// a 24-hour clock: Urdu's CLDR data writes "AM"/"PM" in English
const karachiTime = new Intl.DateTimeFormat("en-GB", {
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "Asia/Karachi",
});

/** "2 جنوری 2026، 08:04 بجے" in Pakistan's time. */
export function urduDateTime(date: Date): string {
  return `${karachiDate.format(date).replace("،", "")}، ${ltr(karachiTime.format(date))} بجے`;
}

/** The reasons the store itself writes on a cancel, in Urdu; a reason staff typed is shown as typed. */
export function urduCancelReason(reason: string): string {
  const expired = /^Cancelled: no answer to the confirmation request within (\d+) hours?$/.exec(reason);
  if (expired) return `تصدیق کی درخواست کا ${ltr(expired[1] as string)} گھنٹے میں جواب نہ ملنے پر منسوخ کیا گیا`;
  const known: Record<string, string> = {
    "Cancelled by the customer on WhatsApp": "آپ نے واٹس ایپ پر منسوخ کیا",
    "Cancelled by the customer on the store's confirmation page": "آپ نے ہماری ویب سائٹ کے تصدیقی صفحے پر منسوخ کیا",
    Cancelled: "منسوخ",
  };
  return known[reason] ?? reason;
}

function itemsLine(items: OrderEmailData["items"]): string {
  return items.map((i) => `${ltr(String(i.quantity))} × ${i.name}`).join("، ");
}

/** Renders one order email in Urdu; pure, like orderEmail. */
export function urduOrderEmail(kind: OrderEmailKind, order: OrderEmailData, context: OrderEmailContext): RenderedEmail {
  const id = ltr(order.trackingId);
  const name = order.firstName.trim();
  const total = ltr(formatRupees(order.totalPaisa));
  const trackUrl = context.linkBase
    ? `${context.linkBase}${pagePath("/track", "ur")}?tracking_id=${encodeURIComponent(order.trackingId)}`
    : "";
  const button = trackUrl ? { label: "اپنا آرڈر ٹریک کریں", url: trackUrl } : null;
  const phone = context.phone ? ltr(context.phone) : "";
  const email = context.email ? ltr(context.email) : "";
  const contact =
    phone && email
      ? `کوئی سوال ہو تو ${phone} پر کال یا واٹس ایپ کریں، یا ${email} پر ای میل کریں۔`
      : phone
        ? `کوئی سوال ہو تو ${phone} پر کال یا واٹس ایپ کریں۔`
        : email
          ? `کوئی سوال ہو تو ${email} پر ای میل کریں۔`
          : "کوئی سوال ہو تو ہماری ویب سائٹ کے رابطے کے صفحے سے ہم سے بات کریں۔";
  const footer = [contact, `ٹریکنگ آئی ڈی: ${id}`];
  const items = order.items.map((i) => ({
    name: i.name,
    detail: i.combinationName ?? undefined,
    quantity: i.quantity,
    amount: ltr(formatRupees(i.lineTotalPaisa)),
  }));
  const figures = [
    { label: "سب ٹوٹل", value: ltr(formatRupees(order.subtotalPaisa)) },
    { label: "ڈیلیوری چارجز", value: order.shippingPaisa === 0 ? "مفت" : ltr(formatRupees(order.shippingPaisa)) },
    ...(order.discountPaisa > 0
      ? [
          {
            label: order.voucherCode ? `رعایت (${ltr(order.voucherCode)})` : "رعایت",
            value: ltr(`-${formatRupees(order.discountPaisa)}`),
          },
        ]
      : []),
    { label: "کل رقم، روپوں میں (کیش آن ڈیلیوری)", value: total, strong: true },
  ];
  const preview = (discreetText: string, withItems: string) =>
    context.discreet || order.items.length === 0 ? discreetText : withItems;
  const courier = order.courier ? ltr(order.courier) : "کوریئر";
  const base = { storeName: context.siteName, button, footer, locale: "ur" as const };

  switch (kind) {
    case "order_placed":
      return renderEmail({
        ...base,
        subject: `آپ کا آرڈر ${id} موصول ہو گیا`,
        preheader: preview(
          `شکریہ! کل رقم ${total}، ادائیگی ڈیلیوری پر نقد۔`,
          `${itemsLine(order.items)}: کل رقم ${total}، ادائیگی ڈیلیوری پر نقد۔`,
        ),
        heading: name ? `${name}، آرڈر کرنے کا بہت شکریہ` : "آرڈر کرنے کا بہت شکریہ",
        paragraphs: [
          `ہمیں آپ کا آرڈر ${id} مل گیا ہے، جو آپ نے ${urduDateTime(order.createdAt)} (پاکستانی وقت) دیا۔ ہم پہلے آپ سے اس کی تصدیق کریں گے، پھر اسے پیک کر کے روانہ کر دیں گے۔`,
          `ادائیگی آرڈر ملنے پر نقد، پاکستانی روپوں (${ltr("Rs.")}) میں ہو گی۔`,
        ],
        items,
        facts: [...figures, { label: "ٹریکنگ آئی ڈی", value: id }],
        after: [
          trackUrl
            ? "اپنی ٹریکنگ آئی ڈی سنبھال کر رکھیں: اس اور اپنے فون نمبر سے آپ کسی بھی وقت اپنا آرڈر دیکھ سکتے ہیں۔"
            : "اپنی ٹریکنگ آئی ڈی سنبھال کر رکھیں: اس اور اپنے فون نمبر سے آپ ہماری ویب سائٹ پر اپنا آرڈر دیکھ سکتے ہیں۔",
        ],
      });
    case "order_shipped":
      return renderEmail({
        ...base,
        subject: `آپ کا آرڈر ${id} روانہ کر دیا گیا`,
        preheader: preview(
          `${courier} کے ذریعے آپ کی طرف روانہ ہے۔ ${total} نقد تیار رکھیں۔`,
          `${itemsLine(order.items)}: ${courier} کے ذریعے آپ کی طرف روانہ ہے۔`,
        ),
        heading: name ? `${name}، آپ کا آرڈر راستے میں ہے` : "آپ کا آرڈر راستے میں ہے",
        paragraphs: [`آرڈر ${id} کوریئر کے حوالے کر دیا گیا ہے۔ براہِ کرم رائیڈر کے لیے ${total} نقد تیار رکھیں۔`],
        facts: [
          { label: "کوریئر", value: order.courier ? ltr(order.courier) : "" },
          { label: "کنسائنمنٹ نمبر (CN)", value: order.trackingNumber ? ltr(order.trackingNumber) : "" },
          { label: "ڈیلیوری پر ادائیگی", value: total, strong: true },
        ],
        items,
        after: ["کنسائنمنٹ نمبر سے آپ کوریئر کی ویب سائٹ پر بھی اپنا پارسل دیکھ سکتے ہیں۔"],
      });
    case "order_delivered":
      return renderEmail({
        ...base,
        subject: `آپ کا آرڈر ${id} پہنچ گیا`,
        preheader: preview(
          `آرڈر پہنچ گیا۔ ${context.siteName} سے خریداری کا شکریہ۔`,
          `${itemsLine(order.items)}: پہنچ گیا۔`,
        ),
        heading: name ? `${name}، آپ کا آرڈر پہنچ گیا: بہت شکریہ` : "آپ کا آرڈر پہنچ گیا: بہت شکریہ",
        paragraphs: [
          order.cashCollectedPaisa !== null
            ? `آرڈر ${id} آپ تک پہنچ گیا ہے اور ${ltr(formatRupees(order.cashCollectedPaisa))} نقد ادا کر دیے گئے ہیں۔`
            : `آرڈر ${id} آپ تک پہنچ گیا ہے۔`,
          "اگر سائز یا رنگ ٹھیک نہ ہو تو ڈیلیوری کے 7 دن کے اندر آپ ایکسچینج کی درخواست کر سکتے ہیں۔",
        ],
        items,
      });
    case "order_cancelled":
      return renderEmail({
        ...base,
        subject: `آپ کا آرڈر ${id} منسوخ کر دیا گیا`,
        preheader: preview("آپ کا آرڈر منسوخ ہو گیا ہے۔ آپ کے ذمے کوئی رقم نہیں۔", `${itemsLine(order.items)}: منسوخ۔`),
        heading: `آپ کا آرڈر ${id} منسوخ کر دیا گیا`,
        paragraphs: [
          ...(context.reason?.trim() ? [`وجہ: ${urduCancelReason(context.reason.trim())}`] : []),
          "یہ کیش آن ڈیلیوری آرڈر تھا، اس لیے آپ کے ذمے کوئی رقم نہیں اور اس آرڈر پر اب مزید کچھ نہیں ہو گا۔",
          "یہ چیزیں اب بھی چاہییں؟ آپ ہماری ویب سائٹ پر دوبارہ آرڈر کر سکتے ہیں۔",
        ],
        items,
        button: null,
      });
  }
}
