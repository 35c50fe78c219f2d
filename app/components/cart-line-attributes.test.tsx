// A cart line's options as the cart and the checkout show them: the option's name in the page's
// language, and on an Urdu page the owner's English words (a type she made up, a value) marked
// lang="en"; English pages unmarked, as before.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import "../i18n/ur";
import { translatorIn } from "../i18n/t";
import { attributesOf } from "./CartStates";

const html = (variants: Record<string, string>, locale: "en" | "ur") =>
  renderToStaticMarkup(<p className="x">{attributesOf(variants, translatorIn(locale))}</p>);

describe("attributesOf", () => {
  it("on an English page: the options as text, no marks", () => {
    expect(html({ size: "M", color: "Black", fabric: "Lawn" }, "en")).toBe(
      '<p class="x">Size: <span>M</span> · Colour: <span>Black</span> · Fabric: <span>Lawn</span></p>',
    );
  });

  it("on an Urdu page: a common type in Urdu, an owner's English type and the values marked lang=en", () => {
    const urdu = html({ size: "M", "embroidery style": "Tilla" }, "ur");
    expect(urdu).toContain(`${translatorIn("ur")("Size")}: <span lang="en">M</span>`);
    expect(urdu).toContain('<span lang="en">Embroidery style</span>: <span lang="en">Tilla</span>');
    expect(html({ size: "درمیانہ" }, "ur")).toContain(": <span>درمیانہ</span>");
  });

  it("nothing for a line without options, or with empty ones", () => {
    expect(attributesOf({}, translatorIn("ur"))).toBeNull();
    expect(attributesOf({ size: "" }, translatorIn("en"))).toBeNull();
  });
});
