// A form's answer: a refusal (role="alert", read out at once) or a confirmation (role="status").
// It brings itself into sight when it appears: on a phone the button just pressed is often at
// the bottom of the screen, and an answer below it would otherwise never be seen.
import { useEffect, useRef } from "react";
import { useNavigation } from "react-router";

export function Revealed({ children, className }: { children: React.ReactNode; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const shown = useRef(false);
  // once the page has settled: an action's answer comes before the page's data is loaded again,
  // and what that adds above (a new timeline entry) would push the answer back out of sight
  const settled = useNavigation().state === "idle";
  useEffect(() => {
    if (!settled || shown.current) return;
    const frame = requestAnimationFrame(() => {
      shown.current = true;
      ref.current?.scrollIntoView({ block: "nearest" });
    });
    return () => cancelAnimationFrame(frame);
  }, [settled]);
  return (
    // the console's header stays at the top of the screen: scrolled into sight, the answer stops
    // below it rather than under it (a page may ask for a larger margin)
    <div ref={ref} className={className ? `scroll-mt-20 ${className}` : "scroll-mt-20"}>
      {children}
    </div>
  );
}

export function Notice({
  kind,
  children,
  className,
}: {
  kind: "error" | "success";
  children: React.ReactNode;
  /** e.g. mt-8 (every answer is kept clear of the console's sticky header when brought into sight) */
  className?: string;
}) {
  return (
    <Revealed className={className}>
      {kind === "error" ? (
        <p role="alert" className="bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-red-200">
          {children}
        </p>
      ) : (
        <p role="status" className="bg-emerald-50 px-4 py-3 text-sm text-emerald-900 ring-1 ring-emerald-200">
          {children}
        </p>
      )}
    </Revealed>
  );
}

/** The error a console action answered, if it answered one. */
export function actionError(result: unknown): string | null {
  return result && typeof result === "object" && "error" in result
    ? String((result as { error: unknown }).error)
    : null;
}

/**
 * A list action's answer above the list: what was refused, what was done (a page with several
 * forms of one button each: resend, mark handled, bulk moves).
 */
export function AnswerNotices({
  answer,
  className = "mb-3 space-y-2",
  children,
  seekOut = false,
}: {
  answer: { error?: string; done?: string } | undefined;
  className?: string;
  /** more of the answer (the orders a bulk move refused) */
  children?: React.ReactNode;
  /**
   * On a list whose rows carry the buttons (calls, parcels to follow up), the answer sits at the
   * top and the button pressed far below: each new answer is scrolled into sight and focused, so a
   * screen reader reads it too.
   */
  seekOut?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!seekOut || !answer) return;
    ref.current?.scrollIntoView({ block: "center" });
    ref.current?.focus({ preventScroll: true });
  }, [answer, seekOut]);
  if (!answer) return null;
  return (
    <div
      ref={seekOut ? ref : undefined}
      tabIndex={seekOut ? -1 : undefined}
      className={seekOut ? `${className} outline-none` : className}
    >
      {answer.error && <Notice kind="error">{answer.error}</Notice>}
      {answer.done && <Notice kind="success">{answer.done}</Notice>}
      {children}
    </div>
  );
}
