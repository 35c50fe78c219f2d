import { describe, expect, it } from "vitest";
import type { CoreContext } from "../context";
import { AppError } from "./errors";
import type { StaffActor } from "./permissions";
import { staffWrite } from "./staff-write";

// The shell around a write, without a database: the transaction hands the body a stand-in, and
// the cache records what it was told to drop.
function store() {
  const dropped: string[] = [];
  const ctx = {
    db: { transaction: (run: (tx: unknown) => Promise<unknown>) => run({}) },
    cache: { clear: () => dropped.push("all"), invalidateTag: (tag: string) => dropped.push(tag) },
  } as unknown as CoreContext;
  return { ctx, dropped };
}

const manager = { userId: 7, role: "manager" } as StaffActor;
const fulfilment = { userId: 8, role: "fulfilment" } as StaffActor;
const uniqueViolation = Object.assign(new Error("duplicate key"), { code: "23505", constraint: "blogs_slug_unique" });

describe("staffWrite", () => {
  it("clears the whole cache after a write that says nothing about it", async () => {
    const { ctx, dropped } = store();
    expect(await staffWrite(ctx, manager, "products", async () => 5)).toBe(5);
    expect(dropped).toEqual(["all"]);
  });

  it("keeps the cache when the body says nothing cached shows it, or that it changed nothing", async () => {
    const { ctx, dropped } = store();
    await staffWrite(ctx, manager, "orders", async ({ keepCache }) => keepCache());
    const answer = await staffWrite(ctx, manager, "products", async ({ unchanged }) => unchanged({ changed: false }));
    expect(answer).toEqual({ changed: false });
    expect(dropped).toEqual([]);
  });

  it("drops only the tags the body names", async () => {
    const { ctx, dropped } = store();
    await staffWrite(ctx, manager, "reviews", async ({ clearTags }) => clearTags("product:80"));
    expect(dropped).toEqual(["product:80"]);
  });

  it("refuses before the write without the permission, and clears nothing after a failed write", async () => {
    const { ctx, dropped } = store();
    let ran = false;
    const refused = staffWrite(ctx, fulfilment, "products", async () => {
      ran = true;
    });
    await expect(refused).rejects.toMatchObject({ status: 403 });
    await expect(
      staffWrite(ctx, manager, "products", async () => {
        throw new Error("database away");
      }),
    ).rejects.toThrow("database away");
    expect(ran).toBe(false);
    expect(dropped).toEqual([]);
  });

  it("answers a unique violation with the refusal the body gave, and lets it through without one", async () => {
    const { ctx } = store();
    const taken = new AppError(409, "That address is taken.");
    let constraint: string | null = null;
    await expect(
      staffWrite(ctx, manager, "content", async ({ refuseUnique }) => {
        refuseUnique((name) => ((constraint = name), taken));
        throw uniqueViolation;
      }),
    ).rejects.toBe(taken);
    expect(constraint).toBe("blogs_slug_unique");
    await expect(
      staffWrite(ctx, manager, "content", async () => {
        throw uniqueViolation;
      }),
    ).rejects.toBe(uniqueViolation);
  });
});
