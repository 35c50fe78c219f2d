// "Test connection" on Settings → Couriers (decision 0102): asks the courier for its city list
// with the account's own connection, the cheapest call every courier's API has that needs the
// credentials, and says whether it worked in the words staff read for any courier error. Nothing
// is written: the owner learns at once whether the credentials and the address are right.
import type { CoreContext } from "../context";
import type { StaffActor } from "../shared/permissions";
import { requirePermission } from "../shared/staff-errors";
import { accountRow } from "./account-views";
import { COURIER_NAMES } from "./courier";
import { CourierError, type CourierErrorKind } from "./courier-errors";
import { connect } from "./connection";

export type ConnectionCheck =
  { ok: true; message: string; cities: number } | { ok: false; message: string; kind: CourierErrorKind };

/**
 * Calls the courier's city list with the account's credentials. The courier's refusal (bad
 * credentials, down, slow) is the answer, not an error; credentials this process cannot open are a
 * 422 with the owner's next step.
 */
export async function testCourierConnection(
  ctx: CoreContext,
  actor: StaffActor,
  id: number,
  options: { fetch?: typeof fetch; timeoutMs?: number } = {},
): Promise<ConnectionCheck> {
  requirePermission(actor, "settings");
  const account = await accountRow(ctx.db, id);
  const { adapter, connection } = connect(ctx, account, options);
  const name = COURIER_NAMES[account.courier];
  if (connection.baseUrl === "") {
    return {
      ok: false,
      kind: "unexpected",
      message: `The store knows no ${account.mode} address for ${name} yet. Give the account a base URL.`,
    };
  }
  try {
    const list = await adapter.cities(connection);
    return {
      ok: true,
      cities: list.length,
      message: `Connected to ${name} (${account.mode}): its city list has ${list.length.toLocaleString("en-US")} ${list.length === 1 ? "city" : "cities"}.`,
    };
  } catch (error) {
    if (error instanceof CourierError) return { ok: false, kind: error.kind, message: error.message };
    throw error;
  }
}
