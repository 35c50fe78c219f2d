// The account forms' rules (spec §5 Register, Login, Profile edit) as plain functions with no
// dependencies, so the sign-in, registration and account pages check their fields without
// sending zod to phones (about 24 KB compressed; decision 0030 did the same for checkout).
// rules.ts builds the API's zod schemas from the same constants and messages, and
// form-rules.test.ts checks that both accept and refuse the same input.

import { isEmailAddress } from "../shared/email";

export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
// argon2 takes any length, but a megabyte "password" is only a way to burn CPU
export const PASSWORD_MAX = 128;
export const LOGIN_PASSWORD_MAX = 1024;
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,30}$/;
export const PHONE_PATTERN = /^\+?[0-9][0-9 ()-]{5,18}[0-9]$/;
// spec §5's email rule is isEmailAddress (core/shared/email.ts): a regular expression for it
// backtracks on hostile values

// spec §5 Register: the checklist the form shows, in its order
export const PASSWORD_RULES = [
  { label: "At least 8 characters", test: (p: string) => p.length >= 8 },
  { label: "One uppercase letter", test: (p: string) => /[A-Z]/.test(p) },
  { label: "One lowercase letter", test: (p: string) => /[a-z]/.test(p) },
  { label: "One number", test: (p: string) => /[0-9]/.test(p) },
] as const;

export const PASSWORD_RULE_MESSAGE =
  "Password must be at least 8 characters and include an uppercase letter, a lowercase letter and a number.";
export const PASSWORD_TOO_LONG = `Password must be at most ${PASSWORD_MAX} characters.`;
export const EMAIL_MESSAGE = "Please enter a valid email address";
export const USERNAME_MESSAGE = "Username must be 3 to 30 letters, numbers, dots, dashes or underscores";
export const PHONE_MESSAGE = "Please enter a valid phone number";

export function meetsPasswordRules(password: string): boolean {
  return PASSWORD_RULES.every((rule) => rule.test(password));
}

export const requiredMessage = (label: string) => `${label} is required`;
export const tooLongMessage = (label: string, max: number) => `${label} must be at most ${max} characters`;

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

function nameError(label: string, value: string): string | undefined {
  const text = value.trim();
  if (!text) return requiredMessage(label);
  if (text.length > NAME_MAX) return tooLongMessage(label, NAME_MAX);
  return undefined;
}

function emailError(value: string): string | undefined {
  const email = value.trim();
  return email.length > EMAIL_MAX || !isEmailAddress(email) ? EMAIL_MESSAGE : undefined;
}

function clean<K extends string>(errors: Record<K, string | undefined>): FieldErrors<K> {
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message !== undefined)) as FieldErrors<K>;
}

/** spec §5 Login: email and password are required. */
export function checkLogin(input: { email: string; password: string }): FieldErrors<"email" | "password"> {
  const email = input.email.trim();
  return clean({
    email: !email ? requiredMessage("Email") : email.length > EMAIL_MAX ? EMAIL_MESSAGE : undefined,
    password: !input.password
      ? requiredMessage("Password")
      : input.password.length > LOGIN_PASSWORD_MAX
        ? "Password is too long"
        : undefined,
  });
}

/** spec §5 Register: every field, a valid email and the password rules. */
export function checkRegister(input: {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
}): FieldErrors<"first_name" | "last_name" | "email" | "password"> {
  return clean({
    first_name: nameError("First name", input.first_name),
    last_name: nameError("Last name", input.last_name),
    email: emailError(input.email),
    password:
      input.password.length > PASSWORD_MAX
        ? PASSWORD_TOO_LONG
        : !meetsPasswordRules(input.password)
          ? PASSWORD_RULE_MESSAGE
          : undefined,
  });
}

/** spec §5 Profile edit: first and last name required; username and phone optional. */
export function checkProfile(input: {
  first_name: string;
  last_name: string;
  username: string;
  phone: string;
}): FieldErrors<"first_name" | "last_name" | "username" | "phone"> {
  const username = input.username.trim();
  const phone = input.phone.trim();
  return clean({
    first_name: nameError("First name", input.first_name),
    last_name: nameError("Last name", input.last_name),
    username: username && !USERNAME_PATTERN.test(username) ? USERNAME_MESSAGE : undefined,
    phone: phone && !PHONE_PATTERN.test(phone) ? PHONE_MESSAGE : undefined,
  });
}
