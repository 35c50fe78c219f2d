// The CourierError a courier call ends in: the test fails if the call succeeds or throws anything else.
import { expect } from "vitest";
import { CourierError } from "../../../core/couriers/courier-errors";

export async function courierFailure(promise: Promise<unknown>): Promise<CourierError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CourierError);
  return error as CourierError;
}
