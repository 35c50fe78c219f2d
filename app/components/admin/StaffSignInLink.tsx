// A staff member's one-time sign-in link, shown once after adding them or making a new one: with
// Copy and "Send on WhatsApp" (to the number typed when adding, or to a chat chosen in WhatsApp),
// for an owner who runs the shop from her phone (decision 0097). Also the Staff page's answer and
// its buttons, which the member rows and the add form share.
import { useRef } from "react";
import { useNavigation } from "react-router";
import { formatDayTime } from "../../lib/dates";
import { CopyButton } from "./CopyButton";

/** What the Staff page's action answers: which form (and member) it answers, and how. */
export interface StaffAnswer {
  intent: string;
  memberId?: number;
  error?: string;
  done?: string;
  /** input name → message, for a refusal that names its field */
  fields?: Record<string, string>;
  /** a sign-in link to hand to the person: shown once */
  link?: SignInLinkShown;
}

export interface SignInLinkShown {
  url: string;
  expiresAt: Date;
  email: string;
  firstName: string;
  /** their WhatsApp number (92…), when the owner typed one */
  whatsapp: string | null;
}

/** The words sent with a sign-in link on WhatsApp: the shop's name, the link, and until when it works. */
function signInLinkMessage(storeName: string, link: SignInLinkShown): string {
  const hello = link.firstName ? `Assalam o alaikum ${link.firstName}!` : "Assalam o alaikum!";
  return [
    `${hello} You are now on the ${storeName} team.`,
    `Open this link to choose your password and sign in to our back office. It works once, until ${formatDayTime(link.expiresAt)} (Pakistan time):`,
    link.url,
  ].join("\n");
}

export function SignInLink({ link, storeName }: { link: SignInLinkShown; storeName: string }) {
  const field = useRef<HTMLInputElement>(null);
  const whatsapp = `https://wa.me/${link.whatsapp ?? ""}?text=${encodeURIComponent(signInLinkMessage(storeName, link))}`;
  return (
    <div className="bg-amber-50 p-3 text-sm ring-1 ring-amber-200">
      <p>
        Sign-in link for {link.email}, working once until {formatDayTime(link.expiresAt)}. It is shown only now: copy it
        and send it to them (for example on WhatsApp).
      </p>
      <input
        ref={field}
        readOnly
        value={link.url}
        aria-label={`Sign-in link for ${link.email}`}
        onFocus={(e) => e.currentTarget.select()}
        className="field mt-2 font-mono text-xs"
      />
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <CopyButton text={link.url} what="the sign-in link" selectTarget={() => field.current} />
        <a href={whatsapp} target="_blank" rel="noopener noreferrer" className="btn-secondary">
          Send on WhatsApp
        </a>
      </div>
    </div>
  );
}

/** A Staff page form's button, unusable while a form is being sent. */
export function Busy({ children, secondary }: { children: React.ReactNode; secondary?: boolean }) {
  const busy = useNavigation().state === "submitting";
  return (
    <button type="submit" disabled={busy} className={secondary ? "btn-secondary" : "btn-primary"}>
      {children}
    </button>
  );
}
