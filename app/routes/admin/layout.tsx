// The console's frame (decision 0054): a top bar with the store, the member and sign-out, and
// the menu of what the member's role may open. Its loader signs the visitor in or sends them to
// the sign-in page; each page's loader asks core for its own permission as well.
import { Form, Link, Outlet, useLoaderData, useRouteLoaderData } from "react-router";
import { waitingOrderCount } from "../../../core/orders/order-pulse";
import { getSiteSettings } from "../../../core/settings/site-settings";
import { can, ROLE_LABELS } from "../../../core/shared/permissions";
import { ConsoleDrawer, ConsoleSideMenu } from "../../components/admin/ConsoleMenu";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import { menuFor } from "../../lib/console";
import { useOrderPulse, type Pulse } from "../../lib/use-order-pulse";
import { requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/layout";

// the console's home, the orders list and the call list: where a member looks at new orders
const ORDER_DESKS = new Set(["/admin", "/admin/orders", "/admin/calls"]);

// the console installs as an app (decision 0094); storefront pages never name this manifest
export const links = () => [
  { rel: "manifest", href: "/console.webmanifest" },
  { rel: "apple-touch-icon", href: "/console-icon-192.png" },
];

/** What the orders list shares with the frame: its newest order when loaded, for "N new orders". */
export interface OrdersOutlet {
  newSince: number | null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context);
  const { siteName, whatsappConfirmations } = await getSiteSettings(context.core);
  const setupOwed = actor.mustChangePassword || actor.mustSetUpTwoStep;
  return {
    siteName,
    // confirmations are on but no WhatsApp account is set up: no question leaves the store, so
    // the people who take orders are told, where they look at orders, that orders wait for a call
    whatsappNotSent:
      whatsappConfirmations &&
      !context.config.whatsapp &&
      can(actor, "orders") &&
      ORDER_DESKS.has(new URL(request.url).pathname.replace(/\.data$/, "")),
    member: { firstName: actor.firstName, lastName: actor.lastName, email: actor.email, role: actor.role },
    // while a new password or two-step setup is owed, the account page is the only way on
    setupOwed,
    // the menu's count beside Orders, kept up to date by the page (useOrderPulse)
    pulse: {
      waiting: can(actor, "orders") && !setupOwed ? await waitingOrderCount(context.core, actor) : 0,
      newSince: null,
    } satisfies Pulse,
    seesOrders: can(actor, "orders") && !setupOwed,
  };
}

export default function ConsoleLayout() {
  const { siteName, member, setupOwed, whatsappNotSent, pulse: loaded, seesOrders } = useLoaderData<typeof loader>();
  const orders = useRouteLoaderData("routes/admin/orders") as { since?: number } | undefined;
  const pulse = useOrderPulse(seesOrders, loaded, orders?.since);
  const menu = setupOwed ? [] : menuFor(member.role);
  const counts = { "/admin/orders": pulse.waiting };
  const name = `${member.firstName} ${member.lastName}`.trim() || member.email;
  return (
    <div className="flex min-h-screen flex-col bg-stone-100">
      <a
        href="#console-main"
        className="sr-only z-[70] bg-ink px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:start-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-50 flex h-14 items-center gap-2 bg-ink px-2 text-white lg:px-4">
        {menu.length > 0 && <ConsoleDrawer items={menu} counts={counts} />}
        <Link to="/admin" className="min-w-0 truncate px-2 text-sm font-semibold">
          {siteName} <span className="hidden font-normal text-stone-400 sm:inline">· Back office</span>
        </Link>
        <div className="ms-auto flex min-w-0 items-center gap-1">
          <Link
            to="/admin/account"
            className="flex min-h-11 min-w-0 flex-col justify-center px-2 text-end leading-tight hover:underline"
          >
            {/* named by what it shows (voice control says what it sees), the rest for screen readers */}
            <span className="max-w-[9rem] truncate text-sm sm:max-w-[16rem]">
              <span className="sr-only">Your account: </span>
              {name}
              <span className="sr-only">,</span>
            </span>{" "}
            <span className="text-[11px] text-stone-400">{ROLE_LABELS[member.role]}</span>
          </Link>
          <Form method="post" action="/admin/logout">
            <button
              type="submit"
              className="min-h-11 px-3 text-sm whitespace-nowrap text-stone-200 underline-offset-4 hover:text-white hover:underline"
            >
              Sign out
            </button>
          </Form>
        </div>
      </header>
      <div className="flex flex-1">
        {menu.length > 0 && <ConsoleSideMenu items={menu} counts={counts} />}
        <main id="console-main" className="min-w-0 flex-1 px-4 py-6 lg:px-8">
          {whatsappNotSent && !setupOwed && <WhatsAppNotSentNotice />}
          <Outlet context={{ newSince: pulse.newSince } satisfies OrdersOutlet} />
        </main>
      </div>
    </div>
  );
}

/** While confirmations cannot be sent: what happens to new orders, and where they wait. */
function WhatsAppNotSentNotice() {
  return (
    <div
      role="status"
      className="mb-5 border-s-4 border-amber-500 bg-amber-50 px-4 py-3 text-sm text-amber-950"
      data-testid="whatsapp-not-sent"
    >
      <p>
        <strong>WhatsApp is not set up, so confirmation requests are not sent.</strong> New orders wait on the{" "}
        <Link to="/admin/calls" className="font-semibold underline underline-offset-4">
          Calls
        </Link>{" "}
        page until someone calls the shopper; none is cancelled for not answering.
      </p>
      {/* folded: on a phone the whole of it pushed the orders list's first order out of the first screen */}
      <details className="mt-1">
        <summary className="cursor-pointer font-semibold underline underline-offset-4">How to send them</summary>
        <p className="mt-1">
          Connect the store&apos;s WhatsApp Business number: the server&apos;s WHATSAPP_ACCESS_TOKEN and
          WHATSAPP_PHONE_NUMBER_ID settings.
        </p>
      </details>
    </div>
  );
}

// the frame itself failed: a shopper's cookie (403, nothing of the console in the answer) or worse
export function ErrorBoundary() {
  return (
    <div className="min-h-screen bg-stone-100 px-4">
      <ConsoleErrorBoundary />
      <p className="text-center text-sm">
        <Link to="/" className="text-stone-600 underline underline-offset-4">
          Go to the shop
        </Link>
      </p>
    </div>
  );
}
