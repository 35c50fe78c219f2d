import { useT } from "../i18n/t";
import { useEffect, useState } from "react";
import { dismissToast, subscribeToasts, type Toast } from "../lib/toast";

/**
 * The toasts of spec §8; each leaves after 3 seconds. They rise from the bottom left, beside the
 * chat button and inside the space the page keeps free at its end (decision 0093), not at the top
 * right, where they lay over the header's cart and account links just as "Added to cart" sent a
 * shopper to them.
 */
export function Toaster() {
  const t = useT();
  const [list, setList] = useState<Toast[]>([]);
  useEffect(() => subscribeToasts(setList), []);
  return (
    <div
      aria-live="polite"
      role="status"
      className="pointer-events-none fixed bottom-4 start-3 z-[60] flex w-[min(22rem,calc(100vw-6rem))] flex-col gap-2 md:bottom-6 md:start-6"
    >
      {list.map((toast) => (
        <div
          key={toast.id}
          className={`pointer-events-auto flex items-start gap-3 rounded-md px-4 py-3 text-sm shadow-lg ring-1 ${
            toast.kind === "error" ? "bg-white text-red-800 ring-red-200" : "bg-ink text-white ring-black/10"
          }`}
        >
          {/* a message is its English text: shown in the page's language (an Urdu one stays as it is) */}
          <span className="flex-1">{t(toast.message)}</span>
          <button
            type="button"
            onClick={() => dismissToast(toast.id)}
            aria-label={t("Dismiss")}
            className="-m-1 p-1 leading-none opacity-80 hover:opacity-100"
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
