import { useEffect } from "react";
import { reloadCart } from "../lib/cart";

/** Brings the local cart up to date with the server cart once per visit (spec §4). */
export function CartSync() {
  useEffect(() => {
    void reloadCart();
  }, []);
  return null;
}
