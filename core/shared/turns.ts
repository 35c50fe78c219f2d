// Long work that gives the rest of the process its turn (decision 0088). On PGlite a query
// resolves as a microtask, so a loop of queries, like a loop of JavaScript, runs from start to end
// without the event loop polling: no request is read and no other query starts until it is done.
// Awaiting setImmediate ends the turn: waiting connections and requests are read, and whatever
// they ask the database for is queued before this work's next query.

/** The next turn of the event loop, after the waiting input has been read. */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * A checkpoint for a long loop: `await turns.take()` as often as is convenient; it gives the
 * loop's turn away only when `sliceMs` have passed since the last time, so a short loop pays
 * nothing and a long one holds the process for at most about `sliceMs` at a time.
 */
export class Turns {
  private since = performance.now();

  constructor(private readonly sliceMs = 10) {}

  async take(): Promise<void> {
    if (performance.now() - this.since < this.sliceMs) return;
    await nextTurn();
    this.since = performance.now();
  }

  /** A turn now, whatever the time (between two transactions). */
  async give(): Promise<void> {
    await nextTurn();
    this.since = performance.now();
  }
}
