// XML sitemaps (sitemaps.org protocol 0.9): one <urlset> of at most 50,000 addresses, or past
// that a <sitemapindex> naming numbered parts, each a <urlset> of its own.
export const SITEMAP_MAX_URLS = 50_000;
const XMLNS = "http://www.sitemaps.org/schemas/sitemap/0.9";

export interface SitemapEntry {
  /** absolute address */
  loc: string;
  lastmod?: Date | null;
}

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

// W3C datetime, in UTC
function lastmod(date: Date | null | undefined): string {
  return date && !Number.isNaN(date.getTime()) ? `<lastmod>${date.toISOString()}</lastmod>` : "";
}

export function renderUrlset(entries: SitemapEntry[]): string {
  const urls = entries.map((e) => `<url><loc>${escapeXml(e.loc)}</loc>${lastmod(e.lastmod)}</url>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${XMLNS}">\n${urls}\n</urlset>\n`;
}

export function renderSitemapIndex(parts: SitemapEntry[]): string {
  const items = parts.map((p) => `<sitemap><loc>${escapeXml(p.loc)}</loc>${lastmod(p.lastmod)}</sitemap>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${XMLNS}">\n${items}\n</sitemapindex>\n`;
}

function newest(entries: SitemapEntry[]): Date | null {
  let best: Date | null = null;
  for (const e of entries) if (e.lastmod && (!best || e.lastmod > best)) best = e.lastmod;
  return best;
}

/**
 * The XML for one request. Without a page: the whole urlset when it fits, else the index of
 * parts (page 1, 2, …, addressed by partUrl). With a page: that part, or null when there is no
 * such part (the caller answers 404).
 */
export function sitemapXml(
  entries: SitemapEntry[],
  options: { page?: number | null; partUrl: (page: number) => string; max?: number },
): string | null {
  const max = options.max ?? SITEMAP_MAX_URLS;
  const parts = Math.max(1, Math.ceil(entries.length / max));
  if (options.page === undefined || options.page === null) {
    if (parts === 1) return renderUrlset(entries);
    return renderSitemapIndex(
      Array.from({ length: parts }, (_, i) => ({
        loc: options.partUrl(i + 1),
        lastmod: newest(entries.slice(i * max, (i + 1) * max)),
      })),
    );
  }
  if (!Number.isInteger(options.page) || options.page < 1 || options.page > parts || parts === 1) return null;
  return renderUrlset(entries.slice((options.page - 1) * max, options.page * max));
}
