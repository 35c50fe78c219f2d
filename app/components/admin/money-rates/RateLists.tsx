// The Rate cards page's lists (decision 0109): each courier's card in force and its history, each
// with its lines and links to change or remove it (removal asks once more, with no script); and
// the withheld-tax rates with the form that adds one.
import { Form, Link } from "react-router";
import { ConsoleForm, FormNotice, Panel, TextField } from "../Fields";
import { SubmitButton } from "../SubmitButton";

export interface ListedCard {
  effectiveFrom: string;
  dayText: string;
  inForce: boolean;
  upcoming: boolean;
  lines: string[];
  createdBy: string | null;
}

export interface CourierCards {
  code: string;
  name: string;
  cards: ListedCard[];
}

const BASE = "/admin/money/rates";

function stateWords(card: ListedCard) {
  if (card.inForce)
    return <span className="bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">In force</span>;
  if (card.upcoming)
    return <span className="bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">To come</span>;
  return <span className="bg-stone-100 px-2 py-0.5 text-xs text-stone-700">Earlier</span>;
}

export function CourierCardList({
  courier,
  removing,
  busy,
}: {
  courier: CourierCards;
  removing: string | null;
  busy: boolean;
}) {
  return (
    <Panel>
      <div id={`courier-${courier.code}`} className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{courier.name}</h2>
        <Link to={`${BASE}?courier=${courier.code}#editor`} className="btn-secondary">
          {courier.cards.length ? "New card" : "Add its card"}
        </Link>
      </div>
      {courier.cards.length === 0 && (
        <p className="text-sm text-stone-600">
          No card yet: its parcels are checked only for cash collected short, not for what it deducted.
        </p>
      )}
      <ul className="space-y-3">
        {courier.cards.map((card) => {
          const key = `${courier.code}/${card.effectiveFrom}`;
          return (
            <li key={key} className="border-t border-stone-200 pt-3 first:border-0 first:pt-0">
              <div className="flex flex-wrap items-center gap-2">
                <p className="font-semibold">From {card.dayText}</p>
                {stateWords(card)}
              </div>
              <ul className="mt-1 space-y-0.5 text-sm text-stone-700">
                {card.lines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              {card.createdBy && <p className="mt-1 text-xs text-stone-500">Saved by {card.createdBy}</p>}
              {removing === key ? (
                <Form
                  method="post"
                  className="mt-2 space-y-2 bg-red-50 p-3 ring-1 ring-red-200"
                  aria-label="Remove card"
                >
                  <input type="hidden" name="intent" value="remove-card" />
                  <input type="hidden" name="courier" value={courier.code} />
                  <input type="hidden" name="effective_from" value={card.effectiveFrom} />
                  <p className="text-sm font-semibold">
                    Remove {courier.name}&apos;s card from {card.dayText}? Its parcels are held to the card before it,
                    or to none.
                  </p>
                  <div className="flex flex-wrap gap-2">
                    <button type="submit" disabled={busy} className="btn-primary">
                      Yes, remove it
                    </button>
                    <Link to={`${BASE}#courier-${courier.code}`} className="btn-secondary">
                      Keep it
                    </Link>
                  </div>
                </Form>
              ) : (
                <div className="mt-2 flex flex-wrap gap-3 text-sm">
                  <Link className="underline" to={`${BASE}?courier=${courier.code}&from=${card.effectiveFrom}#editor`}>
                    Change
                  </Link>
                  <Link className="underline" to={`${BASE}?remove=${key}#courier-${courier.code}`}>
                    Remove
                  </Link>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </Panel>
  );
}

export interface ListedRate {
  id: number;
  dayText: string;
  percent: string;
  note: string;
  inForce: boolean;
  upcoming: boolean;
}

export function WithheldTaxPanel({
  rates,
  answer,
  busy,
  suggestedDay,
}: {
  rates: ListedRate[];
  answer: unknown;
  busy: boolean;
  suggestedDay: string;
}) {
  return (
    <Panel title="Withheld income tax">
      <p className="mb-3 text-sm text-stone-700">
        Couriers withhold income tax on the cash they collect (Finance Act 2025, section 6A). A parcel is held to the
        rate in force on the day it was delivered.
      </p>
      {rates.length === 0 && <p className="mb-3 text-sm text-stone-600">No rate yet: no withheld tax is expected.</p>}
      <ul className="mb-4 space-y-2">
        {rates.map((rate) => (
          <li key={rate.id} className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-semibold">
              {rate.percent}% from {rate.dayText}
            </span>
            {rate.inForce && (
              <span className="bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">In force</span>
            )}
            {rate.upcoming && (
              <span className="bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">To come</span>
            )}
            {rate.note && <span className="text-stone-600">{rate.note}</span>}
            <Form method="post" className="inline">
              <input type="hidden" name="intent" value="remove-tax" />
              <input type="hidden" name="id" value={rate.id} />
              <button
                type="submit"
                disabled={busy}
                className="underline"
                aria-label={`Remove the ${rate.percent}% rate from ${rate.dayText}`}
              >
                Remove
              </button>
            </Form>
          </li>
        ))}
      </ul>
      <ConsoleForm
        method="post"
        answer={answer}
        className="grid gap-3 sm:grid-cols-2"
        aria-label="Add a withheld-tax rate"
      >
        <input type="hidden" name="intent" value="add-tax" />
        <TextField name="effective_from" label="From" type="date" defaultValue={suggestedDay} required />
        <TextField name="rate_percent" label="Rate, %" defaultValue="2" inputMode="decimal" maxLength={10} required />
        <TextField
          name="note"
          label="Note"
          defaultValue="Finance Act 2025, section 6A"
          maxLength={200}
          className="sm:col-span-2"
        />
        <div className="flex flex-wrap items-center gap-2 sm:col-span-2">
          <SubmitButton>Add rate</SubmitButton>
          <FormNotice />
        </div>
      </ConsoleForm>
    </Panel>
  );
}
