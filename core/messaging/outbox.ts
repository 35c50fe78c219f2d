// The outbox worker (decision 0069), for each queue of messages (WhatsApp and email, decision
// 0076: one loop, a small OutboxQueue per table). Every store process runs one per queue: it takes
// due messages with FOR UPDATE SKIP LOCKED under a lease, sends each through the transport, and
// records the outcome only while it still holds the lease. A failed send is tried again after an
// exponential backoff with jitter, up to MAX_ATTEMPTS; a refusal that cannot change fails at once.
// A process that dies mid-send leaves its messages "sending"; when the lease runs out another
// process takes them again (at least once: see decision 0069 for why a double is unlikely).
import { randomUUID } from "node:crypto";
import { startPolling } from "../shared/polling";
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";
import type { MessageKind, WrittenLanguage } from "../../db/schema";
import {
  logOnlyTransport,
  TransportError,
  type MessageTransport,
  type OutgoingMessage,
  type SendResult,
} from "./transport";

export interface OutboxOptions {
  /** how often an idle worker looks for due messages */
  pollMs: number;
  /** how long a claimed message stays this worker's before another may take it */
  leaseMs: number;
  /** messages claimed at once */
  batch: number;
  maxAttempts: number;
  /** the first retry's delay; each next one doubles, up to maxBackoffMs, with jitter */
  baseBackoffMs: number;
  maxBackoffMs: number;
}

export const OUTBOX_DEFAULTS: OutboxOptions = {
  pollMs: 2_000,
  leaseMs: 60_000,
  batch: 10,
  maxAttempts: 6,
  baseBackoffMs: 30_000,
  maxBackoffMs: 60 * 60_000,
};

/** What every outbox row carries besides the columns its queue reads. */
interface ClaimedBase {
  id: number;
  attempts: number;
}

/**
 * One queue the worker serves: its table (whatsapp_messages, email_messages; both have the
 * outbox's columns: status, attempts, next_attempt_at, locked_by, locked_until,
 * provider_message_id, last_error, sent_at, updated_at), the columns a send needs, and the send.
 */
export interface OutboxQueue<Row extends ClaimedBase = ClaimedBase> {
  table: "whatsapp_messages" | "email_messages" | "account_requests" | "push_messages";
  /** column names (constants, never input), read by the claim next to id and attempts */
  columns: readonly string[];
  send(row: Row): Promise<SendResult>;
  /**
   * Assignments made in the statement that records a row as sent, logged or failed: what must
   * not outlive its send, such as a password reset code (decision 0087).
   */
  whenDone?: SQL;
}

interface WhatsAppRow extends ClaimedBase {
  kind: MessageKind;
  language: WrittenLanguage;
  phone: string;
  parameters: string[] | string;
  buttons: string[] | string;
  body: string;
}

const json = (value: string[] | string): string[] =>
  typeof value === "string" ? (JSON.parse(value) as string[]) : value;

/** The WhatsApp queue: whatsapp_messages through a WhatsApp transport. */
export function whatsappQueue(transport: MessageTransport): OutboxQueue<WhatsAppRow> {
  return {
    table: "whatsapp_messages",
    columns: ["kind", "language", "phone", "parameters", "buttons", "body"],
    // a code is kept only until its message is dealt with; the account's token (or the staff
    // member's alert settings) holds its hash
    whenDone: sql`parameters = case when kind in ('password_code', 'phone_code') then '[]'::jsonb else parameters end`,
    send: (row) =>
      transport.send({
        id: row.id,
        kind: row.kind,
        language: row.language,
        phone: row.phone,
        parameters: json(row.parameters),
        buttons: json(row.buttons),
        body: row.body,
      } satisfies OutgoingMessage),
  };
}

