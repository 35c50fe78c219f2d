// The one-button forms of a courier account (CourierAccountActions), answered the same on the
// list and on the account's page: a connection test says what the courier answered, a default
// chosen says which account booking now offers first.
import { setDefaultCourierAccount } from "../../../../core/couriers/accounts";
import { testCourierConnection } from "../../../../core/couriers/connection-check";
import type { CoreContext } from "../../../../core/context";
import { invalid } from "../../../../core/shared/errors";
import type { StaffActor } from "../../../../core/shared/permissions";
import { formResult } from "../../../lib/staff.server";
import type { AccountAnswer } from "./CourierAccountActions";

const accountId = (text: string): number => {
  const id = /^\d{1,10}$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw invalid("Choose a courier account.");
  return id;
};

/** The answer to intent=test or intent=default for the account `id` (as the form sent it); null for any other intent. */
export function accountAction(core: CoreContext, actor: StaffActor, intent: string, id: string) {
  if (intent === "test") {
    return formResult(
      async (): Promise<AccountAnswer> => {
        const result = await testCourierConnection(core, actor, accountId(id));
        return result.ok ? { intent, id, done: result.message } : { intent, id, error: result.message };
      },
      { intent, id },
    );
  }
  if (intent === "default") {
    return formResult(
      async (): Promise<AccountAnswer> => {
        const account = await setDefaultCourierAccount(core, actor, accountId(id));
        return { intent, id, done: `${account.label} is the default courier: booking offers it first.` };
      },
      { intent, id },
    );
  }
  return null;
}
