// Long work that gives the rest of the process its turn (decision 0088). On PGlite a query
// resolves as a microtask, so a loop of queries, like a loop of JavaScript, runs from start to end
// without the event loop polling: no request is read and no other query starts until it is done.
// Awaiting setImmediate ends the turn: waiting connections and requests are read, and whatever
// they ask the database for is queued before this work's next query.

/** a turn of the loop that came back this fast found nothing else to do */
const IDLE_TURN_MS = 1;

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

  /**
   * Turns now, whatever the time (between two transactions), until one comes back at once: a
   * page render waits on setImmediate between its steps, and each step must not wait behind a
   * whole piece of this work. At most `most` turns, so a busy store still lets the work go on.
   */
  async give(most = 4): Promise<void> {
    for (let i = 0; i < most; i++) {
      const asked = performance.now();
      await nextTurn();
      if (performance.now() - asked < IDLE_TURN_MS) break;
    }
    this.since = performance.now();
  }
}
