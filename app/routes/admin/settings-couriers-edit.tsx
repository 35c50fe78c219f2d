// One courier account (decision 0102): /admin/settings/couriers/new?courier=postex adds one, and
// /admin/settings/couriers/:id changes it, tests its connection, makes it the default, or removes
// it (in two steps, refused while parcels booked with it are on the way). Owner only. The form's
// field names are the staff API's, so each refusal shows under its field.
import { data, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { readCities } from "../../../core/couriers/cities";
import { adapterFor } from "../../../core/couriers/adapters";
import { credentialFieldsOf, isCourierCode } from "../../../core/couriers/account-input";
import {
  addCourierAccount,
  getCourierAccount,
  removeCourierAccount,
  updateCourierAccount,
  type CourierAccountView,
} from "../../../core/couriers/accounts";
import { COURIER_NAMES, type CourierCode } from "../../../core/couriers/courier";
import { NO_SECRETS_KEY } from "../../../core/shared/secrets";
import { BackLink } from "../../components/admin/BackLink";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import { DeleteConfirmForm } from "../../components/admin/DeleteConfirmForm";
import { PageTitle, Panel } from "../../components/admin/Fields";
import { Notice } from "../../components/admin/Notice";
import { accountAction } from "../../components/admin/couriers/account-actions.server";
import { CourierAccountActions, type AccountAnswer } from "../../components/admin/couriers/CourierAccountActions";
import {
  CourierAccountForm,
  type CourierFormValues,
  type CourierFormView,
} from "../../components/admin/couriers/CourierAccountForm";
import { PICKUP_ROWS_MAX, type PickupRow } from "../../components/admin/couriers/PickupAddressRows";
import { consoleMeta, formText } from "../../lib/console";
import { orRefusal } from "../../lib/core-refusal.server";
import { formResult, requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/settings-couriers-edit";

export const meta = ({ data: page }: Route.MetaArgs) =>
  consoleMeta(page && "title" in page ? page.title : "Courier account");
export const ErrorBoundary = ConsoleErrorBoundary;

const LIST = "/admin/settings/couriers";
const notFound = () => data({ detail: "No such courier account." }, { status: 404 });

function accountId(param: string | undefined): number | null {
  if (param === undefined) return null;
  if (!/^\d{1,10}$/.test(param) || Number(param) < 1 || Number(param) > 2_147_483_647) throw notFound();
  return Number(param);
}

function storedValues(a: CourierAccountView): CourierFormValues {
  return {
    label: a.label,
    mode: a.mode,
    base_url: a.baseUrl ?? "",
    default_weight_grams: String(a.defaultWeightGrams),
    active: a.isActive,
    credentials: Object.fromEntries(
      a.credentialFields.filter((f) => !f.secret).map((f) => [f.name, a.credentialHints[f.name] ?? ""]),
    ),
    pickups: a.pickupAddresses.map((p) => ({
      label: p.label,
      address: p.address,
      city_id: p.cityId === null ? "" : String(p.cityId),
      phone: p.phone,
      code: p.code ?? "",
    })),
  };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, "settings");
  const id = accountId(params.id);
  const url = new URL(request.url);
  const cities = (await readCities(context.core.db))
    .map((c) => ({ id: c.id, name: c.name }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const account = id === null ? null : await orRefusal(getCourierAccount(context.core, actor, id));
  const asked = url.searchParams.get("courier");
  const courier: CourierCode | null = account ? account.courier : isCourierCode(asked) ? asked : null;
  if (!courier) throw redirect(LIST);
  const name = COURIER_NAMES[courier];
  const fields = account ? account.credentialFields : credentialFieldsOf(courier);
  const view: CourierFormView = {
    courier,
    courierName: name,
    saved: !!account,
    mustReenter: account?.credentialsState === "unreadable",
    fields: fields.map((f) => ({ ...f, stored: account?.credentialHints[f.name] ?? null })),
    hosts: adapterFor(courier).hosts,
    cities,
    values: account
      ? storedValues(account)
      : {
          label: name,
          mode: "live",
          base_url: "",
          default_weight_grams: "500",
          active: true,
          credentials: {},
          pickups: [],
        },
  };
  return {
    title: account ? account.label : `New ${name} account`,
    account: account && {
      id: account.id,
      isDefault: account.isDefault,
      isActive: account.isActive,
      state: account.credentialsState,
    },
    hasKey: !!context.core.secrets,
    view,
    saved: url.searchParams.get("saved") === "1",
    deleting: url.searchParams.get("delete") === "1",
  };
}

/** The form as the staff API's body: pickup groups left empty dropped, and which group each kept one was. */
function formBody(form: FormData, courier: CourierCode, isNew: boolean) {
  const credentials = Object.fromEntries(
    credentialFieldsOf(courier).map((f) => [f.name, formText(form, `credentials.${f.name}`)]),
  );
  const groups: { row: PickupRow; at: number }[] = [];
  for (let at = 0; at < PICKUP_ROWS_MAX + 1; at++) {
    const text = (field: string) => formText(form, `pickup_addresses.${at}.${field}`);
    const row = {
      label: text("label"),
      address: text("address"),
      city_id: text("city_id"),
      phone: text("phone"),
      code: text("code"),
    };
    if (Object.values(row).some((v) => v.trim() !== "")) groups.push({ row, at });
  }
  const mode = formText(form, "mode");
  const values: CourierFormValues = {
    label: formText(form, "label"),
    mode: mode === "test" ? "test" : "live",
    base_url: formText(form, "base_url"),
    default_weight_grams: formText(form, "default_weight_grams"),
    active: form.get("active") === "on",
    // what was typed comes back after a refusal, except a secret
    credentials: Object.fromEntries(
      credentialFieldsOf(courier)
        .filter((f) => !f.secret)
        .map((f) => [f.name, credentials[f.name] ?? ""]),
    ),
    pickups: groups.map((g) => g.row),
  };
  const body: Record<string, unknown> = {
    ...(isNew && { courier }),
    label: values.label,
    mode,
    base_url: values.base_url,
    // left empty: a new account's default weight, or the account's own kept
    ...(values.default_weight_grams.trim() !== "" && { default_weight_grams: values.default_weight_grams }),
    credentials,
    pickup_addresses: groups.map(({ row }) => ({
      ...row,
      city_id: row.city_id === "" ? null : /^\d{1,10}$/.test(row.city_id) ? Number(row.city_id) : row.city_id,
      code: row.code,
    })),
    ...(!isNew && { active: values.active }),
  };
  // a refusal names the kept group's place in the body; the form shows it under the group it came from
  const inputOf = (path: string): string | null => {
    const pickup = /^pickup_addresses\.(\d{1,2})\.(\w+)$/.exec(path);
    if (!pickup) return path;
    const at = groups[Number(pickup[1])]?.at;
    return at === undefined ? "pickup_addresses" : `pickup_addresses.${at}.${pickup[2]}`;
  };
  return { body, values, inputOf };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = await requireStaff(request, context, "settings");
  const id = accountId(params.id);
  const form = await request.formData();
  const intent = formText(form, "intent");
  if (id !== null) {
    const answered = accountAction(context.core, actor, intent, String(id));
    if (answered) return answered;
    if (intent === "delete") {
      const refused = await formResult(
        async () => {
          await removeCourierAccount(context.core, actor, id);
          return null;
        },
        { intent },
      );
      if (refused) return refused;
      throw redirect(`${LIST}?removed=1`);
    }
  }
  if (intent !== "save") return { intent, error: "Unknown action." };
  const courier = id === null ? formText(form, "courier") : null;
  const existing = id === null ? null : await orRefusal(getCourierAccount(context.core, actor, id));
  const code = existing ? existing.courier : isCourierCode(courier) ? courier : null;
  if (!code) return data({ intent, error: "Choose a courier to add." }, { status: 422 });
  const { body, values, inputOf } = formBody(form, code, id === null);
  const result = await formResult(
    async () =>
      id === null
        ? (await addCourierAccount(context.core, actor, body)).id
        : (await updateCourierAccount(context.core, actor, id, body)).id,
    { intent, values },
    { inputOf },
  );
  if (typeof result !== "number") return result;
  throw redirect(`${LIST}/${result}?saved=1`);
}

export default function ConsoleCourierAccount() {
  const { title, account, hasKey, view, saved, deleting } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as (AccountAnswer & { values?: CourierFormValues }) | undefined;
  const busy = useNavigation().state === "submitting";
  const forForm = answer?.intent === "save" ? answer : undefined;
  // after a refusal the fields keep what was typed (never a secret)
  const shown = forForm?.values ? { ...view, values: forForm.values, retype: true } : view;
  return (
    <>
      <BackLink to={LIST} label="← Couriers" />
      <PageTitle
        title={title}
        intro={
          account
            ? `${view.courierName} account${account.isDefault ? ", the default courier" : ""}${account.isActive ? "" : ", not taking bookings"}.`
            : `Add the shop's ${view.courierName} account: booking, labels and tracking then go through it.`
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Panel>
          <div className="mb-4 space-y-3 empty:hidden">
            {!hasKey && <Notice kind="error">{NO_SECRETS_KEY}</Notice>}
            {account?.state === "unreadable" && (
              <Notice kind="error">
                These credentials were saved under another SECRETS_KEY and cannot be read with this one. Enter every one
                of them again and save.
              </Notice>
            )}
            {saved && !answer && (
              <Notice kind="success">
                Saved. Test the connection to check the credentials with {view.courierName}.
              </Notice>
            )}
          </div>
          <CourierAccountForm
            key={JSON.stringify(shown.values)}
            view={shown}
            answer={forForm}
            busy={busy}
            submitLabel={account ? "Save account" : `Add ${view.courierName} account`}
          />
        </Panel>
        {account && (
          <div className="space-y-6">
            <Panel title="Connection and default">
              <p className="mb-3 text-sm text-stone-700">
                The test asks {view.courierName} for its list of cities with these credentials.
              </p>
              <CourierAccountActions
                id={account.id}
                label={title}
                canBeDefault={account.isActive && !account.isDefault}
                answer={answer}
                busy={busy}
              />
            </Panel>
            <Panel title="Remove">
              {deleting ? (
                <DeleteConfirmForm label="Remove courier account" keepHref={`${LIST}/${account.id}`} busy={busy}>
                  <p className="text-sm font-semibold">Remove {title} for good?</p>
                  <p className="text-sm text-stone-700">Parcels it delivered or returned stay on their orders.</p>
                </DeleteConfirmForm>
              ) : (
                <Link to={`${LIST}/${account.id}?delete=1`} className="btn-secondary">
                  Remove account
                </Link>
              )}
              {answer?.intent === "delete" && answer.error && (
                <Notice kind="error" className="mt-3">
                  {answer.error}
                </Notice>
              )}
            </Panel>
          </div>
        )}
      </div>
    </>
  );
}
