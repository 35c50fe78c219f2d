// TCS's two tokens (OCI "API User Guide" v1.0): "Authorization" (`/auth/api/auth` with the client id
// and secret TCS issues) gives the bearer token every call carries in its header; "Authentication"
// (`/ecom/api/authentication/token` with the Envio user name and password) gives the access token
// the e-com calls carry as `accesstoken`. Both say when they expire; both are kept per account in
// this process until a minute before then, and a call TCS answers 401 gets new ones once.
import { createHash } from "node:crypto";
import { callCourier, type CourierRequest } from "./courier-http";
import { CourierError, courierErrorMessage } from "./courier-errors";
import type { CourierConnection } from "./courier";

export type Json = Record<string, unknown>;

export function asRecord(value: unknown): Json | null {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Json) : null;
}

export function asText(value: unknown, max = 200): string | null {
  if (typeof value === "string") return value.slice(0, max).trim() || null;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return null;
}

export const unexpected = (detail: string): CourierError =>
  new CourierError("tcs", "unexpected", courierErrorMessage("tcs", "unexpected", detail));

/** Our own refusal before TCS is asked (a field TCS would refuse anyway), in staff's words. */
export const tcsNeeds = (sentence: string): CourierError => new CourierError("tcs", "refused", sentence);

const credentialsError = (httpStatus: number | null = null) =>
  new CourierError("tcs", "credentials", courierErrorMessage("tcs", "credentials"), httpStatus);

/** A token TCS gave without a readable expiry is kept this long (an assumption; the guide always sends one). */
const DEFAULT_LIFETIME_MS = 30 * 60_000;
/** Renewed this long before TCS's expiry, so a call never leaves with a token about to lapse. */
const EARLY_MS = 60_000;
/** Accounts whose tokens are kept at once; the oldest is dropped past this. */
const MAX_ACCOUNTS = 200;

interface Tokens {
  bearer: string;
  access: string;
  until: number;
}

const cache = new Map<string, Tokens>();
const pending = new Map<string, Promise<Tokens>>();

/** Forgets every token (tests that restart a fake TCS). */
export function forgetTcsTokens(): void {
  cache.clear();
}

function accountKey(connection: CourierConnection): string {
  const c = connection.credentials;
  return createHash("sha256")
    .update([connection.baseUrl, c.clientid, c.clientsecret, c.username, c.password].join("\u0000"))
    .digest("hex");
}

/** TCS's "unauthorised" in any of the guide's three shapes: `code` 401, `status` 401, "UnAuthorized". */
function saysUnauthorised(body: Json | null): boolean {
  if (!body) return false;
  return [body.code, body.status].some((v) => v === 401 || v === "401" || (typeof v === "string" && /^unauthori[sz]ed$/i.test(v)));
}

function expiry(value: unknown, now: number): number {
  const at = typeof value === "string" ? Date.parse(value.slice(0, 40)) : NaN;
  return Number.isFinite(at) ? at : now + DEFAULT_LIFETIME_MS;
}

/** A credential that can travel in a header or query: present, short, no line breaks or NUL. */
const usable = (value: string) => value.length >= 1 && value.length <= 200 && !/[\r\n]/.test(value) && !value.includes("\u0000");

async function freshTokens(connection: CourierConnection): Promise<Tokens> {
  const { clientid = "", clientsecret = "", username = "", password = "" } = connection.credentials;
  if (![clientid, clientsecret, username, password].every(usable)) throw credentialsError();
  const now = Date.now();
  const auth = await callCourier("tcs", connection, {
    method: "POST",
    path: "/auth/api/auth",
    json: { clientid, clientsecret },
  });
  const authBody = asRecord(auth.json);
  const result = asRecord(authBody?.result);
  const bearer = asText(result?.accessToken, 4000);
  if (!bearer) {
    if (saysUnauthorised(authBody) || authBody?.status === false) throw credentialsError(auth.status);
    throw unexpected("no token in the authorization answer");
  }
  const token = await callCourier("tcs", connection, {
    method: "GET",
    path: "/ecom/api/authentication/token",
    query: { username, password },
    headers: { Authorization: `Bearer ${bearer}` },
  });
  const tokenBody = asRecord(token.json);
  const access = asText(tokenBody?.accesstoken, 4000);
  if (!access) {
    if (saysUnauthorised(tokenBody) || tokenBody?.status === false || token.status >= 400) throw credentialsError(token.status);
    throw unexpected("no access token in the authentication answer");
  }
  return { bearer, access, until: Math.min(expiry(result?.expiry, now), expiry(tokenBody?.expiry, now)) - EARLY_MS };
}

async function tokensFor(connection: CourierConnection, renew: boolean): Promise<Tokens> {
  const key = accountKey(connection);
  const kept = cache.get(key);
  if (!renew && kept && kept.until > Date.now()) return kept;
  // two calls of one account at once share one login
  let login = pending.get(key);
  if (!login) {
    login = freshTokens(connection).finally(() => pending.delete(key));
    pending.set(key, login);
  }
  const tokens = await login;
  cache.delete(key);
  if (cache.size >= MAX_ACCOUNTS) cache.delete(cache.keys().next().value as string);
  cache.set(key, tokens);
  return tokens;
}

/** Where the access token goes: the e-com GETs take it in the query, POSTs in the body, tracking not at all. */
export type AccessIn = "query" | "body" | "none";

export interface TcsAnswer {
  status: number;
  json: Json | null;
  bytes: Uint8Array | null;
}

async function once(connection: CourierConnection, request: CourierRequest, where: AccessIn, tokens: Tokens): Promise<TcsAnswer> {
  const withToken: CourierRequest = { ...request, headers: { Authorization: `Bearer ${tokens.bearer}` } };
  if (where === "query") withToken.query = { ...request.query, accesstoken: tokens.access };
  if (where === "body") withToken.json = { ...(asRecord(request.json) ?? {}), accesstoken: tokens.access };
  const answer = await callCourier("tcs", connection, withToken);
  const json = asRecord(answer.json);
  if (saysUnauthorised(json)) throw credentialsError(401);
  return { status: answer.status, json, bytes: answer.bytes };
}

/**
 * One call to TCS with the account's tokens. A 401 means the tokens lapsed (TCS ends them early
 * on its side too): new ones are fetched once and the call is made again; a second 401 is the
 * credentials. Nothing was done on a 401, so the second call cannot book twice.
 */
export async function tcsCall(connection: CourierConnection, request: CourierRequest, where: AccessIn): Promise<TcsAnswer> {
  const kept = await tokensFor(connection, false);
  try {
    return await once(connection, request, where, kept);
  } catch (error) {
    if (!(error instanceof CourierError && error.kind === "credentials" && error.httpStatus === 401)) throw error;
  }
  return once(connection, request, where, await tokensFor(connection, true));
}
