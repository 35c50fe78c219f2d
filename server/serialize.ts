// JSON answers of the API. Rupee amounts must read 2499.00, not 2499 (design.md): JSON.stringify
// cannot print trailing zeros, so amounts go through a marked string that is unquoted afterwards.
import { rupeesText } from "../core/shared/money";

const MARK = "\uE000"; // a private-use character: never produced by JSON.stringify's escaping
const MARKED = /"\uE000(-?\d+\.\d\d)"/g;

export class Rupees {
  constructor(readonly paisa: number) {}
  toJSON(): string {
    return MARK + rupeesText(this.paisa);
  }
}

/** An amount in paisa as it appears in API answers: a JSON number with two decimals. */
export function money(paisa: number): Rupees;
export function money(paisa: number | null | undefined): Rupees | null;
export function money(paisa: number | null | undefined): Rupees | null {
  return paisa === null || paisa === undefined ? null : new Rupees(paisa);
}

export function serialize(payload: unknown): string {
  const text = JSON.stringify(payload);
  // undefined (nothing to send) stays as it is for Fastify
  if (text === undefined) return text as unknown as string;
  return text.includes(MARK) ? text.replace(MARKED, "$1") : text;
}
