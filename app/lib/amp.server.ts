// The lightweight AMP version of a product page (spec §2 "/amp/product/{id}"): one HTML string,
// shown as source on the preview page and served as a document at ampDocumentPath(id)
// (docs/decisions/0026). AMP allows no scripts of our own, only its runtime and extensions from
// its CDN, images as <amp-img> with sizes, and one inline stylesheet of at most 75,000 bytes.
import type { Product } from "../../core/catalog/products";
import { formatRupees, rupeesText } from "../../core/shared/money";
import { primaryImage, productHref, struckPrice } from "./catalog-view.server";
import { imageSrc, imageSrcSet } from "./images";
import { absoluteUrl, cutDescription } from "./seo";

export const AMP_CSS_MAX_BYTES = 75_000;
export const AMP_RUNTIME = "https://cdn.ampproject.org/v0.js";
export const AMP_FORM_SCRIPT = "https://cdn.ampproject.org/v0/amp-form-0.1.js";

// AMP's required boilerplate, byte for byte (amp.dev "AMP boilerplate code")
export const AMP_BOILERPLATE =
  "<style amp-boilerplate>body{-webkit-animation:-amp-start 8s steps(1,end) 0s 1 normal both;-moz-animation:-amp-start 8s steps(1,end) 0s 1 normal both;-ms-animation:-amp-start 8s steps(1,end) 0s 1 normal both;animation:-amp-start 8s steps(1,end) 0s 1 normal both}@-webkit-keyframes -amp-start{from{visibility:hidden}to{visibility:visible}}@-moz-keyframes -amp-start{from{visibility:hidden}to{visibility:visible}}@-ms-keyframes -amp-start{from{visibility:hidden}to{visibility:visible}}@-o-keyframes -amp-start{from{visibility:hidden}to{visibility:visible}}@keyframes -amp-start{from{visibility:hidden}to{visibility:visible}}</style><noscript><style amp-boilerplate>body{-webkit-animation:none;-moz-animation:none;-ms-animation:none;animation:none}</style></noscript>";

// the storefront's look (app.css theme) in a few rules
const CSS = `
body{margin:0;background:#fbf9f6;color:#1c1917;font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;line-height:1.5}
a{color:inherit}
header{border-bottom:1px solid #e7e5e4;background:#fff;padding:14px 16px}
.brand{font-family:Georgia,serif;font-size:22px;letter-spacing:.2em;text-transform:uppercase;text-decoration:none}
main{max-width:640px;margin:0 auto;padding:16px}
h1{font-family:Georgia,serif;font-weight:400;font-size:28px;line-height:1.2;margin:16px 0 8px}
.price{font-size:22px;font-weight:600;margin:0}
.price s{font-size:16px;font-weight:400;color:#57534e;margin-left:8px}
.note,.stock{font-size:13px;color:#57534e;margin:4px 0 0}
.stock.in{color:#166534}
.stock.out{color:#991b1b}
form{margin:20px 0;display:grid;gap:10px}
label{font-size:12px;font-weight:600;letter-spacing:.15em;text-transform:uppercase}
select,input{height:44px;border:1px solid #d6d3d1;background:#fff;padding:0 10px;font-size:15px}
button{height:48px;border:0;background:#1c1917;color:#fff;font-size:13px;font-weight:600;letter-spacing:.18em;text-transform:uppercase}
button[disabled]{background:#a8a29e}
[submit-success],[submit-error]{font-size:14px;padding:10px 12px}
[submit-success]{background:#ecfdf5;color:#166534}
[submit-error]{background:#fef2f2;color:#991b1b}
.description{font-size:15px;color:#44403c}
.more{display:block;margin:24px 0;text-align:center;border:1px solid #1c1917;padding:12px;font-size:12px;font-weight:600;letter-spacing:.18em;text-transform:uppercase;text-decoration:none}
footer{border-top:1px solid #e7e5e4;padding:16px;font-size:12px;color:#57534e;text-align:center}
`.trim();

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

// JSON inside <script type="application/ld+json">: "<" cannot open a tag or an HTML comment
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/**
 * Where the form posts. AMP wants https or a relative address; AMP caches serve the page from
 * their own host, so a public https address is spelled out in full (docs/decisions/0026).
 */
export function cartActionUrl(publicUrl: string): string {
  return publicUrl.startsWith("https://") ? `${publicUrl}/api/cart/flexible` : "/api/cart/flexible";
}

