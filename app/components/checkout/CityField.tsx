// The checkout's city (decision 0105): a combobox over the store's cities, in the ARIA pattern of a
// text field with a list of suggestions (the shopper may still type any town; the server matches
// what is sent and flags what matches nothing). The list is in the page, under the field, so it
// reads the same on every phone; the suggestions come from the same matcher the server places
// the order with: short forms ("Pindi", "Isb", "Khi", "Lhr"), any word of a name, a typing
// mistake. A city no active courier delivers to says so here, before the order is sent.
import { useEffect, useMemo, useRef, useState } from "react";
import { buildCityIndex, matchCity, suggestCities, type CheckoutCity } from "../../../core/couriers/city-match";
import { FIELD_MAX, noDeliveryMessage } from "../../../core/orders/checkout-form";
import type { FieldState } from "./Field";
import { useT } from "../../i18n/t";
import { shopperMessage } from "../../lib/shopper-messages";

const ID = "checkout-city";
const LIST_ID = `${ID}-list`;
/** the store's list is Pakistan's */
const LISTED_COUNTRY = "Pakistan";

export function CityField({ cities, form, errors, onChange, onBlur }: FieldState & { cities: CheckoutCity[] }) {
  const t = useT();
  const index = useMemo(() => buildCityIndex(cities), [cities]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const value = form.city;
  const listed = form.country === LISTED_COUNTRY;
  const options = useMemo(() => (open && listed ? suggestCities(index, value) : []), [index, value, open, listed]);
  const matched = useMemo(() => (listed ? matchCity(index, value) : null), [index, value, listed]);
  const expanded = options.length > 0;
  const field = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);

  // on a phone the field is often low on the screen, the keyboard over its lower half: the page
  // moves up until the list fits above the keyboard, never taking the field under the header
  useEffect(() => {
    if (!expanded) return;
    const bringIntoSight = () => {
      if (!field.current || !list.current) return;
      const view = window.visualViewport;
      const visibleBottom = view ? view.offsetTop + view.height : window.innerHeight;
      const overflow = list.current.getBoundingClientRect().bottom + 8 - visibleBottom;
      if (overflow <= 0) return;
      const header = document.querySelector("header")?.getBoundingClientRect().bottom ?? 0;
      const room = field.current.getBoundingClientRect().top - Math.max(0, header) - 8;
      if (room > 0) window.scrollBy({ top: Math.min(overflow, room), behavior: "instant" });
    };
    bringIntoSight();
    window.visualViewport?.addEventListener("resize", bringIntoSight);
    return () => window.visualViewport?.removeEventListener("resize", bringIntoSight);
  }, [expanded, options.length]);

  const error = errors.city ? shopperMessage(t, errors.city) : undefined;
  const refused =
    !error && matched && !matched.city.delivers ? shopperMessage(t, noDeliveryMessage(matched.city.name)) : null;
  // the name the order will carry, when the shopper typed it another way ("Pindi")
  const confirm = !error && !refused && matched && matched.how !== "name" ? matched.city : null;
  const described = error ? `${ID}-error` : refused ? `${ID}-refused` : confirm ? `${ID}-hint` : undefined;

  function choose(city: CheckoutCity) {
    onChange("city", city.name);
    setOpen(false);
    setActive(-1);
  }

  function keyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(0);
        return;
      }
      if (options.length === 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((n) => (n < 0 && step < 0 ? options.length - 1 : (n + step + options.length) % options.length));
    } else if (event.key === "Enter" && expanded && active >= 0) {
      // the highlighted city is chosen; the form is not sent
      event.preventDefault();
      choose(options[active]!);
    } else if (event.key === "Escape" && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  return (
    <div className="relative">
      <label htmlFor={ID} className="mb-1 block text-sm font-medium">
        {t("City")}
      </label>
      <input
        ref={field}
        id={ID}
        name="city"
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={LIST_ID}
        aria-activedescendant={expanded && active >= 0 ? `${LIST_ID}-${active}` : undefined}
        aria-invalid={error || refused ? true : undefined}
        aria-describedby={described}
        value={value}
        maxLength={FIELD_MAX.city}
        required
        autoComplete="address-level2"
        autoCapitalize="words"
        spellCheck={false}
        enterKeyHint="next"
        onChange={(e) => {
          onChange("city", e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={keyDown}
        onBlur={() => {
          setOpen(false);
          setActive(-1);
          onBlur("city");
        }}
        className={`field ${error || refused ? "border-red-700" : ""}`}
      />
      <ul
        ref={list}
        id={LIST_ID}
        role="listbox"
        aria-label={t("Cities")}
        hidden={!expanded}
        // as wide as the panel's two columns (the field has the first, and gap-x-3 between): a
        // half-width list wrapped every longer name on a phone
        className="absolute start-0 z-20 mt-1 w-[calc(200%+0.75rem)] divide-y divide-stone-100 bg-white shadow-lg ring-1 ring-stone-300"
      >
        {options.map((city, n) => (
          <li
            key={city.name}
            id={`${LIST_ID}-${n}`}
            role="option"
            aria-selected={n === active}
            // the field keeps the focus (and the phone its keyboard) while a city is tapped
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(city)}
            className={`flex min-h-11 cursor-pointer items-center justify-between gap-3 px-3 py-2 text-sm ${
              n === active ? "bg-stone-100" : "hover:bg-stone-50"
            }`}
          >
            <span>
              <span className="font-medium">{city.name}</span>
              {city.province && <span className="text-stone-600">, {city.province}</span>}
            </span>
            {!city.delivers && <span className="shrink-0 text-xs text-red-800">{t("No delivery yet")}</span>}
          </li>
        ))}
      </ul>
      <p role="status" className="sr-only">
        {expanded ? t.count(options.length, "{count} city found", "{count} cities found") : ""}
      </p>
      {confirm && (
        <p id={`${ID}-hint`} className="mt-1 text-xs text-stone-600">
          {confirm.name}
          {confirm.province ? `, ${confirm.province}` : ""}
        </p>
      )}
      {refused && (
        <p id={`${ID}-refused`} className="mt-1 text-xs font-medium text-red-800">
          {refused}
        </p>
      )}
      {error && (
        <p id={`${ID}-error`} className="mt-1 text-xs font-medium text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
