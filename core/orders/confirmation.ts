// The WhatsApp confirmation request (decision 0069): written in the order's own transaction, so an
// order and its message commit or roll back together; the worker sends it later (outbox.ts).
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";
import { whatsappMessages, type MessageLanguage } from "../../db/schema";
import { formatRupees } from "../shared/money";
import type { Order, OrderLine } from "./order";

/** What the question names: the order, the shopper's first name and number, what she ordered. */
export interface ConfirmationOrder extends Pick<Order, "trackingId" | "firstName" | "phoneNormalized" | "totalPaisa"> {
  orderId: Order["id"];
  items: ({ name: OrderLine["productName"] } & Pick<OrderLine, "combinationName" | "quantity">)[];
  /** the shopper's confirm/cancel page, for a shopper who would rather not reply on WhatsApp */
  confirmUrl: string;
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

/** "2 × Lawn suit (Red / M), 1 × Dupatta", cut short with "and 3 more" when long. */
export function itemsSummary(items: ConfirmationOrder["items"]): string {
  const parts = items.map((i) =>
    oneLine(`${i.quantity} × ${i.name}${i.combinationName ? ` (${i.combinationName})` : ""}`),
  );
  let text = "";
  for (let n = 0; n < parts.length; n++) {
    const next = text ? `${text}, ${parts[n]}` : (parts[n] as string);
    const rest = parts.length - n - 1;
    if (next.length > ITEMS_MAX)
      return `${text || (parts[n] as string).slice(0, ITEMS_MAX)} and ${rest + (text ? 1 : 0)} more`;
    text = next;
  }
  return text;
}

export const confirmPayload = (trackingId: string, messageId: number) => `confirm:${trackingId}:${messageId}`;
export const cancelPayload = (trackingId: string, messageId: number) => `cancel:${trackingId}:${messageId}`;

/** The template's parameters, in order: name, store, tracking id, items, total, confirm link. */
export function confirmationParameters(order: ConfirmationOrder, siteName: string): string[] {
  return [
    oneLine(order.firstName).slice(0, 60) || "there",
    oneLine(siteName).slice(0, 60),
    order.trackingId,
    itemsSummary(order.items),
    formatRupees(order.totalPaisa),
    order.confirmUrl,
  ];
}

/** The text as the shopper reads it: English, then Urdu when the setting says so. */
export function confirmationText(parameters: string[], language: MessageLanguage): string {
  const [name, store, tracking, items, total, link] = parameters;
  const english =
    `Assalam-o-Alaikum ${name}! Thank you for your order ${tracking} at ${store}.\n` +
    `Items: ${items}\n` +
    `Total: ${total} (cash on delivery)\n` +
    `Please tap Confirm so we can send it, or Cancel if you did not place this order.` +
    (link ? `\nOr answer on this page: ${link}` : "");
  if (language === "en") return english;
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
  const language: MessageLanguage = settings.whatsappLanguage === "en+ur" ? "en+ur" : "en";
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
