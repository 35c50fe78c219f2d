import { useEffect } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
  useMatches,
  useRouteLoaderData,
  Link,
} from "react-router";
import type { ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/root";
import { chatButtonHidden, FloatingReserve } from "./components/ChatButton";
import { Header } from "./components/Header";
import { ServerMarkup } from "./components/ServerMarkup";
import { Toaster } from "./components/Toaster";
import { CartSync } from "./components/CartSync";
import { PageStylesheet } from "./lib/inline-stylesheet";
import { isConsolePath } from "./lib/console-path";
import { useNonce } from "./lib/nonce";
import { pageMeta } from "./lib/seo";
import { localeOfPath } from "./i18n/locales";
import { translatorIn, useT } from "./i18n/t";
import { loadShell, type ShellData } from "./lib/shell.server";
import stylesheet from "./app.css?url";

export async function loader({ context, request }: Route.LoaderArgs) {
  // the console has its own layout and loads what it needs itself
  const { pathname } = new URL(request.url);
  if (isConsolePath(pathname)) return null;
  return loadShell(context.core, context.config.publicUrl, localeOfPath(pathname));
}

// the shell rarely changes: browsing keeps it, only a form post or the other language reloads it
export function shouldRevalidate({
  formMethod,
  defaultShouldRevalidate,
  currentUrl,
  nextUrl,
}: ShouldRevalidateFunctionArgs) {
  if (localeOfPath(currentUrl.pathname) !== localeOfPath(nextUrl.pathname)) return true;
  return formMethod && formMethod !== "GET" ? defaultShouldRevalidate : false;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const shell = (useRouteLoaderData("root") as ShellData | null | undefined) ?? undefined;
  const { pathname } = useLocation();
  const matches = useMatches();
  const inConsole = isConsolePath(pathname);
  const t = translatorIn(inConsole ? "en" : localeOfPath(pathname));
  const nonce = useNonce();
  // tests and styles can tell a hydrated page from server-rendered HTML
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    // the display currency script below sets data-currency on <html> before React hydrates it
    // an Urdu page reads right to left; the layout mirrors itself through logical properties
    <html lang={t.tag} dir={t.locale === "ur" ? "rtl" : "ltr"} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        {/* before any of the body is painted: prices show in the shopper's chosen currency at
            once, never rupees first (decision 0091) */}
        {!inConsole && shell?.currencyPicker && (
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: shell.currencyPicker.script }} />
        )}
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1c1917" />
        {/* the style sheet is written into the page, so the first paint needs no second round trip
            (decision 0033); with an href and a precedence React treats it as a resource, writes it
            first in <head> and, on the client, adopts the server's copy by its href */}
        <PageStylesheet href={stylesheet} />
        <link rel="icon" href={shell?.faviconUrl || "/favicon.svg"} />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col bg-[#fbf9f6] font-sans antialiased">
        {!inConsole && (
          <a
            href="#main"
            className="sr-only z-[70] bg-ink px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:start-2"
          >
            {t("Skip to content")}
          </a>
        )}
        {inConsole ? (
          children
        ) : (
          <>
            {shell && <ServerMarkup html={shell.markup.announcements} />}
            {shell && <Header shell={shell} />}
            <div id="main" className="flex-1">
              {children}
            </div>
            {shell && <ServerMarkup html={shell.markup.footer} />}
            {shell && <FloatingReserve />}
            {shell && !chatButtonHidden(matches) && <ServerMarkup html={shell.markup.chatButton} />}
            <Toaster />
            <CartSync />
          </>
        )}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function meta({ data, error, location }: Route.MetaArgs) {
  if (!error) return [];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const t = translatorIn(localeOfPath(location.pathname));
  return pageMeta(data?.seo, {
    title: `${notFound ? t("Page not found") : t("Something went wrong")} | ${data?.siteName ?? ""}`,
    path: "/",
    noindex: true,
  });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const t = useT();
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="text-xs font-semibold tracking-[0.3em] text-accent uppercase">
        {notFound ? t("Error 404") : t("Error")}
      </p>
      <h1 className="mt-3 font-serif text-4xl">{notFound ? t("Page not found") : t("Something went wrong")}</h1>
      <p className="mt-4 text-stone-600">
        {notFound ? t("The page you were looking for does not exist.") : t("Please try again in a moment.")}
      </p>
      <div className="mt-8 flex justify-center gap-3">
        <Link to={t.path("/")} className="btn-primary">
          {t("Back to Home")}
        </Link>
        <Link to={t.path("/collection/all")} className="btn-secondary">
          {t("Shop All")}
        </Link>
      </div>
    </main>
  );
}
