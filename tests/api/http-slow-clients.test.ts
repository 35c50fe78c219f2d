// Slow and malformed clients on a real socket: headers or a body that never finish are cut off
// with a 408 (decision 0046), what the parser refuses is still a {"detail"}, and the production
// time limits leave room for a phone on a slow link. The rest of the HTTP layer's hardening is in
// http-hardening.test.ts.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HTTP_TIMEOUTS } from "../../server/app";
import { STRICT_POLICY } from "../../server/plugins/security-headers";
import { createPageApp, type PageApp } from "../helpers/page-app";

/** A raw connection, to send what fetch and inject cannot (or will not) send. */
async function connect(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  let received = "";
  socket.setEncoding("latin1");
  socket.on("data", (chunk: string) => (received += chunk));
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  socket.on("error", () => undefined);
  return { socket, closed, received: () => received };
}

/** Sends one request as raw bytes and waits until the server closes the connection. */
async function rawExchange(port: number, request: string): Promise<string> {
  const conn = await connect(port);
  conn.socket.end(request);
  await conn.closed;
  return conn.received();
}

function parseRaw(answer: string) {
  const [head = "", body = ""] = answer.split("\r\n\r\n");
  const [statusLine = "", ...lines] = head.split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const at = line.indexOf(":");
    headers[line.slice(0, at).toLowerCase()] = line.slice(at + 1).trim();
  }
  return { statusCode: Number(statusLine.split(" ")[1]), headers, body };
}

describe("slow and malformed clients on a real socket (decision 0046)", () => {
  let t: PageApp;
  let port: number;
  beforeAll(async () => {
    // short limits so a slowloris client is cut off within the test (production values: HTTP_TIMEOUTS)
    t = await createPageApp({
      pages: false,
      timeouts: { headersMs: 300, requestMs: 600, idleMs: 5_000, checkIntervalMs: 50 },
    });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("cut off headers that never finish with 408 {detail}", async () => {
    const conn = await connect(port);
    conn.socket.write("GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: 1");
    await conn.closed;
    const res = parseRaw(conn.received());
    expect(res.statusCode).toBe(408);
    expect(JSON.parse(res.body).detail).toBeTypeOf("string");
    expect(res.headers["content-security-policy"]).toBe(STRICT_POLICY);
  });

  it("cut off a body that trickles in a byte at a time with 408", async () => {
    const conn = await connect(port);
    conn.socket.write(
      "POST /api/products/1/reviews HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{",
    );
    // a byte every 10 ms keeps the socket busy, so only the whole-request limit can end it
    let sent = 1;
    const trickle = setInterval(() => {
      if (!conn.socket.destroyed) conn.socket.write("a");
      sent++;
    }, 10);
    await conn.closed;
    clearInterval(trickle);
    expect(parseRaw(conn.received()).statusCode).toBe(408);
    expect(sent).toBeLessThan(100_000);
  });

  it("answer what the parser or the checks refuse with {detail}: unknown method, huge headers, odd targets", async () => {
    for (const [request, statuses] of [
      ["FOO /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n", [400]],
      [`GET /api/health?${"a".repeat(40_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`, [431]],
      ["GET http://evil.example/api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", [400]],
      ["GET /media/../../../etc/passwd HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", [400, 403, 404]],
    ] as const) {
      const answer = parseRaw(await rawExchange(port, request));
      expect(statuses, request.slice(0, 60)).toContain(answer.statusCode);
      expect(JSON.parse(answer.body).detail, request.slice(0, 60)).toBeTypeOf("string");
    }
  });

  it("answer an HTTP/1.0 request without a Host", async () => {
    const res = parseRaw(await rawExchange(port, "GET /api/health HTTP/1.0\r\n\r\n"));
    expect(res.statusCode).toBe(200);
  });
});

describe("the production time limits", () => {
  it("let a phone on a slow 2G link (20 kbit/s up, 2 s round trips) post a 20 KB form", () => {
    const bytesPerSecond = 20_000 / 8;
    const formSeconds = (20 * 1024) / bytesPerSecond + 3 * 2;
    const headersSeconds = (2 * 1024) / bytesPerSecond + 2 * 2;
    expect(HTTP_TIMEOUTS.requestMs / 1000).toBeGreaterThan(formSeconds * 2);
    expect(HTTP_TIMEOUTS.headersMs / 1000).toBeGreaterThan(headersSeconds * 2);
    // yet a request cannot hold a connection for ever
    expect(HTTP_TIMEOUTS.requestMs).toBeLessThanOrEqual(5 * 60_000);
    expect(HTTP_TIMEOUTS.headersMs).toBeLessThanOrEqual(HTTP_TIMEOUTS.requestMs);
    expect(HTTP_TIMEOUTS.idleMs).toBeGreaterThan(0);
  });
});
