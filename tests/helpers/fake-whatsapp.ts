// A local fake of the WhatsApp Cloud API's send endpoint (decision 0070): records every request and
// answers as told, in the API's documented shapes (a wamid on success, {"error": {...}} on failure).
import http from "node:http";
import type net from "node:net";

export interface FakeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

export type FakeAnswer = { status: number } | "hold";

export interface FakeWhatsApp {
  url: string;
  requests: FakeRequest[];
  /** answers for the next requests, in order; when empty every request gets 200 */
  answers: FakeAnswer[];
  /** requests answered 2xx: what the shopper really received */
  delivered(): FakeRequest[];
  /** answers the requests held open with 200 */
  release(): void;
  close(): Promise<void>;
}

let wamid = 0;

export async function startFakeWhatsApp(port = 0): Promise<FakeWhatsApp> {
  const requests: FakeRequest[] = [];
  const delivered: FakeRequest[] = [];
  const held: (() => void)[] = [];
  const answers: FakeAnswer[] = [];
  const sockets = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        // recorded as an empty body; the test's checks on it then fail
      }
      const record: FakeRequest = {
        method: req.method ?? "",
        path: req.url ?? "",
        authorization: req.headers.authorization,
        body,
      };
      requests.push(record);
      const ok = () => {
        delivered.push(record);
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            messaging_product: "whatsapp",
            contacts: [{ input: body.to, wa_id: body.to }],
            messages: [{ id: `wamid.FAKE${++wamid}${Date.now()}` }],
          }),
        );
      };
      const answer = answers.shift() ?? { status: 200 };
      if (answer === "hold") return void held.push(ok);
      if (answer.status < 300) return ok();
      res.writeHead(answer.status, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          error: {
            message:
              answer.status >= 500 ? "Service temporarily unavailable" : "(#131009) Parameter value is not valid",
            type: "OAuthException",
            code: answer.status >= 500 ? 2 : 131009,
          },
        }),
      );
    });
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    answers,
    delivered: () => delivered,
    release: () => held.splice(0).forEach((ok) => ok()),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
