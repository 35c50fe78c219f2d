import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { users, wishlistEntries } from "../../db/schema";
import { createTestDatabase } from "../../tests/helpers/database";
import { databaseError, FOREIGN_KEY_VIOLATION, UNIQUE_VIOLATION } from "./db-errors";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("expected the statement to fail");
}

// the race fallbacks in users.ts and wishlist.ts rely on reading these through Drizzle's wrapper
describe("databaseError", () => {
  it("reads a unique violation and its constraint on this driver", async () => {
    const row = { email: "dup@example.pk", passwordHash: "x", firstName: "A", lastName: "B" };
    await database.db.insert(users).values(row);
    const error = await failure(() => database.db.insert(users).values({ ...row, email: "DUP@example.pk" }));
    expect(databaseError(error)).toEqual({ code: UNIQUE_VIOLATION, constraint: "users_email_key" });
  });

  it("reads a foreign key violation", async () => {
    const error = await failure(() =>
      database.db.insert(wishlistEntries).values({ userId: 2_000_000_000, productId: 1 }),
    );
    expect(databaseError(error)?.code).toBe(FOREIGN_KEY_VIOLATION);
  });

  it("answers null for anything else", () => {
    expect(databaseError(new Error("x"))).toBeNull();
    expect(databaseError(null)).toBeNull();
  });
});
