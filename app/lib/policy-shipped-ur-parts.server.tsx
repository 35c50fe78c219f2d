// The pieces the policy pages' Urdu texts are written with (app/lib/policy-shipped-ur.server.tsx):
// a link that stays on the Urdu pages and the store's contact details in Urdu.
import type { ReactNode } from "react";
import { localePath } from "../i18n/locales";
import { ContactDetailsIn } from "../components/ContactDetails";
import { translatorIn } from "../i18n/t";
import type { ShellData } from "./shell.server";

/** One shipped text: its intro under the title and its body, for a store's details. */
export type UrduText = (shell: ShellData | undefined) => { intro: ReactNode; body: ReactNode };

export function PageLink({ to, children }: { to: string; children: ReactNode }) {
  return <a href={localePath(to, "ur")}>{children}</a>;
}

/** The store's contact details in Urdu (the shipped texts are rendered outside a page's router). */
export function UrduContactDetails({ shell, fallback }: { shell: ShellData | undefined; fallback: string }) {
  if (!shell) return <p>{fallback}</p>;
  return <ContactDetailsIn shell={shell} t={translatorIn("ur")} />;
}

/** What the contact section says when the store has no contact details yet. */
export const CHAT_FALLBACK = "کسی بھی صفحے پر چیٹ بٹن استعمال کریں۔";
