// PLACEHOLDER until the adapter lands (being written now): every call refuses.
import type { CourierAdapter } from "./courier";
import { CourierError } from "./courier-errors";

const notYet = (): never => {
  throw new CourierError("postex", "unexpected", "This courier's adapter is not built yet.");
};

export const postexAdapter: CourierAdapter = {
  code: "postex",
  credentialFields: [],
  hosts: { live: "", test: "" },
  trackBatch: 1,
  book: notYet,
  cancel: notYet,
  airwayBills: notYet,
  loadSheet: notYet,
  track: notYet,
  cities: notYet,
  payments: notYet,
};
