// Shoppers for API tests: sign-up through the API, each from its own client address so the
// per-address sign-up and sign-in limits of one test do not spill into another.
import type { FastifyInstance } from "fastify";

export const PASSWORD = "Lawn2024suit";

let serial = 0;

/** A client address no other call in this test file has used. */
export function freshIp(): string {
  serial += 1;
  return `10.${(serial >> 16) & 255}.${(serial >> 8) & 255}.${serial & 255}`;
}

export function uniqueEmail(name = "shopper"): string {
  serial += 1;
  return `${name}.${process.pid}.${serial}@example.pk`;
}

export interface TestShopper {
  id: number;
  email: string;
  token: string;
  auth: { authorization: string };
}

export async function registerShopper(
  app: FastifyInstance,
  overrides: Partial<{ first_name: string; last_name: string; email: string; password: string }> = {},
): Promise<TestShopper> {
  const payload = { first_name: "Ayesha", last_name: "Khan", email: uniqueEmail(), password: PASSWORD, ...overrides };
  const res = await app.inject({ method: "POST", url: "/api/users/register", payload, remoteAddress: freshIp() });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const body = res.json();
  return {
    id: body.user.id,
    email: body.user.email,
    token: body.access_token,
    auth: { authorization: `Bearer ${body.access_token}` },
  };
}
