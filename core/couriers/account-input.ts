// What the owner types for a courier account (decision 0102), read and checked before anything is
// stored: every length before any pattern, no control characters, each refusal naming its field
// (422 with `errors`, as the staff API's own validation answers), so the console shows each
// message under its input. The credentials are read against the courier's own field list.
import { z } from "zod";
import type { PickupAddress } from "../../db/schema";
import { AppError } from "../shared/errors";
import type { FieldError } from "../shared/field-errors";
import { CONTROL_CHARACTERS, typedText } from "../shared/input";
import { secretHint } from "../shared/secrets";
import { adapterFor } from "./adapters";
import { COURIER_CODES, COURIER_NAMES, type CourierCode, type CredentialField } from "./courier";

export const LABEL_MAX = 80;
export const BASE_URL_MAX = 300;
export const PICKUP_MAX = 10;
export const WEIGHT_MAX_GRAMS = 100_000;
export const DEFAULT_WEIGHT_GRAMS = 500;
const CREDENTIAL_NAME_MAX = 64;
const CREDENTIALS_MAX = 20;

// The fields each courier's merchant guide names (shared/couriers.md), for a courier whose
// adapter does not list its own yet; once it does, the adapter's list is the one asked for.
const DOCUMENTED_FIELDS: Readonly<Record<CourierCode, readonly CredentialField[]>> = {
  postex: [{ name: "token", label: "API token", secret: true, maxLength: 500 }],
  leopards: [
    { name: "api_key", label: "API key", secret: true, maxLength: 500 },
    { name: "api_password", label: "API password", secret: true, maxLength: 500 },
  ],
  trax: [{ name: "api_key", label: "API key", secret: true, maxLength: 500 }],
  tcs: [
    { name: "clientid", label: "Client ID", secret: true, maxLength: 500 },
    { name: "clientsecret", label: "Client secret", secret: true, maxLength: 500 },
  ],
};

/** The credentials the courier's API takes, as the Settings form asks for them. */
export function credentialFieldsOf(courier: CourierCode): readonly CredentialField[] {
  const own = adapterFor(courier).credentialFields;
  return own.length > 0 ? own : DOCUMENTED_FIELDS[courier];
}

export const isCourierCode = (value: unknown): value is CourierCode =>
  typeof value === "string" && (COURIER_CODES as readonly string[]).includes(value);

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/**
 * Why this base URL cannot be used, or null. https only: the credentials travel in every call. A
 * plain http address is taken only on this machine (127.0.0.1, localhost), where a test's fake or
 * a local proxy listens and nothing crosses a network.
 */
export function baseUrlProblem(value: string): string | null {
  if (value.length > BASE_URL_MAX) return `Base URL must be at most ${BASE_URL_MAX} characters`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "Base URL must be a web address starting with https://";
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname))) {
    return "Base URL must start with https:// (http:// only for 127.0.0.1 or localhost)";
  }
  if (url.username || url.password) return "Base URL must not hold a user name or password: they go in the credentials";
  if (url.search || url.hash || value.includes("?") || value.includes("#")) {
    return "Base URL must not have a query (?) or fragment (#)";
  }
  return null;
}

const baseUrl = z
  .string({ error: "Base URL must be text" })
  .max(BASE_URL_MAX, { error: `Base URL must be at most ${BASE_URL_MAX} characters`, abort: true })
  .nullable()
  .transform((value, context) => {
    const text = (value ?? "").trim();
    if (text === "") return null;
    const problem = CONTROL_CHARACTERS.test(text)
      ? "Base URL must not contain control characters"
      : baseUrlProblem(text);
    if (problem) {
      context.addIssue({ code: "custom", message: problem });
      return z.NEVER;
    }
    return text;
  });

const weight = z
  .union([z.number(), z.string()], { error: "Default weight must be a number of grams" })
  .transform((value, context) => {
    const grams =
      typeof value === "number" ? value : value.length <= 9 && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
    if (!Number.isInteger(grams) || grams < 1 || grams > WEIGHT_MAX_GRAMS) {
      context.addIssue({
        code: "custom",
        message: `Default weight must be whole grams from 1 to ${WEIGHT_MAX_GRAMS.toLocaleString("en-US")}`,
      });
      return z.NEVER;
    }
    return grams;
  });

// what people type between a phone's digits
const PHONE_SEPARATORS = /[\s\-.()]/g;
const PHONE_MESSAGE = "Phone must be a Pakistani number, e.g. 0300-1234567 or 042-35761234";

