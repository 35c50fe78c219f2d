import { describe, expect, it } from "vitest";
import { COLLECTIONS, PRODUCTS, type CollectionKey } from "../demo/catalog-data";
import {
  DEFAULT_DISCREET_SENDER_NAME,
  labelText,
  lingerieWordIn,
  namesStore,
  outerLabel,
  parsePrintIds,
  type PrintOrder,
  type PrintStore,
} from "./print";

// the demo store's lingerie side: what a discreet label must never give away
const INTIMATE: CollectionKey[] = ["nightwear", "bras", "panties", "sets"];
const intimateProducts = PRODUCTS.filter((p) => INTIMATE.includes(p.collection));
const lingerieAccessories = ["Bra Extender 3-Pack", "Silicone Nipple Covers", "Lingerie Wash Bag"];

const store = (changes: Partial<PrintStore> = {}): PrintStore => ({
  name: "Zaiba",
  phone: "0300-1234567",
  address: "Zaiba Lingerie Warehouse\nPlot 12, Korangi Industrial Area\nKarachi",
  discreetPackaging: true,
  discreetSenderName: null,
  ...changes,
});

const order = (names: string[], totalPaisa = 499_800): PrintOrder => ({
  id: 7,
  trackingId: "K7MX4-QR9TZ",
  status: "packed",
  placedAt: new Date("2026-11-20T10:00:00Z"),
  firstName: "Ibrahim",
  lastName: "Qureshi",
  email: "ibrahim@example.pk",
  phone: "0301-7654321",
  shippingAddress: "House 7, Street 9, DHA Phase 5, Karachi, 75500, Pakistan",
  city: "Karachi",
  postalCode: "75500",
  country: "Pakistan",
  paymentMethod: "cod",
  subtotalPaisa: totalPaisa,
  shippingPaisa: 0,
  discountPaisa: 0,
  totalPaisa,
  voucherCode: null,
  courier: "TCS",
  trackingNumber: "7731-0042",
  cashCollectedPaisa: null,
  items: names.map((name) => ({
    name,
    variant: "Black / 34B",
    quantity: 2,
    unitPricePaisa: 100_000,
    lineTotalPaisa: 200_000,
  })),
});

const TRACK = "https://zaiba.pk/track?tracking_id=K7MX4-QR9TZ";

describe("the lingerie words", () => {
  it("catch every name in the demo catalogue's lingerie, nightwear and underwear, and their categories", () => {
    expect(intimateProducts.length).toBeGreaterThan(40);
    for (const product of intimateProducts) expect(lingerieWordIn(product.name), product.name).not.toBeNull();
    for (const name of lingerieAccessories) expect(lingerieWordIn(name), name).not.toBeNull();
    for (const c of COLLECTIONS.filter((c) => INTIMATE.includes(c.key)))
      expect(lingerieWordIn(c.name), c.name).not.toBeNull();
  });

  it("are whole words: a name or street that merely contains one is left alone", () => {
    for (const text of ["Ibrahim Qureshi", "Brandreth Road", "Slipway Lane", "Nightingale Street", "Embraced"])
      expect(lingerieWordIn(text), text).toBeNull();
    expect(lingerieWordIn("LACE & more")).toBe("LACE");
    expect(lingerieWordIn("push up")).toBe("push up");
    // the everyday clothes of the demo catalogue are not lingerie
    for (const p of PRODUCTS.filter((p) => p.collection === "lawn" || p.collection === "kurtis"))
      expect(lingerieWordIn(p.name), p.name).toBeNull();
  });

  it("tell a store's name from a word that contains it", () => {
    expect(namesStore("Zaiba Dispatch", "Zaiba")).toBe(true);
    expect(namesStore("zaiba", "Zaiba")).toBe(true);
    expect(namesStore("Zaibas Corner", "Zaiba")).toBe(false);
    expect(namesStore("anything", " ")).toBe(false);
  });
});

