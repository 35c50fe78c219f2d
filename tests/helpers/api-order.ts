// Places one cash-on-delivery order through a running store's API, from the first product in stock
// (tests that start the built store and need an order, not a particular one).
import { expect } from "vitest";

let phone = 0;

export async function placeApiOrder(url: string): Promise<{ tracking_id: string }> {
  const products = (await fetch(`${url}/api/products?limit=50`).then((r) => r.json())) as {
    id: number;
    price: number | string;
    stock: number;
    variant_combinations?: { id: number; price: number | string; stock: number; is_available: boolean }[];
  }[];
  let line: { product_id: number; combination_id: number | null; price: number } | null = null;
  for (const p of products) {
    const combinations = p.variant_combinations ?? [];
    if (combinations.length === 0 && p.stock >= 1)
      line = { product_id: p.id, combination_id: null, price: Number(p.price) };
    const c = combinations.find((c) => c.is_available && c.stock >= 1);
    if (c) line = { product_id: p.id, combination_id: c.id, price: Number(c.price) };
    if (line) break;
  }
  if (!line) throw new Error("no product in stock");
  const subtotal = line.price;
  const shipping = subtotal >= 5000 ? 0 : 500;
  phone += 1;
  const res = await fetch(`${url}/api/orders`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      first_name: "Ayesha",
      last_name: "Khan",
      email: `crash${phone}@example.pk`,
      phone: `0300-76${String(54321 + phone).padStart(5, "0")}`,
      shipping_address: "House 12, Street 4, Gulberg III, Lahore, 54660, Pakistan",
      city: "Lahore",
      postal_code: "54660",
      country: "Pakistan",
      total_amount: subtotal + shipping,
      payment_method: "cod",
      items: [{ ...line, quantity: 1, variant_details: null }],
    }),
  });
  const body = (await res.json()) as { tracking_id: string };
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body;
}
