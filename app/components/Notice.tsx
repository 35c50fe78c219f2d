import type { ReactNode } from "react";

/** A page's answer to a form: a success (read out politely) or a refusal (read out at once). */
export function Notice({
  tone,
  className = "",
  children,
}: {
  tone: "success" | "error";
  className?: string;
  children: ReactNode;
}) {
  return tone === "success" ? (
    <div role="status" className={`bg-emerald-50 p-4 text-sm text-emerald-900 ring-1 ring-emerald-200 ${className}`}>
      {children}
    </div>
  ) : (
    <div role="alert" className={`bg-red-50 p-4 text-sm text-red-900 ring-1 ring-red-200 ${className}`}>
      {children}
    </div>
  );
}
