// A shopper's cash-on-delivery order placed through a running store's API, as the checkout places
// it, for the browser tests that need an order to look at: the shop's products as its API lists
// them, a combination with units to spare, and the order totalled as the checkout totals it.
import { expect } from "vitest";

export interface ShopCombination {
  id: number;
  price: number;
  stock_quantity: number;
  is_available: boolean;
}

export interface ShopProduct {
  id: number;
  name: string;
  variant_combinations: ShopCombination[];
}

/** The shop's first 100 products by name, as its API lists them. */
export async function shopProducts(url: string): Promise<ShopProduct[]> {
  return (await (await fetch(`${url}/api/products?limit=100&sort=name`)).json()) as ShopProduct[];
}

/** A combination on sale with more than this many units in stock. */
export const moreThan = (units: number) => (c: ShopCombination) => c.is_available && c.stock_quantity > units;

/** Who orders, and where it goes (in Pakistan). */
export interface Shopper {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  shipping_address: string;
  city: string;
  postal_code: string;
}

/**
 * Orders `quantity` units of one combination, cash on delivery, totalled as the checkout totals it
 * (the demo store's Rs. 500 shipping under Rs. 5,000); signed in when a shopper's token is given.
 * Answers the API's answer and the total in paisa.
 */
export async function placeShopOrder(
  url: string,
  shopper: Shopper,
  line: { product: ShopProduct; combo: ShopCombination; quantity?: number },
  token?: string,
): Promise<{ id: number; tracking_id: string; totalPaisa: number }> {
  const quantity = line.quantity ?? 1;
  const subtotal = Math.round(line.combo.price * 100) * quantity;
  const shipping = subtotal >= 500_000 ? 0 : 50_000;
  const res = await fetch(`${url}/api/orders`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({
      ...shopper,
      country: "Pakistan",
      total_amount: (subtotal + shipping) / 100,
      payment_method: "cod",
      items: [
        {
          product_id: line.product.id,
          combination_id: line.combo.id,
          quantity,
          price: line.combo.price,
          variant_details: null,
        },
      ],
    }),
  });
  const body = (await res.json()) as { id: number; tracking_id: string };
  expect(res.status, JSON.stringify(body)).toBe(201);
  return { ...body, totalPaisa: subtotal + shipping };
}
