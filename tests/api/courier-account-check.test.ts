// "Test connection" of a courier account (decision 0102), against each courier's local fake: the
// account's own credentials and address reach the courier's city list, and a wrong credential, a
// courier that is down or answers 500 come back as the courier error's words for staff, with a
// 200 (the check ran), never a credential in the answer.
import { afterAll, describe, expect, it } from "vitest";
import { testCourierConnection } from "../../core/couriers/connection-check";
import { COURIER_CODES, COURIER_NAMES } from "../../core/couriers/courier";
import { call, list, owner, startCourierDesk, t } from "../helpers/courier-desk";
import { actorOf } from "../helpers/staff";
import { startFakeCourier, type FakeCourier } from "../helpers/fake-couriers";

startCourierDesk();
const fakes: FakeCourier[] = [];
afterAll(async () => {
  await Promise.all(fakes.map((f) => f.close()));
});

interface Check {
  ok: boolean;
  message: string;
  cities?: number;
  kind?: string;
}

async function check(id: number): Promise<Check> {
  const res = await call("POST", `/api/admin/couriers/${id}/test`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Check;
}

describe.each(COURIER_CODES)("testing a %s account's connection", (code) => {
  it("reaches the courier's city list with the account's credentials, and says why when it cannot", async () => {
    const fake = await startFakeCourier(code);
    fakes.push(fake);
    const name = COURIER_NAMES[code];
    const made = await call("POST", "/api/admin/couriers", {
      courier: code,
      label: `${name} test`,
      mode: "test",
      base_url: fake.baseUrl,
      credentials: fake.credentials,
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as number;

    const good = await check(id);
    expect(good).toMatchObject({ ok: true, cities: fake.cities.size });
    expect(good.message).toMatch(new RegExp(`^Connected to ${name} \\(test\\)`));
    expect(fake.calls.length).toBeGreaterThan(0);

    // a credential the courier does not know: its refusal in staff's words
    const fields = (await list()).couriers.find((c) => c.code === code)!.credential_fields;
    const secret = fields.find((f) => f.secret)!;
    const wrong = await call("PATCH", `/api/admin/couriers/${id}`, {
      credentials: { [secret.name]: "not-the-right-one-0000" },
    });
    expect(wrong.statusCode, wrong.body).toBe(200);
    const refused = await check(id);
    expect(refused).toMatchObject({ ok: false, kind: "credentials" });
    expect(refused.message).toContain(name);
    await call("PATCH", `/api/admin/couriers/${id}`, { credentials: { [secret.name]: fake.credentials[secret.name] } });
    expect((await check(id)).ok).toBe(true);

    // down, then answering 500: a message, never an error page
    fake.failNext("down");
    expect(await check(id)).toMatchObject({ ok: false, kind: "unreachable" });
    fake.failNext("error");
    const broken = await check(id);
    expect(broken.ok).toBe(false);
    expect(broken.message).toContain(name);

    // nothing of a secret credential came back
    const shown = JSON.stringify([good, refused, broken, (await call("GET", `/api/admin/couriers/${id}`)).json()]);
    for (const field of fields.filter((f) => f.secret)) expect(shown).not.toContain(fake.credentials[field.name]);
  });
});

describe("a courier that does not answer", () => {
  it("is given up on at the time limit and said so", async () => {
    const fake = await startFakeCourier("postex");
    fakes.push(fake);
    const made = await call("POST", "/api/admin/couriers", {
      courier: "postex",
      label: "PostEx slow",
      base_url: fake.baseUrl,
      credentials: fake.credentials,
    });
    fake.failNext("slow");
    const result = await testCourierConnection(t.core, await actorOf(t.core, owner), made.json().id, {
      timeoutMs: 300,
    });
    expect(result).toEqual({
      ok: false,
      kind: "timeout",
      message: "PostEx did not answer in time. Try again in a few minutes.",
    });
  });
});
