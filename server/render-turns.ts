// Page renders take turns with the rest of the event loop.
//
// A render on PGlite never waits on a socket: its queries resolve as microtasks, so it runs from
// start to end without the event loop polling. Under a crowd of first-time pages (a crawler, a
// sale's first minute) one turn of the loop rendered every request it had read, and libuv accepts
// one new connection per turn: with 50 connections the last ones sat in the kernel's accept queue
// for seconds (p99 6.4-6.8 s, some past 10 s, on both databases) while the first were served again
// and again. Starting each render from setImmediate, a few at a time, ends a turn after a few
// renders, so connections are accepted at once and every request waits in one first-come queue.
//
// A render holds its place for at most `holdMs`: one waiting on something slow (a locked row, a
// slow database) is not using the CPU and must not hold up every other page.

export class RenderTurns {
  private readonly waiting: (() => void)[] = [];
  private running = 0;

  constructor(
    private readonly concurrency = 2,
    private readonly holdMs = 1_000,
  ) {}

  run<T>(render: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.waiting.push(() => {
        let held = true;
        const release = () => {
          if (!held) return;
          held = false;
          clearTimeout(timer);
          this.running--;
          this.startNext();
        };
        const timer = setTimeout(release, this.holdMs);
        let rendering: Promise<T>;
        try {
          rendering = render();
        } catch (error) {
          rendering = Promise.reject(error);
        }
        rendering.then(resolve, reject).finally(release);
      });
      this.startNext();
    });
  }

  private startNext(): void {
    while (this.running < this.concurrency && this.waiting.length > 0) {
      const start = this.waiting.shift()!;
      this.running++;
      // the next turn of the loop: pending connections and requests are read first
      setImmediate(start);
    }
  }
}
