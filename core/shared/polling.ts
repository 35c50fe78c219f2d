// One loop for the store's background passes (the outbox workers, the confirmation scheduler,
// retention): run a pass, wait, run the next. A pass never overlaps the one before it; a pass
// that throws is reported and the loop goes on; stop() waits for the pass under way, so a
// shutdown never closes the database under it.

export interface Poller<R> {
  /** runs a pass now, after the one under way (tests); resolves with its result */
  poke(): Promise<R | null>;
  /** stops the timer and waits for the pass under way */
  stop(): Promise<void>;
}

export interface PollingOptions<R> {
  /** when the first pass runs (processes started together should pick different moments) */
  firstAfterMs: number;
  /** how long after a pass the next one runs, given its result (null when it threw) */
  nextAfterMs: (result: R | null) => number;
  onError?: (error: unknown) => void;
  /** true: the timer never holds the process open on its own */
  unref?: boolean;
}

export function startPolling<R>(pass: () => Promise<R>, options: PollingOptions<R>): Poller<R> {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<R | null> = Promise.resolve(null);

  const guarded = async (): Promise<R | null> => {
    try {
      return await pass();
    } catch (error) {
      options.onError?.(error);
      return null;
    }
  };
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = null;
      current = guarded();
      void current.then((result) => schedule(options.nextAfterMs(result)));
    }, ms);
    if (options.unref) timer.unref();
  };
  schedule(options.firstAfterMs);
  return {
    poke() {
      current = current.then(() => guarded());
      return current;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
    },
  };
}
