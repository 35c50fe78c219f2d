// The words of the account emails (decision 0087): the password reset link, the address
// confirmation, the sign-in link and the notice of a second registration, in the store's one
// email layout. Plain English a shopper understands, and what to
// do when the shopper did not ask.
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users, type AccountTokenPurpose } from "../../db/schema";
import type { CoreContext } from "../context";
import { renderEmail, type RenderedEmail } from "../messaging/email-layout";
import { queueEmail } from "../messaging/email-queue";
import { getSiteSettings } from "../settings/site-settings";
import { pagePath, type ShopperLocale } from "../shared/locale";
import type { Account } from "./account";
import { issueAccountToken, linkTo } from "./account-tokens";
import {
  urduEmailVerificationEmail,
  urduPasswordResetEmail,
  urduRegistrationAttemptEmail,
  urduSignInLinkEmail,
} from "./account-emails-ur";

/** The reset link's email: valid for one hour, once. */
export function passwordResetEmail(
  storeName: string,
  firstName: string,
  url: string,
  locale: ShopperLocale = "en",
): RenderedEmail {
  if (locale === "ur") return urduPasswordResetEmail(storeName, firstName, url);
  return renderEmail({
    storeName,
    subject: `Reset your ${storeName} password`,
    preheader: "Choose a new password. The link works once, for one hour.",
    heading: "Reset your password",
    paragraphs: [
      `Hello ${firstName},`,
      "Someone (we hope you) asked to reset the password of your account. Tap the button to choose a new one. The link works once, for one hour.",
    ],
    button: { label: "Choose a new password", url },
    after: [
      "If you did not ask, you can ignore this email: your password stays as it is.",
      "When you set a new password, you are signed out on every device.",
    ],
  });
}

/**
 * A staff member's reset link (decision 0097): it opens the console's own page, and says that the
 * two-step code is still asked after the new password.
 */
export function staffPasswordResetEmail(storeName: string, firstName: string, url: string): RenderedEmail {
  return renderEmail({
    storeName,
    subject: `Reset your ${storeName} back office password`,
    preheader: "Choose a new password for the back office. The link works once, for one hour.",
    heading: "Reset your back office password",
    paragraphs: [
      `Hello ${firstName},`,
      "Someone (we hope you) asked to reset the password you use to sign in to the back office. Tap the button to choose a new one. The link works once, for one hour.",
    ],
    button: { label: "Choose a new password", url },
    after: [
      "If you use two-step sign-in, the code from your authenticator app (or a recovery code) is still asked after the new password.",
      "If you did not ask, you can ignore this email: your password stays as it is. When you set a new one, you are signed out on every device.",
    ],
  });
}

/** The address confirmation email, sent after registering and on request from the account page. */
export function emailVerificationEmail(
  storeName: string,
  firstName: string,
  url: string,
  locale: ShopperLocale = "en",
): RenderedEmail {
  if (locale === "ur") return urduEmailVerificationEmail(storeName, firstName, url);
  return renderEmail({
    storeName,
    subject: `Confirm your email for ${storeName}`,
    preheader: "One tap to confirm your email address.",
    heading: "Confirm your email address",
    paragraphs: [
      `Hello ${firstName},`,
      "Please confirm that this is your email address. Once it is confirmed, orders you placed as a guest with this email appear in My Orders.",
    ],
    button: { label: "Confirm my email", url },
    after: ["The link works for 48 hours. If you did not create an account, you can ignore this email."],
  });
}

/** The sign-in link's email (decision 0087): for a shopper locked out by wrong passwords. */
export function signInLinkEmail(
  storeName: string,
  firstName: string,
  url: string,
  locale: ShopperLocale = "en",
): RenderedEmail {
  if (locale === "ur") return urduSignInLinkEmail(storeName, firstName, url);
  return renderEmail({
    storeName,
    subject: `Your sign-in link for ${storeName}`,
    preheader: "Sign in with one tap. The link works once, for one hour.",
    heading: "Sign in to your account",
    paragraphs: [
      `Hello ${firstName},`,
      "Someone (we hope you) asked for a link to sign in to your account. Tap the button to sign in. The link works once, for one hour.",
    ],
    button: { label: "Sign me in", url },
    after: [
      "If you did not ask, you can ignore this email: nobody can use this link but you.",
      "If someone keeps trying wrong passwords on your account, choosing a new password keeps it safe.",
    ],
  });
}