describe("the outer label with discreet packaging", () => {
  it("says Garments and the neutral sender, and names no product, no lingerie word and not the store", () => {
    for (const product of [...intimateProducts.map((p) => p.name), ...lingerieAccessories]) {
      const text = labelText(outerLabel(order([product, "Lace Push-Up Bra"]), store(), TRACK));
      expect(text, product).not.toContain(product);
      expect(lingerieWordIn(text), product).toBeNull();
      expect(text.toLowerCase(), product).not.toContain("zaiba");
      expect(text).toContain("Contents: Garments");
      expect(text).toContain(DEFAULT_DISCREET_SENDER_NAME);
    }
  });

  it("keeps what the courier needs: recipient, phone, city, the cash to collect, tracking and a return address", () => {
    const label = outerLabel(order(["Lace Thong"]), store(), TRACK);
    expect(label.collect).toBe("Collect Rs. 4,998");
    expect(label.pieces).toBe(2);
    expect(label.recipient).toMatchObject({ name: "Ibrahim Qureshi", phone: "0301-7654321", city: "Karachi" });
    expect(label.trackingId).toBe("K7MX4-QR9TZ");
    expect(label.consignment).toBe("7731-0042");
    // the line naming the store is dropped, the rest of its address kept for returns
    expect(label.sender.addressLines).toEqual(["Plot 12", "Korangi Industrial Area", "Karachi"]);
    expect(label.sender.phone).toBe("0300-1234567");
    // the tracking page's address names the store: no link to it on a discreet parcel
    expect(label.trackingUrl).toBeNull();
  });

  it("uses the owner's sender name, unless it gives the store away", () => {
    const chosen = (name: string) =>
      outerLabel(order(["Lace Thong"]), store({ discreetSenderName: name }), TRACK).sender.name;
    expect(chosen("Korangi Parcel House")).toBe("Korangi Parcel House");
    expect(chosen("Zaiba Dispatch")).toBe(DEFAULT_DISCREET_SENDER_NAME);
    expect(chosen("Silk Lingerie Co")).toBe(DEFAULT_DISCREET_SENDER_NAME);
    expect(chosen("   ")).toBe(DEFAULT_DISCREET_SENDER_NAME);
  });

  it("says there is nothing to collect on an order with nothing to pay", () => {
    expect(outerLabel(order(["Lace Thong"], 0), store(), TRACK).collect).toBe("Nothing to collect");
  });
});

describe("the outer label without discreet packaging", () => {
  it("names the store and says Clothing, with a link to the tracking page, still without the items", () => {
    const label = outerLabel(order(["Chikankari Kurti"]), store({ discreetPackaging: false }), TRACK);
    const text = labelText(label);
    expect(label.sender.name).toBe("Zaiba");
    expect(label.sender.addressLines[0]).toBe("Zaiba Lingerie Warehouse");
    expect(text).toContain("Contents: Clothing");
    expect(text).not.toContain("Chikankari Kurti");
    expect(label.trackingUrl).toBe(TRACK);
  });
});

describe("the ids of a print request", () => {
  it("reads a comma list and repeated ids, drops duplicates and keeps the order asked", () => {
    expect(parsePrintIds(["3,1, 2", "1"])).toEqual([3, 1, 2]);
    expect(parsePrintIds(["5", "4", "5"])).toEqual([5, 4]);
    expect(parsePrintIds(["7,,8,"])).toEqual([7, 8]);
  });

  it("refuses anything that is not a list of at most 100 order numbers with a 422 naming it", () => {
    const refused = (values: string[]) => {
      try {
        parsePrintIds(values);
      } catch (error) {
        return error as { status: number; message: string };
      }
      throw new Error(`accepted ${values.join("|")}`);
    };
    expect(refused(["1,abc"])).toMatchObject({ status: 422, message: '"abc" is not an order number.' });
    expect(refused(["-1"])).toMatchObject({ status: 422, message: '"-1" is not an order number.' });
    expect(refused(["0"])).toMatchObject({ status: 422 });
    expect(refused(["1.5"])).toMatchObject({ status: 422 });
    expect(refused(["2147483648"])).toMatchObject({ status: 422 });
    expect(refused(["9".repeat(400)])).toMatchObject({
      status: 422,
      message: `"${"9".repeat(20)}…" is not an order number.`,
    });
    expect(refused(["1e3"])).toMatchObject({ status: 422 });
    expect(refused([""])).toMatchObject({ status: 422, message: "Choose the orders to print." });
    expect(refused([])).toMatchObject({ status: 422, message: "Choose the orders to print." });
    const many = Array.from({ length: 101 }, (_, i) => String(i + 1)).join(",");
    expect(refused([many])).toMatchObject({ status: 422, message: "At most 100 orders can be printed at a time." });
    expect(refused(["1,".repeat(5000)])).toMatchObject({ status: 422 });
    // a hundred, repeated, is still a hundred
    const hundred = Array.from({ length: 100 }, (_, i) => String(i + 1)).join(",");
    expect(parsePrintIds([hundred])).toHaveLength(100);
  });
});
