// The collection page's address (spec §5): search, sort, price range, sizes, colours and page as
// read from the query string, and written back for the pager's links.
import type { ProductSort } from "../../core/catalog/products";

export const PAGE_SIZE = 24;
/** spec §5: the price filter starts at 0 to 1000 and widens to the prices found */
export const DEFAULT_MIN = 0;
export const DEFAULT_MAX = 1000;

export const SORTS: { value: Exclude<ProductSort, "relevance">; label: string }[] = [
  { value: "name", label: "Name A-Z" },
  { value: "price_asc", label: "Price: Low to High" },
  { value: "price_desc", label: "Price: High to Low" },
  { value: "newest", label: "Newest First" },
];

function rupeesParam(value: string | null): number | undefined {
  if (value === null || value.trim() === "") return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 && n < 1e9 ? Math.round(n * 100) : undefined;
}

export function parseQuery(url: URL) {
  const p = url.searchParams;
  const sortParam = p.get("sort");
  const sort = SORTS.find((s) => s.value === sortParam)?.value;
  const page = Math.max(1, Math.min(1000, Math.floor(Number(p.get("page") ?? 1)) || 1));
  const list = (name: string) =>
    [
      ...new Set(
        p
          .getAll(name)
          .map((v) => v.trim())
          .filter(Boolean),
      ),
    ].slice(0, 30);
  return {
    search: (p.get("search") ?? "").trim().slice(0, 100),
    sort,
    page,
    minPaisa: rupeesParam(p.get("min")),
    maxPaisa: rupeesParam(p.get("max")),
    sizes: list("size"),
    colors: list("color"),
  };
}

export type CollectionQuery = ReturnType<typeof parseQuery>;

export function queryString(query: CollectionQuery, changes: Partial<CollectionQuery>): string {
  const q = { ...query, ...changes };
  const p = new URLSearchParams();
  if (q.search) p.set("search", q.search);
  if (q.sort) p.set("sort", q.sort);
  if (q.minPaisa !== undefined) p.set("min", String(q.minPaisa / 100));
  if (q.maxPaisa !== undefined) p.set("max", String(q.maxPaisa / 100));
  for (const s of q.sizes) p.append("size", s);
  for (const c of q.colors) p.append("color", c);
  if (q.page > 1) p.set("page", String(q.page));
  const text = p.toString();
  return text ? `?${text}` : "";
}
