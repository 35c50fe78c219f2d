// The AMP preview (spec §2 "/amp/product/{id} and /amp/p/{custom_url}"): the generated AMP page
// source and a link back to /product/{id}; "Product not found" when there is no such product.
import { data, Link } from "react-router";
import { getProduct, getProductByUrl } from "../../core/catalog/products";
import { getSiteSettings } from "../../core/settings/site-settings";
import { Breadcrumb } from "../components/Breadcrumb";
import { ampDocumentPath } from "../lib/amp";
import { renderAmpProduct } from "../lib/amp.server";
import { productHref } from "../lib/catalog-view.server";
import { pageMeta, productTagHeaders, taggedPageHeaders } from "../lib/seo";
import type { ShellData } from "../lib/shell.server";
import type { Route } from "./+types/amp-preview";

export const headers = taggedPageHeaders;

export async function loader({ params, context }: Route.LoaderArgs) {
  const product =
    "customUrl" in params && params.customUrl !== undefined
      ? await getProductByUrl(context.core, params.customUrl)
      : /^\d{1,9}$/.test((params as { id: string }).id)
        ? await getProduct(context.core, Number((params as { id: string }).id))
        : null;
  if (!product) return data({ product: null, source: "" }, { status: 404 });
  const settings = await getSiteSettings(context.core);
  return data(
    {
      product: { id: product.id, name: product.name, href: productHref(product), ampPath: ampDocumentPath(product.id) },
      source: renderAmpProduct(product, { siteName: settings.siteName, publicUrl: context.config.publicUrl }),
    },
    { headers: productTagHeaders(product.id) },
  );
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  const shell = matches[0]?.data as ShellData | undefined;
  const product = page?.product;
  return pageMeta(shell?.seo, {
    title: product
      ? `AMP Preview: ${product.name} | ${shell?.siteName ?? ""}`
      : `Product not found | ${shell?.siteName ?? ""}`,
    path: product?.href ?? "/",
    // the preview shows source code; the product page is the one to index
    noindex: true,
  });
}

export default function AmpPreviewPage({ loaderData }: Route.ComponentProps) {
  const { product, source } = loaderData;
  if (!product) {
    return (
      <main className="mx-auto max-w-xl px-4 py-24 text-center">
        <p className="eyebrow">AMP Preview</p>
        <h1 className="mt-3 font-serif text-4xl">Product not found</h1>
        <p className="mt-4 text-stone-600">There is no product at this address, so there is no AMP page to show.</p>
        <Link to="/collection/all" className="btn-primary mt-8">
          Shop All
        </Link>
      </main>
    );
  }
  return (
    <main className="mx-auto max-w-7xl px-4 pt-4 md:px-8 md:pt-8">
      <Breadcrumb
        items={[
          { name: "Home", path: "/" },
          { name: product.name, path: product.href },
          { name: "AMP Preview", path: product.ampPath },
        ]}
      />
      <p className="eyebrow mt-6">AMP Preview</p>
      <h1 className="mt-2 font-serif text-3xl md:text-4xl">{product.name}</h1>
      <p className="mt-3 max-w-2xl text-stone-600">
        This is the lightweight AMP version of the product page that search engines can show instantly on phones. Below
        is the page source we generate for it.
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to={`/product/${product.id}`} className="btn-primary">
          Back to Product
        </Link>
        <a href={product.ampPath} className="btn-secondary">
          Open the AMP Page
        </a>
      </div>
      <h2 className="mt-10 text-xs font-semibold tracking-[0.18em] uppercase">Generated AMP HTML</h2>
      <pre
        aria-label="Generated AMP HTML"
        tabIndex={0}
        className="mt-3 max-h-[70vh] overflow-auto bg-[#1c1917] p-4 text-xs leading-relaxed whitespace-pre-wrap break-words text-stone-100 md:text-[13px]"
      >
        <code>{source}</code>
      </pre>
    </main>
  );
}
