// Headers of pages that carry a key in their address or personal answers (the order confirm link,
// password reset and email confirmation links; decisions 0071, 0077): never stored by any cache,
// so never in the server's page cache either (server/page-cache.ts shares only `public` pages).
import type { HeadersArgs } from "react-router";
import { AppError } from "../../core/shared/errors";

export const PRIVATE_HEADERS = { "Cache-Control": "private, no-store" };

/**
 * A page opened from a link whose token is in the address: the browser must not send that address
 * to any other site as a Referer (a product image on a CDN, an analytics script). "same-origin",
 * not "no-referrer": under no-referrer the browser sends `Origin: null` with the page's form post,
 * which React Router's CSRF check refuses (400) when JavaScript is off (decision 0077).
 */
export const LINK_REFERRER_POLICY = "same-origin";
export const LINK_PAGE_HEADERS = { ...PRIVATE_HEADERS, "Referrer-Policy": LINK_REFERRER_POLICY };

/** The action's headers after a form post, else the loader's. */
export function actionOrLoaderHeaders({ loaderHeaders, actionHeaders }: HeadersArgs): Headers {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

/** A refusal core explains to the shopper (4xx), as page data; anything else is a real failure. */
export function refusal(error: unknown): { status: number; message: string } {
  if (error instanceof AppError && error.status < 500) return { status: error.status, message: error.message };
  throw error;
}
