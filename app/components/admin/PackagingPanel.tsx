// The settings page's "Parcels" panel (decision 0058): discreet packaging on or
// off, and the sender name a discreet label shows. The form posts with intent=packaging; a refused
// sender name shows under it (decision 0096).
import { useNavigation } from "react-router";
import { ConsoleForm, FormNotice, Panel, TextField } from "./Fields";
import { Notice } from "./Notice";

export interface PackagingView {
  discreetPackaging: boolean;
  discreetSenderName: string | null;
  senderNameShown: string;
  defaultSenderName: string;
  /** after how many days without movement a parcel is listed to follow up (decision 0104) */
  parcelStallDays: number;
}

export function PackagingPanel({
  settings,
  answer,
}: {
  settings: PackagingView;
  answer?: { error?: string; done?: string };
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <Panel title="Parcels">
      <ConsoleForm method="post" preventScrollReset className="space-y-4" aria-label="Parcel labels" answer={answer}>
        <input type="hidden" name="intent" value="packaging" />
        {answer?.done && <Notice kind="success">{answer.done}</Notice>}
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            name="discreet_packaging"
            defaultChecked={settings.discreetPackaging}
            className="mt-0.5 h-5 w-5 shrink-0"
          />
          <span>
            <span className="block font-semibold">Discreet packaging</span>
            <span className="text-stone-700">
              The label on the outside of a parcel says “Garments” and the sender name below: no product names, not the
              store’s name. The packing slip and the invoice inside still list the items.
            </span>
          </span>
        </label>
        <TextField
          name="discreet_sender_name"
          label="Sender name on discreet labels"
          defaultValue={settings.discreetSenderName ?? ""}
          maxLength={60}
          hint={`Empty: “${settings.defaultSenderName}”. It may not name the store or what it sells.`}
        />
        <TextField
          name="parcel_stall_days"
          label="Days without movement before a parcel needs following up"
          defaultValue={String(settings.parcelStallDays)}
          maxLength={2}
          inputMode="numeric"
          hint="A parcel the courier has not moved for this many days (1 to 60) is listed on Parcels to follow up."
        />
        <FormNotice />
        <button type="submit" disabled={busy} className="btn-primary">
          Save parcel labels
        </button>
      </ConsoleForm>
    </Panel>
  );
}
