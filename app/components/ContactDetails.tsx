import { contentLang } from "../i18n/content-lang";
import { useContext } from "react";
import type { ShellData } from "../lib/shell.server";
import { PolicyTextOnly } from "./StaticPage";
import { type Translator, useT } from "../i18n/t";

/** The store's contact details from the site settings (spec §2 About, §3 Site settings). */
export function ContactDetails({ shell }: { shell: ShellData }) {
  return <ContactDetailsIn shell={shell} t={useT()} />;
}

/**
 * The same in a given language: for a text rendered outside a page, as the shipped Urdu policies
 * are (app/lib/policy-shipped-ur-parts.server.tsx).
 */
export function ContactDetailsIn({ shell, t }: { shell: ShellData; t: Translator }) {
  // numbers and addresses read left to right inside an Urdu page
  const ltr = t.locale === "ur" ? "ltr" : undefined;
  const whatsapp = shell.whatsappNumber?.replace(/[^\d]/g, "");
  const rows: { label: string; value: React.ReactNode }[] = [];
  if (shell.phone) {
    rows.push({
      label: t("Phone"),
      value: (
        <a href={`tel:${shell.phone.replace(/\s/g, "")}`} dir={ltr}>
          {shell.phone}
        </a>
      ),
    });
  }
  if (whatsapp) {
    rows.push({
      label: t("WhatsApp"),
      value: (
        <a href={`https://wa.me/${whatsapp}`} target="_blank" rel="noopener noreferrer" dir={ltr}>
          {shell.whatsappNumber}
        </a>
      ),
    });
  }
  if (shell.email) {
    rows.push({
      label: t("Email"),
      value: (
        <a href={`mailto:${shell.email}`} dir={ltr}>
          {shell.email}
        </a>
      ),
    });
  }
  // the address and hours are the owner's own words, as typed in the settings
  if (shell.address) {
    rows.push({ label: t("Address"), value: <span lang={contentLang(shell.address, t.locale)}>{shell.address}</span> });
  }
  if (shell.businessHours) {
    rows.push({
      label: t("Hours"),
      value: <span lang={contentLang(shell.businessHours, t.locale)}>{shell.businessHours}</span>,
    });
  }
  const textOnly = useContext(PolicyTextOnly);
  if (rows.length === 0) {
    return <p>{t("Write to us through the chat button on any page and we will reply within an hour.")}</p>;
  }
  // as text for the console's editor, whose pages keep lists but not definition lists
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
      aria-label={t("Contact details")}
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
