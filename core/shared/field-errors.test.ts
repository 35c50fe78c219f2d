// Which field a refusal names, read the three ways core names one (decision 0096).
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "./errors";
import { fieldErrorsOf, invalidFields, issuesAsFieldErrors, messageUnderField } from "./field-errors";

const schema = z.object({
  price: z.string().min(1, "Price is required."),
  combinations: z.array(z.object({ stock: z.number({ error: "stock must be a whole number" }) })),
});

describe("field errors", () => {
  it("keeps every field's first issue with its path", () => {
    const parsed = schema.safeParse({ price: "", combinations: [{ stock: 1 }, { stock: "x" }] });
    expect(parsed.success).toBe(false);
    expect(issuesAsFieldErrors(parsed.error!)).toEqual([
      { field: "price", message: "Price is required." },
      { field: "combinations.1.stock", message: "stock must be a whole number" },
    ]);
    const error = invalidFields(parsed.error!);
    expect(error.status).toBe(422);
    // the detail as before: the first field's path and message
    expect(error.message).toBe("price: Price is required.");
    expect(fieldErrorsOf(error)).toHaveLength(2);
  });

  it("reads extra.field, a path before a colon, and a known field's name at the start", () => {
    expect(fieldErrorsOf(new AppError(422, "phone is required", { field: "phone" }))).toEqual([
      { field: "phone", message: "phone is required" },
    ]);
    expect(fieldErrorsOf(new AppError(422, "combinations.2.price: Too high."))).toEqual([
      { field: "combinations.2.price", message: "Too high." },
    ]);
    const named = new AppError(422, "max_discount must be an amount in rupees");
    expect(fieldErrorsOf(named, ["max", "max_discount"])).toEqual([
      { field: "max_discount", message: "max_discount must be an amount in rupees" },
    ]);
    expect(fieldErrorsOf(named)).toEqual([]);
    // a sentence naming no field is the form's
    expect(fieldErrorsOf(new AppError(409, "Someone saved this product meanwhile."), ["name"])).toEqual([]);
  });

  it("reads a long message only as far as its start, in linear time", () => {
    const long = `${"a".repeat(1_000_000)}: x`;
    const started = performance.now();
    expect(fieldErrorsOf(new AppError(422, long), ["a"])).toEqual([]);
    expect(performance.now() - started).toBeLessThan(200);
  });

  it("drops the field's own name from the message under it", () => {
    expect(messageUnderField("max_discount", "max_discount must be an amount")).toBe("Must be an amount");
    expect(messageUnderField("combinations.2.stock", "stock must be a whole number")).toBe("Must be a whole number");
    expect(messageUnderField("price", "Price must be above 0.")).toBe("Price must be above 0.");
  });
});
