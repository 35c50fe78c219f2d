// XML sitemaps (sitemaps.org protocol 0.9): one <urlset> of at most 50,000 addresses, or past
// that a <sitemapindex> naming numbered parts, each a <urlset> of its own. A large catalogue's
// parts are written as streams (sitemapSlices, urlsetStream): only a batch of addresses is in
// memory at a time, however many products there are (decision 0027).
export const SITEMAP_MAX_URLS = 50_000;
const XMLNS = "http://www.sitemaps.org/schemas/sitemap/0.9";
const XHTML = "http://www.w3.org/1999/xhtml";
const URLSET_OPEN = `<urlset xmlns="${XMLNS}" xmlns:xhtml="${XHTML}">`;

export interface SitemapEntry {
  /** absolute address */
  loc: string;
  lastmod?: Date | null;
  /**
   * The same page in each language (hreflang → absolute address, decision 0110): the entry is
   * then listed once per language, each naming all of them, as search engines read hreflang in
   * a sitemap. A part then holds SITEMAP_MAX_URLS / languages entries.
   */
  languages?: Readonly<Record<string, string>>;
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

/** An entry's <url> elements: one, or one per language with the hreflang links of all. */
function urlElements(e: SitemapEntry): string {
  if (!e.languages) return `<url><loc>${escapeXml(e.loc)}</loc>${lastmod(e.lastmod)}</url>`;
  const languages = Object.entries(e.languages);
  const links = languages
    .map(([lang, href]) => `<xhtml:link rel="alternate" hreflang="${escapeXml(lang)}" href="${escapeXml(href)}"/>`)
    .join("");
  return languages
    .map(([, href]) => `<url><loc>${escapeXml(href)}</loc>${lastmod(e.lastmod)}${links}</url>`)
    .join("\n");
}

export function renderUrlset(entries: SitemapEntry[]): string {
  const urls = entries.map(urlElements).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n${URLSET_OPEN}\n${urls}\n</urlset>\n`;
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

/**
 * The sitemap's addresses as three runs: a few first (home, collections), many in the middle
 * (products, read a batch at a time from `offset`, at most `limit`), a few last (blog, pages).
 */
export interface SitemapSource {
  head: SitemapEntry[];
  middleCount: number;
  middle(range: { offset: number; limit: number }): AsyncIterable<SitemapEntry[]>;
  tail: SitemapEntry[];
}

export function sitemapTotal(source: SitemapSource): number {
  return source.head.length + source.middleCount + source.tail.length;
}

/** How many parts the sitemap has: 1 is a plain urlset without an index. */
export function sitemapParts(source: SitemapSource, max = SITEMAP_MAX_URLS): number {
  return Math.max(1, Math.ceil(sitemapTotal(source) / max));
}

/** The addresses of one part (1-based; the whole sitemap when it has one part), a batch at a time. */
export async function* sitemapSlices(
  source: SitemapSource,
  page: number,
  max = SITEMAP_MAX_URLS,
): AsyncGenerator<SitemapEntry[]> {
  const start = (page - 1) * max;
  const end = Math.min(page * max, sitemapTotal(source));
  const headEnd = source.head.length;
  const middleEnd = headEnd + source.middleCount;
  if (start < headEnd) yield source.head.slice(start, Math.min(end, headEnd));
  const offset = Math.max(start, headEnd) - headEnd;
  const limit = Math.min(end, middleEnd) - headEnd - offset;
  if (limit > 0) yield* source.middle({ offset, limit });
  if (end > middleEnd) yield source.tail.slice(Math.max(start, middleEnd) - middleEnd, end - middleEnd);
}

/**
 * The index of parts: each part's lastmod is the newest of its own first and last addresses'
 * dates and of `middleChanged` (the newest middle address per part, read by the caller in one
 * pass over the database).
 */
export function sitemapIndexXml(
  source: SitemapSource,
  partUrl: (page: number) => string,
  middleChanged: Map<number, Date>,
  max = SITEMAP_MAX_URLS,
): string {
  const parts = sitemapParts(source, max);
  const middleEnd = source.head.length + source.middleCount;
  const items: SitemapEntry[] = [];
  for (let page = 1; page <= parts; page++) {
    const start = (page - 1) * max;
    const end = page * max;
    const own = [
      ...source.head.slice(start, end),
      ...source.tail.slice(Math.max(0, start - middleEnd), Math.max(0, end - middleEnd)),
    ];
    const changed = middleChanged.get(page);
    items.push({ loc: partUrl(page), lastmod: newest(changed ? [...own, { loc: "", lastmod: changed }] : own) });
  }
  return renderSitemapIndex(items);
}

/** A urlset written as its addresses arrive, a batch at a time. */
export function urlsetStream(batches: AsyncIterable<SitemapEntry[]>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = batches[Symbol.asyncIterator]();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`<?xml version="1.0" encoding="UTF-8"?>\n${URLSET_OPEN}\n`));
        return;
      }
      const next = await iterator.next();
      if (next.done) {
        controller.enqueue(encoder.encode(`</urlset>\n`));
        controller.close();
        return;
      }
      const text = next.value.map((e) => `${urlElements(e)}\n`).join("");
      if (text) controller.enqueue(encoder.encode(text));
    },
    async cancel() {
      await iterator.return?.(undefined);
    },
  });
}
