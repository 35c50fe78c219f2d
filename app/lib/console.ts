// The console's menu and the small rules its pages share (browser-safe: the layout renders it).
// The menu only hides what core already forbids (decision 0053): each entry names the permission
// its page's loader asks core for.
import { can, type Permission, type StaffRole } from "../../core/shared/permissions";
import { formatRupees } from "../../core/shared/money";
import { CURRENCY_NAMES, rateFromDb, rateShown, type DisplayCurrency } from "../../core/settings/currencies";
import { formatDayTime } from "./dates";
import { safeRedirect } from "./session";

export interface ConsoleMenuItem {
  href: string;
  label: string;
  /** absent: every member may open it */
  permission?: Permission;
}

export const CONSOLE_MENU: readonly ConsoleMenuItem[] = [
  { href: "/admin", label: "Home" },
  { href: "/admin/orders", label: "Orders", permission: "orders" },
  { href: "/admin/calls", label: "Calls", permission: "orders" },
  { href: "/admin/parcels/attention", label: "Parcels to follow up", permission: "orders" },
  { href: "/admin/messages", label: "Messages", permission: "orders" },
  { href: "/admin/money", label: "Cash from couriers", permission: "money" },
  { href: "/admin/money/reports", label: "Payment reports", permission: "money" },
  { href: "/admin/money/rates", label: "Rate cards", permission: "money" },
  { href: "/admin/customers", label: "Customers", permission: "customers" },
  { href: "/admin/block-list", label: "Block list", permission: "orders" },
  { href: "/admin/products", label: "Products", permission: "products" },
  { href: "/admin/stock", label: "Stock", permission: "stock" },
  { href: "/admin/collections", label: "Collections", permission: "collections" },
  { href: "/admin/reviews", label: "Reviews", permission: "reviews" },
  { href: "/admin/vouchers", label: "Vouchers", permission: "vouchers" },
  { href: "/admin/content", label: "Content", permission: "content" },
  { href: "/admin/staff", label: "Staff", permission: "staff" },
  { href: "/admin/audit", label: "Audit log", permission: "audit" },
  { href: "/admin/settings", label: "Settings", permission: "settings" },
  { href: "/admin/settings/couriers", label: "Couriers", permission: "settings" },
  { href: "/admin/settings/cities", label: "Cities", permission: "settings" },
];

export function menuFor(role: StaffRole): ConsoleMenuItem[] {
  return CONSOLE_MENU.filter((item) => !item.permission || can({ role }, item.permission));
}

