// The account (spec §2 Account, §4 Session/Profile/Account tabs, §5 Profile edit, §8). The token
// lives in localStorage, so the page is the same HTML for everyone and fills in after load:
// signed-out visitors are sent to sign in from the browser.
import { useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { checkProfile } from "../../core/accounts/form-rules";
import { formatRupees } from "../../core/shared/money";
import { PaysInRupees } from "../components/Price";
import { ApiError, api, authToken, errorText } from "../lib/api";
import { formatDay, formatDayTime } from "../lib/dates";
import { orderSteps, type ShopperOrderStatus } from "../lib/order-steps";
import { refreshStoredUser } from "../lib/refresh-user";
import { pageMeta, publicPageHeaders } from "../lib/seo";
import { clearSession, getStoredUser, loginHref, storeUser, useStoredUser, type StoredUser } from "../lib/session";
import type { ShellData } from "../lib/shell.server";
import { toast } from "../lib/toast";
import type { Route } from "./+types/account";

export const headers = publicPageHeaders;

export function meta({ matches }: Route.MetaArgs) {
  const shell = matches[0]?.data as ShellData | undefined;
  return pageMeta(shell?.seo, { title: `My Account | ${shell?.siteName ?? ""}`, path: "/account", noindex: true });
}

const TABS = ["profile", "orders", "settings"] as const;
type Tab = (typeof TABS)[number];

interface OrderItem {
  product_id: number | null;
  name: string;
  variant: string | null;
  quantity: number;
  price: number;
  line_total: number;
}

interface Order {
  id: number;
  tracking_id: string;
  status: ShopperOrderStatus;
  payment_method: string;
  items: OrderItem[];
  total: number;
  courier: string | null;
  tracking_number: string | null;
  timeline: { status: ShopperOrderStatus; created_at: string }[];
  exchanges: { role: "replaced_by" | "replaces"; tracking_id: string; created_at: string }[];
  created_at: string;
}

// issue 13, point 9: each step with its day and time in Pakistan time, compact enough for a phone
function Steps({ order }: { order: Order }) {
  const { steps, ended } = orderSteps(
    {
      status: order.status,
      createdAt: order.created_at,
      timeline: order.timeline.map((step) => ({ status: step.status, createdAt: step.created_at })),
    },
    formatDayTime,
  );
  return (
    <div className="border-t border-stone-200 px-4 py-3 text-sm">
      <ol className="grid gap-1.5 sm:grid-cols-2" aria-label="Order progress">
        {steps.map((step, i) => {
          const bad = ended && i === steps.length - 1;
          return (
            <li
              key={step.label}
              className="flex items-baseline gap-2"
              aria-current={step.state === "current" ? "step" : undefined}
            >
              <span
                aria-hidden="true"
                className={`inline-block size-2.5 shrink-0 rounded-full ${
                  bad ? "bg-red-700" : step.state === "todo" ? "border border-stone-400 bg-white" : "bg-emerald-700"
                }`}
              />
              <span className={step.state === "todo" ? "text-stone-500" : "font-medium"}>
                {step.label}
                <span className="sr-only">
                  {step.state === "done" ? " (done)" : step.state === "current" ? " (current)" : " (not yet)"}
                </span>
              </span>
              {step.date && <span className="text-xs text-stone-600">{step.date}</span>}
            </li>
          );
        })}
      </ol>
      {order.exchanges.map((exchange) => (
        <p key={`${exchange.role}-${exchange.tracking_id}`} className="mt-2 text-stone-700">
          {exchange.role === "replaced_by" ? "Exchange arranged: new order" : "Exchange for order"}{" "}
          <span className="font-mono font-medium">{exchange.tracking_id}</span>
          <span className="text-xs text-stone-600"> · {formatDayTime(exchange.created_at)}</span>
        </p>
      ))}
      {order.courier && (
        <p className="mt-2 text-stone-700">
          Sent with <span className="font-medium">{order.courier}</span>
          {order.tracking_number && (
            <>
              , consignment number <span className="font-mono font-medium">{order.tracking_number}</span>
            </>
          )}
          .
        </p>
      )}
    </div>
  );
}

const rupees = (amount: number) => formatRupees(Math.round(Number(amount) * 100));

const STATUS_STYLE: Record<string, string> = {
  delivered: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  shipped: "bg-sky-50 text-sky-800 ring-sky-200",
  packed: "bg-amber-50 text-amber-900 ring-amber-200",
  confirmed: "bg-amber-50 text-amber-900 ring-amber-200",
  cancelled: "bg-stone-100 text-stone-700 ring-stone-300",
  returned: "bg-stone-100 text-stone-700 ring-stone-300",
};

function Profile({ user, onSaved }: { user: StoredUser; onSaved: (user: StoredUser) => void }) {
  const [editing, setEditing] = useState(false);
  const initial = {
    first_name: user.first_name,
    last_name: user.last_name,
    username: user.username ?? "",
    phone: user.phone ?? "",
  };
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  function cancel() {
    // spec §4: Cancel resets the fields
    setForm(initial);
    setErrors({});
    setEditing(false);
  }

  async function save(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields: Record<string, string | undefined> = checkProfile(form);
    setErrors(fields as Record<string, string>);
    if (Object.keys(fields).length > 0) return;
    setBusy(true);
    try {
      const updated = await api<StoredUser>("/users/me", {
        method: "PUT",
        auth: true,
        body: { first_name: form.first_name, last_name: form.last_name, username: form.username, phone: form.phone },
      });
      // spec §4: Save updates the stored user
      storeUser(updated);
      onSaved(updated);
      setEditing(false);
      toast.success("Profile updated successfully!");
    } catch (error) {
      // spec §8 only logs profile update errors; a field the server refused is worth showing
      console.error(error);
      setErrors({ form: errorText(error, "Failed to update profile. Please try again.") });
    } finally {
      setBusy(false);
    }
  }

  const rows: [string, string][] = [
    ["First name", user.first_name],
    ["Last name", user.last_name],
    ["Email", user.email],
    ["Username", user.username || "Not set"],
    ["Phone", user.phone || "Not set"],
    ["Member since", formatDay(user.created_at)],
  ];

  if (!editing) {
    return (
      <section aria-labelledby="profile-title">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="profile-title" className="font-serif text-2xl">
            Profile
          </h2>
          <button type="button" onClick={() => setEditing(true)} className="btn-secondary min-h-10">
            Edit Profile
          </button>
        </div>
        <dl className="mt-6 divide-y divide-stone-100 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="grid grid-cols-[8.5rem_1fr] gap-3 py-3 md:grid-cols-[12rem_1fr]">
              <dt className="text-stone-600">{label}</dt>
              <dd className={`break-words ${value === "Not set" ? "text-stone-500 italic" : ""}`}>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
    );
  }

  const field = (key: keyof typeof form, label: string, autoComplete: string, hint?: string) => (
    <div>
      <label htmlFor={`profile-${key}`} className="block text-sm font-semibold">
        {label}
        {hint && <span className="ml-1 font-normal text-stone-600">{hint}</span>}
      </label>
      <input
        id={`profile-${key}`}
        value={form[key]}
        onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))}
        autoComplete={autoComplete}
        maxLength={100}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `profile-${key}-error` : undefined}
        className="field mt-1"
      />
      {errors[key] && (
        <p id={`profile-${key}-error`} className="mt-1 text-sm text-red-800">
          {errors[key]}
        </p>
      )}
    </div>
  );

  return (
    <section aria-labelledby="profile-title">
      <h2 id="profile-title" className="font-serif text-2xl">
        Edit Profile
      </h2>
      <form onSubmit={save} noValidate className="mt-6 grid gap-4 md:grid-cols-2">
        {errors.form && (
          <p role="alert" className="bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-red-200 md:col-span-2">
            {errors.form}
          </p>
        )}
        {field("first_name", "First name", "given-name")}
        {field("last_name", "Last name", "family-name")}
        <div className="md:col-span-2">
          <label htmlFor="profile-email" className="block text-sm font-semibold">
            Email <span className="font-normal text-stone-600">(cannot be changed)</span>
          </label>
          <input id="profile-email" value={user.email} readOnly className="field mt-1 bg-stone-100 text-stone-600" />
        </div>
        {field("username", "Username", "username", "(optional)")}
        {field("phone", "Phone", "tel", "(optional)")}
        <div className="flex gap-3 md:col-span-2">
          <button type="submit" disabled={busy} className="btn-primary">
            {busy ? "Saving…" : "Save"}
          </button>
          <button type="button" onClick={cancel} disabled={busy} className="btn-secondary">
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}

