// /sitemap.xml (issue 7): every public page, collection, product and blog post with lastmod, as a
// resource route (docs/decisions/0027). Past 50,000 addresses it answers a sitemap index whose
// parts are /sitemap.xml?page=N.
import { listPolicyPages } from "../../core/content/policy-pages";
import { listSitemapData } from "../../core/content/sitemap";
import { productHref } from "../lib/catalog-view.server";
import { POLICIES_UPDATED } from "../lib/policies";
import { absoluteUrl } from "../lib/seo";
import { sitemapXml, type SitemapEntry } from "../lib/sitemap-xml";
import type { Route } from "./+types/sitemap-xml";

const SITEMAP_CACHE = "public, max-age=0, s-maxage=3600, stale-while-revalidate=86400";

function newest(dates: Date[]): Date | null {
  return dates.reduce<Date | null>((best, d) => (!best || d > best ? d : best), null);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const publicUrl = context.config.publicUrl;
  const pageParam = new URL(request.url).searchParams.get("page");
  const page = pageParam === null ? null : /^\d{1,6}$/.test(pageParam) ? Number(pageParam) : NaN;

  const [data, storedPolicies] = await Promise.all([listSitemapData(context.core), listPolicyPages(context.core)]);
  const url = (path: string) => absoluteUrl(publicUrl, path);
  const catalogueChanged = newest(data.products.map((p) => p.updatedAt));
  const blogChanged = newest(data.posts.map((p) => p.updatedAt));
  const shipped = new Date(`${POLICIES_UPDATED}T00:00:00Z`);
  // a page whose text staff saved in the console changed then (issue 14, point 8)
  const policy = (slug: string) => storedPolicies.find((p) => p.slug === slug)?.updatedAt ?? shipped;
  const policies = newest(["about", "refund-policy", "privacy", "terms"].map(policy))!;
  const entries: SitemapEntry[] = [
    { loc: url("/"), lastmod: newest([catalogueChanged, blogChanged].filter((d): d is Date => d !== null)) },
    { loc: url("/collection/all"), lastmod: catalogueChanged },
    ...data.collections.map((c) => ({ loc: url(`/collection/${c.id}`), lastmod: c.updatedAt })),
    ...data.products.map((p) => ({ loc: url(productHref(p)), lastmod: p.updatedAt })),
    { loc: url("/blog"), lastmod: blogChanged },
    ...data.posts.map((p) => ({ loc: url(`/blog/${p.slug || p.id}`), lastmod: p.updatedAt })),
    { loc: url("/about"), lastmod: policy("about") },
    { loc: url("/refund-policy"), lastmod: policy("refund-policy") },
    { loc: url("/privacy"), lastmod: policy("privacy") },
    { loc: url("/terms"), lastmod: policy("terms") },
    { loc: url("/sitemap"), lastmod: newest([catalogueChanged, blogChanged, policies].filter((d): d is Date => d !== null)) },
  ];

  const xml = sitemapXml(entries, { page, partUrl: (n) => url(`/sitemap.xml?page=${n}`) });
  if (xml === null) {
    return new Response("No such sitemap part\n", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": SITEMAP_CACHE },
  });
}
