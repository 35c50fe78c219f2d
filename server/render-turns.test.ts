import { describe, expect, it } from "vitest";
import { RenderTurns } from "./render-turns";

const later = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe("RenderTurns", () => {
  it("renders at most `concurrency` at once, first come first served", async () => {
    const turns = new RenderTurns(2);
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const results = await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        turns.run(async () => {
          started.push(i);
          most = Math.max(most, ++running);
          await later(5);
          running--;
          return i * 10;
        }),
      ),
    );
    expect(results).toEqual([0, 10, 20, 30, 40, 50, 60]);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(most).toBe(2);
  });

  it("starts a render in a later turn of the event loop, after what was already waiting there", async () => {
    const turns = new RenderTurns(1);
    const order: string[] = [];
    setImmediate(() => order.push("waiting before"));
    const rendered = turns.run(async () => {
      order.push("render");
    });
    order.push("queued");
    await rendered;
    expect(order).toEqual(["queued", "waiting before", "render"]);
  });

  it("passes on a render's failure, thrown or rejected, and goes on with the next", async () => {
    const turns = new RenderTurns(1);
    const thrown = turns.run(() => {
      throw new Error("thrown");
    });
    const rejected = turns.run(() => Promise.reject(new Error("rejected")));
    const next = turns.run(async () => "next");
    await expect(thrown).rejects.toThrow("thrown");
    await expect(rejected).rejects.toThrow("rejected");
    await expect(next).resolves.toBe("next");
  });

  it("lets the next render start when one has held its place too long", async () => {
    const turns = new RenderTurns(1, 30);
    let finishSlow!: () => void;
    const slow = turns.run(() => new Promise<string>((resolve) => (finishSlow = () => resolve("slow"))));
    const fast = turns.run(async () => "fast");
    // the slow one is still going, and the fast one is done
    await expect(fast).resolves.toBe("fast");
    finishSlow();
    await expect(slow).resolves.toBe("slow");
    // its late end does not free a second place: still one at a time
    let running = 0;
    let most = 0;
    await Promise.all(
      [1, 2, 3].map(() =>
        turns.run(async () => {
          most = Math.max(most, ++running);
          await later(2);
          running--;
        }),
      ),
    );
    expect(most).toBe(1);
  });
});
