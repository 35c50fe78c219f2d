// The console's service worker (decision 0094), registered only by console pages with the scope
// /admin/, so no storefront page is ever controlled by it. It shows a new order's notification,
// opens the order when the notification is tapped, and tells open console tabs so their order
// count is brought up to date at once. It keeps nothing offline: console pages are no-store.
/* global self */
"use strict";

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

/** Only console pages of this store are opened from a notification. */
function consoleUrl(value) {
  try {
    const url = new URL(typeof value === "string" ? value : "/admin/orders", self.location.origin);
    return url.origin === self.location.origin && url.pathname.startsWith("/admin/") ? url.href : null;
  } catch {
    return null;
  }
}

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  const title = typeof data.title === "string" && data.title ? data.title.slice(0, 120) : "New order";
  const options = {
    body: typeof data.body === "string" ? data.body.slice(0, 300) : "",
    // one notification per order: a repeat replaces it instead of stacking a second
    tag: typeof data.tag === "string" ? data.tag.slice(0, 64) : undefined,
    data: { url: consoleUrl(data.url) ?? consoleUrl("/admin/orders") },
    icon: "/console-icon-192.png",
    badge: "/console-badge-96.png",
  };
  event.waitUntil(
    (async () => {
      await self.registration.showNotification(title, options);
      const tabs = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      for (const tab of tabs) tab.postMessage({ type: "new-order" });
    })(),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = (event.notification.data && event.notification.data.url) || consoleUrl("/admin/orders");
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      for (const tab of tabs) {
        if (new URL(tab.url).pathname.startsWith("/admin") && "focus" in tab) {
          const focused = await tab.focus();
          return focused.navigate ? focused.navigate(target) : undefined;
        }
      }
      return self.clients.openWindow(target);
    })(),
  );
});
