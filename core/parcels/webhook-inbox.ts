// What couriers push to the store (decision 0104). Trax gives a webhook 3 seconds and blocks the
// subscription after five failures, so the route only stores the body (courier_webhooks) and
// answers; this worker reads the stored bodies later, in every process, claiming them with
// FOR UPDATE SKIP LOCKED. Each body is read by its courier's reader into consignment numbers and
// events. A body whose sender was proven (the shop's webhook token) is recorded as events; one
// that was not only brings those parcels' next poll forward to now, so the courier's own API,
// asked with the shop's credentials, says what happened and nobody can move an order by posting
// to the store. A body that cannot be read is tried again later (backoff), then left with its
// failure for staff. The same push delivered twice adds its events once (parcel-events.ts).
import { sql } from "drizzle-orm";
import type { CoreContext } from "../context";
import { queryRows, type Db } from "../../db/client";
import { courierWebhooks } from "../../db/schema";
import type { CourierCode, TrackingEvent } from "../couriers/courier";
import { cleanDetail } from "../couriers/courier-errors";
import { parseTraxWebhook } from "../couriers/trax-webhook";
import { recordParcelEventsInTx } from "./parcel-events";

/** What one pushed notice says of one parcel. */
export interface WebhookNotice {
  cn: string;
  /** what happened; empty when the courier only said the parcel changed */
  events: TrackingEvent[];
}

/** Reads a courier's pushed body; throws when the body is not in the courier's shape. */
export type WebhookReader = (body: unknown) => WebhookNotice[];

/**
 * Trax's notice: a status is one event (none when Trax's word is not one the store knows: the
 * parcel is then only asked for sooner). Payment and charges notices say nothing of where the
 * parcel is; they are kept, as they came, for the payments' reading.
 */
export const readTraxWebhook: WebhookReader = (body) => {
  const read = parseTraxWebhook(body);
  if (!read.ok) throw new Error(`Not a Trax notice: ${read.reason}`);
  return read.notice.kind === "status" ? [{ cn: read.notice.cn, events: read.notice.events }] : [];
};

/** The couriers whose pushes the store reads; a courier without a reader keeps its bodies waiting. */
export const WEBHOOK_READERS: Partial<Record<CourierCode, WebhookReader>> = { trax: readTraxWebhook };

export interface InboxOptions {
  /** bodies one pass claims */
  inboxBatch: number;
  /** the sender was proven (a webhook token is set and was checked): bodies are recorded as events */
  trustBodies: boolean;
  readers: Partial<Record<CourierCode, WebhookReader>>;
}

export const INBOX_DEFAULTS: InboxOptions = { inboxBatch: 20, trustBodies: false, readers: WEBHOOK_READERS };

/** After this many failed reads a body is left for staff, with its failure. */
export const INBOX_MAX_ATTEMPTS = 8;

export interface InboxRun {
  processed: number;
  failed: number;
  /** parcels the bodies named that the store has no booking for */
  unknown: number;
}

/** Keeps a pushed body, as it came, for the worker. */
export async function storeCourierWebhook(db: Db, courier: CourierCode, body: unknown): Promise<number> {
  const [row] = await db.insert(courierWebhooks).values({ courier, body }).returning({ id: courierWebhooks.id });
  return row!.id;
}

/**
 * Works through up to inboxBatch waiting bodies in one transaction: each is claimed (SKIP LOCKED:
 * another process takes others), read and applied in a savepoint of its own, and marked processed;
 * one that fails is rolled back alone and marked with its attempt and failure, due again after
 * 1, 3, 7… minutes.
 */
export async function processWebhookInbox(ctx: CoreContext, options: Partial<InboxOptions> = {}): Promise<InboxRun> {
  const settings: InboxOptions = { ...INBOX_DEFAULTS, ...options };
  const couriers = Object.keys(settings.readers) as CourierCode[];
  const run: InboxRun = { processed: 0, failed: 0, unknown: 0 };
  if (couriers.length === 0) return run;
  let restocked = false;
  await ctx.db.transaction(async (tx) => {
    const claimed = await queryRows<{ id: number; courier: CourierCode; body: unknown }>(
      tx,
      sql`select id, courier, body from courier_webhooks
          where processed_at is null and attempts < ${INBOX_MAX_ATTEMPTS}
            and courier in (${sql.join(
              couriers.map((c) => sql`${c}`),
              sql`, `,
            )})
            and received_at <= now() - (power(2, attempts) - 1) * interval '1 minute'
          order by received_at, id
          limit ${settings.inboxBatch}
          for update skip locked`,
    );
    for (const row of claimed) {
      try {
        const body = typeof row.body === "string" ? (JSON.parse(row.body) as unknown) : row.body;
        const notices = settings.readers[row.courier]!(body);
        const outcome = await tx.transaction((savepoint) =>
          applyNotices(savepoint, row.courier, notices, settings.trustBodies, ctx.publicUrl ?? ""),
        );
        run.unknown += outcome.unknown;
        restocked ||= outcome.restocked;
        await tx.execute(sql`update courier_webhooks set processed_at = now(), attempts = attempts + 1,
          failure = ${outcome.unknown > 0 ? `${outcome.unknown} consignment(s) the store has no booking for` : null}
          where id = ${row.id}`);
        run.processed++;
      } catch (error) {
        const reason = cleanDetail(error instanceof Error ? error.message : String(error)) || "unreadable";
        await tx.execute(
          sql`update courier_webhooks set attempts = attempts + 1, failure = ${reason} where id = ${row.id}`,
        );
        run.failed++;
      }
    }
  });
  // a return put units back: catalogue reads this process cached must not show the old figures
  if (restocked) ctx.cache.clear();
  return run;
}

/** One body's notices: events recorded (a proven sender) or the parcels asked for at the next pass. */
async function applyNotices(
  tx: Db,
  courier: CourierCode,
  notices: readonly WebhookNotice[],
  trusted: boolean,
  linkBase: string,
): Promise<{ unknown: number; restocked: boolean }> {
  let unknown = 0;
  let restocked = false;
  for (const notice of notices) {
    if (typeof notice.cn !== "string" || notice.cn === "" || notice.cn.length > 60) {
      unknown++;
      continue;
    }
    const [parcel] = await queryRows<{ id: number }>(
      tx,
      sql`select id from parcels where courier = ${courier} and cn = ${notice.cn} and booking_state = 'booked'`,
    );
    if (!parcel) {
      unknown++;
      continue;
    }
    if (trusted && notice.events.length > 0) {
      const recorded = await recordParcelEventsInTx(tx, parcel.id, notice.events, { linkBase });
      if (recorded.moves.some((move) => move.restocked.length > 0)) restocked = true;
      // a delivered or returned parcel is not polled again; any other is asked for at its usual time
      if (recorded.status === "delivered" || recorded.status === "returned") {
        await tx.execute(sql`update parcels set next_poll_at = null where id = ${parcel.id}`);
      }
    } else {
      await tx.execute(
        sql`update parcels set next_poll_at = now()
            where id = ${parcel.id} and status not in ('delivered', 'returned')`,
      );
    }
  }
  return { unknown, restocked };
}
