// An option type's name ("Size", "Material") in the page's language, for the product page's and
// the product cards' option groups. A type the owner made up shows as written; on an Urdu page an
// English one is marked lang="en" for screen readers and line breaking. English pages get the
// bare text, as before.
import type { Translator } from "../../i18n/t";
import { optionLabel } from "../../lib/variants";

export function OptionName({ type, t }: { type: string; t: Translator }) {
  const name = optionLabel(type, t);
  return name.lang ? <span lang={name.lang}>{name.text}</span> : name.text;
}
