// The HTTP half every fake courier shares (decision 0101): a node:http server on loopback that
// records each request, answers through the fake's own handler in its courier's shapes, and fails
// the next calls on demand in each FailMode. A handler returns its answer instead of writing it,
// so "lose-answer" can carry a call out and then drop the connection, as a courier whose reply is
// lost on the way would.
import http from "node:http";
import type net from "node:net";
import type { FailMode, FakeCourier } from "./control";

export interface FakeHttpRequest {
  method: string;
  /** the path after the fake's prefix, without the query ("v3/create-order") */
  route: string;
  query: URLSearchParams;
  /** the JSON or form body, parsed; null when there was none or it could not be read */
  body: unknown;
  headers: http.IncomingHttpHeaders;
}

export type FakeHttpAnswer =
  | { status: number; json: unknown }
  | { status: number; pdf: Buffer }
  | { status: number; text: string; type?: string };

export interface FakeHttpOptions {
  /** the path every route sits under ("/services/integration/api/order/") */
  prefix: string;
  handle(request: FakeHttpRequest): FakeHttpAnswer;
  /** the courier's own refusal shape, for failNext("refuse") */
  refusal(message: string): FakeHttpAnswer;
}

export interface FakeHttp {
  baseUrl: string;
  calls: FakeCourier["calls"];
  failNext: FakeCourier["failNext"];
  close(): Promise<void>;
}

interface FailRule {
  mode: FailMode;
  path: string;
  times: number;
  message: string;
}

/** How long "slow" holds a request: far past any time limit a test sets. */
const SLOW_HOLD_MS = 60_000;

function parseBody(raw: string, type: string | undefined): unknown {
  if (raw === "") return null;
  if (type?.includes("application/x-www-form-urlencoded")) {
    return Object.fromEntries(new URLSearchParams(raw));
  }
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

function send(res: http.ServerResponse, answer: FakeHttpAnswer): void {
  if ("json" in answer) {
    res.writeHead(answer.status, { "content-type": "application/json; charset=utf-8" });
    res.end(JSON.stringify(answer.json));
  } else if ("pdf" in answer) {
    res.writeHead(answer.status, { "content-type": "application/pdf", "content-length": answer.pdf.length });
    res.end(answer.pdf);
  } else {
    res.writeHead(answer.status, { "content-type": answer.type ?? "text/plain; charset=utf-8" });
    res.end(answer.text);
  }
}

export async function startFakeHttp(options: FakeHttpOptions): Promise<FakeHttp> {
  const calls: FakeCourier["calls"] = [];
  const rules: FailRule[] = [];
  const sockets = new Set<net.Socket>();
  const timers = new Set<NodeJS.Timeout>();

  const takeRule = (path: string): FailRule | undefined => {
    const index = rules.findIndex((rule) => path.includes(rule.path));
    if (index < 0) return undefined;
    const rule = rules[index]!;
    rule.times -= 1;
    if (rule.times <= 0) rules.splice(index, 1);
    return rule;
  };

  const server = http.createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (raw += chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake.invalid");
      const body = parseBody(raw, req.headers["content-type"]);
      const path = `${url.pathname}${url.search}`;
      calls.push({ method: req.method ?? "", path, body });
      const rule = takeRule(path);
      if (rule?.mode === "down") return void req.socket.destroy();
      if (rule?.mode === "slow") {
        const timer = setTimeout(() => {
          timers.delete(timer);
          req.socket.destroy();
        }, SLOW_HOLD_MS);
        timers.add(timer);
        return;
      }
      if (rule?.mode === "error") {
        return send(res, { status: 500, text: "<html><body>500 Internal Server Error</body></html>", type: "text/html" });
      }
      if (rule?.mode === "refuse") return send(res, options.refusal(rule.message));
      const route = url.pathname.startsWith(options.prefix) ? url.pathname.slice(options.prefix.length) : url.pathname;
      let answer: FakeHttpAnswer;
      try {
        answer = options.handle({ method: req.method ?? "GET", route, query: url.searchParams, body, headers: req.headers });
      } catch (error) {
        answer = { status: 500, text: `fake courier failed: ${(error as Error).message}` };
      }
      // the call was carried out; its answer never arrives
      if (rule?.mode === "lose-answer") return void req.socket.destroy();
      send(res, answer);
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${options.prefix}`,
    calls,
    failNext(mode, rule = {}) {
      rules.push({ mode, path: rule.path ?? "", times: rule.times ?? 1, message: rule.message ?? "" });
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Escapes text for a PDF string literal. */
const pdfText = (text: string): string => text.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, "?");

/**
 * A small valid PDF (one page, one line of Helvetica per entry): what the fakes answer where the
 * courier answers a PDF (airway bills, load sheets). The byte offsets in its cross-reference table
 * are computed, so PDF readers open it.
 */
export function minimalPdf(lines: readonly string[]): Buffer {
  const content = ["BT", "/F1 11 Tf", "36 800 Td", "14 TL"]
    .concat(lines.map((line) => `(${pdfText(line)}) '`))
    .concat("ET")
    .join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(pdf, "latin1"));
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, "latin1");
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("");
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, "latin1");
}

/** "2026-11-23 14:05:09": a moment as Pakistani couriers write it, Pakistan time without a zone. */
export function karachiWallClock(at: Date): string {
  return new Date(at.getTime() + 5 * 60 * 60 * 1000).toISOString().slice(0, 19).replace("T", " ");
}

/** The eleven cities every fake's list holds, in the order tests name them. */
export const FAKE_CITY_NAMES = [
  "Karachi",
  "Lahore",
  "Islamabad",
  "Rawalpindi",
  "Faisalabad",
  "Multan",
  "Peshawar",
  "Quetta",
  "Hyderabad",
  "Sialkot",
  "Gujranwala",
] as const;
