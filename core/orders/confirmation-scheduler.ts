// Reminders and expiry for unanswered confirmation requests (decision 0072).
// Every store process runs the same pass now and then. All its state is in the database: an order
// is due for its one reminder while confirmation_reminded_at is null, and due to expire while it
// is still pending confirmation. Each pass claims due orders with FOR UPDATE SKIP LOCKED, so
// processes running it at once take different orders, and an order's reminder mark or its move to
// cancelled commits together with the message or the restock. A restart loses nothing: the next
// pass finds what is still due.
//
// Only orders that were asked are reminded (the confirmation left the store) and only orders
// whose question reached the shopper's phone expire (the Cloud API reported it delivered). An
// order placed with confirmations off or without a WhatsApp account, held for the shop's call,
// or taken by staff on the phone waits for a person, however old it gets.
import { sql } from "drizzle-orm";
import type { CoreContext } from "../context";
import { queryRows, type Db } from "../../db/client";
import { whatsappMessages, type MessageLanguage, type WrittenLanguage } from "../../db/schema";
import { settleConfirmationInTx } from "./confirmation-outcome";
import { cancelPayload, confirmPayload } from "./confirmation";
import { startPolling } from "../shared/polling";

export interface SchedulerOptions {
  /** how often the pass runs in each process */
  pollMs: number;
  /** orders claimed at once, for reminders and for expiry each */
  batch: number;
}

export const SCHEDULER_DEFAULTS: SchedulerOptions = { pollMs: 60_000, batch: 50 };

export interface SchedulerRun {
  reminded: number;
  expired: number;
  /** orders whose expiry failed (e.g. a deadlock with a checkout); the next pass tries again */
  failed: number;
}

/** The timeline's reason for an expiry, naming the shop's own hours. */
export const expiryNote = (hours: number) =>
  `Cancelled: no answer to the confirmation request within ${hours} ${hours === 1 ? "hour" : "hours"}`;

/**
 * The reminder as the shopper reads it: the confirmation's parameters, English then Urdu as the
 * shop's setting says, or Urdu alone for an order placed in Urdu.
 */
export function reminderText(parameters: string[], language: WrittenLanguage): string {
  const [name, store, tracking, items, total, link] = parameters;
  const english =
    `Assalam-o-Alaikum ${name}! We have not heard from you about your order ${tracking} at ${store}.\n` +
    `Items: ${items}\n` +
    `Total: ${total} (cash on delivery)\n` +
    `Please tap Confirm so we can send it, or Cancel if you do not want it. Without an answer the order will be cancelled.` +
    (link ? `\nOr answer on this page: ${link}` : "");
  if (language === "en") return english;
  if (language === "ur")
    return (
      `السلام علیکم ${name}! ${store} پر آپ کے آرڈر ${tracking} کے بارے میں ہمیں ابھی تک آپ کا جواب نہیں ملا۔\n` +
      `آپ کا سامان: ${items}\n` +
      `کل رقم: ${total} (کیش آن ڈیلیوری)\n` +
      `آرڈر بھجوانے کے لیے «تصدیق کریں» دبائیں، اور اگر آپ یہ آرڈر نہیں چاہتے تو «منسوخ کریں» دبائیں۔ جواب نہ ملنے پر آرڈر منسوخ کر دیا جائے گا۔` +
      (link ? `\nیا اس صفحے پر جواب دیں:\n${link}` : "")
    );
  const urdu =
    `السلام علیکم ${name}! ${store} پر آپ کے آرڈر ${tracking} کے بارے میں ہمیں ابھی تک آپ کا جواب نہیں ملا۔\n` +
    `اشیاء: ${items}\n` +
    `کل رقم: ${total} (کیش آن ڈیلیوری)\n` +
    `آرڈر بھجوانے کے لیے Confirm دبائیں، اور اگر آپ یہ آرڈر نہیں چاہتے تو Cancel دبائیں۔ جواب نہ ملنے پر آرڈر منسوخ کر دیا جائے گا۔` +
    (link ? `\nیا اس صفحے پر جواب دیں: ${link}` : "");
  return `${english}\n\n${urdu}`;
}

