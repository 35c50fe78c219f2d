import type { ReactNode } from "react";

// Long-form text (blog bodies, policies) in the store's type: serif headings, readable measure.
export const PROSE =
  "max-w-none text-[15px] leading-relaxed text-stone-700 md:text-base [&_a]:text-accent [&_a]:underline [&_a]:underline-offset-2 [&_blockquote]:my-6 [&_blockquote]:border-s-2 [&_blockquote]:border-accent [&_blockquote]:ps-4 [&_blockquote]:italic [&_figcaption]:mt-2 [&_figcaption]:text-sm [&_figcaption]:text-stone-600 [&_h2]:mt-10 [&_h2]:mb-3 [&_h2]:font-serif [&_h2]:text-2xl [&_h2]:text-ink [&_h3]:mt-8 [&_h3]:mb-2 [&_h3]:font-serif [&_h3]:text-xl [&_h3]:text-ink [&_h4]:mt-6 [&_h4]:font-semibold [&_h4]:text-ink [&_img]:my-6 [&_img]:h-auto [&_img]:max-w-full [&_li]:mt-1.5 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:ps-6 [&_p]:my-4 [&_strong]:text-ink [&_table]:my-6 [&_table]:w-full [&_table]:text-sm [&_td]:border [&_td]:border-stone-200 [&_td]:p-2 [&_th]:border [&_th]:border-stone-200 [&_th]:bg-stone-50 [&_th]:p-2 [&_th]:text-start [&_ul]:my-4 [&_ul]:list-disc [&_ul]:ps-6";

/**
 * lang and dir for stored text in another language than its page (an English post on an Urdu
 * page): read and spoken as English, left to right. Nothing when the text is in the page's own.
 */
export function otherLanguage(lang: "en" | undefined): { lang?: "en"; dir?: "ltr" } {
  return lang ? { lang, dir: "ltr" } : {};
}

/**
 * A short stored text (a title, a category, an excerpt) in another language than its page, set
 * apart inline: it reads left to right yet keeps the alignment of the Urdu block around it, so a
 * card's English title, excerpt and Urdu date line all start on the same side. As it is otherwise.
 */
export function OtherLanguage({ lang, children }: { lang: "en" | undefined; children: ReactNode }) {
  return lang ? <span {...otherLanguage(lang)}>{children}</span> : children;
}

/**
 * A block of long-form text; html is rendered as given, so it must already be sanitised. lang
 * names the text's language when it is not the page's (see otherLanguage).
 */
export function Prose({
  html,
  children,
  className = "",
  lang,
}: {
  html?: string;
  children?: ReactNode;
  className?: string;
  lang?: "en";
}) {
  if (html !== undefined)
    return (
      <div className={`${PROSE} ${className}`} {...otherLanguage(lang)} dangerouslySetInnerHTML={{ __html: html }} />
    );
  return <div className={`${PROSE} ${className}`}>{children}</div>;
}
