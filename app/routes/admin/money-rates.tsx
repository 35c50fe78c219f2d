// "Rate cards" (decision 0109), for the money permission: each courier's card in force and its
// history; the editor for a card (?courier=postex for a new one, &from=2025-07-01 to change one),
// with a worked example of what it means for a parcel; the withheld-tax rates. Every save and
// removal holds the parcels to the cards again (core/remittances/rate-cards.ts).
import { data, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { COURIER_CODES, COURIER_NAMES, type CourierCode } from "../../../core/couriers/courier";
import { cardAsBody, readRateCard } from "../../../core/remittances/rate-card-input";
import { listRateCards, removeRateCard, saveRateCard } from "../../../core/remittances/rate-cards";
import {
  addWithheldTaxRate,
  listWithheldTaxRates,
  removeWithheldTaxRate,
} from "../../../core/remittances/withheld-tax-rates";
import { karachiToday } from "../../../core/shared/karachi-time";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import { PageTitle, Panel } from "../../components/admin/Fields";
import { Notice } from "../../components/admin/Notice";
import { RateCardEditor, type EditorValues } from "../../components/admin/money-rates/RateCardEditor";
import { CourierCardList, WithheldTaxPanel } from "../../components/admin/money-rates/RateLists";
import { cardFormBody, cardLines, workedExample } from "../../components/admin/money-rates/rates-form.server";
import { consoleMeta, formText } from "../../lib/console";
import { formatDay } from "../../lib/dates";
import { formResult, requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/money-rates";

export const meta = () => consoleMeta("Rate cards");
export const ErrorBoundary = ConsoleErrorBoundary;

const BASE = "/admin/money/rates";

const isCourier = (value: string | null): value is CourierCode =>
  value !== null && (COURIER_CODES as readonly string[]).includes(value);

// a courier with no card yet starts from one band the owner fills in
const BLANK: EditorValues = {
  effective_from: "",
  bands: [{ up_to_grams: "500", city: "", province: "", country: "" }],
  extra_per_500g: { city: "", province: "", country: "" },
  cash_handling_percent: "0",
  fuel_percent: "0",
  gst_percent: "16",
  return_charge: "0",
  delivery_charged_on_return: true,
  tolerance: "5",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, "money");
  const params = new URL(request.url).searchParams;
  const [cards, rates] = await Promise.all([
    listRateCards(context.core, actor),
    listWithheldTaxRates(context.core, actor),
  ]);
  const today = karachiToday();
  const taxOn = (day: string) => rates.find((rate) => rate.effectiveFrom <= day)?.rateBasisPoints ?? null;
  const asked = params.get("courier");
  const courier = isCourier(asked) ? asked : null;
  const from = (params.get("from") ?? "").slice(0, 10);
  const editing = courier ? cards.find((c) => c.courier === courier && c.effectiveFrom === from) : undefined;
  const startFrom = courier ? cards.find((c) => c.courier === courier && c.inForce) : undefined;
  const base = editing ?? startFrom;
  return {
    couriers: COURIER_CODES.map((code) => ({
      code,
      name: COURIER_NAMES[code],
      cards: cards
        .filter((c) => c.courier === code)
        .map((c) => ({
          effectiveFrom: c.effectiveFrom,
          dayText: formatDay(c.effectiveFrom),
          inForce: c.inForce,
          upcoming: c.upcoming,
          lines: cardLines(c.card),
          createdBy: c.createdBy,
        })),
    })),
    editor: courier && {
      courier,
      courierName: COURIER_NAMES[courier],
      isNew: !editing,
      values: {
        ...(base ? cardAsBody(base.card) : BLANK),
        effective_from: editing ? editing.effectiveFrom : today,
      } satisfies EditorValues,
      example: base ? workedExample(base.card, taxOn(editing?.effectiveFrom ?? today)) : null,
    },
    saved: params.get("saved") === "1",
    removing: (params.get("remove") ?? "").slice(0, 40) || null,
    rates: rates.map((r) => ({
      id: r.id,
      dayText: formatDay(r.effectiveFrom),
      percent: String(r.rateBasisPoints / 100),
      note: r.note,
      inForce: r.inForce,
      upcoming: r.upcoming,
    })),
    suggestedDay: rates.length ? today : "2025-07-01",
  };
}

const refreshedWords = (n: number) =>
  n === 0 ? "" : ` ${n === 1 ? "1 parcel was" : `${n} parcels were`} checked against it again.`;

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireStaff(request, context, "money");
  const form = await request.formData();
  const intent = formText(form, "intent");
  if (intent === "save-card" || intent === "preview") {
    const courier = formText(form, "courier").slice(0, 20);
    const { effectiveFrom, body, values, inputOf } = cardFormBody(form);
    if (intent === "preview") {
      const rates = await listWithheldTaxRates(context.core, actor);
      return formResult(
        async () => {
          const card = readRateCard(body);
          const day = effectiveFrom || karachiToday();
          const tax = rates.find((rate) => rate.effectiveFrom <= day)?.rateBasisPoints ?? null;
          return { intent, values, example: workedExample(card, tax) };
        },
        { intent, values },
        { inputOf },
      );
    }
    const saved = await formResult(
      () => saveRateCard(context.core, actor, { courier, effectiveFrom }, body),
      { intent, values },
      { inputOf },
    );
    if (!("card" in saved)) return saved;
    throw redirect(`${BASE}?courier=${saved.card.courier}&from=${saved.card.effectiveFrom}&saved=1#editor`);
  }
  if (intent === "remove-card") {
    const courier = formText(form, "courier").slice(0, 20);
    const day = formText(form, "effective_from").slice(0, 20);
    return formResult(
      async () => {
        const removed = await removeRateCard(context.core, actor, { courier, effectiveFrom: day });
        const name = isCourier(courier) ? COURIER_NAMES[courier] : courier;
        return {
          intent,
          done: `${name}'s card from ${formatDay(day)} was removed.${refreshedWords(removed.parcelsRefreshed)}`,
        };
      },
      { intent },
    );
  }
  if (intent === "add-tax") {
    return formResult(
      async () => {
        const added = await addWithheldTaxRate(context.core, actor, {
          effective_from: formText(form, "effective_from").slice(0, 20),
          rate_percent: formText(form, "rate_percent").slice(0, 20),
          note: formText(form, "note").slice(0, 400),
        });
        const { rate } = added;
        return {
          intent,
          done: `Withheld tax of ${rate.rateBasisPoints / 100}% from ${formatDay(rate.effectiveFrom)} added.${refreshedWords(added.parcelsRefreshed)}`,
        };
      },
      { intent },
    );
  }
  if (intent === "remove-tax") {
    return formResult(
      async () => {
        const removed = await removeWithheldTaxRate(context.core, actor, Number(formText(form, "id").slice(0, 12)));
        return { intent, done: `The withheld-tax rate was removed.${refreshedWords(removed.parcelsRefreshed)}` };
      },
      { intent },
    );
  }
  return data({ intent, error: "Choose what to do." }, { status: 422 });
}

