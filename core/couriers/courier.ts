// One interface for every courier the store books with (decision 0101). Each adapter speaks its
// courier's documented API (base URL a setting) and answers in the store's words: our parcel
// statuses, our city keys, paisa. Anything the courier says that the store cannot act on becomes
// a CourierError with a message staff can read; nothing else leaves an adapter.
import type { CourierCode, ParcelStatus } from "../../db/schema";

export { COURIER_CODES, PARCEL_STATUSES, type CourierCode, type ParcelStatus } from "../../db/schema";

/** The names staff know the couriers by. */
export const COURIER_NAMES: Readonly<Record<CourierCode, string>> = {
  postex: "PostEx",
  leopards: "Leopards",
  trax: "Trax",
  tcs: "TCS",
};

/** One credential field of a courier, as the Settings form asks for it. */
export interface CredentialField {
  name: string;
  label: string;
  /** shown back only as its last four characters */
  secret: boolean;
  /** longest accepted value */
  maxLength: number;
}

/** What an adapter needs to call one account of its courier. */
export interface CourierConnection {
  /** the account's base URL: its own, or the courier's documented one for live or test */
  baseUrl: string;
  credentials: Readonly<Record<string, string>>;
  /** every call gives up after this long (CourierError "timeout") */
  timeoutMs: number;
  /** a test's or a proxy's fetch; the global one otherwise */
  fetch?: typeof fetch;
}

export interface Consignee {
  name: string;
  /** 03XXXXXXXXX: the form every Pakistani courier takes */
  phone: string;
  email: string;
  address: string;
  /** the courier's own key for the city (courier_cities.courier_city_id) */
  courierCityId: string;
  courierCityName: string;
}

export interface PickupPoint {
  /** the courier's id or code for the shop's pickup address, where it has one */
  code: string | null;
  name: string;
  phone: string;
  address: string;
  courierCityId: string | null;
  courierCityName: string | null;
}

export interface BookingRequest {
  /** our reference the courier keeps (the order's tracking id): how a lost answer is found again */
  reference: string;
  consignee: Consignee;
  pickup: PickupPoint;
  /** what the rider collects; 0 when nothing is owed */
  codPaisa: number;
  weightGrams: number;
  pieces: number;
  /** what the label says is inside: "Garments" with discreet packaging */
  description: string;
  instructions: string;
  /** discreet packaging: the courier shows no shipper name on the label where it can (Trax information_display 0) */
  discreet: boolean;
}

export interface Booking {
  cn: string;
  /** the courier's printable slip, where its answer gives one */
  labelUrl: string | null;
}

/** One thing the courier reported of a parcel, in our words and its own. */
export interface TrackingEvent {
  at: Date;
  status: ParcelStatus;
  /** the courier's own status words or code */
  courierStatus: string;
  /** why, where the courier says ("Address incomplete" on an attempt) */
  reason: string | null;
  location: string | null;
}

export interface ParcelTracking {
  cn: string;
  /** oldest first */
  events: TrackingEvent[];
}

/** A city in the courier's list. */
export interface CourierCity {
  courierCityId: string;
  name: string;
  delivers: boolean;
  picksUp: boolean;
}

/** A PDF the courier made (airway bills, a load sheet). */
export interface CourierDocument {
  pdf: Uint8Array;
}

/** Whether the courier has paid the shop for a parcel, as its payment call says (amounts in paisa). */
export interface CourierPayment {
  cn: string;
  paid: boolean;
  /** the batch: the (upfront) CPR, cheque or invoice number, payment id */
  reference: string | null;
  /** PostEx's reserve-tranche CPR; null for the others */
  secondReference: string | null;
  paidOn: Date | null;
  /** the cash it says it collected; null: it does not say */
  collectedPaisa: number | null;
  /** what it says it paid the shop for the parcel (below zero: a charge on a return); null: it does not say */
  paidPaisa: number | null;
  /** each deduction the courier named, by its own word */
  deductions: { kind: string; paisa: number }[];
}

/** What a payment call answers for a parcel the courier has not paid for (or does not know yet). */
export const unpaidPayment = (cn: string): CourierPayment => ({
  cn,
  paid: false,
  reference: null,
  secondReference: null,
  paidOn: null,
  collectedPaisa: null,
  paidPaisa: null,
  deductions: [],
});

export type ShipperAdvice = "retry" | "return";

export interface CourierAdapter {
  readonly code: CourierCode;
  readonly credentialFields: readonly CredentialField[];
  /** the documented base URLs */
  readonly hosts: { live: string; test: string };
  /** how many CNs one tracking call takes */
  readonly trackBatch: number;
  /** how many CNs one airway-bill file may hold (the store joins the files); 0: the courier prints none */
  readonly airwayBillsPerFile: number;
  book(connection: CourierConnection, request: BookingRequest): Promise<Booking>;
  /**
   * The parcel the courier holds under our reference, if it can be asked; null: none. An adapter
   * whose courier cannot be asked leaves this out, and a booking whose answer was lost waits for staff.
   */
  findByReference?(connection: CourierConnection, reference: string): Promise<Booking | null>;
  cancel(connection: CourierConnection, cn: string): Promise<void>;
  /**
   * The courier's airway bills for at most airwayBillsPerFile CNs; null: it makes none for them, print
   * our own label. discreet: the label is to show no shipper details where the courier lets us choose.
   */
  airwayBills(
    connection: CourierConnection,
    cns: readonly string[],
    options?: { discreet: boolean },
  ): Promise<CourierDocument | null>;
  /** the courier's load sheet for the rider; null: it makes none, print our own */
  loadSheet(connection: CourierConnection, cns: readonly string[]): Promise<CourierDocument | null>;
  /** at most trackBatch CNs; a CN the courier does not know is left out of the answer */
  track(connection: CourierConnection, cns: readonly string[]): Promise<ParcelTracking[]>;
  cities(connection: CourierConnection): Promise<CourierCity[]>;
  payments(connection: CourierConnection, cns: readonly string[]): Promise<CourierPayment[]>;
  /** tell the courier what to do with an attempted parcel; absent where its API takes no advice */
  shipperAdvice?(connection: CourierConnection, cn: string, advice: ShipperAdvice, note: string): Promise<void>;
}
