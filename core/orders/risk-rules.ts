// The fake-order signals (decision 0073) as pure rules: the address's normal
// form, the "too short to deliver to" test, and the assessment of the facts the database gave.
// Browser-safe (no database, no Node): the console's settings panel and order screens show the
// same meanings and thresholds the checkout applies.
import { RISK_SIGNALS, type OrderRisk, type RiskSignalCode } from "../../db/schema/orders";

export { RISK_SIGNALS, type OrderRisk, type RiskSignalCode };

/** The thresholds chosen (decision 0073). */
export const RISK_THRESHOLDS = {
  /** cancelled orders before this one from the same phone that make a signal */
  cancelledBefore: 2,
  /** pending orders from one phone or to one address within 24 hours, this one included */
  repeatPending: 2,
  /** fewer letters and digits than this is too short an address for a courier */
  addressMinCharacters: 15,
} as const;

/** The block list's field lengths (core/orders/block-list.ts checks them; the console's forms cap them). */
export const BLOCK_LIMITS = { phone: 30, address: 500, city: 60, reason: 200 } as const;

/** What each signal means, as the owner reads it beside its checkbox in settings. */
export const RISK_SIGNAL_MEANINGS: Record<RiskSignalCode, { label: string; meaning: string }> = {
  blocked: { label: "On the block list", meaning: "The phone or the delivery address is on the shop's block list." },
  refused_before: {
    label: "Refused at the door before",
    meaning: "This phone has had an order refused at the door (moved from shipped to returned).",
  },
  cancelled_before: {
    label: "Cancelled before",
    meaning: `This phone has cancelled ${RISK_THRESHOLDS.cancelledBefore} or more orders before.`,
  },
  repeat_pending: {
    label: "Several orders in a day",
    meaning: `${RISK_THRESHOLDS.repeatPending} or more orders awaiting confirmation from this phone or to this address within 24 hours.`,
  },
  over_cod_limit: {
    label: "Above the cash-on-delivery limit",
    meaning: "The total is above the store's limit for cash on delivery, or above its city's limit.",
  },
  short_address: {
    label: "Address too short",
    meaning: `Fewer than ${RISK_THRESHOLDS.addressMinCharacters} letters and digits, or no house or street number and no street, block, area or landmark word.`,
  },
};

export const isRiskSignal = (value: unknown): value is RiskSignalCode =>
  typeof value === "string" && (RISK_SIGNALS as readonly string[]).includes(value);

