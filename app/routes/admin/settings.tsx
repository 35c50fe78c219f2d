// Store settings for the owner: whether every staff account must use two-step sign-in (members
// without it are then kept on their account page until they set it up); how parcels are labelled
// (discreet packaging and its sender name); the store's details: name, contact, shipping,
// delivery promise, social links (decision 0068); the fake-order signals (decision 0073); and the
// display currencies' rates (spec §9; decision 0091).
import { data, Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { invalid } from "../../../core/shared/errors";
import { getPackagingSettings, setPackagingSettings } from "../../../core/orders/packaging";
import { getParcelStallDays, parseStallDays, setParcelStallDays } from "../../../core/parcels/attention";
import { getReviewModeration, setReviewModeration } from "../../../core/catalog/review-settings";
import { REVIEWS_HELD_LABELS } from "../../../core/catalog/review-states";
import { getStaffSecuritySettings, setStaffTwoStepRequired } from "../../../core/staff/two-step";
import { getStoreDetails, updateStoreDetails, type StoreDetails } from "../../../core/settings/store-details";
import { STORE_DETAILS_FORM_FIELDS } from "../../../core/settings/store-details-rules";
import { AppError } from "../../../core/shared/errors";
import { rupeesText } from "../../../core/shared/money";
import { DEFAULT_SHIPPING_FEE_PAISA } from "../../../core/settings/site-settings";
import {
  StoreDetailsPanel,
  type StoreDetailsAnswer,
  type StoreDetailsView,
} from "../../components/admin/StoreDetailsPanel";
import { PackagingPanel } from "../../components/admin/PackagingPanel";
import { ReviewModerationPanel } from "../../components/admin/ReviewModerationPanel";
import {
  OrderSignalsPanel,
  type OrderSignalsAnswer,
  type OrderSignalsView,
} from "../../components/admin/OrderSignalsPanel";
import {
  getOrderSignalSettings,
  updateOrderSignalSettings,
  type OrderSignalSettings,
} from "../../../core/orders/order-signals";
import { getCurrencyRates, setCurrencyRates, type CurrencyRateSettings } from "../../../core/settings/currency-rates";
import { DISPLAY_CURRENCIES, rateShown } from "../../../core/settings/currencies";
import {
  CurrencyRatesPanel,
  type CurrencyRatesAnswer,
  type CurrencyRatesView,
} from "../../components/admin/CurrencyRatesPanel";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import { PageTitle, Panel } from "../../components/admin/Fields";
import { Notice, actionError } from "../../components/admin/Notice";
import { consoleMeta, formText } from "../../lib/console";
import { formResult, requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/settings";

export const meta = () => consoleMeta("Settings");
export const ErrorBoundary = ConsoleErrorBoundary;

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, "settings");
  const [security, packaging, reviewsHeld, store, signals, currencies, parcelStallDays] = await Promise.all([
    getStaffSecuritySettings(context.core, actor),
    getPackagingSettings(context.core, actor),
    getReviewModeration(context.core, actor),
    getStoreDetails(context.core, actor),
    getOrderSignalSettings(context.core, actor),
    getCurrencyRates(context.core, actor),
    getParcelStallDays(context.core, actor),
  ]);
  return {
    ...security,
    packaging: { ...packaging, parcelStallDays },
    reviewsHeld,
    store: storeView(store),
    signals: signalsView(signals),
    currencies: currenciesView(currencies),
  };
}

/** Rupees as the form shows them: "500", "499.50"; "" when not set. */
const rupeesField = (paisa: number | null) => (paisa === null ? "" : rupeesText(paisa).replace(/\.00$/, ""));

function storeView(d: StoreDetails): StoreDetailsView {
  return {
    ...d,
    shipping_fee: rupeesField(d.shipping_fee_paisa),
    free_shipping_threshold: rupeesField(d.free_shipping_threshold_paisa),
    default_shipping_fee: rupeesField(DEFAULT_SHIPPING_FEE_PAISA),
  };
}

function signalsView(s: OrderSignalSettings): OrderSignalsView {
  return {
    holdSignals: s.holdSignals,
    codLimit: rupeesField(s.codLimitPaisa),
    cityLimits: s.cityLimits.map((c) => ({ city: c.city, limit: rupeesField(c.limitPaisa) })),
    updatedAt: s.updatedAt,
  };
}

