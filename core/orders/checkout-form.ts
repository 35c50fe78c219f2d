// The checkout form of spec §2 with the rules of spec §5. Pure and dependency-free, so the page
// checks each field in the browser with the same rules and words the order API answers with
// (order-input.ts), without shipping a validation library to phones.
import { isEmailAddress } from "../shared/email";
import { normalizePhone, phoneMessage } from "../shared/phone";

export const COUNTRIES = ["Pakistan", "United States", "Canada", "United Kingdom", "Australia"] as const; // spec §9
export type Country = (typeof COUNTRIES)[number];
export const DEFAULT_COUNTRY: Country = "Pakistan"; // spec §9, first in the list

export const INVALID_EMAIL = "Please enter a valid email address";

/** A city of the store's list that no active courier delivers to (decision 0105), said by the city field. */
export const noDeliveryMessage = (city: string) =>
  `Sorry, we don't deliver to ${city} yet. Please choose another city, or contact us to arrange delivery.`;

export interface CheckoutForm {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  postalCode: string;
  country: string;
}

export type CheckoutField = keyof CheckoutForm;

export const FIELD_LABELS: Record<CheckoutField, string> = {
  firstName: "First name",
  lastName: "Last name",
  email: "Email",
  phone: "Phone",
  address: "Address",
  city: "City",
  postalCode: "Postal code",
  country: "Country",
};

// the server takes at most 500 characters for address, city, postal code and country joined
export const FIELD_MAX: Record<CheckoutField, number> = {
  firstName: 100,
  lastName: 100,
  email: 254,
  phone: 30,
  address: 300,
  city: 100,
  postalCode: 20,
  country: 40,
};

export const EMPTY_CHECKOUT_FORM: CheckoutForm = {
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  address: "",
  city: "",
  postalCode: "",
  country: DEFAULT_COUNTRY,
};

/** The message for one field, or null when it is fine (spec §5: "{Field} is required"). */
export function checkField(field: CheckoutField, form: CheckoutForm): string | null {
  const value = form[field].trim();
  if (field === "country") {
    return (COUNTRIES as readonly string[]).includes(value) ? null : "Please choose a country from the list";
  }
  if (!value) return `${FIELD_LABELS[field]} is required`;
  if (value.length > FIELD_MAX[field]) return `${FIELD_LABELS[field]} must be at most ${FIELD_MAX[field]} characters`;
  if (field === "email" && !isEmailAddress(value)) return INVALID_EMAIL;
  if (field === "phone" && !normalizePhone(value, form.country)) return phoneMessage(form.country);
  return null;
}

/** Every field's message; an empty object when the form can be sent. */
export function checkForm(form: CheckoutForm): Partial<Record<CheckoutField, string>> {
  const errors: Partial<Record<CheckoutField, string>> = {};
  for (const field of Object.keys(FIELD_LABELS) as CheckoutField[]) {
    const message = checkField(field, form);
    if (message) errors[field] = message;
  }
  return errors;
}

/** spec §3: the shipping address is address, city, postal code and country joined with commas. */
export function shippingAddress(form: CheckoutForm): string {
  return [form.address, form.city, form.postalCode, form.country].map((part) => part.trim()).join(", ");
}

/**
 * An order's address as staff read it, each part once: the checkout stores city, postal code and
 * country inside the shipping address (above), a staff member's order stores the street alone,
 * so they are added only when the address does not already name the city.
 */
export function deliveryAddress(order: { shippingAddress: string; city: string; postalCode: string; country: string }) {
  const city = order.city.trim();
  if (city !== "" && order.shippingAddress.toLowerCase().includes(city.toLowerCase())) return order.shippingAddress;
  const place = [city, order.postalCode.trim()].filter((part) => part !== "").join(" ");
  return `${order.shippingAddress}\n${[place, order.country.trim()].filter((part) => part !== "").join(", ")}`;
}
