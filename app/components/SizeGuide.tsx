import { useRef } from "react";
import { useT } from "../i18n/t";
import type { SizeGuideTable } from "../lib/size-guide";

/** A link beside the sizes that opens the guide fitting this product (lib/size-guide). */
export function SizeGuide({ guide }: { guide: SizeGuideTable }) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <>
      <button
        type="button"
        onClick={() => dialog.current?.showModal()}
        className="text-xs underline underline-offset-4 hover:text-accent"
        aria-haspopup="dialog"
      >
        {t("Size guide")}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby="size-guide-title"
        className="m-auto max-h-[calc(100dvh-2rem)] w-[min(32rem,calc(100vw-2rem))] bg-white p-0 text-ink backdrop:bg-black/50"
        onClick={(e) => {
          // a click on the backdrop (the dialog element itself) closes it
          if (e.target === e.currentTarget) e.currentTarget.close();
        }}
      >
        <div className="p-6">
          <div className="flex items-start justify-between">
            <h2 id="size-guide-title" className="font-serif text-2xl">
              {t("Size Guide")}
            </h2>
            <form method="dialog">
              <button type="submit" className="-m-2 p-2 text-2xl leading-none" aria-label={t("Close size guide")}>
                ×
              </button>
            </form>
          </div>
          <p className="mt-2 text-sm text-stone-600">{t(guide.note)}</p>
          <table className="mt-4 w-full text-start text-sm">
            <thead>
              <tr className="border-b border-stone-300">
                {guide.columns.map((column) => (
                  <th key={column} scope="col" className="py-2 font-semibold">
                    {t(column)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {guide.rows.map(([size, ...measures]) => (
                <tr key={size} className="border-b border-stone-100">
                  <th scope="row" className="py-2 font-semibold">
                    {size}
                  </th>
                  {/* "30–32" keeps its order inside Urdu (right to left it would read "32–30") */}
                  {measures.map((value, i) => (
                    <td key={i} className="py-2">
                      <bdi dir="ltr">{value}</bdi>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </dialog>
    </>
  );
}
