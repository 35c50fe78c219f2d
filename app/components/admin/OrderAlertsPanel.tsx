// A member's new-order alerts on their account page (decision 0094): a notification on this
// device (Web Push; each device is turned on where it is, since only there can the browser ask),
// the devices that take them, WhatsApp to a number proven by a code, and email. All off until
// the member turns them on. The WhatsApp and email forms work before the script loads; the
// device switch needs it (a browser subscribes only from script).
import { useEffect, useState } from "react";
import { Form, useFetcher } from "react-router";
import { useHydrated } from "../../lib/use-hydrated";
import { currentSubscription, pushSupport, subscribePush, type PushSupport } from "../../lib/console-push";
import { CodeField, Panel, TextField } from "./Fields";
import { Notice } from "./Notice";
import { SubmitButton } from "./SubmitButton";

export interface AlertsView {
  /** the role sees orders */
  eligible: boolean;
  /** the store's VAPID public key, or null when push notifications are not set up */
  pushKey: string | null;
  whatsappSends: boolean;
  email: string;
  settings: {
    email: boolean;
    whatsapp: boolean;
    phone: string | null;
    pendingPhone: string | null;
    devices: { id: number; device: string; since: string; lastSent: string | null; current: boolean }[];
  } | null;
}

export interface AlertsAnswer {
  intent: string;
  error?: string;
  done?: string;
}

export const ALERT_INTENTS = [
  "alerts-email",
  "alerts-whatsapp",
  "phone-code",
  "phone-confirm",
  "phone-remove",
  "push-on",
  "push-off",
  "device-remove",
] as const;

/** +92 300 1234567 */
export function phoneText(phone: string): string {
  return phone.startsWith("92") && phone.length === 12 ? `+92 ${phone.slice(2, 5)} ${phone.slice(5)}` : `+${phone}`;
}

/** The switch for this browser: it asks for permission, subscribes and tells the store. */
function ThisDevice({ pushKey, onDevice }: { pushKey: string; onDevice: boolean }) {
  const fetcher = useFetcher<AlertsAnswer>();
  const hydrated = useHydrated();
  // read again on each render: a refused permission changes it
  const [, setAsked] = useState(0);
  const support: PushSupport | "checking" = hydrated ? pushSupport() : "checking";
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (pushSupport() !== "supported") return;
    void currentSubscription(pushKey).then((subscription) => setSubscribed(subscription !== null && onDevice));
  }, [pushKey, onDevice]);
  const busy = fetcher.state !== "idle";
  const answer = fetcher.data;
  const turnOn = async () => {
    setProblem(null);
    try {
      const subscription = await subscribePush(pushKey);
      fetcher.submit({ intent: "push-on", subscription: JSON.stringify(subscription) }, { method: "post" });
      setSubscribed(true);
    } catch (error) {
      if ((error as Error).message === "blocked") {
        setAsked((n) => n + 1);
        setProblem(
          "Notifications were not allowed. Allow them for this site in the browser's settings, then try again.",
        );
      } else {
        setProblem(`This browser could not turn on notifications (${(error as Error).message || "unknown reason"}).`);
      }
    }
  };
  const turnOff = async () => {
    setProblem(null);
    const subscription = await currentSubscription(pushKey);
    if (subscription) {
      fetcher.submit({ intent: "push-off", endpoint: subscription.endpoint }, { method: "post" });
      await subscription.unsubscribe();
    }
    setSubscribed(false);
  };
  return (
    <div className="space-y-2" data-testid="this-device">
      <h3 className="font-semibold">Notifications on this device</h3>
      {support === "unsupported" ? (
        <p className="text-sm text-stone-700">
          This browser cannot show notifications. On an iPhone, add the console to the Home Screen first (Share, then
          Add to Home Screen) and open it from there.
        </p>
      ) : support === "denied" ? (
        <p className="text-sm text-stone-700">
          Notifications are blocked for this site. Allow them in the browser&apos;s site settings, then come back here.
        </p>
      ) : support === "checking" || subscribed === null ? (
        <p className="text-sm text-stone-600">Checking this device…</p>
      ) : subscribed && !answer?.error ? (
        <>
          <p className="text-sm text-stone-700">On: this device shows a notification for each new order.</p>
          <button type="button" className="btn-secondary" disabled={busy} onClick={() => void turnOff()}>
            Turn off on this device
          </button>
        </>
      ) : (
        <>
          <p className="text-sm text-stone-700">Off. Turn it on to get a notification here for each new order.</p>
          <button type="button" className="btn-primary" disabled={busy} onClick={() => void turnOn()}>
            Turn on for this device
          </button>
        </>
      )}
      {problem && <Notice kind="error">{problem}</Notice>}
      {answer?.error && <Notice kind="error">{answer.error}</Notice>}
      {answer?.done && !busy && <Notice kind="success">{answer.done}</Notice>}
    </div>
  );
}