/** A Pakistani mobile or landline as couriers take it: 0 and 9 or 10 digits ("03001234567", "04235761234"). */
export function pickupPhone(input: string): string | null {
  if (input.length > 30) return null;
  const compact = input.trim().replace(PHONE_SEPARATORS, "");
  const match = /^(?:\+92|0092|0)(\d{9,10})$/.exec(compact);
  return match ? `0${match[1]}` : null;
}

const pickupAddress = z.object(
  {
    label: typedText("Name", LABEL_MAX, { required: true }),
    address: typedText("Address", 300, { required: true }),
    city_id: z
      .int({ error: "City must be one of the store's cities" })
      .positive({ error: "City must be one of the store's cities" })
      .max(2_147_483_647, { error: "City must be one of the store's cities" })
      .nullable()
      .optional()
      .transform((v) => v ?? null),
    phone: z
      .string({ error: "Phone is required" })
      .max(30, { error: PHONE_MESSAGE, abort: true })
      .transform((value, context) => {
        const phone = pickupPhone(value);
        if (phone) return phone;
        context.addIssue({ code: "custom", message: value.trim() === "" ? "Phone is required" : PHONE_MESSAGE });
        return z.NEVER;
      }),
    code: typedText("Courier's code", 60)
      .nullable()
      .optional()
      .transform((v) => (v ? v : null)),
  },
  { error: "Each pickup address must have a name, address and phone" },
);

const pickupAddresses = z
  .array(pickupAddress, { error: "pickup_addresses must be a list" })
  .max(PICKUP_MAX, { error: `At most ${PICKUP_MAX} pickup addresses`, abort: true })
  .transform((list): PickupAddress[] =>
    list.map((p) => ({ label: p.label, address: p.address, cityId: p.city_id, phone: p.phone, code: p.code })),
  );

const mode = z.enum(["live", "test"], { error: "Mode must be live or test" });
const label = typedText("Label", LABEL_MAX, { required: true });

const accountFields = {
  label,
  mode,
  base_url: baseUrl,
  pickup_addresses: pickupAddresses,
  default_weight_grams: weight,
  active: z.boolean({ error: "active must be true or false" }),
  // read against the courier's list below
  credentials: z.unknown(),
};

const newAccount = z.object({
  courier: z.enum(COURIER_CODES, { error: `Courier must be one of: ${COURIER_CODES.join(", ")}` }),
  ...accountFields,
  mode: mode.default("live"),
  base_url: baseUrl.optional().transform((v) => v ?? null),
  pickup_addresses: pickupAddresses.default([]),
  default_weight_grams: weight.default(DEFAULT_WEIGHT_GRAMS),
  active: accountFields.active.default(true),
});

const accountChanges = z.object({
  courier: z.unknown().optional(),
  ...Object.fromEntries(Object.entries(accountFields).map(([name, schema]) => [name, schema.optional()])),
}) as unknown as z.ZodType<{
  courier?: unknown;
  label?: string;
  mode?: "live" | "test";
  base_url?: string | null;
  pickup_addresses?: PickupAddress[];
  default_weight_grams?: number;
  active?: boolean;
  credentials?: unknown;
}>;

/** A new account's fields, checked; `credentials` holds every field of the courier's list. */
export interface NewAccountInput {
  courier: CourierCode;
  label: string;
  mode: "live" | "test";
  baseUrl: string | null;
  credentials: Record<string, string>;
  pickupAddresses: PickupAddress[];
  defaultWeightGrams: number;
  active: boolean;
}

/** What an edit changes: absent fields stay; `credentials` holds only the fields given (an empty one keeps its value). */
export interface AccountChanges {
  courier?: unknown;
  label?: string;
  mode?: "live" | "test";
  baseUrl?: string | null;
  credentials: Record<string, string>;
  pickupAddresses?: PickupAddress[];
  defaultWeightGrams?: number;
  active?: boolean;
}

const refuse = (errors: FieldError[]): AppError => {
  const first = errors[0]!;
  return new AppError(422, first.field ? `${first.field}: ${first.message}` : first.message, { errors });
};

/** Each field's first problem. */
function issuesOf(error: z.ZodError): FieldError[] {
  const found = new Map<string, string>();
  for (const issue of error.issues) {
    const field = issue.path.map(String).join(".");
    if (!found.has(field)) found.set(field, issue.message);
  }
  return [...found].map(([field, message]) => ({ field, message }));
}

/**
 * The credentials given, each checked against the courier's field (length first, then control
 * characters) and trimmed. With `all`, every field must be there; otherwise an empty one is left
 * out, so the stored value stays.
 */
