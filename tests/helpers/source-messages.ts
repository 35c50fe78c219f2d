// The messages a storefront source file asks for with a written-out English text: t("…"),
// t.count(n, "…", "…") and translate(locale, "…"), read with TypeScript's own parser, as Lingui's
// extractor does, so a message cannot hide from the Urdu catalogue's tests in a ternary or a template.
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const APP = path.resolve(import.meta.dirname, "../../app");

/** The written-out English texts asked for in a file, with where. */
export function messagesIn(file: string): { text: string; at: string }[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const found: { text: string; at: string }[] = [];
  const literal = (node: ts.Node | undefined) =>
    node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : null;
  const take = (node: ts.Node | undefined) => {
    const text = literal(node);
    if (text === null || !node) return;
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    found.push({ text, at: `${path.relative(APP, file)}:${line + 1}` });
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee) ? callee.text : null;
      if (name === "t") take(node.arguments[0]);
      if (name === "translate") take(node.arguments[1]);
      if (name === "translateCount") [2, 3].forEach((i) => take(node.arguments[i]));
      if (
        ts.isPropertyAccessExpression(callee) &&
        ts.isIdentifier(callee.expression) &&
        callee.expression.text === "t"
      ) {
        if (callee.name.text === "count") [1, 2].forEach((i) => take(node.arguments[i]));
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
