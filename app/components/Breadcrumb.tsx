import { contentLang } from "../i18n/content-lang";
import { Link } from "react-router";
import { useT } from "../i18n/t";

/** The trail to the page; each path is a bare storefront address and stays in the page's language. */
export function Breadcrumb({ items }: { items: { name: string; path: string }[] }) {
  const t = useT();
  return (
    <nav aria-label={t("Breadcrumb")} className="text-xs tracking-wide text-stone-600">
      <ol className="flex flex-wrap items-center gap-1.5">
        {items.map((item, i) => (
          <li key={item.path} className="flex items-center gap-1.5">
            {i > 0 && <span aria-hidden="true">/</span>}
            {i === items.length - 1 ? (
              <span aria-current="page" className="text-ink" lang={contentLang(item.name, t.locale)}>
                {item.name}
              </span>
            ) : (
              <Link
                to={t.path(item.path)}
                className="hover:text-ink hover:underline"
                lang={contentLang(item.name, t.locale)}
              >
                {item.name}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
