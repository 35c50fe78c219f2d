// What a voucher's fields may hold (decision 0066). One zod schema reads the
// staff API's body and the console's form alike; the rules between fields (a maximum discount
// only for a percentage, the end after the start) are checked by core on the voucher as it will
// be stored, so an edit of one field is held to them too. Browser-safe: no database here.
import { z } from "zod";
import { parseRupees } from "../shared/money-input";

export const DISCOUNT_TYPES = ["percentage", "flat", "shipping"] as const;
export type VoucherDiscountType = (typeof DISCOUNT_TYPES)[number];

export const DISCOUNT_TYPE_LABELS: Record<VoucherDiscountType, string> = {
  percentage: "Percentage off",
  flat: "Flat amount off (Rs.)",
  shipping: "Free shipping",
};

/** A voucher's state now, as the console's list shows and filters it. */
export const VOUCHER_STATES = ["active", "scheduled", "expired", "used_up", "inactive"] as const;
export type VoucherState = (typeof VOUCHER_STATES)[number];
export const VOUCHER_STATE_LABELS: Record<VoucherState, string> = {
  active: "Active",
  scheduled: "Scheduled",
  expired: "Expired",
  used_up: "Used up",
  inactive: "Switched off",
};

export const CODE_MIN = 3;
export const CODE_MAX = 32;
export const DESCRIPTION_MAX = 200;
export const MESSAGE_MAX = 300;
export const SEARCH_MAX = 50;
/** Rs. 10,000,000: more than any order this shop takes, far below the integer column's end */
const MAX_RUPEES_PAISA = 1_000_000_000;
const MAX_USES = 1_000_000_000;
const MAX_PER_CUSTOMER = 1_000;

// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/;
// checked only after the length: linear, and never run on a long string
const CODE_PATTERN = /^[A-Z0-9_-]+$/;
const KARACHI_LOCAL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;
const WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;
const KARACHI_OFFSET_MS = 5 * 3_600_000; // Pakistan keeps UTC+5 all year, no daylight saving

/**
 * A moment the console or API sent: "2026-12-01T09:00" is Pakistan time (what the console's
 * date-and-time field sends), a time with Z or an offset is taken as it says. null: not a moment.
 */
