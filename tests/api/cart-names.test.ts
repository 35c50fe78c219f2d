// A cart line's product names (decision 0111): the line keeps the English name (the shop's record,
// what English pages show) and the Urdu where staff wrote one, whichever page it was added on; the
// server cart answers both, and the browser's reload from it corrects lines kept before. The
// browser's cart code (app/lib/cart.ts) runs here against the app through a stand-in fetch and
// localStorage.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Translator } from "../../app/i18n/t";
import { toCard } from "../../app/lib/catalog-view.server";
import { loadProductPage } from "../../app/lib/product-view.server";
import { getProduct } from "../../core/catalog/products";
import { createTestApp, type TestApp } from "../helpers/app";
import { DEMO_SHIPPING, get, post, simpleProducts, type Item } from "../helpers/shop";

type CartModule = typeof import("../../app/lib/cart");
type StoreModule = typeof import("../../app/lib/cart-store");

const URDU_NAME = "کڑھائی والا سوٹ";
let t: TestApp;
let urdu: Item;
let plain: Item;
let cart: CartModule;
let store: StoreModule;
let lineName: typeof import("../../app/components/CartStates").lineName;
let serverDown = false;
const storage = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp();
  [urdu, plain] = (await simpleProducts(t, 20, 2)) as [Item, Item];
  await t.database.db.execute(sql`update products set name_ur = ${URDU_NAME} where id = ${urdu.productId}`);
  await t.database.db.execute(sql`update products set name_ur = null where id = ${plain.productId}`);
  t.core.cache.clear();

  // the browser the cart code expects: a page address, localStorage, and fetch reaching the app
  vi.stubGlobal("window", { location: { pathname: "/ur/product/1" }, addEventListener: () => undefined });
  vi.stubGlobal("localStorage", {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
    removeItem: (key: string) => void storage.delete(key),
  });
  vi.stubGlobal(
    "fetch",
    async (url: string, init: { method?: string; body?: string; headers?: Record<string, string> }) => {
      if (serverDown) throw new TypeError("Failed to fetch");
      const res = await t.app.inject({
        method: (init.method ?? "GET") as "GET",
        url,
        headers: init.headers,
        ...(init.body !== undefined ? { payload: init.body } : {}),
      });
      return new Response(res.body || null, {
        status: res.statusCode,
        headers: { "content-type": "application/json" },
      });
    },
  );
  cart = await import("../../app/lib/cart");
  store = await import("../../app/lib/cart-store");
  ({ lineName } = await import("../../app/components/CartStates"));
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await t?.close();
});

function freshBrowser() {
  storage.clear();
  store.writeCart([]);
  serverDown = false;
}

/** The names ProductCard and BuyBox give a new line from their page's data (the browser test adds through them). */
const namesFromPage = (view: { name: string; englishName?: string }) => ({
  name: view.englishName ?? view.name,
  name_ur: view.englishName && view.name,
});

const line = (item: Item, names: { name: string; name_ur?: string }) => ({
  id: item.productId,
  ...names,
  image: "",
  price: item.pricePaisa / 100,
  variant: {},
  variants: {},
  combination_id: null,
  daraz_link: null,
  maxStock: 999,
});

describe("the server cart answers each line's English and Urdu names", () => {
  it("GET /api/cart/flexible/{sessionId} and the add's answer carry product.name and product.name_ur", async () => {
    const sessionId = `session_${Date.now()}_names`;
    const added = await post(t, "/api/cart/flexible", { session_id: sessionId, product_id: urdu.productId });
    expect(added.status).toBe(200);
    expect(added.body.item.product).toMatchObject({ name: urdu.name, name_ur: URDU_NAME });
    await post(t, "/api/cart/flexible", { session_id: sessionId, product_id: plain.productId });
    const answer = await get(t, `/api/cart/flexible/${sessionId}`);
    expect(answer.status).toBe(200);
    expect(answer.body.map((l: { product: unknown }) => l.product)).toEqual([
      expect.objectContaining({ id: urdu.productId, name: urdu.name, name_ur: URDU_NAME }),
      // none written: null, and the page shows the English
      expect.objectContaining({ id: plain.productId, name: plain.name, name_ur: null }),
    ]);
  });
});

describe("what the pages give add to cart", () => {
  it("an Urdu product page and card carry the English beside the Urdu; English ones only the English", async () => {
    const urduPage = await loadProductPage(t.core, { id: String(urdu.productId) }, "ur");
    expect(urduPage.product).toMatchObject({ name: URDU_NAME, englishName: urdu.name });
    const englishPage = await loadProductPage(t.core, { id: String(urdu.productId) }, "en");
    expect(englishPage.product?.name).toBe(urdu.name);
    expect(englishPage.product).not.toHaveProperty("englishName");
    const plainUrduPage = await loadProductPage(t.core, { id: String(plain.productId) }, "ur");
    expect(plainUrduPage.product?.name).toBe(plain.name);
    expect(plainUrduPage.product).not.toHaveProperty("englishName");

    const product = (await getProduct(t.core, urdu.productId))!;
    expect(toCard(product, "ur")).toMatchObject({ name: URDU_NAME, englishName: urdu.name });
    expect(toCard(product, "en")).not.toHaveProperty("englishName");
    expect(toCard(product).name).toBe(urdu.name);
  });
});

