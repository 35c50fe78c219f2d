// Asking one courier account about many parcels, the way the tracking pass (decision 0104) and
// the payment pass (decision 0106) both must: in the courier's batches, one call after another
// with a pause, at most so many calls a pass (the rest handed back for the next pass), and
// stopping at the first sign the courier itself is down, so a dead gateway costs one timeout, not
// one per batch.
import { CourierError } from "./courier-errors";

/** Whether the courier itself is out of reach for now: asking it again in this pass is pointless. */
export function courierDown(error: unknown): boolean {
  return (
    !(error instanceof CourierError) ||
    error.kind === "unreachable" ||
    error.kind === "timeout" ||
    error.kind === "credentials" ||
    (error.httpStatus !== null && error.httpStatus >= 500)
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface BatchedAsk<T, A> {
  items: readonly T[];
  /** items in one call */
  size: number;
  /** the pause between two calls */
  pauseMs: number;
  /** the most calls this pass; the items beyond go to `release` */
  callsAtMost: number;
  /** true once the process is stopping: no further calls */
  shouldStop?: () => boolean;
  /** the courier's call for one batch */
  call(batch: T[]): Promise<A>;
  /** what to do with its answer */
  record(batch: T[], answer: A): Promise<void>;
  /** items whose call failed: they wait longer next time */
  fail(items: T[]): Promise<void>;
  /** items not asked this pass: due again at once */
  release(items: T[]): Promise<void>;
}

export async function askInBatches<T, A>(ask: BatchedAsk<T, A>): Promise<void> {
  const size = Math.max(1, ask.size);
  const batches: T[][] = [];
  for (let i = 0; i < ask.items.length; i += size) batches.push(ask.items.slice(i, i + size));
  for (let n = 0; n < batches.length; n++) {
    const batch = batches[n]!;
    if (n >= ask.callsAtMost || ask.shouldStop?.()) {
      await ask.release(batches.slice(n).flat());
      return;
    }
    if (n > 0 && ask.pauseMs > 0) await sleep(ask.pauseMs);
    let answer: A;
    try {
      answer = await ask.call(batch);
    } catch (error) {
      if (courierDown(error)) {
        await ask.fail(batches.slice(n).flat());
        return;
      }
      await ask.fail(batch);
      continue;
    }
    await ask.record(batch, answer);
  }
}
