// Who a customer is, for the limits that count per customer: one use of a voucher per customer,
// orders per phone per day (decision 0050). A shopper who wants a second "first order"
// discount types the same phone or mailbox another way; these keys see through the usual ways.
// The stored contact details stay as the shopper typed and normalised them (couriers and
// WhatsApp need the real number); only the comparisons use these keys.

// digits as normalizePhone answers them: a Pakistani mobile is 923XXXXXXXXX under Pakistan, but a
// shopper who picks another country can type it as 03XXXXXXXXX or 3XXXXXXXXX and pass the
// international rule
const PAKISTANI_MOBILE = /^(?:92|0)?(3\d{9})$/;

/**
 * Every normalised phone that may be the same number as this one: a Pakistani mobile in each
 * form the checkout can store it, anything else as it is. A number abroad that happens to read
 * like a Pakistani mobile without its country code shares its key; the cost is a refused repeat
 * voucher, never a wrong order.
 */
export function samePhoneForms(phoneNormalized: string): string[] {
  const mobile = PAKISTANI_MOBILE.exec(phoneNormalized)?.[1];
  return mobile ? [`92${mobile}`, `0${mobile}`, mobile] : [phoneNormalized];
}

// mailboxes where dots in the name are ignored and the two domains are one (Google's own rule)
const GMAIL_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

/**
 * The mailbox an address delivers to: lowercase, without a "+tag" (which most providers ignore),
 * and at Gmail without dots in the name. Dots elsewhere are kept: at most providers
 * amna.khan@ and amnakhan@ are two people.
 */
export function mailboxKey(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at <= 0) return lower;
  let local = lower.slice(0, at);
  let domain = lower.slice(at + 1);
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replaceAll(".", "");
    domain = "gmail.com";
  }
  return `${local}@${domain}`;
}
