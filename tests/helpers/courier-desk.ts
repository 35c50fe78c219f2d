// The courier accounts tests: one store a file with two owners, a manager, fulfilment and
// catalogue staff and the city of Lahore; the staff API called as an owner does, every answer
// kept (none may ever hold a credential whole); the accounts' audit rows and defaults as stored.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import type { SecretsKey } from "../../core/shared/secrets";
import { createTestApp, type TestApp } from "./app";
import { rows } from "./shop";
import { makeOwner, makeStaff, type TestStaff } from "./staff";

export let t: TestApp;
export let owner: TestStaff;
export let secondOwner: TestStaff;
export let manager: TestStaff;
export let fulfilment: TestStaff;
export let catalogue: TestStaff;
export let lahoreId: number;

// every credential this file gives: none may ever come back whole in an answer or the audit log
export const TOKEN = "pk-live-token-7Hq2Zx9Lm4Rt8Wv1";
export const LEOPARDS_KEY = "lcs-key-0A1B2C3D4E5F6A7B8C9D";
export const LEOPARDS_PASSWORD = "lcs-password-s3cr3t-4455";
export const NEW_PASSWORD = "lcs-password-renewed-9911";
export const SECRETS = [TOKEN, LEOPARDS_KEY, LEOPARDS_PASSWORD, NEW_PASSWORD];
export const answered: string[] = [];

export function startCourierDesk() {
  beforeAll(async () => {
    t = await createTestApp();
    owner = await makeOwner(t.app, t.core);
    secondOwner = await makeOwner(t.app, t.core);
    manager = await makeStaff(t.app, t.core, owner, "manager");
    fulfilment = await makeStaff(t.app, t.core, owner, "fulfilment");
    catalogue = await makeStaff(t.app, t.core, owner, "catalogue");
    await t.core.db.execute(sql`insert into cities (name) values ('Lahore') on conflict do nothing`);
    lahoreId = (await rows<{ id: number }>(t, sql`select id from cities where lower(name) = 'lahore'`))[0]!.id;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });
}

export const URL = "/api/admin/couriers";

export async function call(method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: unknown, who = owner) {
  const res = await t.app.inject({ method, url, headers: who.auth, payload: payload as object | undefined });
  answered.push(res.body);
  return res;
}

export const PICKUP = {
  label: "Warehouse",
  address: "Plot 7, Sundar Industrial Estate",
  city_id: 0,
  phone: "0300-1234567",
};

export const postex = (extra: Record<string, unknown> = {}) => ({
  courier: "postex",
  label: "PostEx Lahore",
  credentials: { token: TOKEN },
  pickup_addresses: [{ ...PICKUP, city_id: lahoreId, code: "LHR-01" }],
  default_weight_grams: 400,
  ...extra,
});

export const leopards = (extra: Record<string, unknown> = {}) => ({
  courier: "leopards",
  label: "Leopards",
  mode: "test",
  credentials: { api_key: LEOPARDS_KEY, api_password: LEOPARDS_PASSWORD },
  ...extra,
});

export async function add(body: Record<string, unknown>, who = owner) {
  const res = await call("POST", URL, body, who);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Account;
}

export interface Account {
  id: number;
  courier: string;
  label: string;
  mode: string;
  default: boolean;
  active: boolean;
  credentials: Record<string, string>;
  credentials_state: string;
  pickup_addresses: { label: string; city: string | null; phone: string; code: string | null }[];
  default_weight_grams: number;
}

export const list = async (who = owner) => {
  const res = await call("GET", URL, undefined, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    accounts: Account[];
    couriers: { code: string; credential_fields: { name: string; max_length: number; secret: boolean }[] }[];
  };
};

/** A value for every credential the courier's adapter asks for, each within its length. */
export async function filled(courier: string): Promise<Record<string, string>> {
  const fields = (await list()).couriers.find((c) => c.code === courier)!.credential_fields;
  return Object.fromEntries(fields.map((f) => [f.name, `${f.name}-1234567890`.slice(0, f.max_length)]));
}

export const sealedOf = async (id: number) =>
  (await rows<{ s: string }>(t, sql`select credentials_sealed as s from courier_accounts where id = ${id}`))[0]!.s;

export const audits = () =>
  rows<{ action: string; changes: Record<string, unknown>; actor_email: string; entity_id: string }>(
    t,
    sql`select action, changes, actor_email, entity_id from audit_log where entity_type = 'courier_account' order by id`,
  );

export const defaults = async () =>
  (await rows<{ id: number }>(t, sql`select id from courier_accounts where is_default and is_active`)).map((r) => r.id);

export function withKey<T>(key: SecretsKey | null, run: () => Promise<T>): Promise<T> {
  const kept = t.core.secrets;
  t.core.secrets = key;
  return run().finally(() => {
    t.core.secrets = kept;
  });
}
