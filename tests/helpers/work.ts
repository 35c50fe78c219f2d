// What a request waits for, without timing it (decision 0087): tests check behaviour, not
// timings, and two answers that make the same calls take the same time but for noise.
import type { TestApp } from "./app";

/**
 * The database and counter calls a piece of work makes, by name, in order: what an answer waits
 * for. Compared between a known and an unknown address, it shows whether the answer's time can
 * depend on the address being known, without measuring a time.
 */
export async function workDuring(t: TestApp, work: () => Promise<unknown>): Promise<string[]> {
  type Methods = Record<string, (...args: unknown[]) => unknown>;
  const calls: string[] = [];
  const undo: (() => void)[] = [];
  const wrap = (target: Methods, prefix: string, names: string[]) => {
    for (const name of names) {
      const own = Object.prototype.hasOwnProperty.call(target, name);
      const original = target[name]!;
      target[name] = function (this: unknown, ...args: unknown[]) {
        calls.push(`${prefix}.${name}`);
        return original.apply(this, args);
      };
      undo.push(() => {
        if (own) target[name] = original;
        else delete target[name];
      });
    }
  };
  wrap(t.core.db as unknown as Methods, "db", ["select", "insert", "update", "delete", "execute", "transaction"]);
  wrap(t.core.limiter as unknown as Methods, "limiter", ["take", "hit", "peek", "release", "reset"]);
  try {
    await work();
  } finally {
    undo.forEach((restore) => restore());
  }
  return calls;
}