/** The delay before try number `attempts + 1`: base × 2^(attempts-1), capped, then 50–100 % of it. */
export function backoffMs(
  attempts: number,
  options: Pick<OutboxOptions, "baseBackoffMs" | "maxBackoffMs">,
  random = Math.random,
): number {
  const full = Math.min(options.maxBackoffMs, options.baseBackoffMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(full / 2 + (full / 2) * random());
}

/**
 * Takes up to `batch` due rows of a queue for this worker: queued ones whose time has come, and
 * sending ones whose holder's lease ran out. One statement: the rows are locked with SKIP LOCKED,
 * so two processes claiming at once take different rows, and the claim counts the attempt.
 */
export async function claimDue<Row extends ClaimedBase>(
  db: Db,
  queue: OutboxQueue<Row>,
  workerId: string,
  options: OutboxOptions,
): Promise<Row[]> {
  const table = sql.identifier(queue.table);
  const columns = sql.raw(["id", "attempts", ...queue.columns].map((c) => `m.${c}`).join(", "));
  return queryRows<Row>(
    db,
    sql`update ${table} m
        set status = 'sending', attempts = m.attempts + 1, locked_by = ${workerId},
            locked_until = now() + make_interval(secs => ${options.leaseMs / 1000}), updated_at = now()
        where m.id in (
          select id from ${table}
          where (status = 'queued' and next_attempt_at <= now())
             or (status = 'sending' and locked_until < now())
          order by next_attempt_at, id
          limit ${options.batch}
          for update skip locked)
        returning ${columns}`,
  );
}

/** The WhatsApp claim, as the tests of a dead worker call it. */
export function claimDueMessages(db: Db, workerId: string, options: OutboxOptions): Promise<WhatsAppRow[]> {
  return claimDue(db, whatsappQueue(logOnlyTransport), workerId, options);
}

/** Sends one claimed row and records what happened, if this worker still holds it. */
async function deliver<Row extends ClaimedBase>(
  db: Db,
  workerId: string,
  queue: OutboxQueue<Row>,
  row: Row,
  options: OutboxOptions,
): Promise<"sent" | "logged" | "retry" | "failed" | "lost"> {
  const table = sql.identifier(queue.table);
  const mine = sql`id = ${row.id} and status = 'sending' and locked_by = ${workerId}`;
  const done = queue.whenDone ? sql`, ${queue.whenDone}` : sql``;
  try {
    const result = await queue.send(row);
    const updated = await queryRows<{ id: number }>(
      db,
      result.outcome === "sent"
        ? sql`update ${table} set status = 'sent', provider_message_id = ${result.providerMessageId},
                sent_at = now(), last_error = null, locked_by = null, locked_until = null, updated_at = now()${done}
              where ${mine} returning id`
        : sql`update ${table} set status = 'logged', last_error = ${result.note}, sent_at = now(),
                locked_by = null, locked_until = null, updated_at = now()${done}
              where ${mine} returning id`,
    );
    return updated.length > 0 ? result.outcome : "lost";
  } catch (error) {
    const permanent = error instanceof TransportError && error.permanent;
    const why = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    const giveUp = permanent || row.attempts >= options.maxAttempts;
    const delay = backoffMs(row.attempts, options);
    const updated = await queryRows<{ id: number }>(
      db,
      giveUp
        ? sql`update ${table} set status = 'failed', last_error = ${why}, locked_by = null,
                locked_until = null, updated_at = now()${done} where ${mine} returning id`
        : sql`update ${table} set status = 'queued', last_error = ${why}, locked_by = null, locked_until = null,
                next_attempt_at = now() + make_interval(secs => ${delay / 1000}), updated_at = now()
              where ${mine} returning id`,
    );
    return updated.length === 0 ? "lost" : giveUp ? "failed" : "retry";
  }
}

export interface OutboxRun {
  claimed: number;
  sent: number;
  logged: number;
  retry: number;
  failed: number;
  lost: number;
}

/** One pass over a queue: claims due rows and sends them. */
export async function runQueueOnce<Row extends ClaimedBase>(
  db: Db,
  queue: OutboxQueue<Row>,
  options: OutboxOptions = OUTBOX_DEFAULTS,
  workerId: string = randomUUID(),
): Promise<OutboxRun> {
  const rows = await claimDue(db, queue, workerId, options);
  const run: OutboxRun = { claimed: rows.length, sent: 0, logged: 0, retry: 0, failed: 0, lost: 0 };
  // side by side: a pass lasts at most one request's time limit, well inside the lease, so no
  // message waits in a batch until another process may take it (decision 0069)
  const outcomes = await Promise.all(rows.map((row) => deliver(db, workerId, queue, row, options)));
  for (const outcome of outcomes) run[outcome]++;
  return run;
}

/** One pass of the WhatsApp queue. */
export function runOutboxOnce(
  db: Db,
  transport: MessageTransport,
  options: OutboxOptions = OUTBOX_DEFAULTS,
  workerId: string = randomUUID(),
): Promise<OutboxRun> {
  return runQueueOnce(db, whatsappQueue(transport), options, workerId);
}

export interface OutboxWorker {
  readonly id: string;
  /** runs a pass now (tests); resolves when it is done */
  poke(): Promise<OutboxRun | null>;
  /** stops polling and waits for the pass under way, so no send is cut off by the shutdown */
  stop(): Promise<void>;
}

/** Starts polling a queue; a pass that finds work looks again at once, an idle one waits pollMs. */
export function startQueueWorker<Row extends ClaimedBase>(
  db: Db,
  queue: OutboxQueue<Row>,
  options: Partial<OutboxOptions> & { onError?: (error: unknown) => void; onRun?: (run: OutboxRun) => void } = {},
): OutboxWorker {
  const settings: OutboxOptions = { ...OUTBOX_DEFAULTS, ...options };
  const id = `${process.pid}-${randomUUID().slice(0, 8)}`;
  const poller = startPolling(
    async () => {
      const run = await runQueueOnce(db, queue, settings, id);
      if (run.claimed > 0) options.onRun?.(run);
      return run;
    },
    {
      firstAfterMs: Math.floor(Math.random() * Math.min(settings.pollMs, 1000)),
      // a full batch may mean more are waiting: look again at once
      nextAfterMs: (run) => (run && run.claimed >= settings.batch ? 0 : settings.pollMs),
      onError: options.onError,
    },
  );
  return { id, poke: poller.poke, stop: poller.stop };
}

/** The WhatsApp worker. */
export function startOutboxWorker(
  db: Db,
  transport: MessageTransport,
  options: Parameters<typeof startQueueWorker>[2] = {},
): OutboxWorker {
  return startQueueWorker(db, whatsappQueue(transport), options);
}
