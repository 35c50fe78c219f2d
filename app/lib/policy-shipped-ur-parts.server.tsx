// The pieces the policy pages' Urdu texts are written with (app/lib/policy-shipped-ur.server.tsx):
// a link that stays on the Urdu pages and the store's contact details in Urdu.
import { contentLang } from "../i18n/content-lang";
import { useContext, type ReactNode } from "react";
import { localePath } from "../i18n/locales";
import { PolicyTextOnly } from "../components/StaticPage";
import type { ShellData } from "./shell.server";

/** One shipped text: its intro under the title and its body, for a store's details. */
export type UrduText = (shell: ShellData | undefined) => { intro: ReactNode; body: ReactNode };

export function PageLink({ to, children }: { to: string; children: ReactNode }) {
  return <a href={localePath(to, "ur")}>{children}</a>;
}

/** The store's contact details in Urdu (ContactDetails' rows); numbers and addresses keep their direction. */
export function UrduContactDetails({ shell, fallback }: { shell: ShellData | undefined; fallback: string }) {
  const textOnly = useContext(PolicyTextOnly);
  if (!shell) return <p>{fallback}</p>;
  const whatsapp = shell.whatsappNumber?.replace(/[^\d]/g, "");
  const rows: { label: string; value: ReactNode }[] = [];
  if (shell.phone) {
    rows.push({
      label: "فون",
      value: (
        <a href={`tel:${shell.phone.replace(/\s/g, "")}`} dir="ltr">
          {shell.phone}
        </a>
      ),
    });
  }
  if (whatsapp) {
    rows.push({
      label: "واٹس ایپ",
      value: (
        <a href={`https://wa.me/${whatsapp}`} target="_blank" rel="noopener noreferrer" dir="ltr">
          {shell.whatsappNumber}
        </a>
      ),
    });
  }
  if (shell.email) rows.push({ label: "ای میل", value: <a href={`mailto:${shell.email}`}>{shell.email}</a> });
  if (shell.address)
    rows.push({ label: "پتا", value: <bdi lang={contentLang(shell.address, "ur")}>{shell.address}</bdi> });
  if (shell.businessHours)
    rows.push({
      label: "اوقات",
      value: <bdi lang={contentLang(shell.businessHours, "ur")}>{shell.businessHours}</bdi>,
    });
  if (rows.length === 0) return <p>کسی بھی صفحے پر چیٹ بٹن کے ذریعے ہمیں لکھیں، ہم ایک گھنٹے کے اندر جواب دیں گے۔</p>;
  if (textOnly) {
    return (
      <ul>
        {rows.map((row) => (
          <li key={row.label}>
            <strong>{row.label}:</strong> {row.value}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <dl
      className="my-6 grid gap-x-6 gap-y-3 bg-white p-5 text-sm ring-1 ring-stone-200 md:grid-cols-[8rem_1fr]"
      aria-label="رابطے کی تفصیلات"
    >
      {rows.map((row) => (
        <div key={row.label} className="contents">
          <dt className="font-semibold text-ink">{row.label}</dt>
          <dd className="m-0">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What the contact section says when the store has no contact details yet. */
export const CHAT_FALLBACK = "کسی بھی صفحے پر چیٹ بٹن استعمال کریں۔";