export interface Hours {
  reminderHours: number;
  expiryHours: number;
  confirmationsOn: boolean;
  language: MessageLanguage;
}

async function readHours(db: Db): Promise<Hours> {
  const [row] = await queryRows<{ r: number; e: number; enabled: boolean; language: string }>(
    db,
    sql`select confirmation_reminder_hours as r, confirmation_expiry_hours as e,
               whatsapp_confirmations as enabled, whatsapp_language as language
        from site_settings where id = 1`,
  );
  return {
    reminderHours: Number(row?.r ?? 12),
    expiryHours: Number(row?.e ?? 48),
    confirmationsOn: row?.enabled ?? true,
    language: row?.language === "en+ur" ? "en+ur" : "en",
  };
}

// the orders the question is still open for: pending and not held. A reminder goes only where
// the question left the store (the Cloud API took it: 'sent'); with no WhatsApp account the
// message is only logged, and reminding an order nobody asked would be a second message nobody
// gets. The status index (status, created_at) finds them oldest first.
const pendingQuestion = sql`o.status = 'pending confirmation' and not o.held_for_call`;
const asked = sql`${pendingQuestion}
  and exists (select 1 from whatsapp_messages m
              where m.order_id = o.id and m.kind = 'confirmation' and m.status = 'sent')`;
// an order is cancelled for not answering only when its question reached the shopper's phone:
// the Cloud API reported the confirmation or its reminder delivered (or read). A question that
// was never sent (no WhatsApp account), failed, or was sent and never delivered leaves the
// order on the call list, however old it gets (decision 0089).
const reachedShopper = sql`${pendingQuestion}
  and exists (select 1 from whatsapp_messages m
              where m.order_id = o.id and m.kind in ('confirmation', 'reminder') and m.status = 'sent'
                and m.delivered_at is not null)`;

const parse = (value: string[] | string): string[] =>
  typeof value === "string" ? (JSON.parse(value) as string[]) : value;

/**
 * Writes the one reminder for up to `batch` due orders, in one transaction: the claim locks each
 * order's row (SKIP LOCKED: another process's claim is passed over, not waited for), the update
 * marks it reminded, and the message is inserted before the commit. A row another process marked
 * meanwhile is re-checked under its lock and no longer matches, so no order gets two.
 */
export async function remindDueOrders(db: Db, hours: Hours, batch: number): Promise<number> {
  if (!hours.confirmationsOn) return 0;
  return db.transaction(async (tx) => {
    const claimed = await queryRows<{
      id: number;
      tracking_id: string;
      phone_normalized: string;
      locale: string;
      parameters: string[] | string | null;
    }>(
      tx,
      sql`with due as (
            select o.id from orders o
            where ${asked} and o.confirmation_reminded_at is null
              and o.created_at <= now() - make_interval(hours => ${hours.reminderHours})
              and o.created_at > now() - make_interval(hours => ${hours.expiryHours})
            order by o.created_at, o.id
            limit ${batch}
            for update of o skip locked)
          update orders set confirmation_reminded_at = now()
          from due where orders.id = due.id and orders.confirmation_reminded_at is null
          returning orders.id, orders.tracking_id, orders.phone_normalized, orders.locale,
            (select m.parameters from whatsapp_messages m
             where m.order_id = orders.id and m.kind = 'confirmation' order by m.id limit 1) as parameters`,
    );
    for (const order of claimed) {
      // the confirm link's token is only kept hashed, so the link comes from the first message,
      // with the rest of its summary (name, store, tracking id, items, total) as the shopper saw it
      const parameters = parse(order.parameters ?? []);
      const [next] = await queryRows<{ id: number | string }>(
        tx,
        sql`select nextval(pg_get_serial_sequence('whatsapp_messages', 'id')) as id`,
      );
      const id = Number(next?.id);
      // an order placed in Urdu is reminded in Urdu, as it was asked
      const language: WrittenLanguage = order.locale === "ur" ? "ur" : hours.language;
      await tx.insert(whatsappMessages).values({
        id,
        orderId: order.id,
        kind: "reminder",
        language,
        phone: order.phone_normalized,
        parameters,
        buttons: [confirmPayload(order.tracking_id, id), cancelPayload(order.tracking_id, id)],
        body: reminderText(parameters, language),
      });
    }
    return claimed.length;
  });
}

