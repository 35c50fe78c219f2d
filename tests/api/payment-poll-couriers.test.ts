// The payment pass against each courier's fake (decision 0106): Leopards, Trax and TCS paid and
// asked as PostEx is, each in its own shapes; a courier that is down waits longer each time while
// another account's parcels are asked; a parcel whose account is switched off waits a day; and
// two passes at once ask the courier once per parcel (on PostgreSQL they race for real).
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { runPaymentPollOnce } from "../../core/remittances/payment-scheduler";
import { startFakeCourier, type FakeCourier } from "../helpers/fake-couriers";
import { startFakePostex, type FakePostex } from "../helpers/fake-couriers/postex";
import { addAccount } from "../helpers/parcel-desk";
import {
  accountFor,
  deductionsOf,
  dueForPayment,
  finishedParcel,
  moneyOf,
  paymentPass,
  startPaymentDesk,
  t,
} from "../helpers/payment-desk";
import { secondsAhead } from "../helpers/tracking-desk";

const fakes: Partial<Record<"leopards" | "trax" | "tcs", { fake: FakeCourier; accountId: number }>> = {};
let downFake: FakePostex;
let downAccount: number;

startPaymentDesk({}, async () => {
  for (const code of ["leopards", "trax", "tcs"] as const) {
    const fake = await startFakeCourier(code);
    fakes[code] = { fake, accountId: await accountFor(fake) };
  }
  downFake = await startFakePostex();
  downAccount = await addAccount({
    label: "PostEx down",
    baseUrl: downFake.baseUrl,
    credentials: downFake.credentials,
  });
});
afterAll(async () => {
  await Promise.all([...Object.values(fakes).map((f) => f.fake.close()), downFake?.close()]);
});

describe("each courier's payment", () => {
  const cases = [
    // Leopards names its cheque, each charge and the packet's cash; what it paid is worked out
    { code: "leopards", reference: "CHQ-44120", charged: 25_000 + 3_000 + 1_400 + 4_410 },
    // Trax names its payment id, the invoice's charges and the cash and payable of its payment rows
    { code: "trax", reference: "5400991", charged: 25_000 + 3_250 + 3_673 },
    // TCS names no batch: the day it paid stands for one
    { code: "tcs", reference: null, charged: 11_600 },
  ] as const;
  for (const { code, reference, charged } of cases) {
    it(`${code}: is written with its batch and figures, net to the paisa`, async () => {
      const { fake, accountId } = fakes[code]!;
      const parcel = await finishedParcel({ courier: fake, accountId });
      fake.pay(parcel.cn, { ...(reference ? { reference } : {}), at: new Date("2026-11-22T09:00:00Z") });
      const run = await paymentPass([parcel.parcelId]);
      expect(run, code).toMatchObject({ claimed: 1, asked: 1, paid: 1, failed: 0 });
      const row = await moneyOf(parcel.parcelId);
      expect(row).toMatchObject({
        source: "api",
        paid_on: "2026-11-22",
        collected_paisa: parcel.codPaisa,
        reference: reference ?? "paid 2026-11-22",
        difference_kind: null,
      });
      expect(deductionsOf(row)).toBe(charged);
      expect(row.net_paisa).toBe(parcel.codPaisa - charged);
    });

    it(`${code}: a short collection is paid short by the amount`, async () => {
      const { fake, accountId } = fakes[code]!;
      const parcel = await finishedParcel({ courier: fake, accountId });
      fake.pay(parcel.cn, { collectedPaisa: parcel.codPaisa - 40_000 });
      await paymentPass([parcel.parcelId]);
      expect(await moneyOf(parcel.parcelId)).toMatchObject({ difference_kind: "paid short", difference_paisa: 40_000 });
    });
  }

  it("trax: a returned parcel's charges make a net below zero", async () => {
    const { fake, accountId } = fakes.trax!;
    const parcel = await finishedParcel({ courier: fake, accountId, outcome: "returned" });
    fake.pay(parcel.cn);
    await paymentPass([parcel.parcelId]);
    const row = await moneyOf(parcel.parcelId);
    expect(row).toMatchObject({ outcome: "returned", collected_paisa: 0, return_charge_paisa: 12_000 });
    expect(row.net_paisa).toBe(-(25_000 + 12_000 + 3_250 + 5_594));
  });
});

describe("a courier that is down", () => {
  it("waits 15 minutes, then twice as long each time, while another account's parcels are asked", async () => {
    const stuck = await finishedParcel({ courier: downFake, accountId: downAccount });
    const fine = await finishedParcel();
    (fine.fake as FakePostex).pay(fine.cn);
    // one call a pass: the first failure ends the account's asking for that pass
    downFake.failNext("down", { times: 2 });
    const run = await paymentPass([stuck.parcelId, fine.parcelId]);
    expect(run).toMatchObject({ claimed: 2, paid: 1, failed: 1 });
    const first = await moneyOf(stuck.parcelId);
    expect(first.poll_failures).toBe(1);
    expect(secondsAhead(first.next_poll_at)! / 60).toBeGreaterThan(14);
    expect(secondsAhead(first.next_poll_at)! / 60).toBeLessThan(16);
    expect((await moneyOf(fine.parcelId)).net_paisa).toBe(fine.codPaisa - 20_880);
    await paymentPass([stuck.parcelId]);
    const second = await moneyOf(stuck.parcelId);
    expect(second.poll_failures).toBe(2);
    expect(secondsAhead(second.next_poll_at)! / 60).toBeGreaterThan(29);
    // back up: paid, and the failures forgotten
    downFake.pay(stuck.cn);
    expect(await paymentPass([stuck.parcelId])).toMatchObject({ paid: 1, failed: 0 });
    expect(await moneyOf(stuck.parcelId)).toMatchObject({ poll_failures: 0, net_paisa: stuck.codPaisa - 20_880 });
  });

  it("a parcel whose account is switched off is asked again in a day", async () => {
    const account = await addAccount({
      label: "PostEx off",
      baseUrl: downFake.baseUrl,
      credentials: downFake.credentials,
    });
    const parcel = await finishedParcel({ courier: downFake, accountId: account });
    await t.core.db.execute(sql`update courier_accounts set is_active = false where id = ${account}`);
    const calls = downFake.calls.length;
    await paymentPass([parcel.parcelId]);
    expect(downFake.calls.length).toBe(calls);
    const row = await moneyOf(parcel.parcelId);
    expect(row.poll_failures).toBe(0);
    expect(secondsAhead(row.next_poll_at)! / 3600).toBeGreaterThan(23);
  });
});

describe("two passes at once", () => {
  it("ask the courier once per parcel", async () => {
    const parcels = await Promise.all([finishedParcel(), finishedParcel(), finishedParcel()]);
    for (const parcel of parcels) (parcel.fake as FakePostex).pay(parcel.cn);
    await dueForPayment(...parcels.map((p) => p.parcelId));
    const fake = parcels[0]!.fake;
    const before = fake.calls.length;
    const runs = await Promise.all([
      runPaymentPollOnce(t.core, { pauseMs: 0 }),
      runPaymentPollOnce(t.core, { pauseMs: 0 }),
    ]);
    expect(runs[0]!.claimed + runs[1]!.claimed).toBe(3);
    expect(runs[0]!.paid + runs[1]!.paid).toBe(3);
    const asked = fake.calls.slice(before).filter((c) => c.path.includes("payment-status/"));
    for (const parcel of parcels) expect(asked.filter((c) => c.path.includes(parcel.cn))).toHaveLength(1);
  });
});
