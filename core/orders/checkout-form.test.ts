import { describe, expect, it } from "vitest";
import {
  checkField,
  checkForm,
  COUNTRIES,
  deliveryAddress,
  EMPTY_CHECKOUT_FORM,
  shippingAddress,
  type CheckoutForm,
} from "./checkout-form";
import { orderInput } from "./order-input";
import { PAKISTAN_PHONE_MESSAGE, PHONE_MESSAGE } from "../shared/phone";

const valid: CheckoutForm = {
  firstName: "Ayesha",
  lastName: "Khan",
  email: "ayesha@example.pk",
  phone: "0300-1234567",
  address: "House 12, Street 4, Gulberg III",
  city: "Lahore",
  postalCode: "54660",
  country: "Pakistan",
};

describe("checkout form rules (spec §5)", () => {
  it("starts with Pakistan, first in the list", () => {
    expect(COUNTRIES[0]).toBe("Pakistan");
    expect(EMPTY_CHECKOUT_FORM.country).toBe("Pakistan");
  });

  it("names each missing field", () => {
    expect(checkForm({ ...EMPTY_CHECKOUT_FORM })).toEqual({
      firstName: "First name is required",
      lastName: "Last name is required",
      email: "Email is required",
      phone: "Phone is required",
      address: "Address is required",
      city: "City is required",
      postalCode: "Postal code is required",
    });
    expect(checkForm(valid)).toEqual({});
    expect(checkField("city", { ...valid, city: "   " })).toBe("City is required");
  });

  it("wants text, an @, text, a dot, text for the email", () => {
    for (const email of ["ayesha", "ayesha@example", "@example.pk", "a b@example.pk"]) {
      expect(checkField("email", { ...valid, email })).toBe("Please enter a valid email address");
    }
    expect(checkField("email", { ...valid, email: "A.Khan@Example.PK" })).toBeNull();
  });

  it("wants a Pakistani mobile for Pakistan and any plausible number elsewhere", () => {
    expect(checkField("phone", { ...valid, phone: "042-35761234" })).toBe(PAKISTAN_PHONE_MESSAGE);
    expect(checkField("phone", { ...valid, phone: "+92 300 1234567" })).toBeNull();
    expect(checkField("phone", { ...valid, country: "United Kingdom", phone: "12" })).toBe(PHONE_MESSAGE);
    expect(checkField("phone", { ...valid, country: "United Kingdom", phone: "+44 20 7946 0958" })).toBeNull();
  });

  it("agrees with the order API's schema on what it accepts and refuses", () => {
    const payload = (form: CheckoutForm) => ({
      first_name: form.firstName,
      last_name: form.lastName,
      email: form.email,
      phone: form.phone,
      shipping_address: shippingAddress(form),
      city: form.city,
      postal_code: form.postalCode,
      country: form.country,
      total_amount: "1290.00",
      items: [{ product_id: 1, quantity: 1, price: "790.00" }],
    });
    expect(shippingAddress(valid)).toBe("House 12, Street 4, Gulberg III, Lahore, 54660, Pakistan");
    expect(orderInput.safeParse(payload(valid)).success).toBe(true);
    for (const broken of [{ email: "ayesha@example" }, { phone: "12345" }, { firstName: " " }]) {
      const form = { ...valid, ...broken };
      expect(Object.keys(checkForm(form))).toHaveLength(1);
      expect(orderInput.safeParse(payload(form)).success).toBe(false);
    }
  });
});

describe("the address as staff read it", () => {
  const place = { city: "Lahore", postalCode: "54660", country: "Pakistan" };
  it("is said once when the checkout joined city, postal code and country into it", () => {
    const joined = "House 12, Street 4, Gulberg III, Lahore, 54660, Pakistan";
    expect(deliveryAddress({ shippingAddress: joined, ...place })).toBe(joined);
    // however the shopper spelt the city
    expect(deliveryAddress({ shippingAddress: "House 12, LAHORE, 54660, Pakistan", ...place })).toBe(
      "House 12, LAHORE, 54660, Pakistan",
    );
  });
  it("adds the city, postal code and country to a street typed on its own (a staff member's order)", () => {
    expect(deliveryAddress({ shippingAddress: "House 12\nStreet 4, Gulberg III", ...place })).toBe(
      "House 12\nStreet 4, Gulberg III\nLahore 54660, Pakistan",
    );
    expect(deliveryAddress({ shippingAddress: "House 12", city: "Lahore", postalCode: "", country: "Pakistan" })).toBe(
      "House 12\nLahore, Pakistan",
    );
  });
});
