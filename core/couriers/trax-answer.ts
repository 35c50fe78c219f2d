// How Trax answers, read one way for every call: `status: 0` is done, any other status is a
// refusal with its `message` (and, on a booking, Laravel-style `errors` per field); 401/403 and
// an answer that names the key are the credentials; anything else is unreadable.
import { callCourier, type CourierRequest } from "./courier-http";
import { CourierError, courierErrorMessage } from "./courier-errors";
import type { CourierConnection, CourierDocument } from "./courier";

export type Json = Record<string, unknown>;

export function asRecord(value: unknown): Json | null {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Json) : null;
}

/** A scalar as text: Trax sends tracking numbers as numbers in some answers and text in others. */
export function asText(value: unknown, max = 200): string | null {
  if (typeof value === "string") return value.slice(0, max).trim() || null;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return null;
}

export const unexpected = (detail: string): CourierError =>
  new CourierError("trax", "unexpected", courierErrorMessage("trax", "unexpected", detail));

/** Our own refusal before Trax is asked (a field Trax would refuse anyway), in staff's words. */
export const traxNeeds = (sentence: string): CourierError => new CourierError("trax", "refused", sentence);

const CREDENTIAL_WORDS = /unauthori[sz]ed|unauthenticated|invalid (api )?(key|token)|api key/i;
const NOT_FOUND_WORDS = /not found|no (record|shipment|data)|does not exist|invalid tracking/i;

/** "consignee_phone_number_1: The phone number format is invalid." from any shape of `errors`. */
function errorWords(errors: unknown): string {
  if (typeof errors === "string") return errors;
  if (Array.isArray(errors)) return errors.slice(0, 5).map(errorWords).filter(Boolean).join("; ");
  const record = asRecord(errors);
  if (!record) return "";
  return Object.entries(record)
    .slice(0, 5)
    .map(([field, value]) => `${field}: ${errorWords(value)}`)
    .join("; ");
}

function refusalWords(body: Json): string {
  const message = asText(body.message, 300) ?? asText(body.error, 300) ?? "";
  const fields = errorWords(body.errors);
  return [message, fields].filter(Boolean).join(" — ");
}

/** Whether a refusal's words say the thing asked about does not exist (a CN or order id Trax does not know). */
export function isNotFound(error: unknown): boolean {
  return error instanceof CourierError && error.kind === "refused" && NOT_FOUND_WORDS.test(error.message);
}

/** The answer's body when Trax says it did what was asked; its refusal, in its words, otherwise. */
export function readTrax(httpStatus: number, json: unknown): Json {
  const body = asRecord(json);
  if (!body) throw unexpected(json === null ? "an empty answer" : "not a JSON object");
  const status = body.status;
  const done = status === 0 || status === "0";
  if (done && httpStatus < 300) return body;
  const words = refusalWords(body);
  if (CREDENTIAL_WORDS.test(words)) {
    throw new CourierError("trax", "credentials", courierErrorMessage("trax", "credentials"), httpStatus);
  }
  if (!done && (status !== undefined || httpStatus >= 400) && words) {
    throw new CourierError("trax", "refused", courierErrorMessage("trax", "refused", words), httpStatus);
  }
  throw unexpected(words || `HTTP ${httpStatus}`);
}

const AUTH_HEADER = "Authorization";

/** One call to Trax with the account's API key, read as above. */
export async function traxCall(connection: CourierConnection, request: CourierRequest): Promise<Json> {
  const answer = await callCourier("trax", connection, { ...request, headers: traxHeaders(connection) });
  return readTrax(answer.status, answer.json);
}

export function traxHeaders(connection: CourierConnection): Record<string, string> {
  const key = connection.credentials.api_key ?? "";
  // the header carries the key bare, not "Bearer …" (Trax answers "Invalid API Token" to that)
  if (key === "" || /[\r\n]/.test(key)) {
    throw new CourierError("trax", "credentials", courierErrorMessage("trax", "credentials"));
  }
  return { [AUTH_HEADER]: key };
}

/** A PDF Trax prints (airway bill, receiving sheet); a JSON answer in its place is its refusal. */
export async function traxPdf(connection: CourierConnection, request: CourierRequest): Promise<CourierDocument> {
  const answer = await callCourier("trax", connection, {
    ...request,
    expect: "pdf",
    headers: traxHeaders(connection),
  });
  if (answer.bytes) {
    if (!Buffer.from(answer.bytes.subarray(0, 5)).toString("latin1").startsWith("%PDF-")) {
      throw unexpected("a document that is not a PDF");
    }
    return { pdf: answer.bytes };
  }
  readTrax(answer.status, answer.json);
  throw unexpected("no PDF in the answer");
}

/** Rupees as Trax writes them ("250.00", 1020, "-319.23") in paisa; null when it is none. */
export function traxPaisa(value: unknown): number | null {
  const text = typeof value === "number" ? (Number.isFinite(value) ? value.toFixed(2) : "") : asText(value, 30);
  if (!text) return null;
  const m = /^(-?)(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text.replace(/,/g, "").trim());
  if (!m) return null;
  const paisa = Number(m[2]) * 100 + Number((m[3] ?? "").padEnd(2, "0"));
  return m[1] === "-" ? -paisa : paisa;
}
