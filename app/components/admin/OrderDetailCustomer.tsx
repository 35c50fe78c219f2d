// The order page's "Customer" panel: the shopper's name and email, a tap to call, a WhatsApp
// chat, and the delivery address.
import { deliveryAddress } from "../../../core/orders/checkout-form";
import type { StaffOrder } from "../../../core/orders/staff-orders";
import { CityFlag } from "./CityFlag";
import { Panel } from "./Fields";

/** wa.me takes the number in international form, digits only: 923001234567. */
const whatsAppHref = (normalized: string) => `https://wa.me/${normalized.replace(/\D/g, "")}`;

export function OrderDetailCustomer({
  order,
}: {
  order: Pick<
    StaffOrder,
    | "firstName"
    | "lastName"
    | "email"
    | "phone"
    | "phoneNormalized"
    | "shippingAddress"
    | "city"
    | "postalCode"
    | "country"
    | "cityUnmatched"
  >;
}) {
  return (
    <Panel title="Customer">
      <p className="font-semibold">{`${order.firstName} ${order.lastName}`.trim()}</p>
      <p className="text-sm break-all text-stone-700">{order.email}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <a href={`tel:${order.phone.replace(/[^\d+]/g, "")}`} className="btn-secondary">
          Call {order.phone}
        </a>
        <a
          href={whatsAppHref(order.phoneNormalized)}
          target="_blank"
          rel="noopener noreferrer"
          className="btn-secondary"
        >
          WhatsApp
        </a>
      </div>
      <p className="mt-3 text-sm whitespace-pre-line" data-testid="delivery-address">
        {deliveryAddress(order)}
        <CityFlag unmatched={order.cityUnmatched} />
      </p>
    </Panel>
  );
}
