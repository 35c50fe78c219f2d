// The AMP validator's rules that our AMP document can break, checked offline. The official
// `amphtml-validator` package downloads validator.js from the AMP CDN at run time, which tests
// here must not depend on (docs/decisions/0026). Rules from the AMP HTML spec
// (amp.dev "AMP HTML specification", validator-main.protoascii).
import { parseDocument } from "htmlparser2";
import { hasChildren, isTag, type Element, type Node } from "domhandler";

const RUNTIME = "https://cdn.ampproject.org/v0.js";
const EXTENSION = /^https:\/\/cdn\.ampproject\.org\/v0\/(amp-[a-z0-9-]+)-(0\.1|latest)\.js$/;
const BOILERPLATE =
  "body{-webkit-animation:-amp-start 8s steps(1,end) 0s 1 normal both;-moz-animation:-amp-start 8s steps(1,end) 0s 1 normal both;-ms-animation:-amp-start 8s steps(1,end) 0s 1 normal both;animation:-amp-start 8s steps(1,end) 0s 1 normal both}@-webkit-keyframes -amp-start{from{visibility:hidden}to{visibility:visible}}@-moz-keyframes -amp-start{from{visibility:hidden}to{visibility:visible}}@-ms-keyframes -amp-start{from{visibility:hidden}to{visibility:visible}}@-o-keyframes -amp-start{from{visibility:hidden}to{visibility:visible}}@keyframes -amp-start{from{visibility:hidden}to{visibility:visible}}";
const NOSCRIPT_BOILERPLATE = "body{-webkit-animation:none;-moz-animation:none;-ms-animation:none;animation:none}";
export const CSS_MAX_BYTES = 75_000;
const INLINE_STYLE_MAX_BYTES = 1_000;
// elements AMP replaces with its own components, or forbids outright
const FORBIDDEN_TAGS = new Set(["img", "iframe", "video", "audio", "frame", "frameset", "object", "embed", "param", "applet", "picture"]);
const FORBIDDEN_INPUT_TYPES = new Set(["button", "file", "image", "password"]);
// AMP components in the runtime itself, needing no extension script
const BUILT_IN = new Set(["amp-img", "amp-pixel", "amp-layout"]);
const LAYOUTS = new Set(["nodisplay", "fixed", "responsive", "fixed-height", "fill", "container", "flex-item", "intrinsic"]);

function elements(node: Node, out: Element[] = []): Element[] {
  if (isTag(node)) out.push(node);
  if (hasChildren(node)) for (const child of node.children) elements(child, out);
  return out;
}

function text(node: Element): string {
  return node.children.map((c) => ("data" in c ? String(c.data) : isTag(c) ? text(c) : "")).join("");
}