function currenciesView(s: CurrencyRateSettings): CurrencyRatesView {
  return {
    currencies: s.currencies.map((c) => ({
      code: c.code,
      rate: c.rate === null ? "" : rateShown(c.rate).replaceAll(",", ""),
      setAt: c.setAt?.toISOString() ?? null,
      setBy: c.setBy,
    })),
    updatedAt: s.updatedAt,
  };
}

/** The currencies panel's save: every field sent; core changes only the rates that differ. */
async function saveCurrencies(
  context: Route.ActionArgs["context"],
  actor: Awaited<ReturnType<typeof requireStaff>>,
  form: FormData,
) {
  const values = Object.fromEntries(DISPLAY_CURRENCIES.map((code) => [code, formText(form, `rate_${code}`)]));
  try {
    const saved = await setCurrencyRates(context.core, actor, { updated_at: formText(form, "updated_at"), rates: values });
    const offered = saved.currencies.filter((c) => c.rate !== null).map((c) => c.code);
    return {
      intent: "currencies",
      done: offered.length
        ? `Saved. Shoppers may see prices in ${offered.join(", ")} as well as rupees.`
        : "Saved. Prices show in rupees only.",
    } satisfies CurrencyRatesAnswer & { intent: string };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const field = typeof error.extra?.field === "string" ? error.extra.field : undefined;
    return data(
      { intent: "currencies", error: error.message, field, values: error.status === 409 ? undefined : values },
      { status: error.status },
    );
  }
}

/** The fake-order signals panel's save: rows left empty are not cities. */
async function saveSignals(
  context: Route.ActionArgs["context"],
  actor: Awaited<ReturnType<typeof requireStaff>>,
  form: FormData,
) {
  const cities = form.getAll("city").map((v) => (typeof v === "string" ? v : ""));
  const limits = form.getAll("city_limit").map((v) => (typeof v === "string" ? v : ""));
  const rows = cities
    .map((city, row) => ({ city, cod_limit: limits[row] ?? "", row }))
    .filter((c) => c.city.trim() !== "" || c.cod_limit.trim() !== "");
  const cityLimits = rows.map(({ city, cod_limit }) => ({ city, cod_limit }));
  // core names the Nth city it was given; the form shows it under the row it came from
  const inputOf = (path: string): string | null => {
    const city = /^city_limits\.(\d{1,3})\.(city|cod_limit)$/.exec(path);
    if (city) {
      const row = rows[Number(city[1])]?.row;
      if (row === undefined) return null;
      return `${city[2] === "city" ? "city" : "city_limit"}.${row}`;
    }
    return path === "cod_limit" || path === "hold_signals" ? path : null;
  };
  return formResult(
    async () => {
      await updateOrderSignalSettings(context.core, actor, {
        updated_at: formText(form, "updated_at"),
        hold_signals: form.getAll("hold_signals").filter((v) => typeof v === "string"),
        cod_limit: formText(form, "cod_limit"),
        city_limits: cityLimits,
      });
      return {
        intent: "signals",
        done: "Saved. New orders are checked with these choices.",
      } satisfies OrderSignalsAnswer & {
        intent: string;
      };
    },
    { intent: "signals" },
    { inputOf },
  );
}

