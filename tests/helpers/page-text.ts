// What a person reads on a page (and hears: labels, placeholders, alt texts), split by the
// language the page marks it with (decision 0110). Scripts, styles and hidden templates are not
// read; an element's lang= holds for everything inside it.
import { Parser } from "htmlparser2";

// not the page's text: scripts, and the head, whose title on the home page is the owner's own
// search-engine title (a setting without an Urdu twin)
const NOT_READ = new Set(["script", "style", "template", "noscript", "head"]);
const READ_ATTRIBUTES = ["aria-label", "placeholder", "alt", "title"];

export interface PageText {
  /** text and read attributes, each with the language it is marked with ("" before any lang=) */
  pieces: { text: string; lang: string }[];
}

export function pageText(html: string): PageText {
  const pieces: PageText["pieces"] = [];
  // one entry per open element: its language, and whether its text is not read
  const stack: { lang: string; hidden: boolean }[] = [{ lang: "", hidden: false }];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const parent = stack.at(-1)!;
        const lang = attributes.lang ?? parent.lang;
        const hidden = parent.hidden || NOT_READ.has(name);
        stack.push({ lang, hidden });
        if (hidden) return;
        for (const attribute of READ_ATTRIBUTES) {
          const value = attributes[attribute];
          if (value?.trim()) pieces.push({ text: value, lang });
        }
      },
      ontext(text) {
        const top = stack.at(-1)!;
        if (!top.hidden && text.trim()) pieces.push({ text, lang: top.lang });
      },
      onclosetag() {
        if (stack.length > 1) stack.pop();
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return { pieces };
}

const ARABIC_SCRIPT = /[\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF]/;

/** Urdu (Arabic-script) text on the page outside an element marked lang="ur…". */
export function urduOutsideUrdu(text: PageText): string[] {
  return text.pieces.filter((p) => !p.lang.startsWith("ur") && ARABIC_SCRIPT.test(p.text)).map((p) => p.text.trim());
}

/**
 * English words on an Urdu page outside an element marked lang="en…": words of two letters or
 * more, apart from those every Urdu page writes in Latin letters (the allowed list: the shop's
 * name, "Rs.", currency codes) and addresses (emails, links).
 */
export function englishOutsideEnglish(text: PageText, allowed: readonly string[]): string[] {
  const allow = new Set(allowed.map((w) => w.toLowerCase()));
  const found = new Set<string>();
  for (const piece of text.pieces) {
    if (piece.lang.startsWith("en")) continue;
    // a value set into a sentence (a name, a number) comes isolated (FSI … PDI): it is the
    // shop's content in its own language, as a lang= mark would say
    const sentence = piece.text.replace(/\u2068[^\u2069]*\u2069/g, " ");
    for (const token of sentence.split(/\s+/)) {
      // addresses, and codes with digits in them (a voucher, a tracking ID)
      if (/@|:\/\/|^www\.|\d/.test(token)) continue;
      for (const word of token.match(/[A-Za-z]{2,}/g) ?? []) if (!allow.has(word.toLowerCase())) found.add(word);
    }
  }
  return [...found];
}
