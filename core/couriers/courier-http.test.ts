// callCourier turns every way a call can go wrong into a CourierError of the right kind, and tells
// a call that never reached the courier from one whose answer was lost.
import http from "node:http";
import type net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callCourier } from "./courier-http";
import { courierFailure } from "../../tests/helpers/fake-couriers/courier-failure";

let server: http.Server;
let baseUrl: string;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const path = request.url ?? "";
    request.resume();
    if (path === "/drop") return void request.socket.destroy();
    if (path === "/slow") return; // never answered
    if (path === "/unauthorised") return void response.writeHead(401).end("{}");
    if (path === "/broken") return void response.writeHead(502).end("bad gateway");
    if (path === "/html") return void response.writeHead(200, { "content-type": "text/html" }).end("<html>");
    if (path === "/huge") {
      response.writeHead(200, { "content-type": "application/json" });
      const chunk = Buffer.alloc(1024 * 1024, 32);
      let sent = 0;
      const more = () => {
        while (sent < 25 && response.write(chunk)) sent += 1;
        if (sent < 25) response.once("drain", more);
        else response.end("{}");
      };
      return void more();
    }
    if (path === "/pdf") return void response.writeHead(200, { "content-type": "application/pdf" }).end("%PDF-1.4\n");
    response.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify({ said: path }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const call = (path: string, expect: "json" | "pdf" = "json", base = baseUrl, timeoutMs = 500) =>
  callCourier("postex", { baseUrl: base, credentials: {}, timeoutMs }, { method: "POST", path, expect });

describe("callCourier", () => {
  it("hands the adapter a 4xx answer with its JSON, for the courier's own refusal words", async () => {
    const answer = await call("/refused?x=1");
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ said: "/refused?x=1" });
  });

  it("a courier that is not listening is unreachable, and the call surely did nothing", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await courierFailure(call("/x", "json", `http://127.0.0.1:${port}`));
    expect(error.kind).toBe("unreachable");
    expect(error.outcomeUnknown).toBe(false);
    expect(error.message).toBe("PostEx could not be reached. Try again in a few minutes.");
  });

  it("a connection dropped after the request went out may have been done", async () => {
    const error = await courierFailure(call("/drop"));
    expect(error.kind).toBe("unreachable");
    expect(error.outcomeUnknown).toBe(true);
    expect(error.message).toContain("dropped the connection before answering");
  });

  it("no answer within the time limit is a timeout whose outcome is unknown", async () => {
    const error = await courierFailure(call("/slow"));
    expect(error.kind).toBe("timeout");
    expect(error.outcomeUnknown).toBe(true);
  });

  it("401 is a credentials refusal, 5xx an unexpected answer that may have been done", async () => {
    expect((await courierFailure(call("/unauthorised"))).kind).toBe("credentials");
    const broken = await courierFailure(call("/broken"));
    expect([broken.kind, broken.httpStatus, broken.outcomeUnknown]).toEqual(["unexpected", 502, true]);
  });

  it("a body that is not JSON, or larger than the cap, is unexpected", async () => {
    expect((await courierFailure(call("/html"))).message).toContain("not JSON");
    // 20 MB takes its time on a loaded machine: the limit here is the size, so the time limit is wide
    expect((await courierFailure(call("/huge", "json", baseUrl, 15_000))).message).toContain("answer too large");
  });

  it("a PDF comes back as bytes", async () => {
    const answer = await call("/pdf", "pdf");
    expect(Buffer.from(answer.bytes!).toString("latin1")).toMatch(/^%PDF/);
  });
});