interface Answer {
  intent?: string;
  error?: string;
  done?: string;
  values?: EditorValues;
  example?: string[];
}

export default function ConsoleRateCards() {
  const { couriers, editor, saved, removing, rates, suggestedDay } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as Answer | undefined;
  const busy = useNavigation().state === "submitting";
  const cardAnswer = answer?.intent === "save-card" || answer?.intent === "preview" ? answer : undefined;
  const values = cardAnswer?.values ?? editor?.values;
  const listAnswer = answer?.intent === "remove-card" || answer?.intent === "remove-tax" ? answer : undefined;
  return (
    <>
      <PageTitle
        title="Rate cards"
        intro="What each courier agreed to charge, from the day it applies. Each parcel's deductions are checked against the card in force on the day it was delivered or returned."
      />
      {listAnswer?.done && (
        <Notice kind="success" className="mb-4">
          {listAnswer.done}
        </Notice>
      )}
      {listAnswer?.error && (
        <Notice kind="error" className="mb-4">
          {listAnswer.error}
        </Notice>
      )}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="min-w-0 space-y-6">
          {editor && values && (
            <div id="editor">
              <Panel title={`${editor.isNew ? "New" : "Change the"} ${editor.courierName} card`}>
                {saved && !answer && (
                  <Notice kind="success" className="mb-4">
                    Saved. Parcels of {editor.courierName} were checked against it again.
                  </Notice>
                )}
                <RateCardEditor
                  key={JSON.stringify(values)}
                  courier={editor.courier}
                  courierName={editor.courierName}
                  values={values}
                  answer={cardAnswer}
                  example={cardAnswer?.example ?? (cardAnswer ? null : editor.example)}
                  isNew={editor.isNew}
                />
              </Panel>
            </div>
          )}
          {couriers.map((courier) => (
            <CourierCardList key={courier.code} courier={courier} removing={removing} busy={busy} />
          ))}
        </div>
        <div className="min-w-0">
          <WithheldTaxPanel
            rates={rates}
            answer={answer?.intent === "add-tax" ? answer : undefined}
            busy={busy}
            suggestedDay={suggestedDay}
          />
          {answer?.intent === "add-tax" && answer.done && (
            <Notice kind="success" className="mt-3">
              {answer.done}
            </Notice>
          )}
        </div>
      </div>
    </>
  );
}
