// The collection page's server side (decision 0066): ids as the address and the forms send them,
// and a search as typed, with the characters no search holds taken out.
import { data } from "react-router";

// eslint-disable-next-line no-control-regex -- control characters are never in a search
export const CONTROL = /[\u0000-\u001f\u007f]/g;

const MAX_ID = 2_147_483_647;
/** A database id from a form or the address; anything else is null. */
export const toId = (value: string | undefined): number | null =>
  value && /^\d{1,10}$/.test(value) && Number(value) >= 1 && Number(value) <= MAX_ID ? Number(value) : null;

/** The collection's id in the address; anything else is a 404. */
export function collectionId(param: string): number {
  const id = toId(param);
  if (id === null) throw data({ detail: "Collection not found" }, { status: 404 });
  return id;
}
