import { describe, expect, it } from "vitest";
import { allCombinations, combinationName, parseOptionValues } from "../../core/catalog/product-options";
import { draftFromForm, emptyDraft, gridFor, inputFromDraft, optionRows } from "./product-form";

describe("the product editor's form", () => {
  it("reads option values as typed: commas or lines, a colour's swatch after its name", () => {
    expect(parseOptionValues(" S, M ,\nL,, ", false)).toEqual([{ value: "S" }, { value: "M" }, { value: "L" }]);
    expect(parseOptionValues("Black #111111, Sea Green #2e8b57, Rust", true)).toEqual([
      { value: "Black", color_hex: "#111111" },
      { value: "Sea Green", color_hex: "#2e8b57" },
      { value: "Rust", color_hex: null },
    ]);
  });

  it("makes every combination in the options' order, named as the demo store names them", () => {
    const options = [
      { type: "size", values: [{ value: "S" }, { value: "M" }] },
      { type: "color", values: [{ value: "Black" }, { value: "Maroon" }] },
    ];
    const rows = allCombinations(options);
    expect(rows.map((r) => combinationName(r, ["size", "color"]))).toEqual([
      "S / Black",
      "S / Maroon",
      "M / Black",
      "M / Maroon",
    ]);
    expect(allCombinations([])).toEqual([]);
  });

  it("keeps what a row had when the grid is drawn again, and starts new rows at stock 0", () => {
    const known = [
      { name: "S", attributes: { size: "S" }, price: "2100", sku: "X", available: false, stock: "4", seen: 4 },
    ];
    const grid = gridFor([{ type: "size", values: [{ value: "S" }, { value: "M" }] }], known);
    expect(grid[0]).toMatchObject({ name: "S", price: "2100", available: false, seen: 4 });
    expect(grid[1]).toMatchObject({ name: "M", price: "", stock: "0", seen: null, available: true });
  });

  it("turns a posted form into the staff API's body, stock with the stock the screen showed", () => {
    const form = new FormData();
    for (const [k, v] of [
      ["name", "Kurta"],
      ["price", "2499"],
      ["visibility", "hidden"],
      ["option_type_0", "Sizes"],
      ["option_values_0", "S, M"],
      ["option_type_1", "colour"],
      ["option_values_1", ""],
      ["c_0_attrs", '{"size":"S"}'],
      ["c_0_name", "S"],
      ["c_0_stock", "7"],
      ["c_0_seen", "5"],
      ["c_0_available", "on"],
      ["c_1_attrs", "not json"],
      ["cf_key", "Fit"],
      ["cf_value", "Loose"],
      ["cf_key", ""],
      ["cf_value", ""],
      ["updated_at", "2026-11-23T05:00:00.123456Z"],
    ])
      form.append(k!, v!);
    const draft = draftFromForm(form, 3);
    const body = inputFromDraft(draft, true);
    expect(body).toMatchObject({
      name: "Kurta",
      is_active: false,
      options: [{ type: "size", values: [{ value: "S" }, { value: "M" }] }],
      custom_fields: [{ key: "Fit", value: "Loose" }],
      updated_at: "2026-11-23T05:00:00.123456Z",
    });
    expect(body.combinations).toEqual([
      { attributes: { size: "S" }, price: null, sku: null, is_available: true, stock: 7, stock_seen: 5 },
      { attributes: { size: "M" }, price: null, sku: null, is_available: true, stock: 0 },
    ]);
    // a member without the stock permission sends no stock at all
    expect((inputFromDraft(draft, false).combinations as object[])[0]).not.toHaveProperty("stock");
  });

  it("pads the option rows to three, size and colour first", () => {
    expect(optionRows([]).map((r) => r.type)).toEqual(["size", "colour", ""]);
    expect(optionRows([{ type: "color", values: [{ value: "Red", color_hex: "#ff0000" }] }])).toEqual([
      { type: "colour", values: "Red #ff0000" },
      { type: "size", values: "" },
      { type: "", values: "" },
    ]);
    expect(emptyDraft().options).toHaveLength(3);
  });
});
