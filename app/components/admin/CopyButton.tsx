// A "Copy" button for text a member passes on from a phone: a sign-in link, a two-step key. The
// Clipboard API needs a secure page and the person's leave; where it is missing or refused, the
// text is selected instead (the phone then offers its own Copy), and the button says which
// happened. It appears only once the page's script runs: without it the text stays on the page,
// selectable, and a button that did nothing would only mislead.
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "../../lib/use-hydrated";

type Outcome = "idle" | "copied" | "selected";

/** Selects the whole text of an input or any other element, as a finger's long press would. */
function selectAll(target: HTMLElement | null): boolean {
  if (!target) return false;
  if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) {
    target.focus();
    target.select();
    target.setSelectionRange(0, target.value.length);
    return true;
  }
  const selection = window.getSelection();
  if (!selection) return false;
  const range = document.createRange();
  range.selectNodeContents(target);
  selection.removeAllRanges();
  selection.addRange(range);
  return true;
}

export function CopyButton({
  text,
  what,
  selectTarget,
  className = "btn-secondary",
}: {
  /** what is put on the clipboard (a key without its spaces, say) */
  text: string;
  /** what is copied, read out after "Copy": "the sign-in link" */
  what: string;
  /** the element showing the text, selected when the clipboard cannot be written */
  selectTarget: () => HTMLElement | null;
  className?: string;
}) {
  const hydrated = useHydrated();
  const [outcome, setOutcome] = useState<Outcome>("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  function show(next: Outcome) {
    setOutcome(next);
    if (timer.current) clearTimeout(timer.current);
    // "Copied" stays long enough to be read, then the button is ready again
    if (next === "copied") timer.current = setTimeout(() => setOutcome("idle"), 4000);
  }

  async function copy() {
    try {
      if (!navigator.clipboard?.writeText) throw new Error("no Clipboard API");
      await navigator.clipboard.writeText(text);
      show("copied");
    } catch {
      show(selectAll(selectTarget()) ? "selected" : "idle");
    }
  }

  if (!hydrated) return null;
  // the visible word starts the button's name (what a voice-control user says), the rest is read out
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <button type="button" onClick={() => void copy()} className={className}>
        {outcome === "copied" ? "Copied" : "Copy"}
        <span className="sr-only"> {what}</span>
      </button>
      <span role="status" className="text-sm text-stone-700">
        {outcome === "selected" ? "Selected: use your phone's Copy." : ""}
        {/* a changed button name is not read out by every screen reader; a status is */}
        {outcome === "copied" ? <span className="sr-only">Copied {what}.</span> : null}
      </span>
    </span>
  );
}