export function readCredentials(
  courier: CourierCode,
  raw: unknown,
  all: boolean,
): { values: Record<string, string>; errors: FieldError[] } {
  const fields = credentialFieldsOf(courier);
  const names = fields.map((f) => f.name).join(", ");
  const values: Record<string, string> = {};
  const errors: FieldError[] = [];
  if (raw === undefined || raw === null) raw = {};
  if (typeof raw !== "object" || Array.isArray(raw)) {
    return {
      values,
      errors: [{ field: "credentials", message: `Credentials must name ${COURIER_NAMES[courier]}'s fields: ${names}` }],
    };
  }
  const given = Object.entries(raw as Record<string, unknown>);
  if (given.length > CREDENTIALS_MAX) {
    return {
      values,
      errors: [{ field: "credentials", message: `Credentials must name ${COURIER_NAMES[courier]}'s fields: ${names}` }],
    };
  }
  for (const [name] of given) {
    if (name.length > CREDENTIAL_NAME_MAX || !fields.some((f) => f.name === name)) {
      const shown = name.length <= CREDENTIAL_NAME_MAX && /^[A-Za-z0-9_]+$/.test(name) ? `"${name}"` : "given";
      errors.push({
        field: "credentials",
        message: `${COURIER_NAMES[courier]} takes no credential ${shown}: its fields are ${names}`,
      });
      return { values, errors };
    }
  }
  const byName = new Map(given);
  for (const field of fields) {
    const value = byName.get(field.name);
    const path = `credentials.${field.name}`;
    if (value !== undefined && value !== null && typeof value !== "string") {
      errors.push({ field: path, message: `${field.label} must be text` });
      continue;
    }
    const text = value ?? "";
    if (text.length > field.maxLength) {
      errors.push({ field: path, message: `${field.label} must be at most ${field.maxLength} characters` });
    } else if (CONTROL_CHARACTERS.test(text) || /[\r\n\t]/.test(text)) {
      errors.push({ field: path, message: `${field.label} must not contain control characters or line breaks` });
    } else if (text.trim() !== "") {
      values[field.name] = text.trim();
    } else if (all) {
      errors.push({ field: path, message: `${field.label} is required` });
    }
  }
  return { values, errors };
}

/** A new account's input, or a 422 naming every field refused. */
export function readNewAccount(input: unknown): NewAccountInput {
  const parsed = newAccount.safeParse(input ?? {});
  const errors = parsed.success ? [] : issuesOf(parsed.error);
  const courier = isCourierCode((input as { courier?: unknown } | null)?.courier)
    ? (input as { courier: CourierCode }).courier
    : null;
  const credentials = courier ? readCredentials(courier, (input as { credentials?: unknown }).credentials, true) : null;
  errors.push(...(credentials?.errors ?? []));
  if (!parsed.success || errors.length > 0) throw refuse(errors);
  const v = parsed.data;
  return {
    courier: v.courier,
    label: v.label,
    mode: v.mode,
    baseUrl: v.base_url,
    credentials: credentials!.values,
    pickupAddresses: v.pickup_addresses,
    defaultWeightGrams: v.default_weight_grams,
    active: v.active,
  };
}

/** An edit's input for an account of this courier, or a 422 naming every field refused. */
export function readAccountChanges(courier: CourierCode, input: unknown): AccountChanges {
  const parsed = accountChanges.safeParse(input ?? {});
  const errors = parsed.success ? [] : issuesOf(parsed.error);
  const raw = input && typeof input === "object" ? (input as { credentials?: unknown }).credentials : undefined;
  const credentials = readCredentials(courier, raw, false);
  errors.push(...credentials.errors);
  if (!parsed.success || errors.length > 0) throw refuse(errors);
  const v = parsed.data;
  return {
    ...("courier" in v && { courier: v.courier }),
    ...(v.label !== undefined && { label: v.label }),
    ...(v.mode !== undefined && { mode: v.mode }),
    ...(v.base_url !== undefined && { baseUrl: v.base_url }),
    ...(v.pickup_addresses !== undefined && { pickupAddresses: v.pickup_addresses }),
    ...(v.default_weight_grams !== undefined && { defaultWeightGrams: v.default_weight_grams }),
    ...(v.active !== undefined && { active: v.active }),
    credentials: credentials.values,
  };
}

/** What staff may see of each credential: a secret's last four characters, the rest whole. */
export function credentialHints(
  courier: CourierCode,
  values: Readonly<Record<string, string>>,
): Record<string, string> {
  const hints: Record<string, string> = {};
  for (const field of credentialFieldsOf(courier)) {
    const value = values[field.name];
    if (value !== undefined) hints[field.name] = field.secret ? secretHint(value) : value;
  }
  return hints;
}
