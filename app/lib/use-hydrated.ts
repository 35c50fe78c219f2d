import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False while the server renders and while the browser hydrates, true afterwards: pages whose
 * content lives in the browser (cart, checkout) show a placeholder instead of a wrong empty state.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
