// The shop's courier accounts through the staff API (decision 0102): owner only; credentials
// sealed at rest and never answered whole, a field left empty keeping its stored value; every
// change audited without a credential value; no key, or a changed one, said plainly; exactly one
// active default, also when two owners choose at once; an account with parcels on the way is
// deactivated, not removed; hostile input refused with 4xx naming the field.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openSecret, NO_SECRETS_KEY, SECRET_UNREADABLE } from "../../core/shared/secrets";
import { testSecretsKey } from "../helpers/app";
import {
  add,
  answered,
  audits,
  call,
  catalogue,
  defaults,
  filled,
  fulfilment,
  lahoreId,
  LEOPARDS_KEY,
  leopards,
  list,
  manager,
  NEW_PASSWORD,
  owner,
  PICKUP,
  postex,
  sealedOf,
  secondOwner,
  SECRETS,
  startCourierDesk,
  t,
  TOKEN,
  URL,
  withKey,
} from "../helpers/courier-desk";
import { combinations, orderPayload, rows } from "../helpers/shop";

startCourierDesk();

let postexId: number;
let leopardsId: number;

describe("courier accounts", () => {
  it("are added by the owner, sealed at rest, shown as hints; the first active one is the default", async () => {
    const start = await list();
    expect(start.accounts).toEqual([]);
    expect(start.couriers.map((c) => c.code)).toEqual(["postex", "leopards", "trax", "tcs"]);
    expect(start.couriers.find((c) => c.code === "leopards")!.credential_fields.map((f) => f.name)).toEqual([
      "api_key",
      "api_password",
    ]);

    const made = await add(postex());
    postexId = made.id;
    expect(made).toMatchObject({
      courier: "postex",
      label: "PostEx Lahore",
      mode: "live",
      default: true,
      active: true,
      credentials: { token: "••••8Wv1" },
      credentials_state: "readable",
      default_weight_grams: 400,
    });
    expect(made.pickup_addresses).toEqual([
      {
        label: "Warehouse",
        address: PICKUP.address,
        city_id: lahoreId,
        city: "Lahore",
        phone: "03001234567",
        code: "LHR-01",
      },
    ]);
    const sealed = await sealedOf(postexId);
    expect(sealed).not.toContain(TOKEN);
    expect(sealed).toMatch(/^v1\./);
    expect(JSON.parse(openSecret(t.core.secrets!, sealed)!)).toEqual({ token: TOKEN });

    const second = await add(leopards());
    leopardsId = second.id;
    expect(second).toMatchObject({
      default: false,
      mode: "test",
      credentials: { api_key: "••••8C9D", api_password: "••••4455" },
    });
    expect(await defaults()).toEqual([postexId]);

    const log = await audits();
    expect(log.map((a) => [a.action, a.entity_id, a.actor_email])).toEqual([
      ["courier_account.create", String(postexId), owner.email],
      ["courier_account.create", String(leopardsId), owner.email],
    ]);
    expect(log[1]!.changes).toMatchObject({ courier: "Leopards", credentials_set: ["api_key", "api_password"] });
  });

  it("are the owner's alone: manager, fulfilment and catalogue staff get 403 and nothing changes", async () => {
    const before = await audits();
    for (const who of [manager, fulfilment, catalogue]) {
      const tries = [
        await call("GET", URL, undefined, who),
        await call("POST", URL, postex({ label: "Theirs" }), who),
        await call("GET", `${URL}/${postexId}`, undefined, who),
        await call("PATCH", `${URL}/${postexId}`, { label: "Taken over" }, who),
        await call("DELETE", `${URL}/${leopardsId}`, undefined, who),
        await call("POST", `${URL}/${leopardsId}/default`, undefined, who),
        await call("POST", `${URL}/${postexId}/test`, undefined, who),
      ];
      for (const res of tries) {
        expect(res.statusCode, `${who.role} ${res.body}`).toBe(403);
        expect(res.json().detail).toBe("You do not have permission to do this.");
      }
    }
    expect((await t.app.inject({ method: "GET", url: URL })).statusCode).toBe(401);
    expect((await list()).accounts.map((a) => a.label)).toEqual(["PostEx Lahore", "Leopards"]);
    expect(await audits()).toEqual(before);
  });

  it("keep a credential left empty and replace one given; the audit row names the field, never a value", async () => {
    const res = await call("PATCH", `${URL}/${leopardsId}`, {
      credentials: { api_key: "", api_password: NEW_PASSWORD },
      default_weight_grams: "750",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      credentials: { api_key: "••••8C9D", api_password: "••••9911" },
      default_weight_grams: 750,
    });
    const opened = JSON.parse(openSecret(t.core.secrets!, await sealedOf(leopardsId))!);
    expect(opened).toEqual({ api_key: LEOPARDS_KEY, api_password: NEW_PASSWORD });
    const last = (await audits()).at(-1)!;
    expect(last).toMatchObject({ action: "courier_account.update", entity_id: String(leopardsId) });
    expect(last.changes).toEqual({ default_weight_grams: [500, 750], credentials_changed: ["api_password"] });

    // the same value again, or nothing at all, changes nothing and writes no row
    const count = (await audits()).length;
    expect(
      (await call("PATCH", `${URL}/${leopardsId}`, { credentials: { api_password: NEW_PASSWORD } })).statusCode,
    ).toBe(200);
    expect((await call("PATCH", `${URL}/${leopardsId}`, {})).statusCode).toBe(200);
    expect(await audits()).toHaveLength(count);
  });

  it("refuse hostile and wrong input with 4xx naming the field, storing nothing", async () => {
    const before = (await list()).accounts;
    const refused: [unknown, number, string | RegExp][] = [
      [postex({ label: "x".repeat(1024 * 1024) }), 413, /too large/],
      [postex({ label: "y".repeat(5000) }), 422, "label"],
      [postex({ label: "   " }), 422, "label"],
      [postex({ label: "Tab\tlabel" }), 422, "label"],
      [postex({ label: "postex lahore" }), 409, /already a courier account named/],
      [postex({ courier: "manual", label: "Manual" }), 422, "courier"],
      [postex({ label: "JS", base_url: "javascript:alert(1)" }), 422, "base_url"],
      [postex({ label: "Plain", base_url: "http://api.postex.pk/" }), 422, "base_url"],
      [postex({ label: "Creds", base_url: "https://me:pw@api.postex.pk/" }), 422, "base_url"],
      [postex({ label: "Query", base_url: "https://api.postex.pk/?token=1" }), 422, "base_url"],
      [postex({ label: "Long", base_url: `https://api.postex.pk/${"a".repeat(5000)}` }), 422, "base_url"],
      [postex({ label: "No URL", base_url: "not a url" }), 422, "base_url"],
      [postex({ label: "Empty", credentials: { token: "" } }), 422, "credentials.token"],
      [postex({ label: "Break", credentials: { token: "abc\ndef" } }), 422, "credentials.token"],
      [postex({ label: "Huge", credentials: { token: "z".repeat(100_000) } }), 422, "credentials.token"],
      [postex({ label: "Other", credentials: { token: TOKEN, password: "x" } }), 422, "credentials"],
      [postex({ label: "Heavy", default_weight_grams: 0 }), 422, "default_weight_grams"],
      [postex({ label: "Heavier", default_weight_grams: 1e12 }), 422, "default_weight_grams"],
      [postex({ label: "Words", default_weight_grams: "half a kilo" }), 422, "default_weight_grams"],
      [
        postex({ label: "Phone", pickup_addresses: [{ ...PICKUP, city_id: null, phone: "12345" }] }),
        422,
        "pickup_addresses.0.phone",
      ],
      [
        postex({ label: "City", pickup_addresses: [{ ...PICKUP, city_id: 99_999_999 }] }),
        422,
        "pickup_addresses.0.city_id",
      ],
      [
        postex({ label: "Many", pickup_addresses: Array(11).fill({ ...PICKUP, city_id: null }) }),
        422,
        "pickup_addresses",
      ],
    ];
    for (const [body, status, field] of refused) {
      const res = await call("POST", URL, body);
      expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
      const answer = res.json() as { detail: string; errors?: { field: string }[] };
      if (typeof field === "string") expect(answer.errors?.[0]?.field ?? answer.detail, res.body).toContain(field);
      else expect(answer.detail).toMatch(field);
    }
    // a NUL byte anywhere is refused before any route reads it
    const nul = await t.app.inject({
      method: "POST",
      url: URL,
      headers: { ...owner.auth, "content-type": "application/json" },
      payload: JSON.stringify(postex({ label: "Nul\u0000byte" })),
    });
    expect(nul.statusCode).toBe(400);
    expect((await call("PATCH", `${URL}/${postexId}`, { courier: "trax" })).statusCode).toBe(422);
    expect((await call("PATCH", `${URL}/${postexId}`, { base_url: "javascript:alert(1)" })).statusCode).toBe(422);
    expect((await call("GET", `${URL}/999999`)).statusCode).toBe(404);
    expect((await call("GET", `${URL}/abc`)).statusCode).toBe(422);
    expect((await call("PATCH", `${URL}/99999999999`, { label: "x" })).statusCode).toBe(422);
    expect((await list()).accounts).toEqual(before);
  });

  it("take a local http address (a test's fake) and an https one, and clear it back to the courier's own", async () => {
    for (const base of ["http://127.0.0.1:4010/api/", "http://localhost:4010/", "https://proxy.example.pk/postex/"]) {
      const res = await call("PATCH", `${URL}/${postexId}`, { base_url: base });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().base_url).toBe(base);
    }
    const cleared = await call("PATCH", `${URL}/${postexId}`, { base_url: "" });
    expect(cleared.json().base_url).toBeNull();
  });

  it("say plainly when the store has no key: nothing sealed is saved, other fields still are", async () => {
    await withKey(null, async () => {
      const refused = await call("POST", URL, postex({ label: "No key" }));
      expect(refused.statusCode).toBe(422);
      expect(refused.json().detail).toBe(NO_SECRETS_KEY);
      const changed = await call("PATCH", `${URL}/${leopardsId}`, { credentials: { api_key: "another-key-1234" } });
      expect(changed.json().detail).toBe(NO_SECRETS_KEY);
      const renamed = await call("PATCH", `${URL}/${leopardsId}`, { label: "Leopards Karachi" });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json().credentials_state).toBe("no key");
      const tested = await call("POST", `${URL}/${leopardsId}/test`);
      expect(tested.statusCode).toBe(422);
      expect(tested.json().detail).toBe(NO_SECRETS_KEY);
    });
  });

  it("ask for every credential again after the key changed, and read them once given", async () => {
    await withKey(testSecretsKey(), async () => {
      const shown = await call("GET", `${URL}/${leopardsId}`);
      expect(shown.json()).toMatchObject({ credentials_state: "unreadable", credentials: { api_key: "••••8C9D" } });
      expect((await call("POST", `${URL}/${leopardsId}/test`)).json().detail).toBe(SECRET_UNREADABLE);
      const half = await call("PATCH", `${URL}/${leopardsId}`, { credentials: { api_password: NEW_PASSWORD } });
      expect(half.statusCode).toBe(422);
      expect(half.json().detail).toBe(SECRET_UNREADABLE);
      expect(half.json().errors.map((e: { field: string }) => e.field)).toEqual(["credentials.api_key"]);
      const whole = await call("PATCH", `${URL}/${leopardsId}`, {
        credentials: { api_key: LEOPARDS_KEY, api_password: NEW_PASSWORD },
      });
      expect(whole.statusCode, whole.body).toBe(200);
      expect(whole.json().credentials_state).toBe("readable");
      expect((await audits()).at(-1)!.changes).toEqual({ credentials_changed: ["api_key", "api_password"] });
    });
    // sealed now under the other key: this one cannot read them
    expect((await call("GET", `${URL}/${leopardsId}`)).json().credentials_state).toBe("unreadable");
    await call("PATCH", `${URL}/${leopardsId}`, { credentials: { api_key: LEOPARDS_KEY, api_password: NEW_PASSWORD } });
  });

  it("keep exactly one active default: chosen, refused for an inactive one, moved on deactivation", async () => {
    const trax = await add({
      courier: "trax",
      label: "Trax",
      credentials: await filled("trax"),
      active: false,
    });
    expect(trax.default).toBe(false);
    const refused = await call("POST", `${URL}/${trax.id}/default`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail).toMatch(/not active/);
    const chosen = await call("POST", `${URL}/${leopardsId}/default`);
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().default).toBe(true);
    expect(await defaults()).toEqual([leopardsId]);
    expect((await audits()).at(-1)).toMatchObject({
      action: "courier_account.default",
      changes: { default: ["PostEx Lahore", "Leopards Karachi"] },
    });
    const off = await call("PATCH", `${URL}/${leopardsId}`, { active: false });
    expect(off.json()).toMatchObject({ active: false, default: false });
    expect(await defaults()).toEqual([postexId]);
    expect((await audits()).at(-1)!.changes).toMatchObject({
      active: [true, false],
      default_moved_to: "PostEx Lahore",
    });
    await call("PATCH", `${URL}/${leopardsId}`, { active: true });
    expect(await defaults()).toEqual([postexId]);
    await call("DELETE", `${URL}/${trax.id}`);
  });

  it("keep one default when two owners choose different ones at the same moment", async () => {
    const tcs = await add({ courier: "tcs", label: "TCS", credentials: await filled("tcs") });
    for (let round = 0; round < 5; round++) {
      // a third account is the default, so both choices move it
      expect((await call("POST", `${URL}/${tcs.id}/default`)).statusCode).toBe(200);
      const [a, b] = await Promise.all([
        call("POST", `${URL}/${postexId}/default`, undefined, owner),
        call("POST", `${URL}/${leopardsId}/default`, undefined, secondOwner),
      ]);
      expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toEqual([200, 200]);
      const found = await defaults();
      expect(found).toHaveLength(1);
      expect([postexId, leopardsId]).toContain(found[0]);
      expect(await rows(t, sql`select id from courier_accounts where is_default`)).toHaveLength(1);
    }
    expect((await call("DELETE", `${URL}/${tcs.id}`)).statusCode).toBe(204);
  });

  it("are removed only with no parcel on the way; the default then moves", async () => {
    await call("POST", `${URL}/${postexId}/default`);
    const [item] = await combinations(t, 5);
    const placed = await t.app.inject({
      method: "POST",
      url: "/api/orders",
      payload: orderPayload([{ item: item!, quantity: 1 }]),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const [order] = await rows<{ id: number }>(t, sql`select id from orders order by id desc limit 1`);
    await t.core.db
      .execute(sql`insert into parcels (order_id, courier_account_id, courier, reference, booking_state, cn, status,
      weight_grams, cod_paisa, description) values (${order!.id}, ${postexId}, 'postex', 'REF-1', 'booked', 'CN1', 'in transit', 400, 100000, 'Garments')`);
    const refused = await call("DELETE", `${URL}/${postexId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(/1 parcel on the way.*Deactivate it instead/);
    await t.core.db.execute(sql`update parcels set status = 'delivered' where reference = 'REF-1'`);
    const removed = await call("DELETE", `${URL}/${postexId}`);
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await defaults()).toEqual([leopardsId]);
    const [parcel] = await rows<{ courier_account_id: number | null; courier: string }>(
      t,
      sql`select courier_account_id, courier from parcels where reference = 'REF-1'`,
    );
    expect(parcel).toEqual({ courier_account_id: null, courier: "postex" });
    expect((await audits()).at(-1)).toMatchObject({
      action: "courier_account.delete",
      changes: { label: "PostEx Lahore", default_moved_to: "Leopards Karachi" },
    });
    expect((await call("DELETE", `${URL}/${postexId}`)).statusCode).toBe(404);
  });

  it("never answered a credential whole, and the audit log holds none", async () => {
    const everything = answered.join("\n");
    const log = JSON.stringify(await rows(t, sql`select * from audit_log`));
    for (const secret of SECRETS) {
      expect(everything).not.toContain(secret);
      expect(log).not.toContain(secret);
      // nor a long part of one
      expect(everything).not.toContain(secret.slice(0, 12));
    }
  });
});
