// Retention (decision 0043): what the store no longer needs is deleted in small batches, by
// any number of processes at once. Ages are made by moving timestamps back, never by waiting.
import { sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "../../core/accounts/sessions";
import { openStaffSession } from "../../core/staff/sessions";
import { hashToken } from "../../core/shared/tokens";
import type { CoreContext } from "../../core/context";
import { ReadCache } from "../../core/shared/cache";
import { createDatabaseRateLimiter } from "../../core/shared/rate-limit";
import { deleteExpiredData, RETENTION, scheduleRetention } from "../../core/retention/retention";
import type { DatabaseHandle } from "../../db/client";
import { createTestDatabase } from "../helpers/database";

let database: DatabaseHandle;
let ctx: CoreContext;
let productId: number;
let userId: number;

async function rows<T>(query: SQL): Promise<T[]> {
  const result = (await database.db.execute(query)) as { rows: unknown[] };
  return result.rows as T[];
}

const exists = async (query: SQL) => (await rows(query)).length > 0;

beforeAll(async () => {
  database = await createTestDatabase();
  ctx = { db: database.db, cache: new ReadCache(0), limiter: createDatabaseRateLimiter(database.db) };
  [{ id: productId }] = (await rows<{ id: number }>(sql`select id from products order by id limit 1`)) as [
    { id: number },
  ];
  [{ id: userId }] = (await rows<{ id: number }>(sql`
    insert into users (email, password_hash, first_name, last_name, role)
    values ('retention@example.pk', 'not a hash', 'Sana', 'Malik', 'customer') returning id`)) as [{ id: number }];
});
afterAll(async () => {
  await database?.close();
});

describe("deleteExpiredData", () => {
  it("keeps at least a day of idempotency keys, so a retried order still replays", () => {
    expect(RETENTION.idempotencyKeyDays).toBeGreaterThanOrEqual(1);
  });

  it("deletes rate-limit rows whose window has ended, and keeps live ones", async () => {
    for (let i = 0; i < 5; i++) {
      await database.db.execute(
        sql`insert into rate_limits (key, count, reset_at) values (${`ended:${i}`}, 3, now() - interval '1 minute')`,
      );
    }
    await database.db.execute(
      sql`insert into rate_limits (key, count, reset_at) values ('live', 3, now() + interval '1 minute')`,
    );
    const report = await deleteExpiredData(ctx);
    expect(report.rateLimits).toBe(5);
    expect(await exists(sql`select 1 from rate_limits where key like 'ended:%'`)).toBe(false);
    expect(await exists(sql`select 1 from rate_limits where key = 'live'`)).toBe(true);
  });

  it(`deletes carts untouched for ${RETENTION.cartDays} days with their lines, and keeps carts in use`, async () => {
    const cart = async (sessionId: string, cartAge: string, lineAge: string) => {
      await database.db.execute(sql`insert into carts (session_id, created_at, updated_at)
        values (${sessionId}, now() - ${cartAge}::interval, now() - ${cartAge}::interval)`);
      await database.db
        .execute(sql`insert into cart_lines (session_id, product_id, quantity, price_paisa, created_at, updated_at)
        values (${sessionId}, ${productId}, 1, 100000, now() - ${lineAge}::interval, now() - ${lineAge}::interval)`);
    };
    const days = RETENTION.cartDays;
    await cart("session_abandoned", `${days} days 1 hour`, `${days} days 1 hour`);
    await cart("session_line_changed", `${days} days 1 hour`, "2 days");
    await cart("session_recent", "3 days", "3 days");

    const report = await deleteExpiredData(ctx);
    expect(report.carts).toBe(1);
    const left = await rows<{ session_id: string }>(sql`select session_id from carts order by session_id`);
    expect(left.map((r) => r.session_id)).toEqual(["session_line_changed", "session_recent"]);
    expect(await exists(sql`select 1 from cart_lines where session_id = 'session_abandoned'`)).toBe(false);
  });

  it(`deletes idempotency keys after ${RETENTION.idempotencyKeyDays} days, and keeps younger ones`, async () => {
    const key = (name: string, age: string) =>
      database.db
        .execute(sql`insert into idempotency_keys (scope, key, request_hash, status_code, response_body, created_at, completed_at)
        values ('orders', ${name}, 'hash', 201, '{}'::jsonb, now() - ${age}::interval, now() - ${age}::interval)`);
    await key("old", `${RETENTION.idempotencyKeyDays} days 1 hour`);
    await key("retried-tomorrow", "25 hours");
    await key("fresh", "1 minute");

    const report = await deleteExpiredData(ctx);
    expect(report.idempotencyKeys).toBe(1);
    const left = await rows<{ key: string }>(sql`select key from idempotency_keys order by key`);
    expect(left.map((r) => r.key)).toEqual(["fresh", "retried-tomorrow"]);
  });

  it(`deletes sessions ${RETENTION.endedSessionDays} days after they ended: revoked, expired or past their maximum age`, async () => {
    const session = async (name: string, change: SQL | null) => {
      const token = await createSession(ctx, userId, name);
      if (change) {
        await database.db.execute(sql`update user_sessions set ${change} where token_hash = ${hashToken(token)}`);
      }
    };
    const ended = RETENTION.endedSessionDays;
    await session("revoked long ago", sql.raw(`revoked_at = now() - interval '${ended} days 1 hour'`));
    await session("revoked yesterday", sql.raw(`revoked_at = now() - interval '1 day'`));
    await session("expired long ago", sql.raw(`expires_at = now() - interval '${ended} days 1 hour'`));
    await session("expired yesterday", sql.raw(`expires_at = now() - interval '1 day'`));
    // never used since its expiry was written with no maximum: it ended on its 90th day
    await session(
      "past its maximum age long ago",
      sql.raw(`created_at = now() - interval '${90 + ended} days 1 hour', expires_at = now() + interval '1 day'`),
    );
    await session("in use", null);

    const report = await deleteExpiredData(ctx);
    expect(report.sessions).toBe(3);
    const left = await rows<{ user_agent: string }>(
      sql`select user_agent from user_sessions where user_id = ${userId} order by user_agent`,
    );
    expect(left.map((r) => r.user_agent)).toEqual(["expired yesterday", "in use", "revoked yesterday"]);
  });

  it(`deletes staff sessions ${RETENTION.endedSessionDays} days after they ended`, async () => {
    const staffSession = async (name: string, change: string | null) => {
      const { sessionId } = await openStaffSession(database.db, userId, "console", { ip: null, userAgent: name });
      if (change) await database.db.execute(sql.raw(`update staff_sessions set ${change} where id = ${sessionId}`));
    };
    const ended = RETENTION.endedSessionDays;
    await staffSession("revoked long ago", `revoked_at = now() - interval '${ended} days 1 hour'`);
    await staffSession("expired long ago", `expires_at = now() - interval '${ended} days 1 hour'`);
    await staffSession("expired yesterday", `expires_at = now() - interval '1 day'`);
    await staffSession("in use", null);
    const report = await deleteExpiredData(ctx);
    expect(report.staffSessions).toBe(2);
    const left = await rows<{ user_agent: string }>(
      sql`select user_agent from staff_sessions where user_id = ${userId} order by user_agent`,
    );
    expect(left.map((r) => r.user_agent)).toEqual(["expired yesterday", "in use"]);
  });

  it(`deletes WhatsApp messages and replies after ${RETENTION.whatsappMessageDays} days, but not unsent ones or open replies`, async () => {
    const old = `now() - interval '${RETENTION.whatsappMessageDays} days 1 hour'`;
    const message = async (body: string, status: string, age: string) =>
      database.db.execute(
        sql.raw(`insert into whatsapp_messages (kind, language, phone, parameters, buttons, body, status, created_at)
                 values ('confirmation', 'en', '923001234567', '[]', '[]', '${body}', '${status}', ${age})`),
      );
    await message("old sent", "sent", old);
    await message("old logged", "logged", old);
    await message("old failed", "failed", old);
    await message("old but still queued", "queued", old);
    await message("recent sent", "sent", "now() - interval '1 day'");
    const reply = async (id: string, outcome: string, handled: boolean, age: string) =>
      database.db.execute(
        sql.raw(`insert into whatsapp_inbound (provider_message_id, from_phone, type, text, outcome, handled_at, received_at)
                 values ('${id}', '923001234567', 'text', 'x', '${outcome}', ${handled ? "now()" : "null"}, ${age})`),
      );
    await reply("wamid.old-confirmed", "confirmed", false, old);
    await reply("wamid.old-handled", "needs_person", true, old);
    await reply("wamid.old-open", "needs_person", false, old);
    await reply("wamid.recent", "confirmed", false, "now()");
    const report = await deleteExpiredData(ctx);
    expect([report.whatsappMessages, report.whatsappReplies]).toEqual([3, 2]);
    const messages = await rows<{ body: string }>(sql`select body from whatsapp_messages order by body`);
    expect(messages.map((m) => m.body)).toEqual(["old but still queued", "recent sent"]);
    const replies = await rows<{ id: string }>(
      sql`select provider_message_id as id from whatsapp_inbound order by provider_message_id`,
    );
    expect(replies.map((r) => r.id)).toEqual(["wamid.old-open", "wamid.recent"]);
  });

  it(`deletes emails after ${RETENTION.emailMessageDays} days, but not unsent ones`, async () => {
    const old = `now() - interval '${RETENTION.emailMessageDays} days 1 hour'`;
    const email = async (subject: string, status: string, age: string) =>
      database.db.execute(
        sql.raw(`insert into email_messages (kind, to_address, subject, text_body, html_body, status, created_at)
                 values ('order_placed', 'a@example.pk', '${subject}', 't', 'h', '${status}', ${age})`),
      );
    await email("old sent", "sent", old);
    await email("old failed", "failed", old);
    await email("old but still queued", "queued", old);
    await email("recent sent", "sent", "now() - interval '1 day'");
    const report = await deleteExpiredData(ctx);
    expect(report.emailMessages).toBe(2);
    const left = await rows<{ subject: string }>(sql`select subject from email_messages order by subject`);
    expect(left.map((m) => m.subject)).toEqual(["old but still queued", "recent sent"]);
  });

  it(`deletes finished bulk bookings after ${RETENTION.parcelBatchDays} days and read courier notices after ${RETENTION.courierWebhookDays}, keeping running and unread ones`, async () => {
    const batch = (finished: string) =>
      database.db.execute(
        sql.raw(`insert into parcel_batches (created_by_email, courier, created_at, finished_at)
                 values ('owner@example.pk', 'postex', now() - interval '90 days', ${finished})`),
      );
    await batch(`now() - interval '${RETENTION.parcelBatchDays} days 1 hour'`);
    await batch("null");
    await batch("now() - interval '1 day'");
    const notice = (processed: string) =>
      database.db.execute(
        sql.raw(`insert into courier_webhooks (courier, body, received_at, processed_at)
                 values ('trax', '{}'::jsonb, now() - interval '90 days', ${processed})`),
      );
    await notice(`now() - interval '${RETENTION.courierWebhookDays} days 1 hour'`);
    await notice("null");
    await notice("now() - interval '1 day'");
    const report = await deleteExpiredData(ctx);
    expect([report.parcelBatches, report.courierWebhooks]).toEqual([1, 1]);
    const batches = await rows<{ finished: boolean }>(
      sql`select finished_at is not null as finished from parcel_batches order by finished_at nulls first`,
    );
    expect(batches.map((b) => b.finished)).toEqual([false, true]);
    expect(await rows(sql`select 1 from courier_webhooks`)).toHaveLength(2);
    expect(await exists(sql`select 1 from courier_webhooks where processed_at is null`)).toBe(true);
  });

  it("deletes in small batches, and several runs at once share the work without failing", async () => {
    for (let i = 0; i < 57; i++) {
      await database.db.execute(
        sql`insert into rate_limits (key, count, reset_at) values (${`batch:${i}`}, 1, now() - interval '1 second')`,
      );
    }
    const reports = await Promise.all(
      Array.from({ length: 3 }, () => deleteExpiredData(ctx, { batchSize: 5, maxBatches: 100 })),
    );
    expect(reports.reduce((sum, r) => sum + r.rateLimits, 0)).toBe(57);
    expect(await exists(sql`select 1 from rate_limits where key like 'batch:%'`)).toBe(false);
  });

  it("stops after a bounded number of batches and finishes at the next run", async () => {
    for (let i = 0; i < 12; i++) {
      await database.db.execute(
        sql`insert into rate_limits (key, count, reset_at) values (${`bounded:${i}`}, 1, now() - interval '1 second')`,
      );
    }
    expect((await deleteExpiredData(ctx, { batchSize: 5, maxBatches: 2 })).rateLimits).toBe(10);
    expect((await deleteExpiredData(ctx, { batchSize: 5, maxBatches: 2 })).rateLimits).toBe(2);
  });
});

describe("scheduleRetention", () => {
  it("runs in the background, and stop() waits for a run in progress", async () => {
    await database.db.execute(
      sql`insert into rate_limits (key, count, reset_at) values ('scheduled', 1, now() - interval '1 second')`,
    );
    const runs: number[] = [];
    const errors: unknown[] = [];
    let firstRun!: () => void;
    const ran = new Promise<void>((resolve) => (firstRun = resolve));
    const schedule = scheduleRetention(ctx, {
      firstAfterMs: 0,
      everyMs: 10,
      onRun: (report) => {
        runs.push(report.rateLimits);
        firstRun();
      },
      onError: (error) => errors.push(error),
    });
    await ran;
    await schedule.stop();
    expect(errors).toEqual([]);
    expect(runs[0]).toBe(1);
    expect(await exists(sql`select 1 from rate_limits where key = 'scheduled'`)).toBe(false);
  });
});
