// Settings → Couriers (decision 0102), for the owner: the shop's accounts with PostEx, Leopards,
// Trax and TCS (courier, label, live or test, the default, what is stored of each credential),
// a connection test and the default choice on each, and a way to add one. Orders sent with any
// other courier are still marked shipped by hand with its name and consignment number.
import { Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { listCourierAccounts } from "../../../core/couriers/accounts";
import { COURIER_CODES, COURIER_NAMES } from "../../../core/couriers/courier";
import { NO_SECRETS_KEY } from "../../../core/shared/secrets";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import { PageTitle, Panel } from "../../components/admin/Fields";
import { Notice } from "../../components/admin/Notice";
import { accountAction } from "../../components/admin/couriers/account-actions.server";
import { CourierAccountActions, type AccountAnswer } from "../../components/admin/couriers/CourierAccountActions";
import { consoleMeta, formText } from "../../lib/console";
import { requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/settings-couriers";

export const meta = () => consoleMeta("Couriers");
export const ErrorBoundary = ConsoleErrorBoundary;

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, "settings");
  const accounts = await listCourierAccounts(context.core, actor);
  return {
    hasKey: !!context.core.secrets,
    removed: new URL(request.url).searchParams.get("removed") === "1",
    accounts: accounts.map((a) => ({
      id: a.id,
      label: a.label,
      courierName: a.courierName,
      mode: a.mode,
      isDefault: a.isDefault,
      isActive: a.isActive,
      unreadable: a.credentialsState === "unreadable",
      hints: a.credentialFields
        .filter((f) => a.credentialHints[f.name] !== undefined)
        .map((f) => ({ label: f.label, hint: a.credentialHints[f.name]! })),
      pickups: a.pickupAddresses.length,
      weight: a.defaultWeightGrams,
    })),
    couriers: COURIER_CODES.map((code) => ({ code, name: COURIER_NAMES[code] })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireStaff(request, context, "settings");
  const form = await request.formData();
  const intent = formText(form, "intent");
  return (
    accountAction(context.core, actor, intent, formText(form, "id")) ??
    ({ intent, error: "Unknown action." } satisfies AccountAnswer)
  );
}

function Badge({ children, tone }: { children: React.ReactNode; tone: "ink" | "amber" | "stone" }) {
  const colours = {
    ink: "bg-ink text-white",
    amber: "bg-amber-100 text-amber-900 ring-1 ring-amber-300",
    stone: "bg-stone-100 text-stone-700 ring-1 ring-stone-300",
  };
  return <span className={`inline-block px-2 py-0.5 text-xs font-semibold ${colours[tone]}`}>{children}</span>;
}

export default function ConsoleCouriers() {
  const { hasKey, removed, accounts, couriers } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as AccountAnswer | undefined;
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <PageTitle
        title="Couriers"
        intro="The shop's accounts with PostEx, Leopards, Trax and TCS: orders are booked, labelled and followed through them. For any other courier, mark the order shipped by hand with the courier's name and consignment number, as before."
      />
      <div className="max-w-3xl space-y-6">
        {!hasKey && <Notice kind="error">{NO_SECRETS_KEY}</Notice>}
        {removed && <Notice kind="success">The account was removed.</Notice>}
        {answer?.error && !answer.id && <Notice kind="error">{answer.error}</Notice>}
        <Panel title="Accounts">
          {accounts.length === 0 ? (
            <p className="text-sm text-stone-700">
              No courier account yet. Add one below to book parcels from an order.
            </p>
          ) : (
            <ul aria-label="Courier accounts" className="divide-y divide-stone-200">
              {accounts.map((a) => (
                <li key={a.id} className="space-y-2 py-4 first:pt-0 last:pb-0">
                  <div className="flex flex-wrap items-center gap-2">
                    <Link
                      to={`/admin/settings/couriers/${a.id}`}
                      className="text-base font-semibold break-all underline underline-offset-4"
                    >
                      {a.label}
                    </Link>
                    {a.isDefault && <Badge tone="ink">Default</Badge>}
                    {!a.isActive && <Badge tone="stone">Not taking bookings</Badge>}
                    {a.mode === "test" && <Badge tone="amber">Test mode</Badge>}
                  </div>
                  <p className="text-sm text-stone-700">
                    {a.courierName} · {a.mode === "live" ? "Live" : "Test"} · {a.weight.toLocaleString("en-US")} g by
                    default ·{" "}
                    {a.pickups === 0
                      ? "no pickup address yet"
                      : a.pickups === 1
                        ? "1 pickup address"
                        : `${a.pickups} pickup addresses`}
                  </p>
                  <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
                    {a.hints.map((h) => (
                      <div key={h.label} className="flex gap-1">
                        <dt className="text-stone-600">{h.label}:</dt>
                        <dd className="font-mono break-all">{h.hint}</dd>
                      </div>
                    ))}
                  </dl>
                  {a.unreadable && (
                    <p className="text-sm font-semibold text-red-800">
                      Its credentials were saved under another SECRETS_KEY and cannot be read.{" "}
                      <Link to={`/admin/settings/couriers/${a.id}`} className="underline underline-offset-4">
                        Enter them again
                      </Link>
                      .
                    </p>
                  )}
                  <CourierAccountActions
                    id={a.id}
                    label={a.label}
                    canBeDefault={a.isActive && !a.isDefault}
                    answer={answer}
                    busy={busy}
                  >
                    <Link to={`/admin/settings/couriers/${a.id}`} className="btn-secondary">
                      Edit
                    </Link>
                  </CourierAccountActions>
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel title="Add an account">
          <ul aria-label="Add a courier account" className="flex flex-wrap gap-2">
            {couriers.map((c) => (
              <li key={c.code}>
                <Link to={`/admin/settings/couriers/new?courier=${c.code}`} className="btn-secondary">
                  Add {c.name}
                </Link>
              </li>
            ))}
          </ul>
          <p className="mt-3 text-sm text-stone-700">
            After adding one, refresh its list of cities on{" "}
            <Link to="/admin/settings/cities" className="underline underline-offset-4">
              Cities
            </Link>
            , so the checkout knows where it delivers.
          </p>
        </Panel>
      </div>
    </>
  );
}