function isHttpsOrRelative(url: string): boolean {
  if (/^https:\/\//i.test(url)) return true;
  return !/^[a-z][a-z0-9+.-]*:/i.test(url) && !url.startsWith("//");
}

/** Every rule the document breaks, as readable messages; empty when it passes. */
export function ampRuleErrors(html: string): string[] {
  const errors: string[] = [];
  if (!/^<!doctype html>/i.test(html.trimStart())) errors.push("must start with <!doctype html>");
  const doc = parseDocument(html, { lowerCaseAttributeNames: true, lowerCaseTags: true });
  const all = elements(doc);
  const byTag = (tag: string) => all.filter((e) => e.name === tag);

  const [root] = byTag("html");
  if (!root || !("⚡" in root.attribs || "amp" in root.attribs)) errors.push("<html> needs the ⚡ (or amp) attribute");
  const [head] = byTag("head");
  const [body] = byTag("body");
  if (!head || !body) return [...errors, "needs <head> and <body>"];
  const headChildren = head.children.filter(isTag);
  const first = headChildren[0];
  if (!first || first.name !== "meta" || (first.attribs.charset ?? "").toLowerCase() !== "utf-8") {
    errors.push('<meta charset="utf-8"> must be the first child of <head>');
  }
  const viewport = byTag("meta").filter((m) => m.attribs.name === "viewport");
  if (viewport.length !== 1 || !/(^|,)\s*width=device-width\s*(,|$)/.test(viewport[0]!.attribs.content ?? "")) {
    errors.push('needs one <meta name="viewport" content="width=device-width,…">');
  }
  const canonical = byTag("link").filter((l) => (l.attribs.rel ?? "").toLowerCase() === "canonical");
  if (canonical.length !== 1 || !/^https?:\/\//.test(canonical[0]!.attribs.href ?? "") || canonical[0]!.parent !== head) {
    errors.push('needs exactly one <link rel="canonical"> with an absolute http(s) address, in <head>');
  }
  for (const link of byTag("link")) {
    if (/(^|\s)(stylesheet|preload|import|manifest|serviceworker|components|subresource)(\s|$)/i.test(link.attribs.rel ?? "")) {
      errors.push(`<link rel="${link.attribs.rel}"> is not allowed`);
    }
  }

  // scripts: the runtime once, AMP extensions, and JSON-LD; nothing of our own
  const extensions = new Set<string>();
  let runtimes = 0;
  for (const script of byTag("script")) {
    const { src, type } = script.attribs;
    if (type && type.toLowerCase() === "application/ld+json") {
      if (src) errors.push("a JSON-LD script must not have src");
      if (text(script).includes("<!--")) errors.push("a JSON-LD script must not contain <!--");
      continue;
    }
    if (text(script).trim() !== "") {
      errors.push("inline scripts are not allowed");
      continue;
    }
    if (!("async" in script.attribs)) errors.push(`script ${src} must be async`);
    if (src === RUNTIME) {
      runtimes += 1;
      if (script.parent !== head) errors.push("the AMP runtime script must be in <head>");
      continue;
    }
    const extension = src ? EXTENSION.exec(src) : null;
    const declared = script.attribs["custom-element"] ?? script.attribs["custom-template"];
    if (!extension || declared !== extension[1]) {
      errors.push(`script ${src ?? "(inline)"} is not the AMP runtime or an AMP extension`);
      continue;
    }
    extensions.add(extension[1]!);
  }
  if (runtimes !== 1) errors.push(`the AMP runtime ${RUNTIME} must be loaded exactly once (found ${runtimes})`);

  // styles: the boilerplate, its noscript twin, and one amp-custom sheet
  const styles = byTag("style");
  const boilerplate = styles.filter((s) => "amp-boilerplate" in s.attribs);
  const inHead = boilerplate.find((s) => s.parent === head);
  const inNoscript = boilerplate.find((s) => (s.parent as Element | null)?.name === "noscript");
  if (!inHead || text(inHead).replace(/\s+/g, " ").trim() !== BOILERPLATE) errors.push("the amp-boilerplate style is missing or changed");
  if (!inNoscript || text(inNoscript).replace(/\s+/g, " ").trim() !== NOSCRIPT_BOILERPLATE || (inNoscript.parent as Element).parent !== head) {
    errors.push("the <noscript> amp-boilerplate style is missing or changed");
  }
  const custom = styles.filter((s) => "amp-custom" in s.attribs);
  if (custom.length > 1) errors.push("only one <style amp-custom> is allowed");
  for (const sheet of custom) {
    const css = text(sheet);
    if (sheet.parent !== head) errors.push("<style amp-custom> must be in <head>");
    if (Buffer.byteLength(css, "utf8") > CSS_MAX_BYTES) errors.push(`<style amp-custom> is over ${CSS_MAX_BYTES} bytes`);
    if (/!important/i.test(css)) errors.push("!important is not allowed in CSS");
    if (/@import/i.test(css)) errors.push("@import is not allowed in CSS");
    if (/(behavior|-moz-binding)\s*:/i.test(css)) errors.push("behavior and -moz-binding are not allowed in CSS");
  }
  for (const style of styles) {
    if (!("amp-boilerplate" in style.attribs) && !("amp-custom" in style.attribs)) errors.push("<style> must be amp-custom or amp-boilerplate");
  }

  for (const element of all) {
    if (FORBIDDEN_TAGS.has(element.name)) errors.push(`<${element.name}> is not allowed (use the AMP component)`);
    if (element.name === "base" && element.attribs.href !== "/") errors.push("<base> may only point at /");
    for (const [name, value] of Object.entries(element.attribs)) {
      if (/^on/i.test(name)) errors.push(`event handler attribute ${name} on <${element.name}> is not allowed`);
      if (/^\s*javascript:/i.test(value)) errors.push(`javascript: address in ${name} on <${element.name}>`);
      if (/__amp_source_origin/.test(value)) errors.push(`__amp_source_origin in ${name} on <${element.name}>`);
      if (name === "style" && Buffer.byteLength(value, "utf8") > INLINE_STYLE_MAX_BYTES) {
        errors.push(`inline style on <${element.name}> is over ${INLINE_STYLE_MAX_BYTES} bytes`);
      }
    }
    if (element.name === "input" && FORBIDDEN_INPUT_TYPES.has((element.attribs.type ?? "").toLowerCase())) {
      errors.push(`<input type="${element.attribs.type}"> is not allowed`);
    }
    if (element.name.startsWith("amp-") && !BUILT_IN.has(element.name) && !extensions.has(element.name)) {
      errors.push(`<${element.name}> needs its extension script`);
    }
  }

  for (const image of byTag("amp-img")) {
    const { width, height, layout, src, alt } = image.attribs;
    if (!src) errors.push("<amp-img> needs src");
    if (alt === undefined) errors.push("<amp-img> needs alt");
    if (!layout || !LAYOUTS.has(layout)) errors.push(`<amp-img> needs a layout (got ${layout})`);
    if (layout !== "fill" && layout !== "nodisplay" && layout !== "container" && !(Number(width) > 0 && Number(height) > 0)) {
      errors.push("<amp-img> needs a width and a height");
    }
  }

  const forms = byTag("form");
  if (forms.length > 0 && !extensions.has("amp-form")) errors.push("<form> needs the amp-form extension script");
  for (const form of forms) {
    const method = (form.attribs.method ?? "get").toLowerCase();
    const target = form.attribs.target;
    if (target !== undefined && !["_blank", "_top"].includes(target.toLowerCase())) errors.push("form target must be _blank or _top");
    if (method === "post") {
      const xhr = form.attribs["action-xhr"];
      if (!xhr) errors.push("a POST form needs action-xhr");
      else if (!isHttpsOrRelative(xhr)) errors.push(`action-xhr must be https or relative (got ${xhr})`);
      if ("action" in form.attribs) errors.push("a POST form must not have action");
    } else {
      if (!form.attribs.action || !/^https:\/\//.test(form.attribs.action)) errors.push("a GET form needs an https action");
      if (target === undefined) errors.push("a GET form needs target");
    }
  }
  return errors;
}
