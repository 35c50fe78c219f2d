// A server cart for a browser, made as the cart module makes one: a session id in localStorage and
// each line posted to /api/cart/flexible from a page of the store (so the request is the shop's own).
import type { Page } from "playwright-core";

export interface ServerCartLine {
  productId: number;
  /** a combination of a product with options; left out for one without */
  combinationId?: number;
  /** left out: the API's own default */
  quantity?: number;
}

/** Puts these lines in a new server cart for the page's browser; the page is left on /track. */
export async function putServerCart(page: Page, baseUrl: string, lines: ServerCartLine[]): Promise<void> {
  await page.goto(`${baseUrl}/track`);
  await page.evaluate(async (lines) => {
    const sessionId = `session_${Date.now()}_${Math.random().toString(36).slice(2, 11)}`;
    localStorage.setItem("sessionId", sessionId);
    for (const line of lines) {
      const res = await fetch("/api/cart/flexible", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          session_id: sessionId,
          product_id: line.productId,
          ...(line.combinationId === undefined ? {} : { combination_id: line.combinationId }),
          ...(line.quantity === undefined ? {} : { quantity: line.quantity }),
        }),
      });
      if (!res.ok) throw new Error(await res.text());
    }
  }, lines);
}
