// Shoppers' replies on WhatsApp (decision 0071). The webhook hands each
// inbound message here; it is recorded and acted on in one transaction, keyed by the provider's
// message id, so an event WhatsApp delivers twice (it retries until it gets a 200) is recorded,
// and moves its order, once. A Confirm or Cancel tap names its order in the button's payload; a
// free-text reply ("haan ji", "cancel it") answers the sender's latest order still waiting for
// confirmation; anything else waits in the console for a person, who marks it handled.
import { and, count, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";
import { orders, users, whatsappInbound, type InboundOutcome } from "../../db/schema";
import type { CoreContext } from "../context";
import { settleConfirmationInTx } from "./confirmation-outcome";
import { conflict, notFound } from "../shared/errors";
import { staffWrite } from "../shared/staff-write";
import { requirePermission } from "../shared/staff-errors";
import type { StaffActor } from "../shared/permissions";
import { readDeliveryStatus, STATUSES_PER_EVENT, type DeliveryStatus } from "../messaging/delivery-status";
import type { ReplyFilter } from "./reply-filters";
import { readReply } from "./reply-words";
import { newestFirstPage } from "../shared/paging";

/** One message from a shopper, as read from the Cloud API's webhook payload. */
export interface InboundMessage {
  /** wamid.… */
  providerMessageId: string;
  /** digits only, 92XXXXXXXXXX */
  from: string;
  /** text, button, interactive, image, audio, reaction… */
  type: string;
  text: string | null;
  payload: string | null;
  sentAt: Date | null;
}

// what is kept of a message: enough for a person to read, not a place to store a novel
export const INBOUND_LIMITS = {
  text: 2_000,
  payload: 200,
  id: 256,
  type: 40,
  phoneDigits: 20,
  /** a batch beyond this is cut: the Cloud API sends a handful per call */
  messagesPerEvent: 200,
} as const;

// a half of a surrogate pair (JSON's "\ud800" can make one) cannot be written as UTF-8
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const wellFormed = (text: string) => text.replace(LONE_SURROGATE, "\ufffd");

/** Text as it may be stored: no NUL (PostgreSQL refuses it), no lone surrogate, cut to max. */
export function storableText(value: unknown, max: number): string | null {
  if (typeof value !== "string") return null;
  const cut = value.length > max * 2 ? value.slice(0, max * 2) : value;
  const clean = wellFormed(wellFormed(cut.replaceAll("\u0000", "")).slice(0, max));
  return clean === "" ? null : clean;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

// types a shop does not answer: a reaction, a sticker, WhatsApp's own notices
const IGNORED_TYPES = new Set(["reaction", "sticker", "system", "unsupported", "ephemeral", "request_welcome"]);

function readMessage(raw: unknown): InboundMessage | null {
  if (!isObject(raw)) return null;
  const id =
    typeof raw.id === "string" && raw.id.length <= INBOUND_LIMITS.id ? storableText(raw.id, INBOUND_LIMITS.id) : null;
  const fromText = typeof raw.from === "string" && raw.from.length <= 40 ? raw.from : "";
  const from = fromText.replace(/\D/g, "");
  if (!id || from.length < 6 || from.length > INBOUND_LIMITS.phoneDigits) return null;
  const type = (typeof raw.type === "string" ? storableText(raw.type, INBOUND_LIMITS.type) : null) ?? "unknown";
  let text: string | null = null;
  let payload: string | null = null;
  if (type === "text" && isObject(raw.text)) {
    text = storableText(raw.text.body, INBOUND_LIMITS.text);
  } else if (type === "button" && isObject(raw.button)) {
    text = storableText(raw.button.text, INBOUND_LIMITS.text);
    payload = storableText(raw.button.payload, INBOUND_LIMITS.payload);
  } else if (type === "interactive" && isObject(raw.interactive)) {
    const reply = isObject(raw.interactive.button_reply)
      ? raw.interactive.button_reply
      : isObject(raw.interactive.list_reply)
        ? raw.interactive.list_reply
        : null;
    if (reply) {
      text = storableText(reply.title, INBOUND_LIMITS.text);
      payload = storableText(reply.id, INBOUND_LIMITS.payload);
    }
  } else if (isObject(raw[type])) {
    // an image or a document may carry a caption; a reaction its emoji
    const media = raw[type] as Record<string, unknown>;
    text = storableText(media.caption ?? media.emoji, INBOUND_LIMITS.text);
  }
  const seconds = typeof raw.timestamp === "string" && /^\d{1,11}$/.test(raw.timestamp) ? Number(raw.timestamp) : NaN;
  // the Cloud API gives Unix seconds; a time outside 2000–2100 is not one
  const sentAt = seconds > 946_684_800 && seconds < 4_102_444_800 ? new Date(seconds * 1000) : null;
  return { providerMessageId: id, from, type, text, payload, sentAt };
}

/**
 * The shoppers' messages in a webhook payload (object whatsapp_business_account,
 * entry[].changes[].value.messages[]). Anything not in that shape is skipped, never an error:
 * a payload the store cannot use is still answered 200, or WhatsApp sends it again for days.
 * Delivery statuses (value.statuses[]) are read too: the message log records them
 * (delivery-status.ts); `statuses` counts every entry, usable or not.
 */
export function readWebhookEvent(body: unknown): {
  messages: InboundMessage[];
  statuses: number;
  deliveries: DeliveryStatus[];
  skipped: number;
} {
  const messages: InboundMessage[] = [];
  const deliveries: DeliveryStatus[] = [];
  let statuses = 0;
  let skipped = 0;
  if (!isObject(body) || body.object !== "whatsapp_business_account")
    return { messages, statuses, deliveries, skipped };
  for (const entry of list(body.entry)) {
    if (!isObject(entry)) continue;
    for (const change of list(entry.changes)) {
      if (!isObject(change) || !isObject(change.value)) continue;
      for (const raw of list(change.value.statuses)) {
        statuses += 1;
        const delivery = deliveries.length < STATUSES_PER_EVENT ? readDeliveryStatus(raw) : null;
        if (delivery) deliveries.push(delivery);
      }
      for (const raw of list(change.value.messages)) {
        const message = messages.length < INBOUND_LIMITS.messagesPerEvent ? readMessage(raw) : null;
        if (message) messages.push(message);
        else skipped += 1;
      }
    }
  }
  return { messages, statuses, deliveries, skipped };
}

/** confirm:<tracking id>:<message id> or cancel:… (core/orders/confirmation.ts) */
const PAYLOAD_SHAPE = /^(confirm|cancel):([A-Z0-9-]{1,20}):(\d{1,10})$/;

export interface ReplyResult {
  /** false: the event was seen before (same provider message id) and nothing was done */
  recorded: boolean;
  outcome: InboundOutcome | null;
  orderId: number | null;
}

interface Decision {
  outcome: InboundOutcome;
  orderId: number | null;
  restocked: boolean;
}

/** The phone's latest order waiting for confirmation, or null. */
async function pendingOrderOf(tx: Db, phone: string): Promise<number | null> {
  const [row] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.phoneNormalized, phone), eq(orders.status, "pending confirmation")))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  return row?.id ?? null;
}

