// The one way an adapter calls its courier (decision 0101): a time limit on every call, a cap on
// the answer's size, and every failure turned into a CourierError of the right kind. The adapter
// reads the answer's body itself, since each courier says "refused" its own way (Leopards answers
// 200 with status 0, PostEx 400 with statusMessage).
import { CourierError, courierErrorMessage } from "./courier-errors";
import type { CourierCode, CourierConnection } from "./courier";

export interface CourierRequest {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** joined to the connection's base URL */
  path: string;
  query?: Record<string, string | number | undefined>;
  /** sent as JSON */
  json?: unknown;
  headers?: Record<string, string>;
  /** what a good answer is: JSON, or a PDF (bytes) */
  expect?: "json" | "pdf";
}

export interface CourierAnswer {
  status: number;
  /** the parsed JSON, or null where the body was empty or a PDF */
  json: unknown;
  /** the body as bytes, for a PDF */
  bytes: Uint8Array | null;
}

/** The most of an answer the store reads: label PDFs of ten parcels fit well inside it. */
const MAX_ANSWER_BYTES = 20 * 1024 * 1024;

/** Failures before any byte of the request reached the courier (fetch's cause codes). */
const CONNECT_FAILURES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_CONNECT_TIMEOUT",
  "ERR_TLS_CERT_ALTNAME_INVALID",
  "CERT_HAS_EXPIRED",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
]);

function neverConnected(error: unknown): boolean {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  return typeof cause?.code === "string" && CONNECT_FAILURES.has(cause.code);
}

/** The base URL and path joined with one slash, and the query's defined values added. */
export function courierUrl(baseUrl: string, path: string, query?: CourierRequest["query"]): URL {
  const url = new URL(`${baseUrl.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`);
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  return url;
}

async function readCapped(courier: CourierCode, response: Response): Promise<Uint8Array> {
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > MAX_ANSWER_BYTES) {
    await response.body?.cancel();
    throw new CourierError(courier, "unexpected", courierErrorMessage(courier, "unexpected", "answer too large"));
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (!response.body) return new Uint8Array();
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      throw new CourierError(courier, "unexpected", courierErrorMessage(courier, "unexpected", "answer too large"));
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Calls the courier and returns its answer, whatever its HTTP status, for the adapter to read. Throws
 * CourierError on no connection ("unreachable"), on no answer within connection.timeoutMs
 * ("timeout"), on 401/403 ("credentials"), on 5xx ("unexpected": the courier may have done it) and
 * on a body that is not what `expect` says.
 */
export async function callCourier(
  courier: CourierCode,
  connection: CourierConnection,
  request: CourierRequest,
): Promise<CourierAnswer> {
  const url = courierUrl(connection.baseUrl, request.path, request.query);
  const headers: Record<string, string> = { accept: request.expect === "pdf" ? "application/pdf" : "application/json" };
  if (request.json !== undefined) headers["content-type"] = "application/json";
  Object.assign(headers, request.headers);
  const signal = AbortSignal.timeout(connection.timeoutMs);
  let response: Response;
  let body: Uint8Array;
  try {
    response = await (connection.fetch ?? fetch)(url, {
      method: request.method,
      headers,
      body: request.json === undefined ? undefined : JSON.stringify(request.json),
      signal,
      redirect: "follow",
    });
    body = await readCapped(courier, response);
  } catch (error) {
    if (error instanceof CourierError) throw error;
    if (signal.aborted) throw new CourierError(courier, "timeout", courierErrorMessage(courier, "timeout"));
    if (neverConnected(error)) {
      throw new CourierError(courier, "unreachable", courierErrorMessage(courier, "unreachable"));
    }
    // the connection dropped after the request went out: the courier may have done it
    throw new CourierError(
      courier,
      "unreachable",
      courierErrorMessage(courier, "unreachable", "dropped the connection before answering"),
      null,
      true,
    );
  }
  if (response.status === 401 || response.status === 403) {
    throw new CourierError(courier, "credentials", courierErrorMessage(courier, "credentials"), response.status);
  }
  if (response.status >= 500) {
    throw new CourierError(
      courier,
      "unexpected",
      courierErrorMessage(courier, "unexpected", `HTTP ${response.status}`),
      response.status,
    );
  }
  const type = response.headers.get("content-type") ?? "";
  if (request.expect === "pdf" && response.status < 300 && type.includes("pdf")) {
    return { status: response.status, json: null, bytes: body };
  }
  const text = Buffer.from(body).toString("utf8");
  if (text.trim() === "") return { status: response.status, json: null, bytes: null };
  try {
    return { status: response.status, json: JSON.parse(text), bytes: null };
  } catch {
    throw new CourierError(
      courier,
      "unexpected",
      courierErrorMessage(courier, "unexpected", `not JSON: ${text.slice(0, 80)}`),
      response.status,
    );
  }
}
