// The checkout page's voucher (spec §5, §8) and the figures it prices: the voucher applied, the
// box's message, a code kept from before a reload and checked again once the cart is known, and
// the check again whenever the goods amount or the shopper's contact changes under an applied one.
import { useEffect, useState } from "react";
import type { ShippingRule } from "../../core/shared/pricing";
import { cartFigures, type CartItem } from "./cart-store";
import { loadVoucherCode, saveVoucherCode } from "./checkout-storage";
import { checkVoucher, type AppliedVoucher } from "./voucher-check";

/** The shopper's contact, for the voucher's per-customer limit. */
interface Contact {
  email: string;
  phone: string;
  country: string;
}

export function useCheckoutVoucher({
  items,
  shipping,
  cartLines,
  frozen,
  contact,
}: {
  /** the lines the page shows */
  items: CartItem[];
  shipping: ShippingRule;
  /** how many lines the live cart holds (a kept code waits for them) */
  cartLines: number;
  /** the lines of an order on its way: what it was priced with stays as it is */
  frozen: CartItem[] | null;
  contact: Contact;
}) {
  const [applied, setApplied] = useState<AppliedVoucher | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [storedCode, setStoredCode] = useState<string | null>(loadVoucherCode);
  // a kept voucher whose check got no answer: still kept, shown in the box for Apply
  const [uncheckedCode, setUncheckedCode] = useState<string | null>(null);
  const figures = cartFigures(items, shipping, applied?.pricing ?? null);
  const { subtotalPaisa } = figures;
  const { email, phone, country } = contact;

  // a voucher kept from before a reload is checked again once the cart is known. Only the store's
  // answer that it cannot be used takes it away: a check cut off by another reload, or lost on a
  // patchy connection, keeps it (in storage and in the box, ready for Apply) and tries again when
  // the phone is back online.
  useEffect(() => {
    if (!storedCode || cartLines === 0) return;
    let live = true;
    void checkVoucher(storedCode, subtotalPaisa).then((check) => {
      if (!live) return;
      setStoredCode(null);
      if (check.ok) {
        setUncheckedCode(null);
        setApplied(check.voucher);
      } else if (check.invalid) {
        setUncheckedCode(null);
        saveVoucherCode(null);
      } else {
        setUncheckedCode(storedCode);
        setError(check.message);
      }
    });
    return () => {
      live = false;
    };
  }, [storedCode, cartLines, subtotalPaisa]);

  useEffect(() => {
    if (!uncheckedCode) return;
    const retry = () => setStoredCode(uncheckedCode);
    window.addEventListener("online", retry);
    return () => window.removeEventListener("online", retry);
  }, [uncheckedCode]);

  // the cart changed under an applied voucher: its minimum and discount are checked again, for
  // this shopper's contact details (the per-customer limit)
  useEffect(() => {
    if (!applied || frozen || applied.checkedAtPaisa === subtotalPaisa || subtotalPaisa === 0) return;
    let live = true;
    void checkVoucher(applied.code, subtotalPaisa, { email, phone, country }).then((check) => {
      if (!live) return;
      if (check.ok) setApplied(check.voucher);
      // no verdict (a lost connection): the voucher stays; the order is priced by the server anyway
      else if (check.invalid) {
        setApplied(null);
        saveVoucherCode(null);
        setError(check.message);
      }
    });
    return () => {
      live = false;
    };
  }, [subtotalPaisa, applied, frozen, email, phone, country]);

  /** The box's Apply: true when the code now applies. */
  async function apply(code: string): Promise<boolean> {
    setChecking(true);
    setError(null);
    const check = await checkVoucher(code, subtotalPaisa, contact);
    setChecking(false);
    if (!check.ok) {
      setError(check.message);
      return false;
    }
    setApplied(check.voucher);
    setUncheckedCode(null);
    saveVoucherCode(check.voucher.code);
    return true;
  }

  function remove() {
    setApplied(null);
    setUncheckedCode(null);
    setError(null);
    saveVoucherCode(null);
  }

  /** The order was refused for its voucher: it goes, with the store's words in the box. */
  function refused(message: string) {
    setApplied(null);
    saveVoucherCode(null);
    setError(message);
  }

  return { figures, applied, error, checking, uncheckedCode, apply, remove, refused };
}
