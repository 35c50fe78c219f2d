// The collection's search, sort and filter form (spec §5). It is a plain GET form, so it works
// before JavaScript loads; with JavaScript, empty fields are left out of the address.
import { contentLang } from "../../i18n/content-lang";
import { useRef, type FormEvent } from "react";
import { Form, Link, useNavigate } from "react-router";
import { formatRupees } from "../../../core/shared/money";
import { useT } from "../../i18n/t";
import { SORTS, type CollectionQuery } from "../../lib/collection-query";
import { useHydrated } from "../../lib/use-hydrated";

export interface Facets {
  sizes: string[];
  colors: { value: string; hex: string | null }[];
  minRupees: number;
  maxRupees: number;
}

export function CollectionFilters({
  path,
  id,
  name,
  query,
  facets,
}: {
  path: string;
  id: string;
  name: string;
  query: CollectionQuery;
  facets: Facets;
}) {
  const navigate = useNavigate();
  const t = useT();
  const formRef = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();
  const activeFilters =
    query.sizes.length +
    query.colors.length +
    (query.minPaisa !== undefined ? 1 : 0) +
    (query.maxPaisa !== undefined ? 1 : 0);
  const clearHref = `${path}${query.search ? `?search=${encodeURIComponent(query.search)}` : ""}`;

  // with JavaScript, empty fields are left out of the address so links stay short and shareable
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const params = new URLSearchParams();
    for (const [key, value] of new FormData(event.currentTarget)) {
      if (typeof value === "string" && value.trim() !== "") params.append(key, value.trim());
    }
    const text = params.toString();
    navigate(`${path}${text ? `?${text}` : ""}`);
  }
  return (
    <Form ref={formRef} method="get" action={path} onSubmit={submit} className="mt-8 border-y border-stone-200 py-4">
      <div className="flex flex-col gap-3 md:flex-row md:items-center">
        <div role="search" className="flex flex-1">
          <label htmlFor="collection-search" className="sr-only">
            {t("Search in {name}", { name })}
          </label>
          <input
            id="collection-search"
            name="search"
            type="search"
            defaultValue={query.search}
            key={query.search}
            placeholder={id === "all" ? t("Search all products") : t("Search {name}", { name })}
            className="field rounded-none"
          />
          <button type="submit" className="btn-primary">
            {t("Search")}
          </button>
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor="sort" className="text-xs font-semibold tracking-[0.15em] whitespace-nowrap uppercase">
            {t("Sort by")}
          </label>
          <select
            id="sort"
            name="sort"
            defaultValue={query.sort ?? ""}
            key={query.sort ?? ""}
            onChange={() => formRef.current?.requestSubmit()}
            className="field w-auto"
          >
            <option value="">{query.search ? t("Best match") : t("Featured")}</option>
            {SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {t(s.label)}
              </option>
            ))}
          </select>
          {!hydrated && (
            <button type="submit" className="btn-secondary">
              {t("Sort")}
            </button>
          )}
        </div>
      </div>

      <details className="group mt-3" open={activeFilters > 0 || undefined}>
        <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 text-xs font-semibold tracking-[0.15em] uppercase [&::-webkit-details-marker]:hidden">
          <span>
            {t("Filters")}
            {activeFilters > 0 ? ` (${activeFilters})` : ""}
          </span>
          <span aria-hidden="true" className="transition-transform group-open:rotate-45">
            +
          </span>
        </summary>
        <div className="grid gap-6 pt-3 pb-2 md:grid-cols-[auto_1fr_1fr]">
          <fieldset>
            <legend className="text-sm font-semibold">{t("Price range (Rs.)")}</legend>
            <div className="mt-2 flex items-center gap-2">
              <label className="sr-only" htmlFor="price-min">
                {t("Minimum price")}
              </label>
              <input
                id="price-min"
                name="min"
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                placeholder={String(facets.minRupees)}
                defaultValue={query.minPaisa !== undefined ? query.minPaisa / 100 : ""}
                key={`min${query.minPaisa}`}
                className="field w-28"
              />
              <span aria-hidden="true">–</span>
              <label className="sr-only" htmlFor="price-max">
                {t("Maximum price")}
              </label>
              <input
                id="price-max"
                name="max"
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                placeholder={String(facets.maxRupees)}
                defaultValue={query.maxPaisa !== undefined ? query.maxPaisa / 100 : ""}
                key={`max${query.maxPaisa}`}
                className="field w-28"
              />
            </div>
            <p className="mt-1 text-xs text-stone-600">
              {t("{min} to {max}", {
                min: formatRupees(facets.minRupees * 100),
                max: formatRupees(facets.maxRupees * 100),
              })}
            </p>
          </fieldset>
          {facets.sizes.length > 0 && (
            <fieldset>
              <legend className="text-sm font-semibold">{t("Sizes")}</legend>
              <div className="mt-2 flex flex-wrap gap-1.5">
                {facets.sizes.map((s) => (
                  <label key={s} className="relative cursor-pointer" lang={contentLang(s, t.locale)}>
                    <input
                      type="checkbox"
                      name="size"
                      value={s}
                      defaultChecked={query.sizes.includes(s)}
                      key={`${s}${query.sizes.includes(s)}`}
                      className="peer sr-only"
                    />
                    <span className="inline-flex h-9 min-w-9 items-center justify-center border border-stone-300 bg-white px-2 text-xs peer-checked:border-ink peer-checked:bg-ink peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-accent">
                      {s}
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          {facets.colors.length > 0 && (
            <fieldset>
              <legend className="text-sm font-semibold">{t("Colours")}</legend>
              <div className="mt-2 flex flex-wrap gap-1.5">
                {facets.colors.map((c) => (
                  <label key={c.value} className="relative cursor-pointer" lang={contentLang(c.value, t.locale)}>
                    <input
                      type="checkbox"
                      name="color"
                      value={c.value}
                      defaultChecked={query.colors.includes(c.value)}
                      key={`${c.value}${query.colors.includes(c.value)}`}
                      className="peer sr-only"
                    />
                    <span className="inline-flex h-9 items-center gap-1.5 border border-stone-300 bg-white px-2.5 text-xs peer-checked:border-ink peer-checked:ring-1 peer-checked:ring-ink peer-focus-visible:outline-2 peer-focus-visible:outline-accent">
                      <span
                        aria-hidden="true"
                        className="h-3.5 w-3.5 rounded-full ring-1 ring-black/15"
                        style={{ backgroundColor: c.hex ?? "#ccc" }}
                      />
                      {c.value}
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
          )}
        </div>
        <div className="flex gap-2 pt-3">
          <button type="submit" className="btn-primary">
            {t("Apply Filters")}
          </button>
          <Link to={clearHref} className="btn-secondary">
            {t("Clear All")}
          </Link>
        </div>
      </details>
    </Form>
  );
}
