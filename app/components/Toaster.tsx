import { useEffect, useState } from "react";
import { dismissToast, subscribeToasts, type Toast } from "../lib/toast";

/** Top-right stack of the toasts of spec §8; each leaves after 3 seconds. */
export function Toaster() {
  const [list, setList] = useState<Toast[]>([]);
  useEffect(() => subscribeToasts(setList), []);
  return (
    <div
      aria-live="polite"
      role="status"
      className="pointer-events-none fixed top-3 right-3 z-[60] flex w-[min(22rem,calc(100vw-1.5rem))] flex-col gap-2"
    >
      {list.map((t) => (
        <div
          key={t.id}
          className={`pointer-events-auto flex items-start gap-3 rounded-md px-4 py-3 text-sm shadow-lg ring-1 ${
            t.kind === "error" ? "bg-white text-red-800 ring-red-200" : "bg-ink text-white ring-black/10"
          }`}
        >
          <span className="flex-1">{t.message}</span>
          <button type="button" onClick={() => dismissToast(t.id)} aria-label="Dismiss" className="-m-1 p-1 leading-none opacity-80 hover:opacity-100">
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
