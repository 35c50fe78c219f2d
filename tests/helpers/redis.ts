// Redis for tests, at REDIS_URL or 127.0.0.1:6379. On a developer's machine without Redis the
// Redis tests are skipped; CI exports REQUIRE_REDIS=1 (.ci/run), and then a Redis that does not
// answer fails the run instead of silently skipping those tests.
import crypto from "node:crypto";
import net from "node:net";

export const redisUrl = process.env.REDIS_URL || "redis://127.0.0.1:6379";

function answers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(1000);
    socket.once("connect", () => {
      socket.write("PING\r\n");
    });
    socket.once("data", (data) => {
      socket.destroy();
      resolve(data.toString().startsWith("+PONG"));
    });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** True when Redis answers; false when it does not and may be skipped; throws when it is required. */
export async function redisAvailable(): Promise<boolean> {
  if (await answers(redisUrl)) return true;
  if (process.env.REQUIRE_REDIS === "1") {
    throw new Error(
      `Redis does not answer at ${redisUrl}, and REQUIRE_REDIS=1 says the Redis tests must run. ` +
        `Start it (redis-server, as .ci/run does) or unset REQUIRE_REDIS to skip them.`,
    );
  }
  return false;
}

/** A key prefix of its own for one test file's run, so reruns and parallel runs never meet. */
export function testKeyPrefix(name: string): string {
  return `test:${name}:${process.pid}:${crypto.randomBytes(4).toString("hex")}:`;
}
