// Retention (decision 0043): deletes the rows the store no longer needs, so tables that grow with
// every visit do not grow forever. Each statement deletes one small batch and takes its rows with
// FOR UPDATE SKIP LOCKED, so a big table is never locked for long, requests that touch a row go
// first, and any number of processes can run it at once without waiting on each other.
import { sql, type SQL } from "drizzle-orm";
import { queryRows } from "../../db/client";
import { SESSION_IDLE_DAYS, SESSION_MAX_DAYS } from "../accounts/sessions";
import type { CoreContext } from "../context";
import { startPolling } from "../shared/polling";

export const RETENTION = {
  /** a cart nobody has added to or changed for this long is abandoned */
  cartDays: 30,
  /** a retried order replays its first answer for this long (decision 0009); at least a day */
  idempotencyKeyDays: 7,
  /** an ended session stays visible to staff this long (decision 0020) */
  endedSessionDays: SESSION_IDLE_DAYS,
  /**
   * WhatsApp messages to and from shoppers (decision 0070) hold phone numbers and what they ordered:
   * kept half a year, long past any order's confirmation, delivery and exchange window, then
   * deleted. A message still queued or being sent, and a reply nobody has dealt with, are kept.
   */
  whatsappMessageDays: 180,
  /** emails to shoppers (decision 0076) hold addresses and orders: kept as long as WhatsApp messages */
  emailMessageDays: 180,
  /** reset and sign-in-link requests (decision 0087): a day after they were dealt with */
  accountRequestDays: 1,
  /** staff new-order pushes (decision 0094): a record of what each device was sent, for a month */
  pushMessageDays: 30,
  /**
   * A bulk booking's results page (decision 0103) is read the day it runs; each order's parcel and
   * its audit rows keep what was booked, so a finished batch's rows go after a month
   */
  parcelBatchDays: 30,
  /** a courier's pushed notice (decision 0104) once read: its events are in parcel_events */
  courierWebhookDays: 30,
  /** a payment report previewed and never applied (decision 0107): the file can be uploaded again */
  reportPreviewDays: 1,
  batchSize: 500,
  /** per table and run; whatever is left waits for the next run */
  maxBatches: 100,
} as const;

export interface RetentionReport {
  rateLimits: number;
  carts: number;
  idempotencyKeys: number;
  sessions: number;
  staffSessions: number;
  whatsappMessages: number;
  whatsappReplies: number;
  emailMessages: number;
  accountRequests: number;
  pushMessages: number;
  parcelBatches: number;
  courierWebhooks: number;
  reportPreviews: number;
}

const days = (n: number) => sql`make_interval(days => ${n})`;

/**
 * An outbox's rows dealt with (sent, logged or failed) and older than `keepDays`: the outboxes
 * share these columns (decision 0069); a row still queued or being sent is kept.
 */
const dealtWithOutboxRows =
  (table: "whatsapp_messages" | "email_messages" | "account_requests" | "push_messages", keepDays: number) =>
  (limit: number) => sql`
    delete from ${sql.identifier(table)} where id in (
      select id from ${sql.identifier(table)}
      where created_at < now() - ${days(keepDays)} and status in ('sent', 'logged', 'failed')
      limit ${limit} for update skip locked)
    returning 1`;

