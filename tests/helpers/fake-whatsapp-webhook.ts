// The other half of the fake WhatsApp Cloud API (decision 0071): events as Meta's webhook sends them
// (object whatsapp_business_account, entry[].changes[].value with messages[] or statuses[]),
// signed with X-Hub-Signature-256 the way Meta signs them, sent to the store through app.inject
// or over HTTP to a running store.
import crypto from "node:crypto";
import type { FastifyInstance } from "fastify";

export const WEBHOOK_PATH = "/api/webhooks/whatsapp";
export const PHONE_NUMBER_ID = "106540352242922";

let sequence = 0;
/** a fresh provider message id, shaped like WhatsApp's */
export const wamid = () =>
  `wamid.HBgMOTIzMDA${crypto.randomBytes(12).toString("hex").toUpperCase()}${(++sequence).toString(36)}`;

const now = () => String(Math.floor(Date.now() / 1000));

export type CloudMessage = Record<string, unknown> & { id: string; from: string };

/** A quick-reply tap on a template's button (type "button"). */
export function buttonTap(
  from: string,
  payload: string,
  text = payload.startsWith("cancel") ? "Cancel" : "Confirm",
  id = wamid(),
): CloudMessage {
  return {
    from,
    id,
    timestamp: now(),
    type: "button",
    context: { from: PHONE_NUMBER_ID, id: "wamid.SENT" },
    button: { payload, text },
  };
}

/** A tap on an interactive message's reply button (type "interactive"). */
export function interactiveTap(from: string, buttonId: string, title: string, id = wamid()): CloudMessage {
  return {
    from,
    id,
    timestamp: now(),
    type: "interactive",
    interactive: { type: "button_reply", button_reply: { id: buttonId, title } },
  };
}

/** A message the shopper typed. */
export function textReply(from: string, body: string, id = wamid()): CloudMessage {
  return { from, id, timestamp: now(), type: "text", text: { body } };
}

/** Anything else: audio, image, reaction, sticker… */
export function otherMessage(
  from: string,
  type: string,
  content: Record<string, unknown> = {},
  id = wamid(),
): CloudMessage {
  return { from, id, timestamp: now(), type, [type]: content };
}

/** The payload of one webhook call carrying these messages (and statuses). */
export function webhookEvent(
  messages: CloudMessage[],
  statuses: Record<string, unknown>[] = [],
): Record<string, unknown> {
  const from = messages[0]?.from ?? "923001234567";
  return {
    object: "whatsapp_business_account",
    entry: [
      {
        id: "102290129340398",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "15550783881", phone_number_id: PHONE_NUMBER_ID },
              ...(messages.length > 0 ? { contacts: [{ profile: { name: "Ayesha" }, wa_id: from }], messages } : {}),
              ...(statuses.length > 0 ? { statuses } : {}),
            },
          },
        ],
      },
    ],
  };
}

/** A delivery status for a message the store sent. */
export function statusUpdate(
  providerMessageId: string,
  recipient: string,
  status: "sent" | "delivered" | "read" | "failed",
) {
  return {
    id: providerMessageId,
    status,
    timestamp: now(),
    recipient_id: recipient,
    ...(status === "failed" ? { errors: [{ code: 131026, title: "Message undeliverable" }] } : {}),
  };
}

export const signature = (secret: string, body: string) =>
  `sha256=${crypto.createHmac("sha256", secret).update(body).digest("hex")}`;

export interface WebhookAnswer {
  status: number;
  body: string;
}

/**
 * Sends a body to the webhook: JSON (an object, serialised here) or raw text, signed with secret
 * unless signature says otherwise (a string to send as it is, or null for no header).
 */
export async function sendWebhook(
  target: FastifyInstance | string,
  secret: string,
  payload: unknown,
  options: { signature?: string | null; contentType?: string } = {},
): Promise<WebhookAnswer> {
  const body = typeof payload === "string" ? payload : JSON.stringify(payload);
  const headers: Record<string, string> = { "content-type": options.contentType ?? "application/json" };
  const sig = options.signature === undefined ? signature(secret, body) : options.signature;
  if (sig !== null) headers["x-hub-signature-256"] = sig;
  if (typeof target === "string") {
    const res = await fetch(`${target}${WEBHOOK_PATH}`, { method: "POST", headers, body });
    return { status: res.status, body: await res.text() };
  }
  const res = await target.inject({ method: "POST", url: WEBHOOK_PATH, headers, payload: body });
  return { status: res.statusCode, body: res.body };
}

/**
 * Places a cash-on-delivery order on a running store from the given phone (as typed at checkout),
 * with the first product in stock; answers the API's answer, with the confirm link's path.
 */
export async function placeOrderFrom(
  url: string,
  phone: string,
): Promise<{ id: number; tracking_id: string; confirm_url: string }> {
  const products = (await fetch(`${url}/api/products?limit=50`).then((r) => r.json())) as {
    id: number;
    price: number | string;
    stock: number;
    variant_combinations?: { id: number; price: number | string; stock: number; is_available: boolean }[];
  }[];
  let line: { product_id: number; combination_id: number | null; price: number } | null = null;
  for (const p of products) {
    const combination = (p.variant_combinations ?? []).find((c) => c.is_available && c.stock >= 1);
    if (combination) line = { product_id: p.id, combination_id: combination.id, price: Number(combination.price) };
    else if ((p.variant_combinations ?? []).length === 0 && p.stock >= 1)
      line = { product_id: p.id, combination_id: null, price: Number(p.price) };
    if (line) break;
  }
  if (!line) throw new Error("no product in stock");
  const res = await fetch(`${url}/api/orders`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      first_name: "Sana",
      last_name: "Malik",
      email: `reply${crypto.randomBytes(4).toString("hex")}@example.pk`,
      phone,
      shipping_address: "House 7, Street 11, F-8/3, Islamabad, 44000, Pakistan",
      city: "Islamabad",
      postal_code: "44000",
      country: "Pakistan",
      total_amount: line.price + (line.price >= 5000 ? 0 : 500),
      payment_method: "cod",
      items: [{ ...line, quantity: 1, variant_details: null }],
    }),
  });
  const body = (await res.json()) as { id: number; tracking_id: string; confirm_url: string };
  if (res.status !== 201) throw new Error(`order not placed: ${res.status} ${JSON.stringify(body)}`);
  return body;
}
