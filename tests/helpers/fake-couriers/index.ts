// One way for a test to start any courier's local fake (decision 0101): the booking and tracking
// tests run the same steps against each courier through the FakeCourier interface.
import type { CourierCode } from "../../../db/schema";
import type { FakeCourier } from "./control";
import { startFakeLeopards } from "./leopards";
import { startFakePostex } from "./postex";
import { startFakeTcs } from "./tcs";
import { startFakeTrax } from "./trax";

export type { FakeCourier, FakeParcel, FailMode } from "./control";

const STARTERS: Readonly<Record<CourierCode, () => Promise<FakeCourier>>> = {
  postex: startFakePostex,
  leopards: startFakeLeopards,
  trax: startFakeTrax,
  tcs: startFakeTcs,
};

export const startFakeCourier = (code: CourierCode): Promise<FakeCourier> => STARTERS[code]();
