// The account (spec §2 Account, §4 Session/Profile/Account tabs, §5 Profile edit, §8). The token
// lives in localStorage, so the page is the same HTML for everyone and fills in after load:
// signed-out visitors are sent to sign in from the browser. What its tabs show is in
// app/components/account/.
import { useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { MyOrders } from "../components/account/MyOrders";
import { Profile } from "../components/account/Profile";
import { VerifyNotice } from "../components/account/VerifyNotice";
import { ApiError, api, authToken } from "../lib/api";
import { pageMeta, publicPageHeaders } from "../lib/seo";
import { clearSession, getStoredUser, loginHref, storeUser, useStoredUser, type StoredUser } from "../lib/session";
import type { ShellData } from "../lib/shell.server";
import { toast } from "../lib/toast";
import { localeOfPath } from "../i18n/locales";
import { translatorIn, useT } from "../i18n/t";
import type { Route } from "./+types/account";

export const headers = publicPageHeaders;

export function meta({ matches, location }: Route.MetaArgs) {
  const shell = matches[0]?.data as ShellData | undefined;
  const t = translatorIn(localeOfPath(location.pathname));
  return pageMeta(shell?.seo, {
    title: t("My Account | {siteName}", { siteName: shell?.siteName ?? "" }),
    path: "/account",
    noindex: true,
    locale: t.locale,
  });
}

const TABS = ["profile", "orders", "settings"] as const;
type Tab = (typeof TABS)[number];

const MENU_ITEM =
  "flex min-h-11 w-full items-center px-2 text-start text-[13px] whitespace-nowrap hover:bg-stone-100 md:px-3 md:text-sm";
const ACTIVE = "bg-ink font-semibold text-white hover:bg-ink";

/** One tab of the account's menu; the tab shown is marked as the current page. */
function TabButton({
  tab,
  current,
  onChoose,
  children,
}: {
  tab: Tab;
  current: Tab;
  onChoose: (tab: Tab) => void;
  children: string;
}) {
  return (
    <li>
      <button
        type="button"
        onClick={() => onChoose(tab)}
        aria-current={current === tab ? "page" : undefined}
        className={`${MENU_ITEM} ${current === tab ? ACTIVE : ""}`}
      >
        {children}
      </button>
    </li>
  );
}

export default function AccountPage() {
  const t = useT();
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
      navigate(loginHref(t.path("/account")), { replace: true });
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
          if (live) navigate(loginHref(t.path("/account")), { replace: true });
          return;
        }
        console.error(error);
        if (live && !stored) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [navigate, t]);

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
    navigate(t.path("/"), { replace: true });
  }

  return (
    <main className="mx-auto max-w-6xl px-4 py-8 md:px-8 md:py-12">
      <p className="eyebrow">{t("My Account")}</p>
      <h1 className="mt-2 font-serif text-3xl md:text-4xl">
        {user ? t("Hello, {name}", { name: user.first_name }) : t("My Account")}
      </h1>
      {failed ? (
        <div className="mt-8" role="alert">
          <p className="text-sm text-red-800">{t("We could not load your account. Please try again.")}</p>
          <button type="button" onClick={() => window.location.reload()} className="btn-secondary mt-4">
            {t("Try Again")}
          </button>
        </div>
      ) : !user ? (
        <p className="mt-8 text-sm text-stone-600" aria-live="polite">
          {t("Loading your account…")}
        </p>
      ) : (
        <>
          {user.email_verified_at === null && <VerifyNotice email={user.email} />}
          <div className="mt-8 grid gap-8 md:grid-cols-[14rem_1fr] md:gap-12">
            <nav
              aria-label={t("Account")}
              className="-mx-4 border-y border-stone-200 md:mx-0 md:self-start md:border md:bg-white"
            >
              {/* on a narrow phone the tabs wrap to a second row rather than cut the last one off */}
              <ul className="flex flex-wrap justify-between px-2 md:flex-col md:px-0">
                <TabButton tab="profile" current={tab} onChoose={choose}>
                  {t("Profile")}
                </TabButton>
                <li>
                  <Link to={t.path("/wishlist")} className={MENU_ITEM}>
                    {t("Wishlist")}
                  </Link>
                </li>
                <TabButton tab="orders" current={tab} onChoose={choose}>
                  {t("My Orders")}
                </TabButton>
                <TabButton tab="settings" current={tab} onChoose={choose}>
                  {t("Settings")}
                </TabButton>
                <li>
                  <button type="button" onClick={logout} disabled={leaving} className={`${MENU_ITEM} text-accent`}>
                    {leaving ? t("Signing out…") : t("Logout")}
                  </button>
                </li>
              </ul>
            </nav>
            <div className="min-w-0">
              {tab === "profile" && <Profile key={user.email} user={user} onSaved={storeUser} />}
              {tab === "orders" && <MyOrders />}
              {tab === "settings" && (
                <section aria-labelledby="settings-title">
                  <h2 id="settings-title" className="font-serif text-2xl">
                    {t("Settings")}
                  </h2>
                  <p className="mt-6 text-sm text-stone-600">{t("Account settings coming soon...")}</p>
                </section>
              )}
            </div>
          </div>
        </>
      )}
    </main>
  );
}
