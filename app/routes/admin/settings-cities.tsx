// Settings → Cities (decision 0105), for the owner: each courier account's city list (when it was
// refreshed, how many places it delivers to, how many match none of the store's cities) with a
// Refresh button, and, a page at a time, the places of a courier's list that match none of the
// store's cities, each linked by hand to one of them (or added as a new city). Until a place is
// linked, no parcel can be booked there with that courier.
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { readCities } from "../../../core/couriers/cities";
import {
  courierListSummaries,
  linkCourierCity,
  refreshCourierCities,
  unmatchedPlaces,
} from "../../../core/couriers/city-refresh";
import { COURIER_CODES, COURIER_NAMES, type CourierCode } from "../../../core/couriers/courier";
import { invalid } from "../../../core/shared/errors";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import { ConsoleForm, FieldError, FormNotice, PageTitle, Panel, useFieldError } from "../../components/admin/Fields";
import { ListCount, listHref, pageCount, Pager } from "../../components/admin/Lists";
import { Notice } from "../../components/admin/Notice";
import { consoleMeta, formText, pageParam } from "../../lib/console";
import { formatDayTime } from "../../lib/dates";
import { formResult, requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/settings-cities";

export const meta = () => consoleMeta("Cities");
export const ErrorBoundary = ConsoleErrorBoundary;

const PAGE_SIZE = 50;
const PATH = "/admin/settings/cities";

const isCourier = (value: string | null): value is CourierCode =>
  (COURIER_CODES as readonly string[]).includes(value ?? "");

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, "settings");
  const params = new URL(request.url).searchParams;
  const page = pageParam(params);
  const [lists, cities] = await Promise.all([courierListSummaries(context.core, actor), readCities(context.core.db)]);
  const couriers = [...new Set(lists.map((l) => l.courier))];
  const asked = params.get("courier");
  // the courier chosen, else the first with places to link, else the first
  const courier =
    isCourier(asked) && couriers.includes(asked) ? asked : (lists.find((l) => l.unmatched > 0) ?? lists[0])?.courier;
  const found = courier
    ? await unmatchedPlaces(context.core, actor, { courier, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE })
    : { items: [], total: 0 };
  return {
    cityCount: cities.length,
    cityNames: cities.map((c) => c.name).sort((a, b) => a.localeCompare(b)),
    lists: lists.map((l) => ({
      accountId: l.accountId,
      label: l.label,
      courier: l.courier,
      courierName: COURIER_NAMES[l.courier],
      active: l.isActive,
      refreshed: l.refreshedAt ? formatDayTime(l.refreshedAt) : null,
      delivering: l.delivering,
      unmatched: l.unmatched,
    })),
    couriers: couriers.map((c) => ({ code: c, name: COURIER_NAMES[c] })),
    courier: courier ?? null,
    places: found.items.map((p) => ({ id: p.courierCityId, name: p.courierCityName })),
    total: found.total,
    page,
    pages: pageCount(found.total, PAGE_SIZE),
  };
}

interface CitiesAnswer {
  intent: string;
  /** the account refreshed, or the place linked */
  target: string;
  error?: string;
  done?: string;
  fields?: Record<string, string>;
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireStaff(request, context, "settings");
  const form = await request.formData();
  const intent = formText(form, "intent");
  if (intent === "refresh") {
    const target = formText(form, "account");
    return formResult<CitiesAnswer>(
      async () => {
        const id = Number(target);
        if (!Number.isSafeInteger(id) || id <= 0) throw invalid("Choose a courier account to refresh.");
        const r = await refreshCourierCities(context.core, actor, id);
        const name = COURIER_NAMES[r.courier];
        const changes = [
          r.added > 0 ? `${count(r.added, "new place", "new places")}` : null,
          r.dropped > 0 ? `${count(r.dropped, "place", "places")} no longer listed` : null,
        ].filter(Boolean);
        return {
          intent,
          target,
          done: `${name}'s list: ${count(r.listed, "place", "places")}, ${r.matched.toLocaleString("en-US")} matched to the store's cities, ${r.unmatched.toLocaleString("en-US")} to link by hand.${changes.length ? ` ${changes.join(", ")}.` : ""}`,
        };
      },
      { intent, target },
    );
  }
  if (intent === "link") {
    const courier = formText(form, "courier");
    const place = formText(form, "courier_city_id");
    const target = `${courier}:${place}`;
    return formResult<CitiesAnswer>(
      async () => {
        const linked = await linkCourierCity(context.core, actor, {
          courier: courier as CourierCode,
          courier_city_id: place,
          city: formText(form, "city"),
        });
        return {
          intent,
          target,
          done: `${place} is now ${linked.cityName}${linked.created ? ", a new city of the store" : ""}.`,
        };
      },
      { intent, target },
    );
  }
  return { intent, target: "", error: "Unknown action." } satisfies CitiesAnswer;
}

