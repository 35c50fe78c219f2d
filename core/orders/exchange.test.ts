// An exchange's money (decision 0056): the replacement at today's prices, what the shopper paid
// for the returned units set against it, never below zero, shipping free.
import { describe, expect, it } from "vitest";
import { exchangeFigures } from "./exchange";

describe("exchangeFigures", () => {
  it("a dearer replacement costs the difference", () => {
    expect(
      exchangeFigures([{ unitPricePaisa: 250_000, quantity: 1 }], [{ unitPricePaisa: 200_000, quantity: 1 }]),
    ).toEqual({
      lineTotalsPaisa: [250_000],
      subtotalPaisa: 250_000,
      returnedValuePaisa: 200_000,
      appliedPaisa: 200_000,
      shippingPaisa: 0,
      totalPaisa: 50_000,
    });
  });

  it("a cheaper replacement costs nothing and pays nothing back", () => {
    const figures = exchangeFigures(
      [{ unitPricePaisa: 150_000, quantity: 2 }],
      [{ unitPricePaisa: 199_950, quantity: 2 }],
    );
    expect(figures).toMatchObject({
      subtotalPaisa: 300_000,
      returnedValuePaisa: 399_900,
      appliedPaisa: 300_000,
      totalPaisa: 0,
    });
  });

  it("adds several lines exactly, and subtotal + shipping − applied is the total", () => {
    const figures = exchangeFigures(
      [
        { unitPricePaisa: 129_999, quantity: 3 },
        { unitPricePaisa: 1, quantity: 1 },
      ],
      [
        { unitPricePaisa: 100_000, quantity: 3 },
        { unitPricePaisa: 50, quantity: 1 },
      ],
    );
    expect(figures.subtotalPaisa).toBe(389_998);
    expect(figures.returnedValuePaisa).toBe(300_050);
    expect(figures.subtotalPaisa + figures.shippingPaisa - figures.appliedPaisa).toBe(figures.totalPaisa);
    expect(figures.totalPaisa).toBe(89_948);
  });

  it("refuses amounts that are not whole paisa", () => {
    expect(() => exchangeFigures([{ unitPricePaisa: 1.5, quantity: 1 }], [])).toThrow(RangeError);
    expect(() =>
      exchangeFigures([{ unitPricePaisa: 100, quantity: 1 }], [{ unitPricePaisa: -5, quantity: 1 }]),
    ).toThrow(RangeError);
  });
});
