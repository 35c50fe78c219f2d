// The console's side of Web Push (decision 0094), browser-only: the service worker that shows a
// new order's notification (public/console-sw.js, scoped to /admin/ so no storefront page ever
// loads it), and this browser's push subscription.

export const SERVICE_WORKER_URL = "/console-sw.js";
export const SERVICE_WORKER_SCOPE = "/admin/";

export type PushSupport = "supported" | "unsupported" | "denied";

export function pushSupport(): PushSupport {
  if (typeof window === "undefined") return "unsupported";
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    return "unsupported";
  }
  return Notification.permission === "denied" ? "denied" : "supported";
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function sameKey(subscription: PushSubscription, publicKey: string): boolean {
  const used = subscription.options.applicationServerKey;
  if (!used) return true;
  const a = new Uint8Array(used);
  const b = keyBytes(publicKey);
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/** This browser's registration of the console's worker, registered if it is not yet. */
async function registration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_SCOPE);
  if (existing) return existing;
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE });
  return navigator.serviceWorker.ready;
}

/**
 * This browser's subscription, if it has one made with the store's current key; one made with
 * an older key (the store's keys changed) is dropped, since no push can reach it any more.
 */
export async function currentSubscription(publicKey: string): Promise<PushSubscription | null> {
  if (pushSupport() !== "supported") return null;
  const found = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_SCOPE);
  const subscription = (await found?.pushManager.getSubscription()) ?? null;
  if (subscription && !sameKey(subscription, publicKey)) {
    await subscription.unsubscribe();
    return null;
  }
  return subscription;
}

/** Asks the person, registers the worker and subscribes: the subscription to send to the store. */
export async function subscribePush(publicKey: string): Promise<PushSubscription> {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") throw new Error("blocked");
  const reg = await registration();
  const existing = await reg.pushManager.getSubscription();
  if (existing && sameKey(existing, publicKey)) return existing;
  if (existing) await existing.unsubscribe();
  return reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
}
