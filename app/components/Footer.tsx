// The footer (spec §2): the same for every page of a language, so it is drawn once per shell on
// the server and sent as markup (app/lib/frame.server.tsx): its links are plain anchors that
// ServerMarkup follows inside the app, and its newsletter box, whose Subscribe has no behaviour
// (spec §2), is held there too.
import { contentLang } from "../i18n/content-lang";
import type { Translator } from "../i18n/t";

const SERVICE_LINKS = [
  { to: "/about", label: "About Us" },
  { to: "/refund-policy", label: "Return & Exchange" },
  { to: "/privacy", label: "Privacy Policy" },
  { to: "/terms", label: "Terms & Conditions" },
  { to: "/sitemap", label: "Sitemap" },
  { to: "/blog", label: "Blog" },
  { to: "/track", label: "Track Your Order" },
];

/** What the footer shows of the shell (drawn while the shell is read). */
export interface FooterShell {
  siteName: string;
  tagline: string;
  year: number;
  phone: string | null;
  email: string | null;
  address: string | null;
  businessHours: string | null;
  facebookUrl: string | null;
  instagramUrl: string | null;
  twitterUrl: string | null;
  tiktokUrl: string | null;
  youtubeUrl: string | null;
  collections: { id: number; name: string }[];
}

const heading = "text-xs font-semibold tracking-[0.2em] text-white uppercase";

export function Footer({ shell, t }: { shell: FooterShell; t: Translator }) {
  const social = [
    { href: shell.facebookUrl, label: "Facebook" },
    { href: shell.instagramUrl, label: "Instagram" },
    { href: shell.twitterUrl, label: "X (Twitter)" },
    { href: shell.tiktokUrl, label: "TikTok" },
    { href: shell.youtubeUrl, label: "YouTube" },
  ].filter((s): s is { href: string; label: string } => !!s.href);
  return (
    <footer className="mt-20 bg-[#1c1917] text-stone-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 md:grid-cols-4 md:px-8">
        <div>
          <p className="font-serif text-2xl tracking-[0.2em] text-white uppercase">{shell.siteName}</p>
          <p className="mt-4 text-sm leading-relaxed" lang={contentLang(shell.tagline, t.locale)} dir="auto">
            {shell.tagline}
          </p>
          {social.length > 0 && (
            <ul className="mt-5 flex flex-wrap gap-4 text-sm" aria-label={t("Social media")}>
              {social.map((s) => (
                <li key={s.label}>
                  {/* the networks' own names, in Latin letters on an Urdu page too */}
                  <a
                    href={s.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    lang="en"
                    className="underline-offset-4 hover:text-white hover:underline"
                  >
                    {s.label}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        <nav aria-labelledby="footer-collections">
          <h2 id="footer-collections" className={heading}>
            {t("Collections")}
          </h2>
          <ul className="mt-4 space-y-2.5 text-sm">
            {shell.collections.slice(0, 6).map((c) => (
              <li key={c.id}>
                <a
                  href={t.path(`/collection/${c.id}`)}
                  lang={contentLang(c.name, t.locale)}
                  className="hover:text-white hover:underline"
                >
                  {c.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-service">
          <h2 id="footer-service" className={heading}>
            {t("Customer Service")}
          </h2>
          <ul className="mt-4 space-y-2.5 text-sm">
            {SERVICE_LINKS.map((l) => (
              <li key={l.to}>
                <a href={t.path(l.to)} className="hover:text-white hover:underline">
                  {t(l.label)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className={heading}>{t("Contact")}</h2>
          <address className="mt-4 space-y-2 text-sm not-italic">
            {shell.phone && (
              <p>
                <a
                  href={`tel:${shell.phone.replace(/\s/g, "")}`}
                  dir="ltr"
                  className="hover:text-white hover:underline"
                >
                  {shell.phone}
                </a>
              </p>
            )}
            {shell.email && (
              <p>
                <a href={`mailto:${shell.email}`} className="hover:text-white hover:underline">
                  {shell.email}
                </a>
              </p>
            )}
            {shell.address && (
              <p lang={contentLang(shell.address, t.locale)} dir="auto">
                {shell.address}
              </p>
            )}
            {shell.businessHours && (
              <p lang={contentLang(shell.businessHours, t.locale)} dir="auto">
                {shell.businessHours}
              </p>
            )}
          </address>
          <form className="mt-6" aria-labelledby="newsletter-title" data-no-behaviour="">
            <h2 id="newsletter-title" className={heading}>
              {t("Newsletter")}
            </h2>
            <div className="mt-3 flex">
              <label htmlFor="footer-email" className="sr-only">
                {t("Email address")}
              </label>
              <input
                id="footer-email"
                type="email"
                placeholder={t("Your email")}
                className="h-10 min-w-0 flex-1 border border-stone-600 bg-transparent px-3 text-sm text-white placeholder:text-stone-400"
              />
              <button
                type="submit"
                className="h-10 bg-white px-4 text-xs font-semibold tracking-widest text-ink uppercase"
              >
                {t("Subscribe")}
              </button>
            </div>
          </form>
        </div>
      </div>
      <div className="border-t border-stone-700">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-5 text-xs text-stone-400 md:flex-row md:justify-between md:px-8">
          <p>
            © {shell.year} {shell.siteName}. {t("Prices in Pakistani rupees. Cash on delivery across Pakistan.")}
          </p>
          <p>{t("You can also pay for our products through the Daraz marketplace.")}</p>
        </div>
      </div>
    </footer>
  );
}