/**
 * Cancels up to `batch` orders left unanswered past the expiry, with stock and voucher use put
 * back (settleConfirmationInTx: the same move as any cancel, recorded as expired by the store).
 * The batch is claimed with SKIP LOCKED and held until the commit; each order is settled in a
 * savepoint of its own, so one that fails stays pending for the next pass without undoing the rest.
 */
export async function expireDueOrders(
  db: Db,
  hours: Hours,
  batch: number,
): Promise<{ expired: number; failed: number; restocked: boolean }> {
  return db.transaction(async (tx) => {
    const claimed = await queryRows<{ id: number }>(
      tx,
      sql`select o.id from orders o
          where ${reachedShopper} and o.created_at <= now() - make_interval(hours => ${hours.expiryHours})
          order by o.created_at, o.id
          limit ${batch}
          for update of o skip locked`,
    );
    let expired = 0;
    let failed = 0;
    let restocked = false;
    for (const { id } of claimed) {
      try {
        const result = await tx.transaction((savepoint) =>
          settleConfirmationInTx(savepoint, id, "expired", "auto", { eventNote: expiryNote(hours.expiryHours) }),
        );
        if (result.changed) expired++;
        if (result.outcome && result.outcome.restocked.length > 0) restocked = true;
      } catch {
        failed++;
      }
    }
    return { expired, failed, restocked };
  });
}

/** One pass: expiries first (an order past both times is cancelled, not reminded), then reminders. */
export async function runConfirmationSchedulerOnce(
  ctx: CoreContext,
  options: Pick<SchedulerOptions, "batch"> = SCHEDULER_DEFAULTS,
): Promise<SchedulerRun> {
  const hours = await readHours(ctx.db);
  const run: SchedulerRun = { reminded: 0, expired: 0, failed: 0 };
  let restocked = false;
  try {
    // a full batch means more may be due: keep going until a batch comes back short
    for (;;) {
      const result = await expireDueOrders(ctx.db, hours, options.batch);
      run.expired += result.expired;
      run.failed += result.failed;
      restocked ||= result.restocked;
      if (result.expired + result.failed < options.batch || result.expired === 0) break;
    }
  } finally {
    // stock came back: catalogue reads this process cached must not show the old figures
    if (restocked) ctx.cache.clear();
  }
  for (;;) {
    const reminded = await remindDueOrders(ctx.db, hours, options.batch);
    run.reminded += reminded;
    if (reminded < options.batch) break;
  }
  return run;
}

export interface ConfirmationScheduler {
  /** runs a pass now (tests); resolves when it is done */
  poke(): Promise<SchedulerRun | null>;
  /** stops the timer and waits for the pass under way, so the database is not closed under it */
  stop(): Promise<void>;
}

/** Runs the pass every pollMs, the first at a random moment within it (processes started together spread out). */
export function startConfirmationScheduler(
  ctx: CoreContext,
  options: Partial<SchedulerOptions> & {
    onError?: (error: unknown) => void;
    onRun?: (run: SchedulerRun) => void;
    firstAfterMs?: number;
  } = {},
): ConfirmationScheduler {
  const settings: SchedulerOptions = { ...SCHEDULER_DEFAULTS, ...options };
  return startPolling(
    async () => {
      const run = await runConfirmationSchedulerOnce(ctx, settings);
      if (run.reminded + run.expired + run.failed > 0) options.onRun?.(run);
      return run;
    },
    {
      firstAfterMs: options.firstAfterMs ?? Math.floor(Math.random() * settings.pollMs),
      nextAfterMs: () => settings.pollMs,
      onError: options.onError,
    },
  );
}
