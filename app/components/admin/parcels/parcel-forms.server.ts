// The order page's courier panel on the server (decision 0103): what its loader reads (the order's
// parcels and what booking it offers) and what its forms do (book, cancel, settle a lost answer),
// each through the same core use-case as the staff API.
import { data } from "react-router";
import type { CoreContext } from "../../../../core/context";
import { bookOrder } from "../../../../core/parcels/booking";
import { cancelParcel, settleParcel } from "../../../../core/parcels/parcel-changes";
import { bookingChoices, getParcel, listOrderParcels } from "../../../../core/parcels/parcel-reads";
import { notFound } from "../../../../core/shared/errors";
import { pollParcelNow } from "../../../../core/parcels/tracking";
import type { PollNow } from "../../../../core/parcels/tracking";
import { PARCEL_STATUS_WORDS } from "../../../../core/orders/order-timeline";
import type { StaffActor } from "../../../../core/shared/permissions";
import { formText } from "../../../lib/console";
import { formatDayTime } from "../../../lib/dates";
import { formResult } from "../../../lib/staff.server";
import { checkPaymentText, loadParcelMoney } from "./parcel-money.server";

/** The panel's data: every parcel of the order (with when, in Pakistan time) and the booking form's choices. */
export async function loadParcelPanel(core: CoreContext, actor: StaffActor, orderId: number) {
  const [parcels, choices] = await Promise.all([
    listOrderParcels(core, actor, orderId),
    bookingChoices(core, actor, orderId),
  ]);
  return {
    parcels: parcels.map((p) => ({ ...p, when: formatDayTime(p.bookedAt ?? p.createdAt) })),
    choices,
    // finished parcels' money, only for members with the money permission
    money: await loadParcelMoney(core, actor, parcels),
  };
}

export type ParcelPanelData = Awaited<ReturnType<typeof loadParcelPanel>>;

/** The answer a courier form gets: done, or refused (with the fields it names). */
export interface ParcelAnswer {
  intent: string;
  done?: string;
  error?: string;
  fields?: Record<string, string>;
}

/** The form's value, or undefined when left empty (the account's default, the order's amount). */
const given = (form: FormData, name: string): string | undefined => {
  const value = formText(form, name).trim();
  return value === "" ? undefined : value;
};

/** A parcel id from the form, checked to be this order's: another order's parcel is no parcel here. */
async function ownParcel(core: CoreContext, actor: StaffActor, orderId: number, form: FormData): Promise<number> {
  const raw = formText(form, "parcel_id");
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!(id >= 1 && id <= 2_147_483_647)) throw notFound("No such parcel.");
  const parcel = await getParcel(core, actor, id);
  if (parcel.orderId !== orderId) throw notFound("No such parcel.");
  return id;
}

/** Runs one of the courier panel's forms. */
export async function parcelAction(core: CoreContext, actor: StaffActor, orderId: number, form: FormData) {
  const intent = formText(form, "intent");
  if (intent === "parcel_book") {
    return formResult<ParcelAnswer | ReturnType<typeof data<ParcelAnswer>>>(
      async () => {
        const result = await bookOrder(core, actor, orderId, {
          account_id: given(form, "account_id"),
          weight_grams: given(form, "weight_grams"),
          pieces: given(form, "pieces"),
          cod_amount: given(form, "cod_amount"),
          instructions: formText(form, "instructions"),
        });
        if (result.outcome === "booked") return { intent, done: result.message };
        return data<ParcelAnswer>({ intent, error: result.message }, { status: 409 });
      },
      { intent },
      // a refusal that starts with a field's name shows under that field
      { known: ["account_id", "weight_grams", "pieces", "cod_amount", "instructions"] },
    );
  }
  if (intent === "parcel_cancel") {
    return formResult<ParcelAnswer>(
      async () => {
        const parcel = await cancelParcel(core, actor, await ownParcel(core, actor, orderId, form));
        return { intent, done: `The booking with ${parcel.courierName} (CN ${parcel.cn}) is cancelled.` };
      },
      { intent },
    );
  }
  if (intent === "parcel_settle") {
    return formResult<ParcelAnswer>(
      async () => {
        const settled = await settleParcel(core, actor, await ownParcel(core, actor, orderId, form), {
          action: formText(form, "action"),
          cn: formText(form, "cn"),
        });
        return { intent, done: settled.message };
      },
      { intent },
    );
  }
  if (intent === "parcel_poll") {
    return formResult<ParcelAnswer>(
      async () => {
        const id = await ownParcel(core, actor, orderId, form);
        const polled = await pollParcelNow(core, actor, id);
        const parcel = await getParcel(core, actor, id);
        return { intent, done: pollAnswerText(`${parcel.courierName} (CN ${parcel.cn})`, polled) };
      },
      { intent },
    );
  }
  if (intent === "parcel_payment_check") {
    return formResult<ParcelAnswer>(
      async () => ({ intent, done: await checkPaymentText(core, actor, await ownParcel(core, actor, orderId, form)) }),
      { intent },
    );
  }
  return data<ParcelAnswer>({ intent, error: "Unknown action." }, { status: 400 });
}

/** What staff read after asking the courier about one parcel now. */
export function pollAnswerText(name: string, polled: Pick<PollNow, "added" | "status">): string {
  const status = (polled.status ? PARCEL_STATUS_WORDS[polled.status] : "not known yet").toLowerCase();
  return polled.added > 0
    ? `${name}: ${polled.added} new ${polled.added === 1 ? "update" : "updates"} from the courier; now ${status}.`
    : `${name}: nothing new from the courier; still ${status}.`;
}
