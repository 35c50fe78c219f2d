// The product page's folding sections under the buy box: the description with its highlights,
// the specifications and the product's FAQs.
import type { ReactNode } from "react";
import type { ProductView } from "../../lib/product-view.server";
import { useT } from "../../i18n/t";
import { contentLang } from "../../i18n/content-lang";

// the product's own words (dir="auto"): English text on an Urdu page keeps its full stops and
// question marks at its end, and Urdu written by the shop reads right to left on either page
function Description({ product }: { product: ProductView }) {
  const { locale } = useT();
  const lang = contentLang(product.description, locale);
  if (product.descriptionFormat === "html") {
    // stored HTML is cleaned by core when it is written and again when it is read (decision 0047)
    return (
      <div
        dir="auto"
        lang={lang}
        className="prose-sm space-y-3 text-[15px] leading-relaxed text-stone-700"
        dangerouslySetInnerHTML={{ __html: product.description }}
      />
    );
  }
  return (
    <div className="space-y-3 text-[15px] leading-relaxed text-stone-700">
      {product.description.split(/\n{2,}/).map((para, i) => (
        <p key={i} dir="auto" lang={lang}>
          {para}
        </p>
      ))}
      {product.structured?.bullet_points && product.structured.bullet_points.length > 0 && (
        <ul dir="auto" className="list-disc space-y-1 ps-5">
          {product.structured.bullet_points.map((b) => (
            <li key={b} lang={contentLang(b, locale)}>
              {b}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** One folding section; its summary's "+" turns into a cross while it is open. */
function Section({ title, open, children }: { title: string; open?: boolean; children: ReactNode }) {
  return (
    <details className="group border-b border-stone-200 py-4" open={open}>
      <summary className="flex cursor-pointer list-none items-center justify-between text-xs font-semibold tracking-[0.18em] uppercase [&::-webkit-details-marker]:hidden">
        {title}{" "}
        <span aria-hidden="true" className="transition-transform group-open:rotate-45">
          +
        </span>
      </summary>
      {children}
    </details>
  );
}

export function ProductDetails({ product }: { product: ProductView }) {
  const t = useT();
  // the owner's own fields and the material are the product's words; the rest are the shop's
  const specs: [string, string][] = [
    ...Object.entries(product.customFields),
    ...(product.materialType ? ([[t("Material"), product.materialType]] as [string, string][]) : []),
    [t("Care"), t("Machine wash cold")],
    [t("Origin"), t("Pakistan")],
  ];
  const highlights = product.structured?.highlights ?? [];
  return (
    <>
      <Section title={t("Product Details")} open>
        <div className="mt-3">
          <Description product={product} />
          {highlights.length > 0 && (
            <ul dir="auto" className="mt-3 space-y-1 text-sm text-stone-700">
              {highlights.map((h) => (
                <li key={h} lang={contentLang(h, t.locale)}>
                  — {h}
                </li>
              ))}
            </ul>
          )}
        </div>
      </Section>
      <Section title={t("Specifications")}>
        <dl className="mt-3 grid grid-cols-[8rem_1fr] gap-x-4 gap-y-2 text-sm">
          {specs.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="text-stone-600" lang={contentLang(k, t.locale)}>
                {k}
              </dt>
              <dd lang={contentLang(v, t.locale)}>{v}</dd>
            </div>
          ))}
        </dl>
      </Section>
      {product.faqs.length > 0 && (
        <section aria-labelledby="faq-title" className="py-4">
          <h2 id="faq-title" className="text-xs font-semibold tracking-[0.18em] uppercase">
            {t("FAQs")}
          </h2>
          {product.faqs.map((f) => (
            <details key={f.question} className="border-b border-stone-200 py-3">
              <summary
                dir="auto"
                lang={contentLang(f.question, t.locale)}
                className="cursor-pointer text-sm font-medium"
              >
                {f.question}
              </summary>
              <p dir="auto" lang={contentLang(f.answer, t.locale)} className="mt-2 text-sm text-stone-700">
                {f.answer}
              </p>
            </details>
          ))}
        </section>
      )}
    </>
  );
}
