import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CoreContext } from "../context";
import { ReadCache } from "../shared/cache";
import { createDatabaseRateLimiter } from "../shared/rate-limit";
import type { DatabaseHandle } from "../../db/client";
import { createTestDatabase } from "../../tests/helpers/database";
import { createSession, findSessionUser, revokeSession } from "./sessions";
import { hashToken } from "../shared/tokens";
import { registerUser } from "./users";

let database: DatabaseHandle;
let ctx: CoreContext;
let userId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  ctx = { db: database.db, cache: new ReadCache(0), limiter: createDatabaseRateLimiter(database.db) };
  const { user } = await registerUser(
    ctx,
    { first_name: "Sana", last_name: "Malik", email: "sana@example.pk", password: "Lawn2024suit" },
    { ip: "10.0.0.1" },
  );
  userId = user.id;
});
afterAll(async () => {
  await database?.close();
});

async function session(token: string) {
  const result = (await database.db.execute(sql`
    select id, extract(epoch from expires_at - now())::float8 as expires_in,
           extract(epoch from now() - last_used_at)::float8 as idle
    from user_sessions where token_hash = ${hashToken(token)}`)) as { rows: unknown[] };
  return result.rows[0] as { id: number; expires_in: number; idle: number };
}

describe("sessions", () => {
  it("expire 30 days after creation and find their user", async () => {
    const token = await createSession(ctx, userId, "test agent");
    const s = await session(token);
    expect(s.expires_in).toBeGreaterThan(30 * 86400 - 60);
    expect(s.expires_in).toBeLessThanOrEqual(30 * 86400);
    const user = await findSessionUser(ctx, token);
    expect(user).toMatchObject({ id: userId, email: "sana@example.pk", role: "customer", sessionId: s.id });
  });

  it("slide the expiry on use, but write at most once a minute", async () => {
    const token = await createSession(ctx, userId);
    const { id } = await session(token);
    // used 30 s ago with 10 days left: recent enough, no write
    await database.db.execute(sql`update user_sessions set last_used_at = now() - interval '30 seconds',
      expires_at = now() + interval '10 days' where id = ${id}`);
    await findSessionUser(ctx, token);
    expect((await session(token)).expires_in).toBeLessThan(10 * 86400 + 5);
    // used 2 minutes ago: the use moves both times forward
    await database.db.execute(
      sql`update user_sessions set last_used_at = now() - interval '2 minutes' where id = ${id}`,
    );
    await findSessionUser(ctx, token);
    const after = await session(token);
    expect(after.expires_in).toBeGreaterThan(30 * 86400 - 60);
    expect(after.idle).toBeLessThan(5);
  });

  it("end 90 days after creation even when used every day", async () => {
    const token = await createSession(ctx, userId);
    const { id } = await session(token);
    const nextDay = () =>
      database.db.execute(sql`update user_sessions set created_at = created_at - interval '1 day',
        last_used_at = last_used_at - interval '1 day', expires_at = expires_at - interval '1 day' where id = ${id}`);
    const daysSignedIn: number[] = [];
    for (let day = 1; day <= 100; day++) {
      await nextDay();
      if (await findSessionUser(ctx, token)) daysSignedIn.push(day);
    }
    expect(daysSignedIn).toEqual(Array.from({ length: 89 }, (_, i) => i + 1));
  });

  it("never slide past the 90th day after creation", async () => {
    const token = await createSession(ctx, userId);
    const { id } = await session(token);
    await database.db.execute(sql`update user_sessions set created_at = now() - interval '89 days',
      last_used_at = now() - interval '1 day', expires_at = now() + interval '29 days' where id = ${id}`);
    expect(await findSessionUser(ctx, token)).not.toBeNull();
    const after = await session(token);
    expect(after.expires_in).toBeGreaterThan(86400 - 60);
    expect(after.expires_in).toBeLessThanOrEqual(86400);
  });

  it("are dead once expired or revoked, and unknown or malformed tokens find no one", async () => {
    const expired = await createSession(ctx, userId);
    await database.db.execute(sql`update user_sessions set expires_at = now() - interval '1 second'
      where token_hash = ${hashToken(expired)}`);
    expect(await findSessionUser(ctx, expired)).toBeNull();

    const revoked = await createSession(ctx, userId);
    await revokeSession(ctx, (await session(revoked)).id);
    expect(await findSessionUser(ctx, revoked)).toBeNull();

    expect(await findSessionUser(ctx, "A".repeat(43))).toBeNull();
    expect(await findSessionUser(ctx, "' or 1=1 --")).toBeNull();
  });
});
