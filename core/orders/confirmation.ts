// The WhatsApp confirmation request (decision 0069): written in the order's own transaction, so an
// order and its message commit or roll back together; the worker sends it later (outbox.ts).
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";
import { whatsappMessages, type MessageLanguage, type WrittenLanguage } from "../../db/schema";
import { ltr, type ShopperLocale } from "../shared/locale";
import { formatRupees } from "../shared/money";
import type { Order, OrderLine } from "./order";

/** What the question names: the order, the shopper's first name and number, what she ordered. */
export interface ConfirmationOrder extends Pick<Order, "trackingId" | "firstName" | "phoneNormalized" | "totalPaisa"> {
  orderId: Order["id"];
  items: ({ name: OrderLine["productName"] } & Pick<OrderLine, "combinationName" | "quantity">)[];
  /** the shopper's confirm/cancel page, for a shopper who would rather not reply on WhatsApp */
  confirmUrl: string;
  /** the storefront language it was placed in: "ur" asks in Urdu only; "en" as the shop's setting says */
  locale?: ShopperLocale;
}

export interface ConfirmationSettings {
  siteName: string;
  whatsappConfirmations: boolean;
  whatsappLanguage: string;
}

/** a template parameter may hold no newline or tab and at most 1,024 characters (Cloud API) */
const ITEMS_MAX = 400;
const oneLine = (text: string) =>
  text
    .replace(/[\r\n\t]+/g, " ")
    .replace(/ {2,}/g, " ")
    .trim();

/** "2 × Lawn suit (Red / M), 1 × Dupatta", cut short with "and 3 more" ("اور 3 مزید") when long. */
export function itemsSummary(items: ConfirmationOrder["items"], locale: ShopperLocale = "en"): string {
  const parts = items.map((i) =>
    oneLine(`${i.quantity} × ${i.name}${i.combinationName ? ` (${i.combinationName})` : ""}`),
  );
  let text = "";
  for (let n = 0; n < parts.length; n++) {
    const next = text ? `${text}${locale === "ur" ? "، " : ", "}${parts[n]}` : (parts[n] as string);
    const rest = parts.length - n - 1;
    if (next.length > ITEMS_MAX) {
      const more = rest + (text ? 1 : 0);
      const head = text || (parts[n] as string).slice(0, ITEMS_MAX);
      return locale === "ur" ? `${head}، اور ${ltr(String(more))} مزید` : `${head} and ${more} more`;
    }
    text = next;
  }
  return text;
}

export const confirmPayload = (trackingId: string, messageId: number) => `confirm:${trackingId}:${messageId}`;
export const cancelPayload = (trackingId: string, messageId: number) => `cancel:${trackingId}:${messageId}`;

/**
 * The template's parameters, in order: name, store, tracking id, items, total, confirm link. In
 * Urdu the tracking ID and the total come wrapped in Unicode isolates, so they read left to right
 * in the right-to-left text (the link, alone on its line, needs none).
 */
export function confirmationParameters(order: ConfirmationOrder, siteName: string): string[] {
  if (order.locale === "ur")
    return [
      oneLine(order.firstName).slice(0, 60) || "محترم گاہک",
      oneLine(siteName).slice(0, 60),
      ltr(order.trackingId),
      itemsSummary(order.items, "ur"),
      ltr(formatRupees(order.totalPaisa)),
      order.confirmUrl,
    ];
  return [
    oneLine(order.firstName).slice(0, 60) || "there",
    oneLine(siteName).slice(0, 60),
    order.trackingId,
    itemsSummary(order.items),
    formatRupees(order.totalPaisa),
    order.confirmUrl,
  ];
}

/**
 * The text as the shopper reads it: English, then Urdu when the setting says so; Urdu alone for
 * an order placed in Urdu, whose buttons the Urdu template names «تصدیق کریں» and «منسوخ کریں».
 */
export function confirmationText(parameters: string[], language: WrittenLanguage): string {
  const [name, store, tracking, items, total, link] = parameters;
  const english =
    `Assalam-o-Alaikum ${name}! Thank you for your order ${tracking} at ${store}.\n` +
    `Items: ${items}\n` +
    `Total: ${total} (cash on delivery)\n` +
    `Please tap Confirm so we can send it, or Cancel if you did not place this order.` +
    (link ? `\nOr answer on this page: ${link}` : "");
  if (language === "en") return english;
  if (language === "ur")
    return (
      `السلام علیکم ${name}! ${store} پر آرڈر کرنے کا بہت شکریہ۔ آپ کا آرڈر نمبر ${tracking} ہے۔\n` +
      `آپ کا سامان: ${items}\n` +
      `کل رقم: ${total} (کیش آن ڈیلیوری)\n` +
      `آرڈر بھجوانے کے لیے «تصدیق کریں» دبائیں، اور اگر یہ آرڈر آپ نے نہیں دیا تو «منسوخ کریں» دبائیں۔` +
      (link ? `\nیا اس صفحے پر جواب دیں:\n${link}` : "")
    );
  const urdu =
    `السلام علیکم ${name}! ${store} پر آپ کے آرڈر ${tracking} کا شکریہ۔\n` +
    `اشیاء: ${items}\n` +
    `کل رقم: ${total} (کیش آن ڈیلیوری)\n` +
    `آرڈر بھجوانے کے لیے Confirm دبائیں، اور اگر یہ آرڈر آپ نے نہیں دیا تو Cancel دبائیں۔` +
    (link ? `\nیا اس صفحے پر جواب دیں: ${link}` : "");
  return `${english}\n\n${urdu}`;
}

/**
 * Writes the confirmation request for a new order, in the caller's (the order's) transaction.
 * The message's id is taken from its sequence first, so the button payloads can name it.
 * Answers the message's id, or null when the shop has turned confirmations off.
 */
export async function enqueueConfirmation(
  tx: Db,
  order: ConfirmationOrder,
  settings: ConfirmationSettings,
): Promise<number | null> {
  if (!settings.whatsappConfirmations) return null;
  const setting: MessageLanguage = settings.whatsappLanguage === "en+ur" ? "en+ur" : "en";
  const language: WrittenLanguage = order.locale === "ur" ? "ur" : setting;
  const [next] = await queryRows<{ id: number | string }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('whatsapp_messages', 'id')) as id`,
  );
  const id = Number(next?.id);
  const parameters = confirmationParameters(order, settings.siteName);
  await tx.insert(whatsappMessages).values({
    id,
    orderId: order.orderId,
    kind: "confirmation",
    language,
    phone: order.phoneNormalized,
    parameters,
    buttons: [confirmPayload(order.trackingId, id), cancelPayload(order.trackingId, id)],
    body: confirmationText(parameters, language),
  });
  return id;
}