/** One batch's DELETE for each table: `limit` is the batch size. */
const batches: Record<keyof RetentionReport, (limit: number) => SQL> = {
  rateLimits: (limit) => sql`
    delete from rate_limits where key in (
      select key from rate_limits where reset_at <= now() limit ${limit} for update skip locked)
    returning 1`,
  // a cart is touched when a line is added (carts.updated_at) or changed (cart_lines.updated_at);
  // its lines go with it (on delete cascade)
  carts: (limit) => sql`
    delete from carts where session_id in (
      select c.session_id from carts c
      where c.updated_at < now() - ${days(RETENTION.cartDays)}
        and not exists (select 1 from cart_lines l
                        where l.session_id = c.session_id and l.updated_at >= now() - ${days(RETENTION.cartDays)})
      limit ${limit} for update of c skip locked)
    returning 1`,
  idempotencyKeys: (limit) => sql`
    delete from idempotency_keys where (scope, key) in (
      select scope, key from idempotency_keys where created_at < now() - ${days(RETENTION.idempotencyKeyDays)}
      limit ${limit} for update skip locked)
    returning 1`,
  // a session ends when revoked, when its sliding expiry passes, or on its last allowed day
  sessions: (limit) => sql`
    delete from user_sessions where id in (
      select id from user_sessions
      where revoked_at < now() - ${days(RETENTION.endedSessionDays)}
         or least(expires_at, created_at + ${days(SESSION_MAX_DAYS)}) < now() - ${days(RETENTION.endedSessionDays)}
      limit ${limit} for update skip locked)
    returning 1`,
  // staff sessions (decision 0053) end sooner and are kept as long, as a record of who was in
  staffSessions: (limit) => sql`
    delete from staff_sessions where id in (
      select id from staff_sessions
      where revoked_at < now() - ${days(RETENTION.endedSessionDays)}
         or expires_at < now() - ${days(RETENTION.endedSessionDays)}
      limit ${limit} for update skip locked)
    returning 1`,
  whatsappMessages: dealtWithOutboxRows("whatsapp_messages", RETENTION.whatsappMessageDays),
  whatsappReplies: (limit) => sql`
    delete from whatsapp_inbound where id in (
      select id from whatsapp_inbound
      where received_at < now() - ${days(RETENTION.whatsappMessageDays)}
        and (outcome <> 'needs_person' or handled_at is not null)
      limit ${limit} for update skip locked)
    returning 1`,
  emailMessages: dealtWithOutboxRows("email_messages", RETENTION.emailMessageDays),
  accountRequests: dealtWithOutboxRows("account_requests", RETENTION.accountRequestDays),
  pushMessages: dealtWithOutboxRows("push_messages", RETENTION.pushMessageDays),
  // a batch still running is kept, whatever its age; its items go with it (on delete cascade)
  parcelBatches: (limit) => sql`
    delete from parcel_batches where id in (
      select id from parcel_batches
      where finished_at < now() - ${days(RETENTION.parcelBatchDays)}
      limit ${limit} for update skip locked)
    returning 1`,
  // a notice not yet read, or never readable, is kept for the inbox worker and for staff to look at
  courierWebhooks: (limit) => sql`
    delete from courier_webhooks where id in (
      select id from courier_webhooks
      where processed_at < now() - ${days(RETENTION.courierWebhookDays)}
      limit ${limit} for update skip locked)
    returning 1`,
  // an applied report is the record of what it wrote, and is kept; so is one being applied now
  reportPreviews: (limit) => sql`
    delete from courier_report_imports where id in (
      select id from courier_report_imports
      where state = 'previewed' and created_at < now() - ${days(RETENTION.reportPreviewDays)}
        and (applied_at is null or applied_at < now() - ${days(RETENTION.reportPreviewDays)})
      limit ${limit} for update skip locked)
    returning 1`,
};

/**
 * Deletes expired rate-limit rows, abandoned carts, old idempotency keys, long-ended sessions
 * (shop and staff), old WhatsApp messages, emails and staff pushes, dealt-with reset and
 * sign-in-link requests, finished bulk bookings, couriers' notices once read and payment reports
 * previewed and never applied.
 */
export async function deleteExpiredData(
  ctx: CoreContext,
  { batchSize, maxBatches }: { batchSize: number; maxBatches: number } = RETENTION,
): Promise<RetentionReport> {
  const report: RetentionReport = {
    rateLimits: 0,
    carts: 0,
    idempotencyKeys: 0,
    sessions: 0,
    staffSessions: 0,
    whatsappMessages: 0,
    whatsappReplies: 0,
    emailMessages: 0,
    accountRequests: 0,
    pushMessages: 0,
    parcelBatches: 0,
    courierWebhooks: 0,
    reportPreviews: 0,
  };
  for (const table of Object.keys(batches) as (keyof RetentionReport)[]) {
    for (let batch = 0; batch < maxBatches; batch++) {
      const deleted = (await queryRows(ctx.db, batches[table](batchSize))).length;
      report[table] += deleted;
      if (deleted < batchSize) break;
    }
  }
  return report;
}

export interface RetentionSchedule {
  /** No new run starts; resolves when a run in progress has finished. */
  stop(): Promise<void>;
}

/**
 * Runs deleteExpiredData in the background every `everyMs`, never two runs of this process at
 * once. The timers do not keep the process alive; errors go to onError and the next run tries again.
 */
export function scheduleRetention(
  ctx: CoreContext,
  options: {
    everyMs: number;
    firstAfterMs: number;
    onRun?: (report: RetentionReport) => void;
    onError: (error: unknown) => void;
  },
): RetentionSchedule {
  const poller = startPolling(async () => options.onRun?.(await deleteExpiredData(ctx)), {
    firstAfterMs: options.firstAfterMs,
    nextAfterMs: () => options.everyMs,
    onError: options.onError,
    // the clean-up never keeps a process alive that has nothing else to do
    unref: true,
  });
  return { stop: poller.stop };
}
