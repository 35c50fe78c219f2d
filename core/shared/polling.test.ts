import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startPolling } from "./polling";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("startPolling", () => {
  it("waits between passes, goes on after a pass throws, and times the next by the result", async () => {
    const errors: unknown[] = [];
    let passes = 0;
    const poller = startPolling(
      async () => {
        passes++;
        if (passes === 2) throw new Error("database away");
        return passes;
      },
      { firstAfterMs: 10, nextAfterMs: (n) => (n === 1 ? 0 : 100), onError: (e) => errors.push(e) },
    );
    await vi.advanceTimersByTimeAsync(9);
    expect(passes).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(passes).toBe(1);
    // the first answered 1: the next comes at once; the second throws: the next after 100 ms
    await vi.advanceTimersByTimeAsync(1);
    expect(passes).toBe(2);
    expect(errors).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(99);
    expect(passes).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(passes).toBe(3);
    await poller.stop();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(passes).toBe(3);
  });

  it("never runs two passes at once: a poke waits for the pass under way, and stop waits for it too", async () => {
    let running = 0;
    let most = 0;
    let release: () => void = () => {};
    let passes = 0;
    const poller = startPolling(
      async () => {
        passes++;
        running++;
        most = Math.max(most, running);
        if (passes === 1) await new Promise<void>((resolve) => (release = resolve));
        running--;
        return passes;
      },
      { firstAfterMs: 0, nextAfterMs: () => 60_000 },
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(running).toBe(1);
    const poked = poller.poke();
    let stopped = false;
    const stopping = poller.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(10);
    expect(stopped).toBe(false);
    release();
    expect(await poked).toBe(2);
    await stopping;
    expect(most).toBe(1);
  });
});
