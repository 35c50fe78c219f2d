// The fake-order signal rules (decision 0073): the address's normal form, the short-address test
// and the assessment's reasons and holds.
import { describe, expect, it } from "vitest";
import { addressKey, assessRisk, isShortAddress, type RiskFacts } from "./risk-rules";

const quiet: RiskFacts = {
  history: { delivered: 0, refused: 0, cancelled: 0 },
  blockedPhone: null,
  blockedAddress: null,
  pendingFromPhone: 0,
  pendingToAddress: 0,
  totalPaisa: 250_000,
  city: "Lahore",
  codLimitPaisa: null,
  cityLimitPaisa: null,
  shortAddress: false,
};

describe("risk rules", () => {
  it("puts an address in one form whatever its case, spacing and punctuation", () => {
    expect(addressKey("House #5,  St. 10\nF-7/2 ", " ISLAMABAD")).toBe("house 5 st 10 f 7 2|islamabad");
    expect(addressKey("house 5 st 10 f 7 2", "Islamabad")).toBe(addressKey("HOUSE-5, ST-10, F-7/2", "islamabad"));
    expect(addressKey("مکان 5، گلی 3", "لاہور")).toBe("مکان 5 گلی 3|لاہور");
  });

  it("finds an address too short for a courier", () => {
    expect(isShortAddress("DHA")).toBe(true);
    expect(isShortAddress("Gulberg, Lahore")).toBe(true);
    expect(isShortAddress("Gulberg Lahore Punjab Pakistan")).toBe(true);
    expect(isShortAddress("House 12, Street 4, Gulberg III")).toBe(false);
    expect(isShortAddress("Near Jamia Masjid, Chak Jhumra")).toBe(false);
    expect(isShortAddress("Mohalla Rehmanabad, Sheikhupura")).toBe(false);
    expect(isShortAddress("!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!")).toBe(true);
  });

  it("says why, and holds only for what the shop chose", () => {
    const found = assessRisk(
      {
        ...quiet,
        history: { delivered: 3, refused: 2, cancelled: 2 },
        blockedPhone: { reason: "" },
        blockedAddress: { reason: "Fake orders" },
        pendingFromPhone: 1,
        pendingToAddress: 2,
        codLimitPaisa: 200_000,
        cityLimitPaisa: 100_050,
        shortAddress: true,
      },
      ["blocked", "over_cod_limit"],
      true,
    );
    expect(found.signals).toEqual([
      { code: "blocked", reason: "This phone is on the block list", holds: true },
      { code: "blocked", reason: "This address is on the block list: Fake orders", holds: true },
      { code: "refused_before", reason: "2 orders refused at the door", holds: false },
      { code: "cancelled_before", reason: "2 orders cancelled before", holds: false },
      {
        code: "repeat_pending",
        reason:
          "1 other order from this phone and 2 other orders to this address awaiting confirmation in the last 24 hours",
        holds: false,
      },
      {
        code: "over_cod_limit",
        reason: "Total Rs. 2,500 is above the cash-on-delivery limit of Rs. 2,000",
        holds: true,
      },
      {
        code: "over_cod_limit",
        reason: "Total Rs. 2,500 is above Lahore's cash-on-delivery limit of Rs. 1,000.50",
        holds: true,
      },
      { code: "short_address", reason: "The address is too short for a courier to find", holds: false },
    ]);
    expect(found.heldForCall).toBe(true);
    expect(found.history).toEqual({ delivered: 3, refused: 2, cancelled: 2 });
  });

  it("finds nothing on a quiet order, one cancellation, or a total at the limit; never holds a staff order", () => {
    expect(assessRisk(quiet, ["blocked"], true)).toMatchObject({ signals: [], heldForCall: false });
    const once = { ...quiet, history: { delivered: 0, refused: 0, cancelled: 1 }, codLimitPaisa: 250_000 };
    expect(assessRisk(once, ["cancelled_before", "over_cod_limit"], true).signals).toEqual([]);
    const staff = assessRisk({ ...quiet, blockedPhone: { reason: "x" } }, ["blocked"], false);
    expect(staff.heldForCall).toBe(false);
    expect(staff.signals[0]!.holds).toBe(false);
  });
});