/** For a person's eyes: the phone's latest pending order, else its latest order of any kind. */
async function contextOrderOf(tx: Db, phone: string): Promise<number | null> {
  const pending = await pendingOrderOf(tx, phone);
  if (pending !== null) return pending;
  const [row] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.phoneNormalized, phone))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  return row?.id ?? null;
}

async function settle(tx: Db, orderId: number, answer: "confirmed" | "cancelled"): Promise<Decision> {
  const result = await settleConfirmationInTx(tx, orderId, answer, "whatsapp");
  if (!result.changed) return { outcome: "already_settled", orderId, restocked: false };
  return { outcome: answer, orderId, restocked: (result.outcome?.restocked.length ?? 0) > 0 };
}

/**
 * A tap on Confirm or Cancel: the payload names the order and the message it came with. It is
 * applied only when that message is the order's and the tap comes from the order's phone; a
 * payload copied into another chat, or made up, goes to a person and changes nothing.
 */
async function decideTap(tx: Db, message: InboundMessage, payload: string): Promise<Decision> {
  const match = PAYLOAD_SHAPE.exec(payload);
  if (!match) return { outcome: "needs_person", orderId: await contextOrderOf(tx, message.from), restocked: false };
  const [, verb, trackingId, messageIdText] = match as unknown as [string, "confirm" | "cancel", string, string];
  const messageId = Number(messageIdText);
  const [row] = await queryRows<{ id: number; phone: string }>(
    tx,
    sql`select o.id, o.phone_normalized as phone
        from orders o join whatsapp_messages m on m.order_id = o.id
        where o.tracking_id = ${trackingId} and m.id = ${messageId <= 2_147_483_647 ? messageId : 0}`,
  );
  if (!row || row.phone !== message.from) {
    return { outcome: "needs_person", orderId: await contextOrderOf(tx, message.from), restocked: false };
  }
  return settle(tx, Number(row.id), verb === "confirm" ? "confirmed" : "cancelled");
}

async function decide(tx: Db, message: InboundMessage): Promise<Decision> {
  if (message.payload !== null && (message.type === "button" || message.type === "interactive")) {
    return decideTap(tx, message, message.payload);
  }
  if (IGNORED_TYPES.has(message.type)) return { outcome: "ignored", orderId: null, restocked: false };
  const reading = message.type === "text" && message.text !== null ? readReply(message.text) : "unclear";
  if (reading === "unclear") {
    // a voice note, a photo or words the store cannot read: a person looks, with the order beside it
    return { outcome: "needs_person", orderId: await contextOrderOf(tx, message.from), restocked: false };
  }
  const orderId = await pendingOrderOf(tx, message.from);
  if (orderId === null)
    return { outcome: "needs_person", orderId: await contextOrderOf(tx, message.from), restocked: false };
  return settle(tx, orderId, reading === "confirm" ? "confirmed" : "cancelled");
}

/**
 * Records one inbound message and acts on it, in one transaction. The insert comes first and
 * does nothing on a provider id already there: of two deliveries of one event, at once or days
 * apart, only the one whose row went in acts (PostgreSQL makes the other wait for it, then skip).
 */
