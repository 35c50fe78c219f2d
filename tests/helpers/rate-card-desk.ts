// The rate card tests' pieces (decision 0109): a card's body as the staff API takes it (rupees and
// percents), and the calls that save, list and remove cards and withheld-tax rates.
import type { TestStaff } from "./staff";
import { staffCall } from "./order-desk";

/** A card body: one band per [grams, city, province, country] in rupees, then the rest. */
export function cardBody(
  bands: [number | string, number | string, number | string, number | string][] = [[1000, 150, 200, 250]],
  more: Record<string, unknown> = {},
) {
  return {
    bands: bands.map(([up_to_grams, city, province, country]) => ({ up_to_grams, city, province, country })),
    extra_per_500g: { city: 40, province: 50, country: 60 },
    cash_handling_percent: 2,
    fuel_percent: 0,
    gst_percent: 16,
    return_charge: 100,
    delivery_charged_on_return: false,
    tolerance: 5,
    ...more,
  };
}

export const cardUrl = (courier: string, day: string) => `/api/admin/money/rate-cards/${courier}/${day}`;

export const saveCard = (who: TestStaff, courier: string, day: string, body: unknown) =>
  staffCall(who, "PUT", cardUrl(courier, day), body);

export const removeCard = (who: TestStaff, courier: string, day: string) =>
  staffCall(who, "DELETE", cardUrl(courier, day));

export interface ListedCard {
  id: number;
  courier: string;
  effective_from: string;
  in_force: boolean;
  upcoming: boolean;
  bands: { up_to_grams: number; city: number; province: number; country: number }[];
  cash_handling_percent: number;
  gst_percent: number;
  tolerance: number;
}

export async function listCards(who: TestStaff): Promise<ListedCard[]> {
  const res = await staffCall(who, "GET", "/api/admin/money/rate-cards");
  if (res.statusCode !== 200) throw new Error(`list: ${res.statusCode} ${res.body}`);
  return res.json() as ListedCard[];
}

export const addTaxRate = (who: TestStaff, body: unknown) =>
  staffCall(who, "POST", "/api/admin/money/withheld-tax-rates", body);

export interface ListedRate {
  id: number;
  effective_from: string;
  rate_percent: number;
  note: string;
  in_force: boolean;
  upcoming: boolean;
}

export async function listTaxRates(who: TestStaff): Promise<ListedRate[]> {
  const res = await staffCall(who, "GET", "/api/admin/money/withheld-tax-rates");
  if (res.statusCode !== 200) throw new Error(`list: ${res.statusCode} ${res.body}`);
  return res.json() as ListedRate[];
}

/** The fields a 422 names, in its order. */
export const fieldsOf = (body: string): string[] =>
  ((JSON.parse(body) as { errors?: { field: string }[] }).errors ?? []).map((e) => e.field);
