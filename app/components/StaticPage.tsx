import { createContext, useContext, type ReactNode } from "react";
import { Breadcrumb } from "./Breadcrumb";
import { otherLanguage, Prose } from "./Prose";
import { useT } from "../i18n/t";
import { formatDayIn } from "../lib/dates";

/**
 * True while the console renders a policy page's shipped text as the editor's starting point
 * (decision 0067): the page gives only its intro and body, no frame.
 */
export const PolicyTextOnly = createContext(false);

/** The frame of the static pages (spec §2): breadcrumb, title, date of the text, body. */
export function StaticPage({
  title,
  eyebrow,
  path,
  updated,
  intro,
  html,
  lang,
  children,
}: {
  title: string;
  eyebrow: string;
  path: string;
  updated?: string;
  intro?: ReactNode;
  /** the text as staff stored it (already cleaned), shown instead of children */
  html?: string;
  /** "en" when title and html are the owner's English text on a page in another language */
  lang?: "en";
  children?: ReactNode;
}) {
  const t = useT();
  const textOnly = useContext(PolicyTextOnly);
  if (textOnly) {
    return (
      <>
        {intro}
        {children}
      </>
    );
  }
  return (
    <main className="mx-auto max-w-7xl px-4 pt-4 md:px-8 md:pt-8">
      <Breadcrumb
        items={[
          { name: t("Home"), path: "/" },
          { name: title, path },
        ]}
      />
      <article className="mx-auto mt-8 max-w-3xl" aria-labelledby="page-title">
        <header>
          <p className="eyebrow">{eyebrow}</p>
          <h1 id="page-title" className="mt-2 font-serif text-4xl leading-tight md:text-5xl">
            {lang ? <span {...otherLanguage(lang)}>{title}</span> : title}
          </h1>
          {updated && (
            <p className="mt-3 text-sm text-stone-600">
              {t("Last updated {date}", { date: formatDayIn(t.tag, `${updated}T00:00:00+05:00`) })}
            </p>
          )}
          {intro && <div className="mt-5 text-lg text-stone-700">{intro}</div>}
        </header>
        {html !== undefined ? (
          <Prose className="mt-6" html={html} lang={lang} />
        ) : (
          <Prose className="mt-6">{children}</Prose>
        )}
      </article>
    </main>
  );
}