function Orders() {
  const [orders, setOrders] = useState<Order[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    api<Order[]>("/users/me/orders?limit=50", { auth: true })
      .then((list) => live && setOrders(list))
      .catch((error: unknown) => {
        console.error(error);
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [attempt]);

  return (
    <section aria-labelledby="orders-title" aria-busy={orders === null && !failed}>
      <h2 id="orders-title" className="font-serif text-2xl">
        My Orders
      </h2>
      <PaysInRupees className="mt-4" />
      {failed ? (
        <div className="mt-6" role="alert">
          <p className="text-sm text-red-800">Failed to load your orders. Please try again.</p>
          <button
            type="button"
            onClick={() => {
              setFailed(false);
              setOrders(null);
              setAttempt((n) => n + 1);
            }}
            className="btn-secondary mt-4"
          >
            Try Again
          </button>
        </div>
      ) : orders === null ? (
        <p className="mt-6 text-sm text-stone-600">Loading your orders…</p>
      ) : orders.length === 0 ? (
        <div className="mt-6 bg-stone-50 p-8 text-center">
          <p className="font-serif text-xl">No orders yet</p>
          <p className="mt-2 text-sm text-stone-600">
            When you place an order, it will appear here with its tracking ID.
          </p>
          <Link to="/collection/all" className="btn-primary mt-6">
            Start Shopping
          </Link>
        </div>
      ) : (
        <ol className="mt-6 space-y-5" aria-label="Orders">
          {orders.map((order) => (
            <li key={order.id} className="ring-1 ring-stone-200">
              <article aria-label={`Order ${order.tracking_id}`}>
                <header className="flex flex-wrap items-start justify-between gap-3 bg-stone-50 px-4 py-3 text-sm">
                  <div>
                    <p className="text-xs tracking-widest text-stone-600 uppercase">Tracking ID</p>
                    <p className="font-mono text-base font-semibold tracking-wider">{order.tracking_id}</p>
                  </div>
                  <div>
                    <p className="text-xs tracking-widest text-stone-600 uppercase">Placed</p>
                    <p>{formatDayTime(order.created_at)}</p>
                  </div>
                  <span
                    className={`rounded-full px-3 py-1 text-xs font-semibold ring-1 ${STATUS_STYLE[order.status] ?? "bg-white text-ink ring-stone-300"}`}
                  >
                    {order.status.charAt(0).toUpperCase() + order.status.slice(1)}
                  </span>
                </header>
                <ul className="divide-y divide-stone-100 px-4" aria-label="Items">
                  {order.items.map((item, i) => (
                    <li key={`${item.product_id}-${i}`} className="flex justify-between gap-4 py-3 text-sm">
                      <span>
                        {item.product_id ? (
                          <Link to={`/product/${item.product_id}`} className="hover:underline">
                            {item.name}
                          </Link>
                        ) : (
                          item.name
                        )}
                        {item.variant && <span className="text-stone-600"> · {item.variant}</span>}
                        <span className="whitespace-nowrap text-stone-600">{` × ${item.quantity}`}</span>
                      </span>
                      <span className="shrink-0">{rupees(item.line_total)}</span>
                    </li>
                  ))}
                </ul>
                <Steps order={order} />
                <footer className="flex flex-wrap items-center justify-between gap-3 border-t border-stone-200 px-4 py-3 text-sm">
                  <p>
                    <span className="text-stone-600">Total </span>
                    <span className="font-semibold">{rupees(order.total)}</span>
                    <span className="text-stone-600">
                      {" "}
                      · {order.payment_method === "cod" ? "Cash on Delivery" : order.payment_method}
                    </span>
                  </p>
                  <Link
                    to={`/track?tracking_id=${encodeURIComponent(order.tracking_id)}`}
                    className="btn-secondary min-h-10"
                  >
                    Track Order
                  </Link>
                </footer>
              </article>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

// issue 17, point 3: an unconfirmed email opens no guest orders (decision 0022) until its link is
// opened; the link can be sent again from here, a few times an hour
function VerifyNotice({ email }: { email: string }) {
  const [state, setState] = useState<{ busy: boolean; message: string | null; failed: boolean }>({
    busy: false,
    message: null,
    failed: false,
  });

  async function resend() {
    setState({ busy: true, message: null, failed: false });
    try {
      const answer = await api<{ detail: string }>("/users/me/verification-email", { method: "POST", auth: true });
      setState({ busy: false, message: answer.detail, failed: false });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        // confirmed in another tab or on another device meanwhile: the notice goes away
        void refreshStoredUser();
      }
      setState({
        busy: false,
        message: errorText(error, "We could not send the link. Please try again."),
        failed: true,
      });
    }
  }

  return (
    <section
      aria-labelledby="verify-title"
      className="mt-6 bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-200 md:flex md:items-center md:gap-6"
    >
      <div className="md:flex-1">
        <h2 id="verify-title" className="font-semibold">
          Your email is not verified
        </h2>
        <p className="mt-1">
          We sent a link to <span className="font-medium break-all">{email}</span>. Open it to confirm your address;
          orders you placed as a guest with this email then appear in My Orders.
        </p>
        {state.message && (
          <p
            role={state.failed ? "alert" : "status"}
            className={`mt-2 font-medium ${state.failed ? "text-red-800" : ""}`}
          >
            {state.message}
          </p>
        )}
      </div>
      <button type="button" onClick={resend} disabled={state.busy} className="btn-secondary mt-3 min-h-10 md:mt-0">
        {state.busy ? "Sending…" : "Send the link again"}
      </button>
    </section>
  );
}

export default function AccountPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab");
  const tab: Tab = TABS.includes(requested as Tab) ? (requested as Tab) : "profile";
  // the stored user at once, then as /users/me refreshes it (storeUser)
  const user = useStoredUser();
  const [failed, setFailed] = useState(false);
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    // spec §6: no token, no account
    if (!authToken()) {
      navigate(loginHref("/account"), { replace: true });
      return;
    }
    const stored = getStoredUser();
    let live = true;
    api<StoredUser>("/users/me", { auth: true })
      .then((fresh) => storeUser(fresh))
      .catch((error: unknown) => {
        // spec §4: a 401 or 422 on the profile call clears the stored session; others are logged
        if (error instanceof ApiError && (error.status === 401 || error.status === 422)) {
          clearSession();
          if (live) navigate(loginHref("/account"), { replace: true });
          return;
        }
        console.error(error);
        if (live && !stored) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [navigate]);

  function choose(next: Tab) {
    setParams(next === "profile" ? {} : { tab: next }, { replace: true, preventScrollReset: true });
  }

  async function logout() {
    setLeaving(true);
    try {
      // revoke the token on the server too, so a copy of it is worthless
      await api("/users/logout", { method: "POST", auth: true });
    } catch {
      // already expired or offline: forgetting it here is what matters
    }
    clearSession();
    toast.success("You have been signed out.");
    navigate("/", { replace: true });
  }

  const menuItem =
    "flex min-h-11 w-full items-center px-2 text-left text-[13px] whitespace-nowrap hover:bg-stone-100 md:px-3 md:text-sm";
  const active = "bg-ink font-semibold text-white hover:bg-ink";

  return (
    <main className="mx-auto max-w-6xl px-4 py-8 md:px-8 md:py-12">
      <p className="eyebrow">My Account</p>
      <h1 className="mt-2 font-serif text-3xl md:text-4xl">{user ? `Hello, ${user.first_name}` : "My Account"}</h1>
      {failed ? (
        <div className="mt-8" role="alert">
          <p className="text-sm text-red-800">We could not load your account. Please try again.</p>
          <button type="button" onClick={() => window.location.reload()} className="btn-secondary mt-4">
            Try Again
          </button>
        </div>
      ) : !user ? (
        <p className="mt-8 text-sm text-stone-600" aria-live="polite">
          Loading your account…
        </p>
      ) : (
        <>
          {user.email_verified_at === null && <VerifyNotice email={user.email} />}
          <div className="mt-8 grid gap-8 md:grid-cols-[14rem_1fr] md:gap-12">
            <nav
              aria-label="Account"
              className="-mx-4 border-y border-stone-200 md:mx-0 md:self-start md:border md:bg-white"
            >
              {/* on a narrow phone the tabs wrap to a second row rather than cut the last one off */}
              <ul className="flex flex-wrap justify-between px-2 md:flex-col md:px-0">
                <li>
                  <button
                    type="button"
                    onClick={() => choose("profile")}
                    aria-current={tab === "profile" ? "page" : undefined}
                    className={`${menuItem} ${tab === "profile" ? active : ""}`}
                  >
                    Profile
                  </button>
                </li>
                <li>
                  <Link to="/wishlist" className={menuItem}>
                    Wishlist
                  </Link>
                </li>
                <li>
                  <button
                    type="button"
                    onClick={() => choose("orders")}
                    aria-current={tab === "orders" ? "page" : undefined}
                    className={`${menuItem} ${tab === "orders" ? active : ""}`}
                  >
                    My Orders
                  </button>
                </li>
                <li>
                  <button
                    type="button"
                    onClick={() => choose("settings")}
                    aria-current={tab === "settings" ? "page" : undefined}
                    className={`${menuItem} ${tab === "settings" ? active : ""}`}
                  >
                    Settings
                  </button>
                </li>
                <li>
                  <button type="button" onClick={logout} disabled={leaving} className={`${menuItem} text-accent`}>
                    {leaving ? "Signing out…" : "Logout"}
                  </button>
                </li>
              </ul>
            </nav>
            <div className="min-w-0">
              {tab === "profile" && <Profile key={user.email} user={user} onSaved={storeUser} />}
              {tab === "orders" && <Orders />}
              {tab === "settings" && (
                <section aria-labelledby="settings-title">
                  <h2 id="settings-title" className="font-serif text-2xl">
                    Settings
                  </h2>
                  <p className="mt-6 text-sm text-stone-600">Account settings coming soon...</p>
                </section>
              )}
            </div>
          </div>
        </>
      )}
    </main>
  );
}
