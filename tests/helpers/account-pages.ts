// The shopper's account pages in a browser: a store with a packer planted (so My Orders can show
// each step), the packer's moves through the staff API, shoppers registered through the API, and the
// sign-in form filled.
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { browserSuite, type BrowserSuite } from "./browser-suite";
import { apiClient } from "./e2e-api";
import { hashPassword } from "../../core/accounts/passwords";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";

export const PACKER = "packer@accounts.test";

/** Moves an order as the packer would from the console, through the staff API. */
export async function staffMoves(orderId: number, moves: Record<string, unknown>[]) {
  const session = await apiCall<{ access_token: string }>("/admin/session", {
    method: "POST",
    body: { email: PACKER, password: PASSWORD },
  });
  expect(session.status, JSON.stringify(session.body)).toBe(201);
  for (const move of moves) {
    const res = await apiCall(`/admin/orders/${orderId}/status`, {
      method: "POST",
      token: session.body.access_token,
      body: move,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}

export const PASSWORD = "Lawn2024suit";
let serial = 0;

export interface ApiProduct {
  id: number;
  name: string;
  custom_url: string | null;
  stock_quantity: number;
  variant_combinations: { id: number; price: number; stock_quantity: number; is_available: boolean }[];
}

export function email(name: string) {
  serial += 1;
  return `${name}.${process.pid}.${serial}@example.pk`;
}

export const apiCall = apiClient(() => suite.url);

export async function registerByApi(first = "Sana"): Promise<{ email: string; token: string }> {
  const address = email(first.toLowerCase());
  const res = await apiCall<{ access_token: string }>("/users/register", {
    method: "POST",
    body: { first_name: first, last_name: "Malik", email: address, password: PASSWORD },
  });
  expect(res.status).toBe(201);
  return { email: address, token: res.body.access_token };
}

export async function signIn(page: Page, address: string) {
  await page.getByRole("main").getByLabel("Email", { exact: true }).fill(address);
  await page.getByRole("main").getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

export async function products(): Promise<ApiProduct[]> {
  return (await apiCall<ApiProduct[]>("/products?limit=100&sort=name")).body;
}

// a packer who moves an order along, so My Orders can be seen showing each step (decision 0055)
async function prepare(db: Db): Promise<void> {
  const passwordHash = await hashPassword(PASSWORD);
  await db
    .insert(users)
    .values({ email: PACKER, firstName: "Bilal", lastName: "Packer", role: "fulfilment", passwordHash });
}

export let suite: BrowserSuite;
export let open: BrowserSuite["pages"]["open"];

/** The file's store (named for its data folder and database) and browser, started before its tests. */
export function startAccountPagesSuite(name: string) {
  suite = browserSuite(name, { prepare });
  open = suite.pages.open;
}
