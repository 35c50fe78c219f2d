// The one layout of the store's emails (decision 0076): a message's parts go in, its plain-text and
// HTML versions come out. The HTML is one column at most 600 px wide with inline styles only (mail
// apps drop <style> and classes), so it reads the same in Gmail on a 360 px phone as on a desktop.
// Every value is escaped here and cut to a sane length, so callers pass shoppers' and staff's
// text (names, product names, reasons) as it is stored. An Urdu message (decision 0110) is laid
// out right to left with dir and align attributes on its tables and cells, which mail apps keep
// where they drop CSS; its left-to-right values (amounts, IDs, links) come wrapped in Unicode
// isolates (shared/locale.ts ltr) and show as <bdi dir="ltr">.
import { ISOLATED, type ShopperLocale } from "../shared/locale";

export interface EmailButton {
  label: string;
  /** an absolute http(s) address; anything else is left out (no javascript:, no relative links) */
  url: string;
}

/** A line of the items table: "Lawn suit · M / Red", 2 × Rs. 2,499 -> Rs. 4,998. */
export interface EmailItem {
  name: string;
  /** the chosen options, or nothing */
  detail?: string;
  quantity: number;
  /** the line's amount, already formatted ("Rs. 4,998") */
  amount: string;
}

/** A labelled figure or fact under the items: subtotal, shipping, total, tracking ID, courier. */
export interface EmailFact {
  label: string;
  value: string;
  /** shown bold (the total) */
  strong?: boolean;
}

