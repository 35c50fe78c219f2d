// The adapter for each courier the store books with through its API.
import type { CourierAdapter, CourierCode } from "./courier";
import { postexAdapter } from "./postex";
import { leopardsAdapter } from "./leopards";
import { traxAdapter } from "./trax";
import { tcsAdapter } from "./tcs";

const ADAPTERS: Readonly<Record<CourierCode, CourierAdapter>> = {
  postex: postexAdapter,
  leopards: leopardsAdapter,
  trax: traxAdapter,
  tcs: tcsAdapter,
};

export const adapterFor = (code: CourierCode): CourierAdapter => ADAPTERS[code];
