// The parts of every page's frame that do nothing in the browser but link (the announcements, the
// footer, the chat button), drawn once per shell on the server and sent as markup, never as
// script: no page downloads the code that draws them (decision 0112).
import { renderToStaticMarkup } from "react-dom/server";
import { AnnouncementBar, type Announcement } from "../components/AnnouncementBar";
import { ChatButton } from "../components/ChatButton";
import { Footer, type FooterShell } from "../components/Footer";
import type { Locale } from "../i18n/locales";
import { translatorIn } from "../i18n/t";

export interface FrameMarkup {
  announcements: string;
  footer: string;
  chatButton: string;
}

export function frameMarkup(
  shell: FooterShell & { announcements: Announcement[]; whatsappNumber: string | null },
  locale: Locale,
): FrameMarkup {
  const t = translatorIn(locale);
  return {
    announcements: renderToStaticMarkup(<AnnouncementBar items={shell.announcements} t={t} />),
    footer: renderToStaticMarkup(<Footer shell={shell} t={t} />),
    chatButton: renderToStaticMarkup(<ChatButton number={shell.whatsappNumber} t={t} />),
  };
}