export interface EmailContent {
  /** the store's name from the settings, shown at the top and in the footer */
  storeName: string;
  subject: string;
  /** the line mail apps show after the subject in the inbox; never shown in the message */
  preheader: string;
  heading: string;
  paragraphs: string[];
  button?: EmailButton | null;
  items?: EmailItem[];
  facts?: EmailFact[];
  /** paragraphs after the button, before the footer (what to do if something is wrong) */
  after?: string[];
  /** small print at the bottom */
  footer?: string[];
  /** the language the words are in: "ur" lays the message out right to left; "en" by default */
  locale?: ShopperLocale;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** the most of one value a message shows; a longer one is cut with an ellipsis */
export const MAX_VALUE_CHARS = 2_000;
const MAX_SUBJECT_CHARS = 200;
const MAX_PREHEADER_CHARS = 150;
const MAX_LINES = 200;

// C0 controls (NUL, escape…) other than tab and newline, DEL and the C1 controls: never part of a
// message, and a NUL is refused by PostgreSQL's text columns
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** Plain text fit for a message: controls gone, cut to `max` characters. */
export function cleanText(value: unknown, max = MAX_VALUE_CHARS): string {
  const text = String(value ?? "")
    .replace(/\r\n?/g, "\n")
    .replace(CONTROL, "");
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** One line (subject, preheader, table cell): newlines and runs of spaces become one space. */
function oneLine(value: unknown, max = MAX_VALUE_CHARS): string {
  return cleanText(String(value ?? "").replace(/\s+/g, " "), max).trim();
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** The button's address if it is an absolute http(s) URL, else null. */
function safeUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : null;
  } catch {
    return null;
  }
}

const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
// the faces phones and desktops carry Urdu's letters in (Android's Noto, Apple's, Windows' Tahoma
// and Segoe UI): a mail app may not load a web font, and a Latin-only face leaves them blank
const URDU_FONT =
  "font-family:'Noto Naskh Arabic','Noto Nastaliq Urdu','Geeza Pro',Tahoma,'Segoe UI',Roboto,Arial,sans-serif";
const INK = "#1f2937";
const MUTED = "#6b7280";
const ACCENT = "#9d174d";

/** Renders a message into its subject, plain-text and HTML versions. */
export function renderEmail(content: EmailContent): RenderedEmail {
  const store = oneLine(content.storeName, 100);
  const subject = oneLine(content.subject, MAX_SUBJECT_CHARS);
  const preheader = oneLine(content.preheader, MAX_PREHEADER_CHARS);
  const heading = oneLine(content.heading, 300);
  const paragraphs = content.paragraphs.slice(0, MAX_LINES).map((p) => cleanText(p).trim());
  const after = (content.after ?? []).slice(0, MAX_LINES).map((p) => cleanText(p).trim());
  const footer = (content.footer ?? []).slice(0, MAX_LINES).map((p) => oneLine(p));
  const items = (content.items ?? []).slice(0, MAX_LINES).map((item) => ({
    name: oneLine(item.name, 300),
    detail: item.detail ? oneLine(item.detail, 300) : "",
    quantity: Number.isSafeInteger(item.quantity) ? item.quantity : 0,
    amount: oneLine(item.amount, 50),
  }));
  const facts = (content.facts ?? []).slice(0, MAX_LINES).map((fact) => ({
    label: oneLine(fact.label, 100),
    value: oneLine(fact.value, 500),
    strong: fact.strong === true,
  }));
  const buttonUrl = content.button ? safeUrl(content.button.url) : null;
  const button = content.button && buttonUrl ? { label: oneLine(content.button.label, 100), url: buttonUrl } : null;

  return {
    subject,
    text: renderText({ store, heading, paragraphs, items, facts, button, after, footer }),
    html:
      content.locale === "ur"
        ? renderUrduHtml({ store, subject, preheader, heading, paragraphs, items, facts, button, after, footer })
        : renderHtml({ store, subject, preheader, heading, paragraphs, items, facts, button, after, footer }),
  };
}

interface Parts {
  store: string;
  heading: string;
  paragraphs: string[];
  items: Required<EmailItem>[];
  facts: Required<EmailFact>[];
  button: EmailButton | null;
  after: string[];
  footer: string[];
}

function renderText(parts: Parts): string {
  const lines: string[] = [parts.heading, "", ...parts.paragraphs.flatMap((p) => [p, ""])];
  if (parts.items.length > 0) {
    for (const item of parts.items) {
      lines.push(`- ${item.name}${item.detail ? ` (${item.detail})` : ""} × ${item.quantity}: ${item.amount}`);
    }
    lines.push("");
  }
  if (parts.facts.length > 0) {
    for (const fact of parts.facts) lines.push(`${fact.label}: ${fact.value}`);
    lines.push("");
  }
  if (parts.button) lines.push(`${parts.button.label}: ${parts.button.url}`, "");
  for (const p of parts.after) lines.push(p, "");
  lines.push("--", parts.store, ...parts.footer);
  return `${lines.join("\n").trim()}\n`;
}

/**
 * What differs between a left-to-right and a right-to-left message. Mail apps (Gmail, Outlook)
 * honour dir= and align= attributes where they ignore logical CSS, so the Urdu layout sets both
 * on every table and cell; the English one is the layout as it always was.
 */
interface Direction {
  /** the <html> element's attributes */
  html: string;
  /** added to each table (dir) and to each cell that starts a line (align) */
  table: string;
  start: string;
  /** a cell's alignment at the line's start and at its end (amounts) */
  startAlign: string;
  endAlign: "right" | "left";
  /** the space between a label and its amount, on the amount's inner side */
  endGap: string;
  factPadding: string;
  qty: string;
  openLink: string;
  font: string;
  /** escaped text as HTML: the Urdu layout shows isolated values as <bdi dir="ltr"> */
  inline: (escaped: string) => string;
}

const LEFT_TO_RIGHT: Direction = {
  html: 'lang="en"',
  table: "",
  start: "",
  startAlign: "",
  endAlign: "right",
  endGap: "padding-left:12px",
  factPadding: "4px 0 4px 12px",
  qty: "Qty",
  openLink: "Or open this link:",
  font: FONT,
  inline: (escaped) => escaped,
};

const RIGHT_TO_LEFT: Direction = {
  html: 'lang="ur" dir="rtl"',
  table: ' dir="rtl"',
  start: ' align="right"',
  startAlign: "text-align:right;",
  endAlign: "left",
  endGap: "padding-right:12px",
  factPadding: "4px 12px 4px 0",
  qty: "تعداد",
  openLink: "یا یہ لنک کھولیں:",
  font: URDU_FONT,
  inline: (escaped) => escaped.replace(ISOLATED, '<bdi dir="ltr">$1</bdi>'),
};

function renderUrduHtml(parts: Parts & { subject: string; preheader: string }): string {
  return renderHtml(parts, RIGHT_TO_LEFT);
}

function renderHtml(parts: Parts & { subject: string; preheader: string }, d: Direction = LEFT_TO_RIGHT): string {
  const e = (value: string) => d.inline(escapeHtml(value));
  const paragraph = (text: string) =>
    `<p${d.start} style="margin:0 0 16px;${d.startAlign}font-size:16px;line-height:24px;color:${INK}">${e(text).replace(/\n/g, "<br>")}</p>`;
  const cell = `padding:10px 0;border-bottom:1px solid #e5e7eb;font-size:15px;line-height:21px;color:${INK};vertical-align:top`;

  const items =
    parts.items.length === 0
      ? ""
      : `<table${d.table} role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 8px">${parts.items
          .map(
            (item) =>
              `<tr><td${d.start} style="${cell};${d.startAlign}word-break:break-word">${e(item.name)}${
                item.detail ? `<br><span style="font-size:13px;color:${MUTED}">${e(item.detail)}</span>` : ""
              }<br><span style="font-size:13px;color:${MUTED}">${d.qty} ${item.quantity}</span></td><td${d.table ? ` align="${d.endAlign}" dir="ltr"` : ""} style="${cell};text-align:${d.endAlign};white-space:nowrap;${d.endGap}">${e(item.amount)}</td></tr>`,
          )
          .join("")}</table>`;

  const facts =
    parts.facts.length === 0
      ? ""
      : `<table${d.table} role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 20px">${parts.facts
          .map((fact) => {
            const weight = fact.strong ? "font-weight:700;" : "";
            return `<tr><td${d.start} style="padding:4px 0;${d.startAlign}font-size:15px;line-height:21px;color:${MUTED};${weight}vertical-align:top">${e(fact.label)}</td><td${d.table ? ` align="${d.endAlign}"` : ""} style="padding:${d.factPadding};font-size:15px;line-height:21px;color:${INK};${weight}text-align:${d.endAlign};word-break:break-word">${e(fact.value)}</td></tr>`;
          })
          .join("")}</table>`;

  const button = parts.button
    ? `<table${d.table} role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px"><tr><td style="border-radius:6px;background:${ACCENT}"><a href="${escapeHtml(parts.button.url)}" style="display:inline-block;padding:14px 24px;font-size:16px;line-height:20px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:6px">${e(parts.button.label)}</a></td></tr></table><p${d.start} style="margin:0 0 16px;${d.startAlign}font-size:13px;line-height:19px;color:${MUTED};word-break:break-all">${d.openLink} <a href="${escapeHtml(parts.button.url)}"${d.table ? ' dir="ltr"' : ""} style="color:${ACCENT}">${escapeHtml(parts.button.url)}</a></p>`
    : "";

  const footer = [parts.store, ...parts.footer]
    .map(
      (line) =>
        `<p${d.start} style="margin:0 0 6px;${d.startAlign}font-size:13px;line-height:19px;color:${MUTED}">${e(line)}</p>`,
    )
    .join("");

  return `<!doctype html>
<html ${d.html}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light"><title>${escapeHtml(parts.subject)}</title></head>
<body${d.table} style="margin:0;padding:0;background:#f3f4f6;${d.font}">
<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;font-size:1px;line-height:1px;color:#f3f4f6">${escapeHtml(parts.preheader)}</div>
<table${d.table} role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;background:#f3f4f6"><tr><td align="center" style="padding:16px 8px">
<table${d.table} role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;max-width:600px;background:#ffffff;border-radius:8px">
<tr><td${d.start} style="padding:20px 20px 0;${d.startAlign}${d.font};font-size:20px;line-height:26px;font-weight:700;color:${ACCENT}">${e(parts.store)}</td></tr>
<tr><td${d.start} style="padding:16px 20px 8px;${d.startAlign}${d.font}">
<h1${d.start} style="margin:0 0 16px;${d.startAlign}font-size:22px;line-height:28px;font-weight:700;color:${INK}">${e(parts.heading)}</h1>
${parts.paragraphs.map(paragraph).join("")}${items}${facts}${button}${parts.after.map(paragraph).join("")}
</td></tr>
<tr><td${d.start} style="padding:16px 20px 20px;border-top:1px solid #e5e7eb;${d.startAlign}${d.font}">${footer}</td></tr>
</table></td></tr></table>
</body></html>
`;
}
