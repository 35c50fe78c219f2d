// The rules of following a parcel that need no database: an event's key, what is kept of a
// courier's words, how far the order is moved, and when a parcel is asked for again.
import { describe, expect, it } from "vitest";
import { cleanEvents, eventKey, nextMoveToward, ORDER_STATUS_FOR_PARCEL } from "./parcel-events";
import { nextPollDelayMs } from "./tracking";
import type { TrackingEvent } from "../couriers/courier";

const at = new Date("2026-06-11T12:29:36Z");
const event = (over: Partial<TrackingEvent> = {}): TrackingEvent => ({
  at,
  status: "picked up",
  courierStatus: "Picked By PostEx",
  reason: null,
  location: null,
  ...over,
});

describe("an event's key", () => {
  it("is the same for the same report, and differs with its time, words or reason", () => {
    expect(eventKey(event())).toBe(eventKey(event({ location: "Lahore" })));
    expect(eventKey(event())).not.toBe(eventKey(event({ at: new Date(at.getTime() + 1000) })));
    expect(eventKey(event())).not.toBe(eventKey(event({ courierStatus: "Picked" })));
    expect(eventKey(event())).not.toBe(eventKey(event({ reason: "x" })));
    expect(eventKey(event())).toMatch(/^[0-9a-f]{40}$/);
  });
});

describe("what is kept of a courier's report", () => {
  it("drops events with no real date or an unknown status, and repeats within one answer", () => {
    const kept = cleanEvents([
      event(),
      event(),
      event({ at: new Date("nonsense") }),
      event({ at: new Date("2001-01-01T00:00:00Z") }),
      event({ status: "lost" as TrackingEvent["status"] }),
    ]);
    expect(kept).toHaveLength(1);
  });

  it("cuts the words to one short line without control characters", () => {
    const [kept] = cleanEvents([
      event({ courierStatus: `a\u0000b\n${"x".repeat(1000)}`, reason: "   ", location: "\tLahore " }),
    ]);
    expect(kept!.courierStatus.length).toBeLessThanOrEqual(200);
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    expect(kept!.courierStatus).not.toMatch(/[\u0000-\u001f]/);
    expect(kept!.reason).toBeNull();
    expect(kept!.location).toBe("Lahore");
  });

  it("keeps an event dated far ahead at now, under the key of the date it came with", () => {
    const now = new Date("2026-06-11T00:00:00Z");
    const ahead = event({ at: new Date("2026-12-06T00:00:00Z") });
    const [kept] = cleanEvents([ahead], now);
    expect(kept!.at).toEqual(now);
    expect(kept!.key).toBe(cleanEvents([ahead], new Date("2026-06-12T00:00:00Z"))[0]!.key);
  });
});

describe("how far the order is moved", () => {
  it("goes forward one step at a time toward the parcel's order status", () => {
    expect(nextMoveToward("confirmed", "shipped")).toBe("packed");
    expect(nextMoveToward("packed", "shipped")).toBe("shipped");
    expect(nextMoveToward("shipped", "delivered")).toBe("delivered");
    expect(nextMoveToward("shipped", "returned")).toBe("returned");
    expect(nextMoveToward("delivered", "returned")).toBe("returned");
  });

  it("never back, and never an order the parcel cannot move", () => {
    expect(nextMoveToward("delivered", "shipped")).toBeNull();
    expect(nextMoveToward("returned", "delivered")).toBeNull();
    expect(nextMoveToward("shipped", "shipped")).toBeNull();
    expect(nextMoveToward("cancelled", "delivered")).toBeNull();
    expect(nextMoveToward("pending confirmation", "shipped")).toBeNull();
  });

  it("a booked parcel says nothing of the order; any later status says shipped at least", () => {
    expect(ORDER_STATUS_FOR_PARCEL.booked).toBeNull();
    expect(ORDER_STATUS_FOR_PARCEL["delivery attempted"]).toBe("shipped");
    expect(ORDER_STATUS_FOR_PARCEL.returning).toBe("shipped");
  });
});

describe("when a parcel is asked for again", () => {
  const now = new Date("2026-06-11T12:00:00Z");
  const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
  it("soon at the door, hourly before pickup, every two hours on its way, six when quiet, never once ended", () => {
    expect(nextPollDelayMs("out for delivery", hoursAgo(1), now)).toBe(30 * 60_000);
    expect(nextPollDelayMs("delivery attempted", hoursAgo(1), now)).toBe(30 * 60_000);
    expect(nextPollDelayMs("booked", hoursAgo(1), now)).toBe(3_600_000);
    expect(nextPollDelayMs(null, null, now)).toBe(3_600_000);
    expect(nextPollDelayMs("in transit", hoursAgo(5), now)).toBe(2 * 3_600_000);
    expect(nextPollDelayMs("in transit", hoursAgo(24 * 4), now)).toBe(6 * 3_600_000);
    expect(nextPollDelayMs("delivered", hoursAgo(1), now)).toBeNull();
    expect(nextPollDelayMs("returned", hoursAgo(1), now)).toBeNull();
  });
});