export function OrderAlertsPanel({ view, result }: { view: AlertsView; result: AlertsAnswer | undefined }) {
  if (!view.eligible || !view.settings) {
    return (
      <Panel title="New-order alerts">
        <p className="text-sm text-stone-700">Your role does not see orders, so it is not told of new ones.</p>
      </Panel>
    );
  }
  const settings = view.settings;
  const mine = result && (ALERT_INTENTS as readonly string[]).includes(result.intent) ? result : undefined;
  return (
    <Panel title="New-order alerts">
      <div className="space-y-6" data-testid="order-alerts">
        <p className="text-sm text-stone-700">
          Be told of each new order as it comes in, in any of these ways. All are off until you turn them on.
        </p>
        {mine?.error && <Notice kind="error">{mine.error}</Notice>}
        {mine?.done && <Notice kind="success">{mine.done}</Notice>}

        {view.pushKey ? (
          <ThisDevice pushKey={view.pushKey} onDevice={settings.devices.some((d) => d.current)} />
        ) : (
          <p className="text-sm text-stone-700">
            Notifications on phones and computers are not set up on this store: the server needs its VAPID keys
            (VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY).
          </p>
        )}

        {settings.devices.length > 0 && (
          <div>
            <h3 className="font-semibold">Devices that get notifications</h3>
            <ul
              className="mt-2 divide-y divide-stone-200 ring-1 ring-stone-200"
              aria-label="Devices that get notifications"
            >
              {settings.devices.map((device) => (
                <li
                  key={device.id}
                  className="flex flex-wrap items-center justify-between gap-2 bg-white px-3 py-2 text-sm"
                >
                  <span>
                    <strong>{device.device}</strong>
                    {device.current && <span className="ms-1 text-emerald-800">(this device)</span>}
                    <span className="block text-xs text-stone-600">
                      Since {device.since}
                      {device.lastSent ? ` · last notified ${device.lastSent}` : ""}
                    </span>
                  </span>
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="intent" value="device-remove" />
                    <input type="hidden" name="id" value={device.id} />
                    <button type="submit" className="btn-secondary" aria-label={`Remove ${device.device}`}>
                      Remove
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
          </div>
        )}

        <div className="space-y-2">
          <h3 className="font-semibold">WhatsApp</h3>
          {!view.whatsappSends && (
            <p className="text-sm text-amber-900">
              The store&apos;s WhatsApp is not set up, so no code or alert leaves the store until it is.
            </p>
          )}
          {settings.phone ? (
            <>
              <p className="text-sm text-stone-700">
                {settings.whatsapp ? "On" : "Off"}: new orders {settings.whatsapp ? "go" : "would go"} to{" "}
                <strong>{phoneText(settings.phone)}</strong>.
              </p>
              <div className="flex flex-wrap gap-2">
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="alerts-whatsapp" />
                  <SubmitButton name="on" value={settings.whatsapp ? "0" : "1"} secondary={settings.whatsapp}>
                    {settings.whatsapp ? "Turn off WhatsApp alerts" : "Turn on WhatsApp alerts"}
                  </SubmitButton>
                </Form>
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="phone-remove" />
                  <SubmitButton secondary>Remove this number</SubmitButton>
                </Form>
              </div>
            </>
          ) : null}
          {settings.pendingPhone ? (
            <Form method="post" preventScrollReset className="space-y-3" aria-label="Confirm your WhatsApp number">
              <input type="hidden" name="intent" value="phone-confirm" />
              <p className="text-sm text-stone-700">
                A code was sent on WhatsApp to <strong>{phoneText(settings.pendingPhone)}</strong>. It works for 10
                minutes.
              </p>
              <CodeField label="Code from WhatsApp" />
              <SubmitButton>Confirm number</SubmitButton>
            </Form>
          ) : null}
          <Form method="post" preventScrollReset className="space-y-3" aria-label="Your WhatsApp number">
            <input type="hidden" name="intent" value="phone-code" />
            <TextField
              name="phone"
              type="tel"
              label={settings.phone ? "Use another number" : "Your WhatsApp number"}
              autoComplete="tel"
              maxLength={30}
              hint="We send a code to it on WhatsApp; alerts go there once you type the code back."
            />
            <SubmitButton secondary={!!settings.phone}>Send code</SubmitButton>
          </Form>
        </div>

        <div className="space-y-2">
          <h3 className="font-semibold">Email</h3>
          <p className="text-sm text-stone-700">
            {settings.email ? "On" : "Off"}: new orders {settings.email ? "are" : "would be"} emailed to{" "}
            <strong>{view.email}</strong>.
          </p>
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="alerts-email" />
            <SubmitButton name="on" value={settings.email ? "0" : "1"} secondary={settings.email}>
              {settings.email ? "Turn off email alerts" : "Turn on email alerts"}
            </SubmitButton>
          </Form>
        </div>
      </div>
    </Panel>
  );
}
