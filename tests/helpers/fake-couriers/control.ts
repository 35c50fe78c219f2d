// What every local fake courier offers a test (decision 0101): each fake is a node:http server
// that answers in its courier's documented shapes (tests/helpers/fake-couriers/<courier>.ts) and
// keeps its parcels in memory, and a test drives it through this one interface, so the booking
// and tracking tests run the same against PostEx, Leopards, Trax and TCS.
import type { CourierCode, ParcelStatus } from "../../../db/schema";

/** A parcel as the fake courier holds it. */
export interface FakeParcel {
  cn: string;
  /** our reference (PostEx orderRefNumber, Leopards shipment id...) */
  reference: string;
  codPaisa: number;
  /** the courier's city key the booking named */
  cityKey: string;
  consigneeName: string;
  consigneePhone: string;
  weightGrams: number;
  pieces: number;
  description: string;
  /** whether the booking hid the shipper (Trax information_display 0, else always false) */
  shipperHidden: boolean;
  cancelled: boolean;
  /** the statuses set so far, in our words, oldest first */
  history: { status: ParcelStatus; reason: string | null; at: Date }[];
  /** shipper advice received ("retry" | "return") */
  advice: string[];
  /** the body the booking call carried, as it came */
  bookingBody: unknown;
}

/** How a test says the courier paid the shop for one parcel (FakeCourier.pay). */
export interface FakePayOptions {
  /** the payment batch: PostEx's (upfront) CPR, Leopards' cheque or invoice number, Trax's payment id (digits) */
  reference?: string;
  at?: Date;
  /** the cash the courier says it collected: the COD when delivered, 0 when returned, unless given */
  collectedPaisa?: number;
  /** the courier's own charge words with paisa; the fake's typical charges unless given */
  charges?: Record<string, number>;
  /** what it paid for the parcel: collected less the charges unless given (less still: an unexplained cut) */
  paidPaisa?: number;
}

/** A payment as a fake keeps it, its figures worked out. */
export interface FakePayment {
  reference: string;
  at: Date;
  outcome: "delivered" | "returned";
  collectedPaisa: number;
  charges: Record<string, number>;
  paidPaisa: number;
}

/**
 * Works out a payment's figures for a parcel the fake holds as delivered or returned; a parcel
 * still on its way cannot be paid for, so the test that tries is told.
 */
export function fakePayment(
  parcel: FakeParcel,
  options: FakePayOptions,
  defaults: { reference: string; charges: (outcome: "delivered" | "returned") => Record<string, number> },
): FakePayment {
  const outcome = parcel.history.at(-1)!.status;
  if (outcome !== "delivered" && outcome !== "returned") {
    throw new Error(`the fake courier's parcel ${parcel.cn} is ${outcome}: advance it to delivered or returned first`);
  }
  const collectedPaisa = options.collectedPaisa ?? (outcome === "delivered" ? parcel.codPaisa : 0);
  const charges = options.charges ?? defaults.charges(outcome);
  const charged = Object.values(charges).reduce((sum, paisa) => sum + paisa, 0);
  return {
    reference: options.reference ?? defaults.reference,
    at: options.at ?? new Date(),
    outcome,
    collectedPaisa,
    charges,
    paidPaisa: options.paidPaisa ?? collectedPaisa - charged,
  };
}

/** Paisa as the couriers write rupees in their answers: a number with up to two decimals. */
export const rupeesOf = (paisa: number): number => paisa / 100;

export type FailMode =
  /** the connection is dropped without an answer */
  | "down"
  /** no answer until the caller gives up (the fake holds the request for 60 s) */
  | "slow"
  /** HTTP 500 */
  | "error"
  /** the courier's own refusal shape, with `message` as its words */
  | "refuse"
  /** the call is carried out (a booking is made) but the answer never comes: the lost answer */
  | "lose-answer";

export interface FakeCourier {
  code: CourierCode;
  baseUrl: string;
  /** credentials the fake accepts; any other gets the courier's "unauthorised" answer */
  credentials: Record<string, string>;
  /** every parcel booked, in booking order */
  parcels(): FakeParcel[];
  /** sets a parcel's status the way the courier would report it next (with a reason for an attempt) */
  advance(cn: string, status: ParcelStatus, options?: { reason?: string; at?: Date }): void;
  /** the next `times` (default 1) calls whose path contains `path` (default: any) fail this way */
  failNext(mode: FailMode, options?: { path?: string; times?: number; message?: string }): void;
  /**
   * The courier pays the shop for a delivered or returned parcel in batch `reference`, and its
   * payment calls say so from now on, in its own shapes. Short collections and bigger charges make
   * a parcel "paid short".
   */
  pay(cn: string, options?: FakePayOptions): void;
  /** every request received: method, path (with query) and parsed body */
  calls: { method: string; path: string; body: unknown }[];
  /** the cities the fake's city list answers (courier key → name); tests may replace it */
  cities: Map<string, string>;
  close(): Promise<void>;
}
