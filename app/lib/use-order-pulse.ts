// The console's live order count (decision 0094): a light poll, not a stream. Every 20 seconds
// while the page is in sight (none while the phone's screen is off or the tab is hidden), at once
// when it comes back into sight, and at once when the console's service worker says a push for a
// new order arrived. One small JSON answer of two indexed counts per open console: a cheap phone
// keeps no connection open, and the server holds no socket per open tab.
import { useEffect, useState } from "react";
import { useLocation } from "react-router";

export const PULSE_EVERY_MS = 20_000;

export interface Pulse {
  waiting: number;
  newSince: number | null;
}

/**
 * The latest pulse. `since` (the orders list's newest order when it was loaded) also asks how many
 * orders arrived since, under the list's filters in the address.
 */
export function useOrderPulse(enabled: boolean, loaded: Pulse, since: number | undefined): Pulse {
  const { search } = useLocation();
  const [pulse, setPulse] = useState<{ from: Pulse; value: Pulse }>({ from: loaded, value: loaded });
  // a page load (a revalidation after a move, "show" pressed) brings its own counts
  const current = pulse.from === loaded ? pulse.value : loaded;
  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    const ask = async () => {
      if (document.visibilityState !== "visible") return;
      const query = new URLSearchParams(since === undefined ? "" : search);
      query.delete("page");
      if (since !== undefined) query.set("since", String(since));
      try {
        const response = await fetch(`/admin/orders/live?${query}`, { headers: { accept: "application/json" } });
        if (!response.ok || stopped) return;
        const value = (await response.json()) as Pulse;
        if (!stopped) setPulse({ from: loaded, value });
      } catch {
        // offline for a moment: the next turn asks again
      }
    };
    const timer = setInterval(() => void ask(), PULSE_EVERY_MS);
    const onVisible = () => void ask();
    const onMessage = (event: MessageEvent) => {
      if ((event.data as { type?: string } | null)?.type === "new-order") void ask();
    };
    document.addEventListener("visibilitychange", onVisible);
    navigator.serviceWorker?.addEventListener("message", onMessage);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
      navigator.serviceWorker?.removeEventListener("message", onMessage);
    };
  }, [enabled, loaded, since, search]);
  return current;
}