/** Lower-case letters and digits (any script: Urdu addresses too), single spaces between. */
function normalText(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKC")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** A city as the per-city limits compare it: lower(trim(city)), as cod_city_limits.city_key. */
export const cityKey = (city: string) => city.trim().toLowerCase();

/**
 * An address in the block list's normal form, with its city: "house 12 street 4 gulberg iii|lahore".
 * Punctuation, case and spacing differ between two orders typed by one person; the words do not.
 */
export function addressKey(address: string, city: string): string {
  return `${normalText(address)}|${normalText(city)}`;
}

// words that place a parcel when there is no house number: a street, block, area or a landmark
// (a rural address is often "near the mosque, Chak 45" or "Mohalla Rehmanabad, behind the school")
const LOCATING_WORDS = new Set([
  "house",
  "home",
  "flat",
  "apartment",
  "plot",
  "street",
  "st",
  "gali",
  "galli",
  "road",
  "rd",
  "lane",
  "mohalla",
  "mohallah",
  "muhalla",
  "block",
  "sector",
  "phase",
  "near",
  "opposite",
  "opp",
  "behind",
  "village",
  "chak",
  "colony",
  "town",
  "society",
  "scheme",
  "bazar",
  "bazaar",
  "market",
  "masjid",
  "mosque",
  "school",
  "chowk",
]);

/**
 * Too short to deliver to (decision 0073): fewer than 15 letters and digits ("Lahore", "DHA"),
 * or no number and no word that places it (street, block, mohalla, near, chak, …). A Pakistani
 * courier finds "House 12, Street 4, Gulberg III" and "Near Jamia Masjid, Chak 45 GB"; it rings
 * the shop for "Gulberg Lahore Pakistan".
 */
export function isShortAddress(address: string): boolean {
  const text = normalText(address);
  const characters = text.replace(/ /g, "").length;
  if (characters < RISK_THRESHOLDS.addressMinCharacters) return true;
  if (/\p{N}/u.test(text)) return false;
  return !text.split(" ").some((word) => LOCATING_WORDS.has(word));
}

/** What the database knows about an order's phone and address when it is placed. */
export interface RiskFacts {
  history: OrderRisk["history"];
  blockedPhone: { reason: string } | null;
  blockedAddress: { reason: string } | null;
  /** pending orders from this phone within 24 hours, before this one */
  pendingFromPhone: number;
  /** pending orders to this address within 24 hours, before this one */
  pendingToAddress: number;
  totalPaisa: number;
  city: string;
  /** the store's overall limit; null: none */
  codLimitPaisa: number | null;
  /** the city's limit; null: none */
  cityLimitPaisa: number | null;
  shortAddress: boolean;
}

const rupees = (paisa: number) =>
  `Rs. ${Math.floor(paisa / 100).toLocaleString("en-US")}${paisa % 100 ? `.${String(paisa % 100).padStart(2, "0")}` : ""}`;
const times = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The signals the facts show, each with the sentence staff read, and whether the shop's choice
 * (hold_signals) holds the order for a call. `canHold` is false for an order staff took on the
 * phone: the signals are shown, but nobody needs to call back.
 */
export function assessRisk(
  facts: RiskFacts,
  holdSignals: readonly string[],
  canHold: boolean,
): OrderRisk & { heldForCall: boolean } {
  const found: { code: RiskSignalCode; reason: string }[] = [];
  if (facts.blockedPhone) {
    found.push({ code: "blocked", reason: withReason("This phone is on the block list", facts.blockedPhone.reason) });
  }
  if (facts.blockedAddress) {
    found.push({
      code: "blocked",
      reason: withReason("This address is on the block list", facts.blockedAddress.reason),
    });
  }
  if (facts.history.refused > 0) {
    found.push({
      code: "refused_before",
      reason: `${times(facts.history.refused, "order", "orders")} refused at the door`,
    });
  }
  if (facts.history.cancelled >= RISK_THRESHOLDS.cancelledBefore) {
    found.push({ code: "cancelled_before", reason: `${facts.history.cancelled} orders cancelled before` });
  }
  const repeats: string[] = [];
  if (facts.pendingFromPhone + 1 >= RISK_THRESHOLDS.repeatPending) {
    repeats.push(`${times(facts.pendingFromPhone, "other order", "other orders")} from this phone`);
  }
  if (facts.pendingToAddress + 1 >= RISK_THRESHOLDS.repeatPending) {
    repeats.push(`${times(facts.pendingToAddress, "other order", "other orders")} to this address`);
  }
  if (repeats.length > 0) {
    found.push({
      code: "repeat_pending",
      reason: `${repeats.join(" and ")} awaiting confirmation in the last 24 hours`,
    });
  }
  if (facts.codLimitPaisa !== null && facts.totalPaisa > facts.codLimitPaisa) {
    found.push({
      code: "over_cod_limit",
      reason: `Total ${rupees(facts.totalPaisa)} is above the cash-on-delivery limit of ${rupees(facts.codLimitPaisa)}`,
    });
  }
  if (facts.cityLimitPaisa !== null && facts.totalPaisa > facts.cityLimitPaisa) {
    found.push({
      code: "over_cod_limit",
      reason: `Total ${rupees(facts.totalPaisa)} is above ${facts.city.trim()}'s cash-on-delivery limit of ${rupees(facts.cityLimitPaisa)}`,
    });
  }
  if (facts.shortAddress) {
    found.push({ code: "short_address", reason: "The address is too short for a courier to find" });
  }
  const signals = found.map((s) => ({ ...s, holds: canHold && holdSignals.includes(s.code) }));
  return { history: facts.history, signals, heldForCall: signals.some((s) => s.holds) };
}

function withReason(text: string, reason: string): string {
  const why = reason.trim();
  return why ? `${text}: ${why}` : text;
}
