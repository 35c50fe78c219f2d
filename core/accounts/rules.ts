// The account payloads of spec §3 and their rules (spec §5), as zod schemas the API routes use
// (decision 0004), built on the plain rules of form-rules.ts that the browser forms use.
// Browser-safe: no Node or database imports here.
import { localeInput } from "../shared/locale";
import { z } from "zod";

// the constants, patterns and messages live in form-rules.ts, shared with the browser forms
import {
  EMAIL_MAX,
  EMAIL_MESSAGE,
  LOGIN_PASSWORD_MAX,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_RULE_MESSAGE,
  PASSWORD_TOO_LONG,
  PHONE_MESSAGE,
  PHONE_PATTERN,
  USERNAME_MESSAGE,
  USERNAME_PATTERN,
  meetsPasswordRules,
  requiredMessage,
  tooLongMessage,
} from "./form-rules";
import { isEmailAddress } from "../shared/email";

export {
  EMAIL_MAX,
  EMAIL_MESSAGE,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_RULES,
  PASSWORD_RULE_MESSAGE,
  PHONE_PATTERN,
  USERNAME_PATTERN,
  meetsPasswordRules,
} from "./form-rules";

// a shopper, or one of the staff roles of core/shared/permissions.ts (decision 0053)
export const ROLES = ["customer", "owner", "manager", "fulfilment", "catalogue"] as const;
export type Role = (typeof ROLES)[number];

// users can type the email in any case and with stray spaces, but we store it trimmed and in
// lowercase; the pattern is spec §5's: text, an @, text, a dot, text
export const emailSchema = z
  .string({ error: EMAIL_MESSAGE })
  .trim()
  .toLowerCase()
  // the length first, and nothing else after it fails (a long crafted address froze the pattern)
  .max(EMAIL_MAX, { error: EMAIL_MESSAGE, abort: true })
  .refine(isEmailAddress, EMAIL_MESSAGE);

/** The email as it is stored and compared: trimmed and lowercased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const newPasswordSchema = z
  .string({ error: "Password is required" })
  .max(PASSWORD_MAX, { error: PASSWORD_TOO_LONG, abort: true })
  .refine(meetsPasswordRules, PASSWORD_RULE_MESSAGE);

const requiredName = (label: string) =>
  z
    .string({ error: requiredMessage(label) })
    .trim()
    .min(1, requiredMessage(label))
    .max(NAME_MAX, tooLongMessage(label, NAME_MAX));

// empty text means "not set" (spec §2 Account: "Not set"); absent means "leave as it is"
const optionalText = (schema: z.ZodString) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((value) => (typeof value === "string" ? value.trim() || null : value))
    .pipe(z.union([schema, z.null(), z.undefined()]));

/** spec §3 Register payload (confirm_password is checked in the browser and not sent). */
export const registerInput = z.object({
  first_name: requiredName("First name"),
  last_name: requiredName("Last name"),
  email: emailSchema,
  password: newPasswordSchema,
  locale: localeInput.describe(
    'the storefront language she registers from: her account emails are written in it ("en" by default)',
  ),
});
export type RegisterInput = z.infer<typeof registerInput>;

/** spec §7 POST /users/login. The password rules are not applied: old passwords still work. */
export const loginInput = z.object({
  email: z
    .string({ error: "Email is required" })
    .trim()
    .toLowerCase()
    .min(1, "Email is required")
    .max(EMAIL_MAX, EMAIL_MESSAGE),
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(LOGIN_PASSWORD_MAX, "Password is too long"),
  locale: localeInput.describe(
    "the storefront language she signs in from: her account emails are written in it from now on",
  ),
});
export type LoginInput = z.infer<typeof loginInput>;

/** spec §3 Profile update payload; the email cannot be changed (spec §5). */
export const profileInput = z.object({
  first_name: requiredName("First name"),
  last_name: requiredName("Last name"),
  username: optionalText(z.string().regex(USERNAME_PATTERN, USERNAME_MESSAGE)).describe(
    "empty or null clears it; absent leaves it unchanged",
  ),
  phone: optionalText(z.string().regex(PHONE_PATTERN, PHONE_MESSAGE)).describe(
    "empty or null clears it; absent leaves it unchanged",
  ),
  // the form may send the whole user back: the same email is accepted and ignored
  email: z.string().optional().describe("ignored when it is the account's email; any other value is refused"),
});
export type ProfileInput = z.infer<typeof profileInput>;

// A link's token: 32 random bytes in base64url (tokens.ts). Anything longer is not one of ours,
// and is refused before any work is done on it.
const linkToken = z
  .string({ error: "token is required" })
  .trim()
  .min(1, "token is required")
  .max(64, "This link is not valid.");

/** How a password reset reaches the shopper: a link by email, or a code on WhatsApp (decision 0077). */
export const RESET_CHANNELS = ["email", "whatsapp"] as const;

/** POST /users/password-reset: the address to send the link to, and the channel asked for. */
export const passwordResetRequestInput = z.object({
  email: emailSchema,
  channel: z.enum(RESET_CHANNELS, { error: "channel must be email or whatsapp" }).optional().default("email"),
  locale: localeInput.describe(
    "the language of the page asking: the email and its link are in it; absent: the account's language",
  ),
});
export type PasswordResetRequestInput = z.infer<typeof passwordResetRequestInput>;

export const RESET_CODE_MESSAGE = "Please enter the 6-digit code from WhatsApp";

/**
 * POST /users/password-reset/confirm: the new password with either the link's token, or the
 * email and the six-digit WhatsApp code. The password follows the register rules (spec §5).
 */
export const passwordResetConfirmInput = z
  .object({
    token: linkToken.optional(),
    email: emailSchema.optional(),
    code: z
      .string({ error: RESET_CODE_MESSAGE })
      .trim()
      .max(32, RESET_CODE_MESSAGE)
      .regex(/^\d{6}$/, RESET_CODE_MESSAGE)
      .optional(),
    password: newPasswordSchema,
  })
  .refine((input) => input.token !== undefined || (input.email !== undefined && input.code !== undefined), {
    error: "Send the link's token, or the email and the code",
    path: ["token"],
  });
export type PasswordResetConfirmInput = z.infer<typeof passwordResetConfirmInput>;

/** POST /users/verify-email: the token of the link in the verification email. */
export const verifyEmailInput = z.object({ token: linkToken });

/** POST /users/sign-in-link: the address to send a sign-in link to (decision 0087). */
export const signInLinkRequestInput = z.object({
  email: emailSchema,
  locale: localeInput.describe(
    "the language of the page asking: the email and its link are in it; absent: the account's language",
  ),
});

/** POST /users/sign-in-link/confirm: the token of the link in the sign-in email. */
export const signInLinkInput = z.object({ token: linkToken });
