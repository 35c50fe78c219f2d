// The account payloads of spec §3 and their rules (spec §5), as zod schemas the API routes use
// and the register, sign-in and profile forms can reuse (decision 0004). Browser-safe: no Node
// or database imports here.
import { z } from "zod";

export const ROLES = ["customer", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
// argon2 takes any length, but a megabyte "password" is only a way to burn CPU
export const PASSWORD_MAX = 128;
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,30}$/;
export const PHONE_PATTERN = /^\+?[0-9][0-9 ()-]{5,18}[0-9]$/;

// spec §5 Register: the checklist the form shows, in its order
export const PASSWORD_RULES = [
  { label: "At least 8 characters", test: (p: string) => p.length >= 8 },
  { label: "One uppercase letter", test: (p: string) => /[A-Z]/.test(p) },
  { label: "One lowercase letter", test: (p: string) => /[a-z]/.test(p) },
  { label: "One number", test: (p: string) => /[0-9]/.test(p) },
] as const;

export const PASSWORD_RULE_MESSAGE =
  "Password must be at least 8 characters and include an uppercase letter, a lowercase letter and a number.";
export const EMAIL_MESSAGE = "Please enter a valid email address";

export function meetsPasswordRules(password: string): boolean {
  return PASSWORD_RULES.every((rule) => rule.test(password));
}

// users can type the email in any case and with stray spaces, but we store it trimmed and in
// lowercase; the pattern is spec §5's: text, an @, text, a dot, text
export const emailSchema = z
  .string({ error: EMAIL_MESSAGE })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, EMAIL_MESSAGE)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, EMAIL_MESSAGE);

/** The email as it is stored and compared: trimmed and lowercased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const newPasswordSchema = z
  .string({ error: "Password is required" })
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`)
  .refine(meetsPasswordRules, PASSWORD_RULE_MESSAGE);

const requiredName = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(NAME_MAX, `${label} must be at most ${NAME_MAX} characters`);

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
    .max(1024, "Password is too long"),
});
export type LoginInput = z.infer<typeof loginInput>;

/** spec §3 Profile update payload; the email cannot be changed (spec §5). */
export const profileInput = z.object({
  first_name: requiredName("First name"),
  last_name: requiredName("Last name"),
  username: optionalText(
    z.string().regex(USERNAME_PATTERN, "Username must be 3 to 30 letters, numbers, dots, dashes or underscores"),
  ).describe("empty or null clears it; absent leaves it unchanged"),
  phone: optionalText(z.string().regex(PHONE_PATTERN, "Please enter a valid phone number")).describe(
    "empty or null clears it; absent leaves it unchanged",
  ),
  // the form may send the whole user back: the same email is accepted and ignored
  email: z.string().optional().describe("ignored when it is the account's email; any other value is refused"),
});
export type ProfileInput = z.infer<typeof profileInput>;