async function saveStoreDetails(
  context: Route.ActionArgs["context"],
  actor: Awaited<ReturnType<typeof requireStaff>>,
  form: FormData,
) {
  const values: Record<string, string> = {};
  for (const field of STORE_DETAILS_FORM_FIELDS) values[field] = formText(form, field);
  try {
    await updateStoreDetails(context.core, actor, { ...values, updated_at: formText(form, "updated_at") });
    return {
      intent: "store",
      done: "Saved. The storefront shows the new details now.",
    } satisfies StoreDetailsAnswer & { intent: string };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const field = typeof error.extra?.field === "string" ? error.extra.field : undefined;
    return data(
      {
        intent: "store",
        error: error.message,
        status: error.status,
        field,
        values: error.status === 409 ? undefined : values,
      },
      { status: error.status },
    );
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireStaff(request, context, "settings");
  const form = await request.formData();
  if (formText(form, "intent") === "packaging") {
    const discreet = form.get("discreet_packaging") === "on";
    return formResult(
      async () => {
        // the stall days (decision 0104) are checked before anything is saved
        const stallDays = form.has("parcel_stall_days") ? parseStallDays(formText(form, "parcel_stall_days")) : null;
        const saved = await setPackagingSettings(context.core, actor, {
          discreet_packaging: discreet,
          discreet_sender_name: formText(form, "discreet_sender_name"),
        });
        if (stallDays !== null) await setParcelStallDays(context.core, actor, { parcel_stall_days: stallDays });
        const labels = saved.discreetPackaging
          ? `Parcels are labelled discreetly, from "${saved.senderNameShown}".`
          : "Parcels are labelled with the store's name.";
        const stall =
          stallDays === null
            ? ""
            : ` A parcel not moved for ${stallDays} ${stallDays === 1 ? "day" : "days"} is listed to follow up.`;
        return { intent: "packaging", done: labels + stall };
      },
      { intent: "packaging" },
      { known: ["discreet_sender_name", "parcel_stall_days"] },
    );
  }
  if (formText(form, "intent") === "store") return saveStoreDetails(context, actor, form);
  if (formText(form, "intent") === "signals") return saveSignals(context, actor, form);
  if (formText(form, "intent") === "currencies") return saveCurrencies(context, actor, form);
  if (formText(form, "intent") === "reviews") {
    return formResult(
      async () => {
        const held = await setReviewModeration(context.core, actor, formText(form, "reviews_held_for_moderation"));
        return { intent: "reviews", done: `Saved. ${REVIEWS_HELD_LABELS[held]}.` };
      },
      { intent: "reviews" },
      { known: ["reviews_held_for_moderation"] },
    );
  }
  const value = formText(form, "two_step_required");
  return formResult(async () => {
    // only the form's two values: anything else changes nothing
    if (value !== "true" && value !== "false") throw invalid("two_step_required must be true or false");
    const required = value === "true";
    await setStaffTwoStepRequired(context.core, actor, required);
    return {
      done: required
        ? "Two-step sign-in is now required of every staff account."
        : "Two-step sign-in is now each member's choice.",
    };
  });
}

export default function ConsoleSettings() {
  const { twoStepRequired, packaging, reviewsHeld, store, signals, currencies } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const forPackaging = !!answer && "intent" in answer && answer.intent === "packaging";
  const forReviews = !!answer && "intent" in answer && answer.intent === "reviews";
  const forStore = !!answer && "intent" in answer && answer.intent === "store";
  const forSignals = !!answer && "intent" in answer && answer.intent === "signals";
  const forCurrencies = !!answer && "intent" in answer && answer.intent === "currencies";
  const result = forPackaging || forReviews || forStore || forSignals || forCurrencies ? undefined : answer;
  const error = actionError(result);
  const done = result && "done" in result ? result.done : null;
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <PageTitle
        title="Settings"
        intro="The store's details, how the staff sign in to the back office, how parcels are labelled, and the currencies prices may be shown in."
      />
      <div className="max-w-2xl space-y-6">
        <StoreDetailsPanel details={store} answer={forStore ? (answer as StoreDetailsAnswer) : undefined} />
        <Panel title="Two-step sign-in">
          <Form method="post" preventScrollReset className="space-y-4" aria-label="Two-step sign-in for the staff">
            <p className="text-sm text-stone-700">
              {twoStepRequired
                ? "Required: every member signs in with a code from their phone as well as their password."
                : "Each member's choice. Requiring it means a stolen password alone can never open the back office."}
            </p>
            <input type="hidden" name="two_step_required" value={String(!twoStepRequired)} />
            <button type="submit" disabled={busy} className={twoStepRequired ? "btn-secondary" : "btn-primary"}>
              {twoStepRequired ? "Stop requiring it" : "Require it for every staff account"}
            </button>
            {/* beside the button pressed, as in every console form (decision 0096) */}
            {error && <Notice kind="error">{error}</Notice>}
            {done && <Notice kind="success">{done}</Notice>}
          </Form>
        </Panel>
        <PackagingPanel settings={packaging} answer={forPackaging ? answer : undefined} />
        <ReviewModerationPanel held={reviewsHeld} answer={forReviews ? answer : undefined} />
        <OrderSignalsPanel
          key={signals.updatedAt}
          settings={signals}
          answer={forSignals ? (answer as OrderSignalsAnswer) : undefined}
        />
        <CurrencyRatesPanel
          key={currencies.updatedAt}
          settings={currencies}
          answer={forCurrencies ? (answer as CurrencyRatesAnswer) : undefined}
        />
      </div>
    </>
  );
}
