// The AMP document of a product (spec §2 AMP; docs/decisions/0026), linked from the product page
// with rel="amphtml". Served as a resource route: AMP allows no React scripts, so the page is
// one HTML string. Its Content-Security-Policy is set in server/plugins/security-headers.ts.
import { getProduct } from "../../core/catalog/products";
import { CACHE_TAGS_HEADER, productTag } from "../../core/shared/cache";
import { getSiteSettings } from "../../core/settings/site-settings";
import { renderAmpProduct } from "../lib/amp.server";
import { PUBLIC_CACHE } from "../lib/seo";
import type { Route } from "./+types/amp-document";

export async function loader({ params, context }: Route.LoaderArgs) {
  const product = /^\d{1,9}$/.test(params.id) ? await getProduct(context.core, Number(params.id)) : null;
  if (!product) {
    return new Response("Product not found\n", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const settings = await getSiteSettings(context.core);
  const html = renderAmpProduct(product, { siteName: settings.siteName, publicUrl: context.config.publicUrl });
  return new Response(html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": PUBLIC_CACHE,
      // for the server's page cache: a review of this product drops this page (decision 0052)
      [CACHE_TAGS_HEADER]: productTag(product.id),
    },
  });
}