export default function ConsoleCities() {
  const { cityCount, cityNames, lists, couriers, courier, places, total, page, pages } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as CitiesAnswer | undefined;
  const busy = useNavigation().state === "submitting";
  const shownCourier = courier ? COURIER_NAMES[courier] : "";
  return (
    <>
      <PageTitle
        title="Cities"
        intro={`The checkout offers the store's ${cityCount.toLocaleString("en-US")} cities and matches what shoppers type to them. Each courier's own list is kept beside them: refresh it when the courier serves new towns. A place in a courier's list that matches none of the store's cities is listed below: link it, or no parcel can be booked there with that courier.`}
      />
      <div className="space-y-6">
        <Panel title="Courier lists">
          {lists.length === 0 ? (
            <p className="text-sm text-stone-700">
              No courier account yet: the checkout takes every city, and orders are shipped by hand. Add an account in
              Settings → Couriers.
            </p>
          ) : (
            <ul className="divide-y divide-stone-200" aria-label="Courier lists">
              {lists.map((l) => (
                <li key={l.accountId} className="flex flex-wrap items-center gap-3 py-3 text-sm">
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold">
                      {l.label}
                      <span className="font-normal text-stone-600">
                        {" "}
                        · {l.courierName}
                        {!l.active && " · off"}
                      </span>
                    </p>
                    <p className="text-stone-700">
                      {l.refreshed
                        ? `Refreshed ${l.refreshed}`
                        : "Never refreshed: the checkout takes every city until it is"}
                    </p>
                    {l.refreshed && (
                      <p className="text-stone-700">
                        {count(l.delivering, "place", "places")} delivered to
                        {l.unmatched > 0 ? (
                          <>
                            {" · "}
                            <Link
                              to={listHref(PATH, { courier: l.courier })}
                              className="font-semibold text-red-800 underline underline-offset-4"
                            >
                              {l.unmatched.toLocaleString("en-US")} to link
                            </Link>
                          </>
                        ) : (
                          " · all matched"
                        )}
                      </p>
                    )}
                  </div>
                  <Form method="post" preventScrollReset aria-label={`Refresh ${l.label}'s city list`}>
                    <input type="hidden" name="intent" value="refresh" />
                    <input type="hidden" name="account" value={l.accountId} />
                    <button type="submit" disabled={busy} className="btn-secondary">
                      {busy ? "Refreshing…" : "Refresh"}
                      <span className="sr-only"> {l.label}'s city list</span>
                    </button>
                  </Form>
                  {answer?.intent === "refresh" && answer.target === String(l.accountId) && (
                    <div className="basis-full">
                      {answer.error ? (
                        <Notice kind="error">{answer.error}</Notice>
                      ) : (
                        <Notice kind="success">{answer.done}</Notice>
                      )}
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
        </Panel>

        {courier && (
          <section aria-labelledby="unmatched-title" className="min-w-0">
            <h2 id="unmatched-title" className="mb-2 text-lg font-semibold">
              {shownCourier}'s places to link
            </h2>
            {couriers.length > 1 && (
              <nav aria-label="Couriers" className="mb-3 flex flex-wrap gap-1">
                {couriers.map((c) => (
                  <Link
                    key={c.code}
                    to={listHref(PATH, { courier: c.code })}
                    aria-current={c.code === courier ? "page" : undefined}
                    className={`inline-flex min-h-11 items-center px-3 text-sm ${c.code === courier ? "bg-ink text-white" : "bg-white ring-1 ring-stone-200 hover:bg-stone-50"}`}
                  >
                    {c.name}
                  </Link>
                ))}
              </nav>
            )}
            <ListCount
              total={total}
              page={page}
              pages={pages}
              noun={["place to link", "places to link"]}
              empty={`Every place in ${shownCourier}'s list matches one of the store's cities.`}
            />
            {answer?.intent === "link" && answer.done && <Notice kind="success">{answer.done}</Notice>}
            <datalist id="store-cities">
              {cityNames.map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
            {places.length > 0 && (
              <ul className="mt-2 divide-y divide-stone-200 bg-white ring-1 ring-stone-200" aria-label="Places to link">
                {places.map((p, n) => (
                  <PlaceRow key={p.id} n={n} courier={courier} place={p} answer={answer} busy={busy} />
                ))}
              </ul>
            )}
            <Pager
              page={page}
              pages={pages}
              href={(n) => listHref(PATH, { courier, page: n })}
              labels={["Previous", "Next"]}
            />
          </section>
        )}
      </div>
    </>
  );
}

/** One place of the courier's list with its link form: a store city's name (the list offers them) or a new one. */
function PlaceRow({
  n,
  courier,
  place,
  answer,
  busy,
}: {
  n: number;
  courier: CourierCode;
  place: { id: string; name: string };
  answer: CitiesAnswer | undefined;
  busy: boolean;
}) {
  const mine = answer?.intent === "link" && answer.target === `${courier}:${place.id}` && !!answer.error;
  return (
    <li className="p-3 text-sm">
      <ConsoleForm
        answer={mine ? answer : undefined}
        method="post"
        preventScrollReset
        aria-label={`Link ${place.name}`}
        className="grid gap-2 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)_auto] sm:items-start"
      >
        <input type="hidden" name="intent" value="link" />
        <input type="hidden" name="courier" value={courier} />
        <input type="hidden" name="courier_city_id" value={place.id} />
        <p className="font-semibold break-words sm:pt-2.5">{place.name}</p>
        <CityInput id={`link-${n}`} place={place.name} />
        <button type="submit" disabled={busy} className="btn-secondary">
          Link<span className="sr-only"> {place.name}</span>
        </button>
        <FormNotice className="sm:col-span-3" />
      </ConsoleForm>
    </li>
  );
}

function CityInput({ id, place }: { id: string; place: string }) {
  const { message, errorId } = useFieldError("city", id);
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        The store's city for {place}
      </label>
      <input
        id={id}
        name="city"
        list="store-cities"
        required
        maxLength={60}
        placeholder="A city of the store, or a new name"
        autoComplete="off"
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? errorId : undefined}
        className="field aria-invalid:border-red-700"
      />
      <FieldError id={errorId} message={message} />
    </div>
  );
}
