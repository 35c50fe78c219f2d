import { Fragment, type ReactNode } from "react";

/**
 * A translated sentence with elements (a link, a number in its own style) set into its
 * {placeholders}, so the words keep their own language's order: Urdu puts the verb last.
 */
export function Sentence({ text, parts }: { text: string; parts: Record<string, ReactNode> }) {
  return text.split(/(\{\w+\})/).map((piece, i) => {
    const name = /^\{(\w+)\}$/.exec(piece)?.[1];
    return <Fragment key={i}>{name !== undefined && name in parts ? parts[name] : piece}</Fragment>;
  });
}