/** Where to go after signing in: a console page named by ?next=, never elsewhere or back to sign-in. */
export function consoleNext(value: string | null | undefined): string {
  const target = safeRedirect(value, "/admin");
  const path = target.split(/[?#]/)[0]!;
  if (!(path === "/admin" || path.startsWith("/admin/"))) return "/admin";
  if (path === "/admin/login" || path.startsWith("/admin/login/") || path === "/admin/logout") return "/admin";
  return target;
}

/** An audit entry's action as words: "staff.sign_in_failed" -> "Sign in failed". */
export function actionLabel(action: string): string {
  const known: Record<string, string> = {
    "staff.sign_in": "Signed in",
    "staff.sign_in_failed": "Sign-in failed",
    "staff.sign_out": "Signed out",
    "staff.password_accepted": "Password accepted, code asked",
    "staff.password_changed": "Changed password",
    "staff.add": "Added a staff member",
    "staff.update": "Changed a staff member",
    "staff.sign_in_link": "Made a new sign-in link",
    "staff.two_step_on": "Turned on two-step sign-in",
    "staff.two_step_off": "Turned off two-step sign-in",
    "staff.recovery_codes_renewed": "Made new recovery codes",
    "staff.owner_by_command": "Made an owner from the command line",
    "settings.update": "Changed settings",
    "courier.cities_refresh": "Refreshed a courier's city list",
    "courier_account.create": "Added a courier account",
    "courier_account.update": "Changed a courier account",
    "courier_account.delete": "Removed a courier account",
    "courier_account.default": "Chose the default courier",
    "courier.city_link": "Linked a courier's place to a city",
    "parcel.advice": "Told a courier what to do with a parcel",
    "parcel.poll": "Asked a courier where a parcel is",
    "parcel.payment_check": "Asked a courier whether it paid for a parcel",
    "money.dispute": "Changed a dispute with a courier",
    "payment_report.apply": "Applied a courier's payment report",
    "payment_report.mapping": "Chose a payment report's columns",
    "rate_card.save": "Saved a courier's rate card",
    "rate_card.remove": "Removed a courier's rate card",
    "withheld_tax_rate.add": "Added a withheld-tax rate",
    "withheld_tax_rate.remove": "Removed a withheld-tax rate",
    "order.status": "Moved an order",
    "order.note": "Added a note to an order",
    "order.create": "Placed an order for a customer",
    "order.exchange": "Arranged an exchange",
    "message.resend": "Sent a WhatsApp message again",
    "message.reply_handled": "Marked a WhatsApp reply handled",
    "block_list.add": "Added to the block list",
    "block_list.remove": "Took off the block list",
    "review.publish": "Published a review",
    "review.hide": "Hid a review",
    "review.delete": "Deleted a review",
    "product.photos_add": "Added product photos",
    "product.photos_reorder": "Reordered product photos",
    "product.photo_update": "Changed a product photo",
    "product.photo_delete": "Deleted a product photo",
    "collection.create": "Added a collection",
    "collection.update": "Changed a collection",
    "collection.move": "Moved a collection",
    "collection.delete": "Deleted a collection",
    "collection.reorder": "Reordered a collection's products",
    "collection.add_product": "Added a product to a collection",
    "collection.remove_product": "Took a product out of a collection",
    "voucher.create": "Added a voucher",
    "voucher.update": "Changed a voucher",
    "voucher.delete": "Deleted a voucher",
    "product.create": "Added a product",
    "product.update": "Changed a product",
    "product.archive": "Archived a product",
    "product.restore": "Restored a product",
    "product.delete": "Deleted a product",
    "blog.create": "Wrote a blog post",
    "blog.update": "Changed a blog post",
    "blog.delete": "Deleted a blog post",
    "announcement.create": "Added an announcement",
    "announcement.update": "Changed an announcement",
    "announcement.delete": "Deleted an announcement",
    "announcement.reorder": "Reordered the announcements",
    "home_section.create": "Added a home page section",
    "home_section.update": "Changed a home page section",
    "home_section.delete": "Deleted a home page section",
    "home_section.reorder": "Reordered the home page sections",
    "home_section.product_add": "Added a product to a home page section",
    "home_section.product_remove": "Took a product out of a home page section",
    "home_section.product_reorder": "Reordered a home page section's products",
    "home_video.create": "Added a home page video",
    "home_video.update": "Changed a home page video",
    "home_video.delete": "Deleted a home page video",
    "home_video.reorder": "Reordered the home page videos",
    "policy_page.update": "Changed a policy page",
    "policy_page.reset": "Put a policy page back to the store's text",
    "stock.change": "Changed stock",
    "product.import": "Imported products",
  };
  return known[action] ?? action.replace(/[._]/g, " ").replace(/^./, (c) => c.toUpperCase());
}

/** One changed field as "role: manager → owner", or "via: console" for a plain fact. */
export function describeChange(field: string, value: unknown): string {
  const rate = RATE_FIELD.exec(field);
  if (rate && Array.isArray(value) && value.length === 2) {
    // a display currency's rate (decision 0091): "278.5000" as "Rs. 278.50 per USD"
    const code = rate[1]!.toUpperCase() as DisplayCurrency;
    const words = (v: unknown) => {
      const r = typeof v === "string" ? rateFromDb(v) : null;
      return r === null ? "not offered" : `Rs. ${rateShown(r)} per ${code}`;
    };
    return `Rate of the ${CURRENCY_NAMES[code]}: ${words(value[0])} → ${words(value[1])}`;
  }
  const name = fieldWords(field);
  if (Array.isArray(value) && value.length === 2)
    return `${name}: ${changeValue(field, value[0])} → ${changeValue(field, value[1])}`;
  return `${name}: ${changeValue(field, value)}`;
}

const RATE_FIELD = /^rate_(usd|eur|gbp)$/;
// amounts are kept in paisa under a name that says so (shipping_fee_paisa, totalPaisa)
const MONEY_FIELD = /(?:_paisa|Paisa)$/;
// a moment as the audit log keeps it: ISO 8601 in UTC or with an offset
const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/** "shipping_fee_paisa" or "minOrderPaisa" as staff read it: "Shipping fee", "Min order". */
function fieldWords(field: string): string {
  const words = field
    .replace(MONEY_FIELD, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replaceAll("_", " ")
    .toLowerCase()
    .trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : field;
}

/** A value of the audit log as staff read it: rupees, Pakistan time, yes or no, words. */
function changeValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "(none)";
  if (typeof value === "number" && MONEY_FIELD.test(field) && Number.isSafeInteger(value)) return formatRupees(value);
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "string") return value.length <= 40 && MOMENT.test(value) ? formatDayTime(value) : value;
  if (Array.isArray(value) && value.every((item) => typeof item === "string")) return value.join(", ") || "(none)";
  return JSON.stringify(value);
}

/** The <title> and robots of a console page. */
export function consoleMeta(title: string) {
  return [{ title: `${title} · Back office` }, { name: "robots", content: "noindex, nofollow" }];
}

/** A form field as text: absent, or a file where text belongs, is "". */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/**
 * The token of a console link page's address (a sign-in link, a reset link), at most 200
 * characters, "" when absent. Console links carry it in the query: the console's door spells
 * console paths in lower case (decision 0085) and a token's case is part of it.
 */
export const linkTokenOf = (request: Request): string =>
  (new URL(request.url).searchParams.get("token") ?? "").slice(0, 200);

/** An order status as staff read it. */
export function statusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

/** The button that moves an order to a status. */
export const MOVE_LABELS: Record<string, string> = {
  confirmed: "Confirm",
  packed: "Mark packed",
  shipped: "Mark shipped",
  delivered: "Mark delivered",
  cancelled: "Cancel order",
  returned: "Record return",
};

/** How long ago, in the largest whole unit: "5 min", "3 h", "2 days". */
export function ageText(from: Date | string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - new Date(from).getTime()) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}

