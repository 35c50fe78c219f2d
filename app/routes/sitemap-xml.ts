// /sitemap.xml: every public page, collection, product and blog post with lastmod, as a
// resource route (docs/decisions/0027). Past 50,000 addresses it answers a sitemap index whose
// parts are /sitemap.xml?page=N. The products are read and written a batch at a time: a part of 50,000 addresses never sits in memory whole, and such an answer is not
// kept by the page cache (which would hold its text).
import { listPolicyPages } from "../../core/content/policy-pages";
import { getSitemapOutline, sitemapPartsChanged, sitemapProducts } from "../../core/content/sitemap";
import { UNCACHED_PAGE_HEADER } from "../../core/shared/cache";
import { productHref } from "../lib/catalog-view.server";
import { POLICIES_UPDATED } from "../lib/policies";
import { absoluteUrl } from "../lib/seo";
import { LOCALE_TAGS, LOCALES, localePath } from "../i18n/locales";
import {
  SITEMAP_MAX_URLS,
  sitemapIndexXml,
  sitemapParts,
  sitemapSlices,
  urlsetStream,
  type SitemapEntry,
  type SitemapSource,
} from "../lib/sitemap-xml";
import type { Route } from "./+types/sitemap-xml";

const SITEMAP_CACHE = "public, max-age=0, s-maxage=3600, stale-while-revalidate=86400";
const XML = "application/xml; charset=utf-8";

function newest(dates: (Date | null)[]): Date | null {
  return dates.reduce<Date | null>((best, d) => (d && (!best || d > best) ? d : best), null);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const publicUrl = context.config.publicUrl;
  const pageParam = new URL(request.url).searchParams.get("page");
  const page = pageParam === null ? null : /^\d{1,6}$/.test(pageParam) ? Number(pageParam) : NaN;

  const [outline, storedPolicies] = await Promise.all([getSitemapOutline(context.core), listPolicyPages(context.core)]);
  const url = (path: string) => absoluteUrl(publicUrl, path);
  // every page in English and in Urdu, each naming the other (decision 0110)
  const inEveryLanguage = (path: string, lastmod: Date | null): SitemapEntry => ({
    loc: url(path),
    lastmod,
    languages: Object.fromEntries(LOCALES.map((l) => [LOCALE_TAGS[l].slice(0, 2), url(localePath(path, l))])),
  });
  const catalogueChanged = outline.productsChanged;
  const blogChanged = newest(outline.posts.map((p) => p.updatedAt));
  const shipped = new Date(`${POLICIES_UPDATED}T00:00:00Z`);
  // a page whose text staff saved in the console changed then (decision 0067)
  const policy = (slug: string) => storedPolicies.find((p) => p.slug === slug)?.updatedAt ?? shipped;
  const policies = newest(["about", "refund-policy", "privacy", "terms"].map(policy))!;
  const source: SitemapSource = {
    head: [
      inEveryLanguage("/", newest([catalogueChanged, blogChanged])),
      inEveryLanguage("/collection/all", catalogueChanged),
      ...outline.collections.map((c) => inEveryLanguage(`/collection/${c.id}`, c.updatedAt)),
    ],
    middleCount: outline.productCount,
    async *middle(range) {
      for await (const rows of sitemapProducts(context.core, range))
        yield rows.map((p) => inEveryLanguage(productHref(p), p.updatedAt));
    },
    tail: [
      inEveryLanguage("/blog", blogChanged),
      ...outline.posts.map((p) => inEveryLanguage(`/blog/${p.slug || p.id}`, p.updatedAt)),
      inEveryLanguage("/about", policy("about")),
      inEveryLanguage("/refund-policy", policy("refund-policy")),
      inEveryLanguage("/privacy", policy("privacy")),
      inEveryLanguage("/terms", policy("terms")),
      inEveryLanguage("/sitemap", newest([catalogueChanged, blogChanged, policies])),
    ],
  };

  // each page is listed once per language: a part of 50,000 addresses holds 25,000 pages
  const partSize = SITEMAP_MAX_URLS / LOCALES.length;
  const parts = sitemapParts(source, partSize);
  if (page === null && parts > 1) {
    const changed = await sitemapPartsChanged(context.core, source.head.length, partSize);
    const xml = sitemapIndexXml(source, (n) => url(`/sitemap.xml?page=${n}`), changed, partSize);
    return new Response(xml, { headers: { "Content-Type": XML, "Cache-Control": SITEMAP_CACHE } });
  }
  if (page !== null && !(Number.isInteger(page) && page >= 1 && page <= parts && parts > 1)) {
    return new Response("No such sitemap part\n", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return new Response(urlsetStream(sitemapSlices(source, page ?? 1, partSize)), {
    headers: { "Content-Type": XML, "Cache-Control": SITEMAP_CACHE, [UNCACHED_PAGE_HEADER]: "1" },
  });
}
