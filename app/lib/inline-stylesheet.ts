// The style sheet's text, handed from entry.server to the root layout, which writes it into the
// page instead of linking it (decision 0033). On the client it is undefined: React finds the
// server's <style data-href> by its href and keeps it, so the text is never sent twice. null: the
// server could not read the file, and the page links it as usual.
import { createContext, useContext } from "react";

export const InlineStylesheetContext = createContext<string | null | undefined>(undefined);

export function useInlineStylesheet(): string | null | undefined {
  return useContext(InlineStylesheetContext);
}
