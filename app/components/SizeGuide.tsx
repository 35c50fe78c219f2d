import { useRef } from "react";

// spec §2 / §9: XS to XL with chest, waist and length, in inches
const ROWS = [
  ["XS", "32", "26", "40"],
  ["S", "34", "28", "41"],
  ["M", "36", "30", "42"],
  ["L", "38", "32", "43"],
  ["XL", "40", "34", "44"],
];

/** The size guide the spec describes with nothing to open it; a link beside the sizes opens it. */
export function SizeGuide() {
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <>
      <button
        type="button"
        onClick={() => dialog.current?.showModal()}
        className="text-xs underline underline-offset-4 hover:text-accent"
        aria-haspopup="dialog"
      >
        Size guide
      </button>
      <dialog
        ref={dialog}
        aria-labelledby="size-guide-title"
        className="m-auto w-[min(32rem,calc(100vw-2rem))] bg-white p-0 text-ink backdrop:bg-black/50"
        onClick={(e) => {
          // a click on the backdrop (the dialog element itself) closes it
          if (e.target === e.currentTarget) e.currentTarget.close();
        }}
      >
        <div className="p-6">
          <div className="flex items-start justify-between">
            <h2 id="size-guide-title" className="font-serif text-2xl">
              Size Guide
            </h2>
            <form method="dialog">
              <button type="submit" className="-m-2 p-2 text-2xl leading-none" aria-label="Close size guide">
                ×
              </button>
            </form>
          </div>
          <p className="mt-2 text-sm text-stone-600">Body measurements in inches.</p>
          <table className="mt-4 w-full text-left text-sm">
            <thead>
              <tr className="border-b border-stone-300">
                <th scope="col" className="py-2 font-semibold">
                  Size
                </th>
                <th scope="col" className="py-2 font-semibold">
                  Chest
                </th>
                <th scope="col" className="py-2 font-semibold">
                  Waist
                </th>
                <th scope="col" className="py-2 font-semibold">
                  Length
                </th>
              </tr>
            </thead>
            <tbody>
              {ROWS.map(([size, chest, waist, length]) => (
                <tr key={size} className="border-b border-stone-100">
                  <th scope="row" className="py-2 font-semibold">
                    {size}
                  </th>
                  <td className="py-2">{chest}</td>
                  <td className="py-2">{waist}</td>
                  <td className="py-2">{length}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </dialog>
    </>
  );
}