export async function receiveReply(ctx: CoreContext, message: InboundMessage): Promise<ReplyResult> {
  const result = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(whatsappInbound)
      .values({
        providerMessageId: message.providerMessageId,
        fromPhone: message.from,
        type: message.type,
        text: message.text,
        payload: message.payload,
        // for the moment between this insert and the decision below, within this transaction
        outcome: "needs_person",
        sentAt: message.sentAt,
      })
      .onConflictDoNothing({ target: whatsappInbound.providerMessageId })
      .returning({ id: whatsappInbound.id });
    if (!row) return { recorded: false, outcome: null, orderId: null, restocked: false };
    const decision = await decide(tx, message);
    await tx
      .update(whatsappInbound)
      .set({ outcome: decision.outcome, orderId: decision.orderId })
      .where(eq(whatsappInbound.id, row.id));
    return { recorded: true, ...decision };
  });
  // stock came back: catalogue pages must not keep showing it sold out
  if (result.restocked) ctx.cache.clear();
  return { recorded: result.recorded, outcome: result.outcome, orderId: result.orderId };
}

// ---- the console: replies that need a person -------------------------------------------------

export { REPLY_FILTERS, type ReplyFilter } from "./reply-filters";

export interface InboundReply {
  id: number;
  fromPhone: string;
  type: string;
  text: string | null;
  payload: string | null;
  outcome: InboundOutcome;
  orderId: number | null;
  trackingId: string | null;
  orderStatus: string | null;
  sentAt: Date | null;
  receivedAt: Date;
  handledAt: Date | null;
  handledBy: string | null;
}

const waitingForPerson = and(eq(whatsappInbound.outcome, "needs_person"), isNull(whatsappInbound.handledAt));

/** Inbound messages newest first: those still waiting for a person, or all. */
export async function listReplies(
  ctx: CoreContext,
  actor: StaffActor,
  query: { filter: ReplyFilter; limit: number; offset: number },
): Promise<{ items: InboundReply[]; total: number; waiting: number }> {
  requirePermission(actor, "orders");
  const where: SQL | undefined = query.filter === "all" ? undefined : waitingForPerson;
  const listed = ctx.db
    .select({
      id: whatsappInbound.id,
      fromPhone: whatsappInbound.fromPhone,
      type: whatsappInbound.type,
      text: whatsappInbound.text,
      payload: whatsappInbound.payload,
      outcome: whatsappInbound.outcome,
      orderId: whatsappInbound.orderId,
      trackingId: orders.trackingId,
      orderStatus: orders.status,
      sentAt: whatsappInbound.sentAt,
      receivedAt: whatsappInbound.receivedAt,
      handledAt: whatsappInbound.handledAt,
      handledBy: sql<
        string | null
      >`case when ${users.id} is null then null else ${users.firstName} || ' ' || ${users.lastName} end`,
    })
    .from(whatsappInbound)
    .leftJoin(orders, eq(orders.id, whatsappInbound.orderId))
    .leftJoin(users, eq(users.id, whatsappInbound.handledBy))
    .$dynamic();
  const [{ items, total }, [waiting]] = await Promise.all([
    newestFirstPage(ctx.db, listed, where, [whatsappInbound.receivedAt, whatsappInbound.id], query),
    ctx.db.select({ n: count() }).from(whatsappInbound).where(waitingForPerson),
  ]);
  return { items, total, waiting: Number(waiting?.n ?? 0) };
}

/**
 * A person has dealt with a reply (called the shopper, moved the order). One conditional update
 * (WHERE handled_at IS NULL): of two staff pressing at once one wins, the other gets a 409.
 */
export async function markReplyHandled(
  ctx: CoreContext,
  actor: StaffActor,
  replyId: number,
): Promise<{ id: number; handled_at: Date }> {
  requirePermission(actor, "orders");
  return staffWrite(ctx, actor, "orders", async ({ tx, audit, keepCache }) => {
    keepCache();
    const [updated] = await tx
      .update(whatsappInbound)
      .set({ handledAt: sql`now()`, handledBy: actor.userId })
      .where(and(eq(whatsappInbound.id, replyId), waitingForPerson))
      .returning({ id: whatsappInbound.id, orderId: whatsappInbound.orderId, handledAt: whatsappInbound.handledAt });
    if (!updated?.handledAt) {
      const [existing] = await tx
        .select({ outcome: whatsappInbound.outcome, handledAt: whatsappInbound.handledAt })
        .from(whatsappInbound)
        .where(eq(whatsappInbound.id, replyId));
      if (!existing) throw notFound("Reply not found");
      if (existing.handledAt) throw conflict("Someone has already marked this reply handled.", { handled: true });
      throw conflict("This reply was read by the store and needs no one.", { outcome: existing.outcome });
    }
    await audit({
      action: "message.reply_handled",
      entityType: "whatsapp_inbound",
      entityId: replyId,
      changes: { handled: [false, true], order_id: updated.orderId },
    });
    return { id: replyId, handled_at: updated.handledAt };
  });
}
