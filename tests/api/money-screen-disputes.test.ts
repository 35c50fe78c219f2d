// Setting a parcel's money dispute through the staff API (decision 0106): state and note with the
// row's version; a stale version is a 409, two saves at once have one winner, the audit row is
// written with the change, and hostile notes and ids are refused before anything is written.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setParcelDispute } from "../../core/remittances/disputes";
import { actorOf } from "../helpers/staff";
import { rows } from "../helpers/shop";
import {
  finishedParcel,
  manager,
  moneyRow,
  owner,
  payParcel,
  staffCall,
  startMoneyDesk,
  t,
} from "../helpers/money-desk";

startMoneyDesk();

const dispute = (parcelId: number, body: unknown, who = owner) =>
  staffCall(who, "PUT", `/api/admin/money/parcels/${parcelId}/dispute`, body);

const auditsOf = (parcelId: number) =>
  rows<{ action: string; changes: Record<string, unknown> }>(
    t,
    sql`select action, changes from audit_log where entity_type = 'parcel' and entity_id = ${String(parcelId)}
          and action = 'money.dispute' order by id`,
  );

describe("a dispute", () => {
  it("is raised on a parcel unpaid too long, with a note, and shows in the differences", async () => {
    const late = await finishedParcel("delivered", { daysAgo: 30 });
    const { version } = await moneyRow(late.parcelId);
    const res = await dispute(
      late.parcelId,
      { state: "raised", note: "  Emailed PostEx on the 20th  ", version },
      manager,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ parcel_id: late.parcelId, state: "raised", note: "Emailed PostEx on the 20th" });
    expect(res.json().version).toBe(version + 1);
    const row = await moneyRow(late.parcelId);
    expect([row.dispute_state, row.dispute_note, row.version]).toEqual([
      "raised",
      "Emailed PostEx on the 20th",
      version + 1,
    ]);
    expect(row.dispute_updated_by).toBe(manager.id);
    expect(await auditsOf(late.parcelId)).toEqual([
      {
        action: "money.dispute",
        changes: { dispute_state: [null, "raised"], dispute_note: ["", "Emailed PostEx on the 20th"] },
      },
    ]);
    const listed = await staffCall(owner, "GET", "/api/admin/money/differences?state=raised");
    expect((listed.json() as { parcel_id: number }[]).map((l) => l.parcel_id)).toEqual([late.parcelId]);
  });

  it("answers 409 to a version that changed since it was opened (a payment came in meanwhile)", async () => {
    const parcel = await finishedParcel();
    const seen = (await moneyRow(parcel.parcelId)).version;
    await payParcel(parcel.parcelId, { reference: "CPR-9", collectedPaisa: parcel.codPaisa - 50_000 });
    const res = await dispute(parcel.parcelId, { state: "raised", note: "short", version: seen });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/changed since you opened it/);
    expect((await moneyRow(parcel.parcelId)).dispute_note).toBe("");
    expect(await auditsOf(parcel.parcelId)).toEqual([]);
  });

  it("has one winner when two members save at once", async () => {
    const parcel = await finishedParcel();
    const { version } = await moneyRow(parcel.parcelId);
    const [mine, theirs] = await Promise.allSettled([
      setParcelDispute(t.core, await actorOf(t.core, owner), parcel.parcelId, {
        state: "raised",
        note: "owner",
        version,
      }),
      setParcelDispute(t.core, await actorOf(t.core, manager), parcel.parcelId, {
        state: "resolved",
        note: "manager",
        version,
      }),
    ]);
    const won = [mine, theirs].filter((r) => r.status === "fulfilled");
    const lost = [mine, theirs].filter((r) => r.status === "rejected") as PromiseRejectedResult[];
    expect([won.length, lost.length]).toEqual([1, 1]);
    expect((lost[0]!.reason as { status: number }).status).toBe(409);
    const row = await moneyRow(parcel.parcelId);
    expect(row.version).toBe(version + 1);
    const audits = await auditsOf(parcel.parcelId);
    expect(audits).toHaveLength(1);
    expect(audits[0]!.changes.dispute_note).toEqual(["", row.dispute_note]);
  });

  it("refuses hostile values with a 4xx naming the field, before anything is written", async () => {
    const parcel = await finishedParcel();
    const { version } = await moneyRow(parcel.parcelId);
    // a note of 1 MB is past the body limit (413) or the note's length (422), whichever stops it first
    const huge = await dispute(parcel.parcelId, { state: "raised", note: "x".repeat(1_000_000), version });
    expect([413, 422]).toContain(huge.statusCode);
    const cases: [unknown, number, RegExp][] = [
      [{ state: "raised", note: "x".repeat(200_000), version }, 422, /note must be at most 1000 characters/],
      [{ state: "raised", note: "a\u0000b", version }, 400, /NUL/],
      [{ state: "raised", note: "a\u0007b", version }, 422, /note must not contain control characters/],
      [{ state: "lost", note: "", version }, 422, /state must be open, raised or resolved/],
      [{ state: "raised", note: "", version: 2 ** 40 }, 422, /version/],
      [{ state: "raised", note: "" }, 422, /version/],
      [{ state: "raised", note: 12, version }, 422, /note/],
    ];
    for (const [body, status, detail] of cases) {
      const res = await dispute(parcel.parcelId, body);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(status);
      expect(res.json().detail).toMatch(detail);
    }
    expect((await dispute(999_999, { state: "raised", note: "", version: 1 })).statusCode).toBe(404);
    expect((await dispute(2 ** 40, { state: "raised", note: "", version: 1 })).statusCode).toBe(422);
    const row = await moneyRow(parcel.parcelId);
    expect([row.version, row.dispute_note]).toEqual([version, ""]);
    expect(await auditsOf(parcel.parcelId)).toEqual([]);
    // the same refusals reach core's own callers (the console)
    await expect(
      setParcelDispute(t.core, await actorOf(t.core, owner), parcel.parcelId, {
        state: "raised",
        note: "y".repeat(1_048_576),
        version,
      }),
    ).rejects.toMatchObject({ status: 422 });
  });
});