export function parseKarachiMoment(value: string): Date | null {
  const text = value.trim();
  if (text.length > 40) return null;
  const local = KARACHI_LOCAL.exec(text);
  let at: Date;
  if (local) {
    const [, y, mo, d, h, mi, s = "00"] = local;
    at = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}+05:00`);
    // "2026-02-31T10:00" rolls over in Date; refuse it instead
    if (!Number.isNaN(at.getTime()) && karachiLocalText(at).slice(0, 10) !== `${y}-${mo}-${d}`) return null;
  } else if (WITH_ZONE.test(text)) {
    at = new Date(text);
  } else return null;
  if (Number.isNaN(at.getTime())) return null;
  const year = at.getUTCFullYear();
  return year >= 2000 && year <= 2100 ? at : null;
}

/** "2026-12-01T09:00": the moment in Pakistan time, as a date-and-time field holds it. */
export function karachiLocalText(at: Date | string | null | undefined): string {
  if (!at) return "";
  const date = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(date.getTime())) return "";
  return new Date(date.getTime() + KARACHI_OFFSET_MS).toISOString().slice(0, 16);
}

const text = (name: string, max: number) =>
  z
    .string({ error: `${name} must be text` })
    .max(max, `${name} must be at most ${max} characters`)
    .refine((value) => !CONTROL.test(value), { message: `${name} must not contain control characters` })
    .transform((value) => value.trim());

const rupees = (name: string) =>
  z
    .union([z.number(), z.string().max(20, `${name} must be an amount in rupees, such as 500 or 499.50`)], {
      error: `${name} must be an amount in rupees`,
    })
    .transform((value, ctx) => {
      const paisa = parseRupees(value);
      if (paisa === null || paisa < 0 || paisa > MAX_RUPEES_PAISA) {
        ctx.addIssue({
          code: "custom",
          message: `${name} must be an amount in rupees from 0 to 10,000,000, at most 2 decimals`,
        });
        return z.NEVER;
      }
      return paisa;
    });

const whole = (name: string, min: number, max: number) =>
  z
    .union([z.number(), z.string().max(12, `${name} must be a whole number from ${min} to ${max}`)], {
      error: `${name} must be a whole number from ${min} to ${max}`,
    })
    .transform((value, ctx) => {
      const n = typeof value === "number" ? value : value.trim() === "" ? NaN : Number(value);
      if (!Number.isSafeInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: "custom", message: `${name} must be a whole number from ${min} to ${max}` });
        return z.NEVER;
      }
      return n;
    });

const moment = (name: string) =>
  z.string({ error: `${name} must be a date and time` }).transform((value, ctx) => {
    const at = parseKarachiMoment(value);
    if (!at) {
      ctx.addIssue({
        code: "custom",
        message: `${name} must be a date and time in Pakistan time, such as 2026-12-01T09:00`,
      });
      return z.NEVER;
    }
    return at;
  });

/** null, or an empty field, means "no limit" / "no date" / "none". */
const orNone = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? null : value), schema.nullable());

export const voucherCodeInput = z
  .string({ error: "code must be text" })
  .transform((value) => value.trim())
  // the length first, then the characters: the pattern never sees a long string
  .refine((value) => value.length >= CODE_MIN && value.length <= CODE_MAX, {
    message: `code must be ${CODE_MIN} to ${CODE_MAX} characters`,
  })
  .transform((value) => value.toUpperCase())
  .refine((value) => CODE_PATTERN.test(value), {
    message: "code may hold only letters A-Z, digits, - and _",
  });

const fieldSchemas = {
  code: voucherCodeInput,
  description: text("description", DESCRIPTION_MAX),
  message: orNone(text("message", MESSAGE_MAX)),
  discount_type: z.enum(DISCOUNT_TYPES, {
    error: `discount_type must be one of: ${DISCOUNT_TYPES.join(", ")}`,
  }),
  /** percentage: whole percent 1 to 100; flat: rupees; shipping: ignored (send 0 or leave it out) */
  discount_value: z.union([z.number(), z.string().max(20, "discount_value must be a number")], {
    error: "discount_value must be a number",
  }),
  max_discount: orNone(rupees("max_discount")),
  min_order_amount: rupees("min_order_amount"),
  starts_at: orNone(moment("starts_at")),
  ends_at: orNone(moment("ends_at")),
  usage_limit: orNone(whole("usage_limit", 1, MAX_USES)),
  per_customer_limit: orNone(whole("per_customer_limit", 1, MAX_PER_CUSTOMER)),
  is_active: z.boolean({ error: "is_active must be true or false" }),
};

/** Every field of a voucher, as the staff API and the console's form send them (rupees, Pakistan time). */
export const voucherFieldsSchema = z.object({
  ...fieldSchemas,
  description: fieldSchemas.description.default(""),
  message: fieldSchemas.message.default(null),
  discount_value: fieldSchemas.discount_value.default(0),
  max_discount: fieldSchemas.max_discount.default(null),
  min_order_amount: fieldSchemas.min_order_amount.default(0),
  starts_at: fieldSchemas.starts_at.default(null),
  ends_at: fieldSchemas.ends_at.default(null),
  usage_limit: fieldSchemas.usage_limit.default(null),
  per_customer_limit: fieldSchemas.per_customer_limit.default(null),
  is_active: fieldSchemas.is_active.default(true),
});

/** An edit: any of the fields; the ones left out keep their value (never a default). */
export const voucherPatchSchema = z.object(fieldSchemas).partial();

export type VoucherFields = z.output<typeof voucherFieldsSchema>;
export type VoucherPatch = z.output<typeof voucherPatchSchema>;

/** A voucher's values as stored (paisa, UTC moments). */
export interface VoucherValues {
  code: string;
  description: string;
  message: string | null;
  discountType: VoucherDiscountType;
  /** percentage: whole percent; flat: paisa; shipping: 0 */
  discountValue: number;
  maxDiscountPaisa: number | null;
  minOrderPaisa: number;
  startsAt: Date | null;
  endsAt: Date | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  isActive: boolean;
}

/**
 * The stored values of a voucher with these fields over `current` (an edit), or the first rule
 * broken, naming its field. discount_value is read by the discount type: a whole percent, or rupees.
 */
export function voucherValues(
  fields: VoucherPatch,
  current?: VoucherValues,
): { values: VoucherValues; problem: null } | { values: null; problem: string } {
  const type = fields.discount_type ?? current?.discountType;
  if (!type) return { values: null, problem: "discount_type is required" };
  let discountValue: number;
  const raw = fields.discount_value;
  if (raw === undefined && current && current.discountType === type) discountValue = current.discountValue;
  else if (type === "shipping") discountValue = 0;
  else if (type === "percentage") {
    const n = typeof raw === "number" ? raw : raw === undefined || raw.trim() === "" ? NaN : Number(raw);
    if (!Number.isInteger(n) || n < 1 || n > 100)
      return { values: null, problem: "discount_value must be a whole percent from 1 to 100" };
    discountValue = n;
  } else {
    const paisa = parseRupees(raw);
    if (paisa === null || paisa < 1 || paisa > MAX_RUPEES_PAISA)
      return {
        values: null,
        problem: "discount_value must be an amount in rupees above 0 and at most 10,000,000",
      };
    discountValue = paisa;
  }
  // a maximum discount caps a percentage only; for the others it is cleared
  const maxDiscountPaisa =
    type !== "percentage"
      ? null
      : fields.max_discount !== undefined
        ? fields.max_discount
        : (current?.maxDiscountPaisa ?? null);
  if (type !== "percentage" && fields.max_discount !== undefined && fields.max_discount !== null)
    return { values: null, problem: "max_discount applies to percentage vouchers only" };
  if (maxDiscountPaisa !== null && maxDiscountPaisa < 1)
    return { values: null, problem: "max_discount must be above 0, or empty for no maximum" };
  const startsAt = fields.starts_at !== undefined ? fields.starts_at : (current?.startsAt ?? null);
  const endsAt = fields.ends_at !== undefined ? fields.ends_at : (current?.endsAt ?? null);
  if (startsAt && endsAt && endsAt.getTime() <= startsAt.getTime())
    return { values: null, problem: "ends_at must be after starts_at" };
  const code = fields.code ?? current?.code;
  if (!code) return { values: null, problem: "code is required" };
  return {
    problem: null,
    values: {
      code,
      description: fields.description ?? current?.description ?? "",
      message: fields.message !== undefined ? fields.message || null : (current?.message ?? null),
      discountType: type,
      discountValue,
      maxDiscountPaisa,
      minOrderPaisa: fields.min_order_amount ?? current?.minOrderPaisa ?? 0,
      startsAt,
      endsAt,
      usageLimit: fields.usage_limit !== undefined ? fields.usage_limit : (current?.usageLimit ?? null),
      perCustomerLimit:
        fields.per_customer_limit !== undefined ? fields.per_customer_limit : (current?.perCustomerLimit ?? null),
      isActive: fields.is_active ?? current?.isActive ?? true,
    },
  };
}

/** The state of a voucher at `now`. */
export function voucherState(
  v: Pick<VoucherValues, "isActive" | "startsAt" | "endsAt" | "usageLimit"> & { usedCount: number },
  now = new Date(),
): VoucherState {
  if (!v.isActive) return "inactive";
  if (v.endsAt && new Date(v.endsAt).getTime() < now.getTime()) return "expired";
  if (v.usageLimit !== null && v.usedCount >= v.usageLimit) return "used_up";
  if (v.startsAt && new Date(v.startsAt).getTime() > now.getTime()) return "scheduled";
  return "active";
}