describe("the browser's cart lines", () => {
  it("a line added on an Urdu page while the server is away keeps the English name and the Urdu", async () => {
    freshBrowser();
    const page = await loadProductPage(t.core, { id: String(urdu.productId) }, "ur");
    serverDown = true;
    expect(await cart.addToCart(line(urdu, namesFromPage(page.product!)), 1)).toBe(true);
    const [stored] = JSON.parse(storage.get("cart")!) as { name: string; name_ur?: string }[];
    expect(stored).toMatchObject({ name: urdu.name, name_ur: URDU_NAME });
  });

  it("a line added through the server takes both names from the server's answer", async () => {
    freshBrowser();
    const page = await loadProductPage(t.core, { id: String(urdu.productId) }, "ur");
    expect(await cart.addToCart(line(urdu, namesFromPage(page.product!)), 1)).toBe(true);
    const english = await loadProductPage(t.core, { id: String(plain.productId) }, "en");
    expect(await cart.addToCart(line(plain, namesFromPage(english.product!)), 1)).toBe(true);
    const stored = JSON.parse(storage.get("cart")!) as { id: number; name: string; name_ur?: string }[];
    expect(stored.map(({ id, name, name_ur }) => ({ id, name, name_ur }))).toEqual([
      { id: urdu.productId, name: urdu.name, name_ur: URDU_NAME },
      { id: plain.productId, name: plain.name, name_ur: undefined },
    ]);
  });

  it("lines kept from before (no name_ur, or the Urdu as the name) are corrected by the reload", async () => {
    freshBrowser();
    const sessionId = store.ensureSessionId();
    await post(t, "/api/cart/flexible", { session_id: sessionId, product_id: urdu.productId });
    await post(t, "/api/cart/flexible", { session_id: sessionId, product_id: plain.productId, quantity: 2 });
    // as an older page stored them: the Urdu shown on an Urdu page as `name`, and an English name without its Urdu
    storage.set("cart", JSON.stringify([line(urdu, { name: URDU_NAME }), line(plain, { name: "Old name" })]));
    store.writeCart(JSON.parse(storage.get("cart")!));
    expect(await cart.reloadCart()).toBe(true);
    const stored = store.readCart();
    expect(stored).toHaveLength(2);
    expect(stored[0]).toMatchObject({ id: urdu.productId, name: urdu.name, name_ur: URDU_NAME });
    expect(stored[1]).toMatchObject({ id: plain.productId, name: plain.name, quantity: 2 });
    expect(stored[1]!.name_ur).toBeUndefined();
    expect(JSON.parse(storage.get("cart")!)).toMatchObject([
      { name: urdu.name, name_ur: URDU_NAME },
      { name: plain.name },
    ]);
    expect(JSON.parse(storage.get("cart")!)[1]).not.toHaveProperty("name_ur");

    // the Urdu taken away by staff: the next reload drops it
    await t.database.db.execute(sql`update products set name_ur = null where id = ${urdu.productId}`);
    expect(await cart.reloadCart()).toBe(true);
    expect(store.readCart()[0]!.name_ur).toBeUndefined();
    await t.database.db.execute(sql`update products set name_ur = ${URDU_NAME} where id = ${urdu.productId}`);
  });

  it("the order keeps the English name: its payload names products by id, the server records the English", async () => {
    freshBrowser();
    const page = await loadProductPage(t.core, { id: String(urdu.productId) }, "ur");
    await cart.addToCart(line(urdu, namesFromPage(page.product!)), 1);
    const { orderPayload } = await import("../../app/lib/checkout");
    const payload = orderPayload(
      {
        firstName: "Ayesha",
        lastName: "Khan",
        email: "ayesha.names@example.pk",
        phone: "0300-1234567",
        address: "House 12, Street 4",
        city: "Lahore",
        postalCode: "54660",
        country: "Pakistan",
      },
      store.readCart(),
      store.cartFigures(store.readCart(), DEMO_SHIPPING),
      null,
    );
    expect(JSON.stringify(payload)).not.toContain(URDU_NAME);
    const placed = await post(t, "/api/orders", payload);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.items[0]).toMatchObject({ product_id: urdu.productId, name: urdu.name });
  });
});

describe("the name a cart line shows", () => {
  const ur = { locale: "ur" } as Translator;
  const en = { locale: "en" } as Translator;
  it("the Urdu on Urdu pages where there is one, else the English marked lang=en; English pages the English", () => {
    expect(lineName({ name: "Lawn Suit", name_ur: URDU_NAME }, ur)).toEqual({ text: URDU_NAME });
    expect(lineName({ name: "Lawn Suit" }, ur)).toEqual({ text: "Lawn Suit", lang: "en" });
    expect(lineName({ name: "Lawn Suit", name_ur: "" }, ur)).toEqual({ text: "Lawn Suit", lang: "en" });
    expect(lineName({ name: "Lawn Suit", name_ur: URDU_NAME }, en)).toEqual({ text: "Lawn Suit" });
  });
});
