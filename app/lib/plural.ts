// "1 item", "2 items": one place that fits a noun to its number (never "Only 1 items").
const rules = new Intl.PluralRules("en");

/** The number with the noun in the form English uses for it; plural adds "s" unless given. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${rules.select(count) === "one" ? singular : plural}`;
}
