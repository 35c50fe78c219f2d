// Drawn once per shell on the server and sent as markup (app/lib/frame.server.tsx): the root
// shows it, or not, by the page's handle; ServerMarkup shows the alert of a shop without a number.
import type { Translator } from "../i18n/t";

/**
 * A page that asks for no floating chat button: `export const handle = { chatButton: false }`
 * (the order confirmation, whose own "Confirm on WhatsApp" button does the same job).
 */
export interface ChatButtonHandle {
  chatButton?: boolean;
}

/**
 * The floating chat button (spec §2): a WhatsApp chat with the store's number, at the bottom
 * right, where toasts also appear (decision 0093).
 */
export function ChatButton({ number, t }: { number: string | null; t: Translator }) {
  const digits = (number ?? "").replace(/\D/g, "");
  const icon = (
    <svg aria-hidden="true" width="28" height="28" viewBox="0 0 32 32" fill="currentColor">
      <path d="M16 3a13 13 0 0 0-11.2 19.6L3 29l6.6-1.7A13 13 0 1 0 16 3Zm0 23.7a10.7 10.7 0 0 1-5.5-1.5l-.4-.2-3.9 1 1-3.8-.2-.4A10.7 10.7 0 1 1 16 26.7Zm5.9-8c-.3-.2-1.9-.9-2.2-1s-.5-.2-.7.2-.8 1-1 1.2-.4.2-.7.1a8.8 8.8 0 0 1-4.4-3.8c-.3-.6.3-.5 1-1.7.1-.2 0-.4 0-.5l-1-2.4c-.3-.6-.5-.5-.7-.5h-.6a1.2 1.2 0 0 0-.9.4 3.7 3.7 0 0 0-1.1 2.7 6.4 6.4 0 0 0 1.3 3.4 14.6 14.6 0 0 0 5.6 5c2.1.9 2.9 1 4 .8a3.4 3.4 0 0 0 2.2-1.6 2.8 2.8 0 0 0 .2-1.6c-.1-.1-.3-.2-.6-.4Z" />
    </svg>
  );
  const className =
    "fixed end-4 bottom-4 z-50 flex items-center gap-3 rounded-full bg-[#1f7a4d] p-3 md:py-2.5 md:pe-5 md:ps-3 text-white shadow-lg hover:bg-[#186640] md:end-6 md:bottom-6";
  // the words are the button's name (a phone shows only the icon, a screen reader reads them
  // there too), so what a person sees and what voice control hears are the same
  const text = (
    <span className="sr-only flex-col text-start leading-tight md:not-sr-only md:flex">
      <span className="text-sm font-semibold">
        {t("Chat with us")}
        <span className="sr-only">{digits ? ` ${t("on WhatsApp")}` : ""},</span>
      </span>{" "}
      <span className="text-[11px] opacity-90">{t("typically replies within an hour")}</span>
    </span>
  );
  const button = !digits ? (
    <button type="button" className={className} data-chat-button="" data-alert={t("Invalid Phone Number")}>
      {icon}
      {text}
    </button>
  ) : (
    <a
      href={`https://wa.me/${digits}`}
      target="_blank"
      rel="noopener noreferrer"
      className={className}
      data-chat-button=""
    >
      {icon}
      {text}
    </a>
  );
  return button;
}

/**
 * The floating things' height, in the footer's colour, after the footer: the page's last links and
 * totals scroll up clear of the chat button and a toast beside it.
 */
export function FloatingReserve() {
  return <div aria-hidden="true" className="h-20 shrink-0 bg-[#1c1917] md:h-24" data-floating-reserve="" />;
}

/** Whether the page shown asks for no chat button. */
export function chatButtonHidden(matches: readonly { handle?: unknown }[]): boolean {
  return matches.some((m) => (m.handle as ChatButtonHandle | undefined)?.chatButton === false);
}
