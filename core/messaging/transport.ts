// How a WhatsApp message leaves the store (decision 0070): a small interface
// with two implementations, the WhatsApp Cloud API (cloud-api.ts) and the default that sends
// nothing and leaves the message in the console's log, so a fresh install and the tests work
// offline.
import type { MessageKind, WrittenLanguage } from "../../db/schema";

/** One message as the worker hands it to a transport. */
export interface OutgoingMessage {
  id: number;
  kind: MessageKind;
  language: WrittenLanguage;
  /** 92XXXXXXXXXX */
  phone: string;
  parameters: string[];
  /** quick-reply payloads, in button order */
  buttons: string[];
  body: string;
}

/** sent: the provider took it (its id names the message in later replies); logged: sent nowhere. */
export type SendResult = { outcome: "sent"; providerMessageId: string | null } | { outcome: "logged"; note: string };

export interface MessageTransport {
  readonly name: string;
  send(message: OutgoingMessage): Promise<SendResult>;
}

/**
 * A send that did not happen. permanent: trying again cannot help (the provider refused the
 * message itself: a bad number, an unknown template, a bad token), so it fails at once.
 */
export class TransportError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = "TransportError";
  }
}

export const NOT_SENT_NOTE = "not sent: no WhatsApp account configured";

/** The default: nothing leaves the store; the console's message log shows the message. */
export const logOnlyTransport: MessageTransport = {
  name: "log only",
  send: () => Promise.resolve({ outcome: "logged", note: NOT_SENT_NOTE }),
};