function plainParagraphs(product: Product): string[] {
  const text =
    product.descriptionFormat === "html"
      ? product.description.replace(/<\/(p|li|h\d)>/gi, "\n\n").replace(/<[^>]*>/g, " ")
      : product.description;
  return text
    .split(/\n{2,}/)
    .map((p) => p.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .slice(0, 6);
}

export interface AmpSite {
  siteName: string;
  publicUrl: string;
}

/** The AMP page of one product, as a complete HTML document. */
export function renderAmpProduct(product: Product, site: AmpSite): string {
  const canonical = absoluteUrl(site.publicUrl, productHref(product));
  const image = primaryImage(product);
  const inStock = product.stock > 0;
  const struck = struckPrice(product.comparePricePaisa, product.pricePaisa);
  const combinations = product.combinations.filter((c) => c.isAvailable && c.stock > 0);
  const hasVariants = product.combinations.length > 0;
  const title = `${product.name} | ${site.siteName}`;
  const imageUrl = image ? absoluteUrl(site.publicUrl, imageSrc(image.url, 800)) : null;
  const srcset = image
    ? imageSrcSet(image.url)
        ?.split(", ")
        .map((entry) => absoluteUrl(site.publicUrl, entry))
        .join(", ")
    : undefined;
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: cutDescription(product.description),
    sku: String(product.id),
    ...(imageUrl ? { image: [imageUrl] } : {}),
    offers: {
      "@type": "Offer",
      priceCurrency: "PKR",
      price: rupeesText(product.pricePaisa),
      url: canonical,
      availability: inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    },
  };

  const css = CSS;
  if (Buffer.byteLength(css, "utf8") > AMP_CSS_MAX_BYTES)
    throw new Error("AMP stylesheet is over the 75,000-byte limit");

  const options = hasVariants
    ? `<label for="combination">Option</label>
<select id="combination" name="combination_id" required>
${combinations
  .map(
    (c) =>
      `<option value="${c.id}">${escapeHtml(c.combinationName || Object.values(c.variantAttributes).join(" / "))} · ${escapeHtml(formatRupees(c.pricePaisa))}</option>`,
  )
  .join("\n")}
</select>`
    : "";

  const form = inStock
    ? `<form method="post" action-xhr="${escapeHtml(cartActionUrl(site.publicUrl))}" target="_top" enctype="application/x-www-form-urlencoded">
<input type="hidden" name="product_id" value="${product.id}">
<input type="hidden" name="price" value="${rupeesText(product.pricePaisa)}">
${options}
<label for="quantity">Quantity</label>
<input id="quantity" type="number" name="quantity" value="1" min="1" max="99" step="1" inputmode="numeric" required>
<button type="submit">Add to Cart</button>
<div submitting>Adding…</div>
<div submit-success>Item added to cart successfully!</div>
<div submit-error>Failed to add item to cart</div>
</form>`
    : "";

  return `<!doctype html>
<html ⚡ lang="en">
<head>
<meta charset="utf-8">
<script async src="${AMP_RUNTIME}"></script>
${inStock ? `<script async custom-element="amp-form" src="${AMP_FORM_SCRIPT}"></script>\n` : ""}<title>${escapeHtml(title)}</title>
<link rel="canonical" href="${escapeHtml(canonical)}">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="description" content="${escapeHtml(cutDescription(product.description))}">
<script type="application/ld+json">${jsonForScript(jsonLd)}</script>
${AMP_BOILERPLATE}
<style amp-custom>${css}</style>
</head>
<body>
<header><a class="brand" href="${escapeHtml(absoluteUrl(site.publicUrl, "/"))}">${escapeHtml(site.siteName)}</a></header>
<main>
${
  imageUrl
    ? `<amp-img src="${escapeHtml(imageUrl)}"${srcset ? ` srcset="${escapeHtml(srcset)}"` : ""} width="3" height="4" layout="responsive" alt="${escapeHtml(image?.alt ?? product.name)}"></amp-img>`
    : ""
}
<h1>${escapeHtml(product.name)}</h1>
<p class="price">${escapeHtml(formatRupees(product.pricePaisa))}${struck === null ? "" : `<s>${escapeHtml(formatRupees(struck))}</s>`}</p>
<p class="note">Tax included. Shipping calculated at checkout.</p>
<p class="stock ${inStock ? "in" : "out"}">${inStock ? "In stock · Cash on delivery across Pakistan" : "Out of stock"}</p>
${form}
<div class="description">
${plainParagraphs(product)
  .map((p) => `<p>${escapeHtml(p)}</p>`)
  .join("\n")}
</div>
<a class="more" href="${escapeHtml(canonical)}">See all details, sizes and reviews</a>
</main>
<footer>Prices in Pakistani rupees. Cash on delivery across Pakistan.</footer>
</body>
</html>
`;
}
