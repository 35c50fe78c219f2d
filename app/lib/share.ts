// Sharing a page (spec §8 "Share"): the system share sheet where there is one, else the link is
// copied; a cancelled share says nothing, and when copying fails the shopper is shown the link.
import { type Translator, translatorIn } from "../i18n/t";
import { toast } from "./toast";

/** Shares this page; t is the page's translator, for the words the browser itself shows. */
export async function sharePage(title: string, t: Translator = translatorIn("en")): Promise<void> {
  const url = window.location.href.split("#")[0]!;
  if (navigator.share) {
    try {
      await navigator.share({ title, url });
      toast.success("Shared successfully!");
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast.success("Link copied to clipboard!");
  } catch {
    window.prompt(t("Copy this link:"), url);
  }
}
