// Page metadata (design.md "Pages"): title, description cut to 150 characters, canonical link,
// Open Graph and Twitter tags, and JSON-LD blocks.
import type { MetaDescriptor } from "react-router";
import { CACHE_TAGS_HEADER, productTag } from "../../core/shared/cache";
import { LOCALE_TAGS, LOCALES, type Locale, localePath } from "../i18n/locales";

export const DESCRIPTION_MAX = 150;

export interface ShellSeo {
  publicUrl: string;
  siteName: string;
  defaultDescription: string;
  defaultImage: string | null;
}

export function cutDescription(text: string): string {
  const plain = text
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (plain.length <= DESCRIPTION_MAX) return plain;
  return `${plain.slice(0, DESCRIPTION_MAX - 1).replace(/\s+\S*$/, "")}…`;
}

export function absoluteUrl(publicUrl: string, path: string): string {
  return /^https?:\/\//.test(path) ? path : `${publicUrl}${path.startsWith("/") ? "" : "/"}${path}`;
}

export function pageMeta(
  shell: ShellSeo | undefined,
  page: {
    title: string;
    description?: string | null;
    path: string;
    image?: string | null;
    type?: "website" | "product" | "article";
    jsonLd?: unknown[];
    noindex?: boolean;
    /** The page's language: its canonical address is in it, and it names the other one. */
    locale?: Locale;
  },
): MetaDescriptor[] {
  const locale = page.locale ?? "en";
  const publicUrl = shell?.publicUrl ?? "";
  const siteName = shell?.siteName ?? "";
  const description = cutDescription(page.description || shell?.defaultDescription || "");
  const url = absoluteUrl(publicUrl, localePath(page.path, locale));
  const image = page.image ?? shell?.defaultImage ?? null;
  const meta: MetaDescriptor[] = [
    { title: page.title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: siteName },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: page.title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:locale", content: LOCALE_TAGS[locale].replace("-", "_") },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: description },
  ];
  if (image) {
    meta.push({ property: "og:image", content: absoluteUrl(publicUrl, image) });
    meta.push({ name: "twitter:image", content: absoluteUrl(publicUrl, image) });
  }
  if (page.noindex) meta.push({ name: "robots", content: "noindex" });
  else {
    // each language names the other, and English is the page for any other language
    for (const other of LOCALES) {
      const href = absoluteUrl(publicUrl, localePath(page.path, other));
      meta.push({ tagName: "link", rel: "alternate", hrefLang: LOCALE_TAGS[other].slice(0, 2), href });
    }
    meta.push({
      tagName: "link",
      rel: "alternate",
      hrefLang: "x-default",
      href: absoluteUrl(publicUrl, localePath(page.path, "en")),
    });
  }
  for (const block of page.jsonLd ?? []) meta.push({ "script:ld+json": block } as MetaDescriptor);
  return meta;
}

export function breadcrumbJsonLd(publicUrl: string, items: { name: string; path: string }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: absoluteUrl(publicUrl, item.path),
    })),
  };
}

/** Public pages are the same for every anonymous visitor, so shared caches may keep them briefly. */
export const PUBLIC_CACHE = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

export function publicPageHeaders() {
  return { "Cache-Control": PUBLIC_CACHE };
}

/**
 * Headers of a public page whose loader named what the page was made from (productTagHeaders), for
 * the server's page cache: a review of that product then drops this page at once and no other
 * (decision 0052). The server never sends the tag on.
 */
export function taggedPageHeaders({ loaderHeaders }: { loaderHeaders: Headers }) {
  const tags = loaderHeaders.get(CACHE_TAGS_HEADER);
  return tags ? { ...publicPageHeaders(), [CACHE_TAGS_HEADER]: tags } : publicPageHeaders();
}

/** A loader's answer headers naming the product its page shows (React Router's headers() sees no data). */
export const productTagHeaders = (productId: number) => ({ [CACHE_TAGS_HEADER]: productTag(productId) });
