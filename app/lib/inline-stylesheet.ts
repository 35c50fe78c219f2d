// Style sheets written into the page instead of linked (decision 0033): entry.server hands their
// texts, by href, to the layouts that show them (the root's for every page, the Urdu layout's for
// Urdu pages). On the client there is none: React finds the server's <style href> by its href and
// keeps it, so the text is never sent twice. A sheet the server could not read is linked as usual.
import { createContext, createElement, useContext } from "react";

export const InlineStylesheetContext = createContext<Readonly<Record<string, string | null>> | undefined>(undefined);

/**
 * The style sheet at href, written into <head> (with an href and a precedence React treats it as
 * a resource: first in <head> wherever it is rendered, and adopted by href on the client). A page
 * reached in the browser whose server-made HTML did not write it (an Urdu page opened from an
 * English one) links it; React holds the page until it has loaded.
 */
export function PageStylesheet({ href }: { href: string }) {
  const text = useContext(InlineStylesheetContext)?.[href];
  const written =
    text !== undefined
      ? text !== null
      : // React writes the sheets of one precedence as one <style>, data-href listing their hrefs
        typeof document !== "undefined" && document.querySelector(`style[data-href~="${href}"]`) !== null;
  return written
    ? createElement("style", { href, precedence: "default" }, text ?? "")
    : createElement("link", { rel: "stylesheet", href, precedence: "default" });
}