/** The start of a day in Pakistan (UTC+5, no daylight saving), or null for anything but YYYY-MM-DD. */
export function karachiDay(value: string, plusDays = 0): Date | null {
  if (value.length !== 10 || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const at = new Date(`${value}T00:00:00+05:00`);
  return Number.isNaN(at.getTime()) ? null : new Date(at.getTime() + plusDays * 86_400_000);
}

/**
 * A list's From and To days as moments: From's midnight, and the midnight after To (so To is
 * included), in Pakistan time. A value that is not a day is left out and named in `problems`.
 */
export function dayRange(from: string, to: string): { from?: Date; to?: Date; problems: string[] } {
  const start = from ? karachiDay(from) : undefined;
  const end = to ? karachiDay(to, 1) : undefined;
  const problems: string[] = [];
  if (start === null) problems.push("From must be a date.");
  if (end === null) problems.push("To must be a date.");
  return { from: start ?? undefined, to: end ?? undefined, problems };
}

/** The ?page= of a list: a whole number from 1, anything else is page 1. */
export function pageParam(params: URLSearchParams): number {
  return Math.min(Math.max(1, Math.floor(Number(params.get("page")) || 1)), 100_000);
}

/** A share as a whole percentage ("33%"), or "–" when there is nothing to share out yet. */
export function shareText(part: number, whole: number): string {
  return whole > 0 ? `${Math.round((part / whole) * 100)}%` : "–";
}