/**
 * To the owner of an address someone tried to register again (decision 0087): no link that opens
 * anything, only where to sign in and how to get back in.
 */
export function registrationAttemptEmail(
  storeName: string,
  firstName: string,
  loginUrl: string,
  locale: ShopperLocale = "en",
): RenderedEmail {
  if (locale === "ur") return urduRegistrationAttemptEmail(storeName, firstName, loginUrl);
  return renderEmail({
    storeName,
    subject: `You already have a ${storeName} account`,
    preheader: "Someone tried to create a new account with this email.",
    heading: "You already have an account",
    paragraphs: [
      `Hello ${firstName},`,
      "Someone (perhaps you) tried to create a new account with this email address. You already have an account with us, so no new one was made.",
    ],
    button: { label: "Sign in", url: loginUrl },
    after: [
      "Forgotten your password? Tap \u201cForgot password?\u201d on the sign-in page and we will email you a link to choose a new one.",
      "If it was not you, you can ignore this email: your account has not changed.",
    ],
  });
}

/** The language an account's emails are written in: the one she last registered or signed in from. */
async function accountLocale(db: Db, userId: number): Promise<ShopperLocale> {
  const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
  return row?.locale === "ur" ? "ur" : "en";
}

/** Queues the notice of registrationAttemptEmail, in the caller's transaction or on its own. */
export async function queueRegistrationAttemptEmail(
  ctx: CoreContext,
  db: Db,
  account: Pick<Account, "id" | "email" | "firstName"> & { locale?: ShopperLocale },
): Promise<void> {
  const settings = await getSiteSettings({ ...ctx, db });
  const locale = account.locale ?? (await accountLocale(db, account.id));
  const message = registrationAttemptEmail(
    settings.siteName,
    account.firstName,
    linkTo(ctx.publicUrl, pagePath("/login", locale)),
    locale,
  );
  await queueEmail(db, { kind: "registration_attempt", to: account.email, userId: account.id, ...message });
}

/**
 * Where a link's token goes: the shop's pages carry it in the path; the console's in the query
 * (as the welcome link does), since the console's door spells every console path in lower case
 * before routing (decision 0085) and a token's case is part of its value, while the query is kept
 * as sent.
 */
const linkPath = (path: string, token: string, locale: ShopperLocale) =>
  path.startsWith("/admin/") ? `${path}?token=${token}` : `${pagePath(path, locale)}/${token}`;

/**
 * Issues a link's token for the account and queues the email that carries it, in the caller's
 * transaction: the link's page is `${path}/<token>`, a console page's `${path}?token=<token>`.
 * The email and the page it opens are in the account's language (or the one given for this
 * request): Urdu opens the page under /ur.
 */
export async function queueLinkEmail(
  ctx: CoreContext,
  tx: Db,
  account: Pick<Account, "id" | "email" | "firstName"> & { locale?: ShopperLocale },
  link: {
    purpose: AccountTokenPurpose;
    validSeconds: number;
    path: "/reset-password" | "/admin/reset-password" | "/verify-email" | "/sign-in-link";
    compose: (storeName: string, firstName: string, url: string, locale: ShopperLocale) => RenderedEmail;
  },
): Promise<void> {
  // read through the transaction: PGlite has one connection, which the transaction holds
  const settings = await getSiteSettings({ ...ctx, db: tx });
  const { token } = await issueAccountToken(tx, {
    userId: account.id,
    purpose: link.purpose,
    email: account.email,
    validSeconds: link.validSeconds,
  });
  const locale = account.locale ?? (await accountLocale(tx, account.id));
  const message = link.compose(
    settings.siteName,
    account.firstName,
    linkTo(ctx.publicUrl, linkPath(link.path, token, locale)),
    locale,
  );
  await queueEmail(tx, { kind: link.purpose, to: account.email, userId: account.id, ...message });
}
