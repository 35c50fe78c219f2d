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

/** A translated sentence with one element in place of its {name} (a price, a phone number, a tracking ID in its own tag). */
export function MessageWith({ message, name, children }: { message: string; name: string; children: ReactNode }) {
  return <Sentence text={message} parts={{ [name]: children }} />;
}
