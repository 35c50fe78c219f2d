// What staff send to create or change a product (decision 0062): one zod schema for the staff
// API's body and the console's form (which builds the same object from its fields). Amounts come
// as rupees and leave as paisa; every text is length-checked before any pattern.
import { z } from "zod";
import { urduOrNull } from "../shared/localised-text";
import { parseRupees } from "../shared/money-input";
import { MAX_STOCK } from "./stock";
import { DESCRIPTION_FORMATS, HEX_COLOUR, LIMITS, optionTypeKey, SIZE_GUIDES } from "./product-options";

// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- long texts keep their line breaks and tabs
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** One line of text: at most max characters, no control characters, trimmed. */
const line = (label: string, max: number, min = 0) =>
  z
    .string({ error: `${label} must be text.` })
    .max(max, `${label} must be at most ${max.toLocaleString("en-US")} characters.`)
    .refine((s) => !CONTROL.test(s), { message: `${label} must not contain control characters.` })
    .transform((s) => s.trim())
    .refine((s) => s.length >= min, { message: `${label} is required.` });

/** Text that may run over several lines. */
const longText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .max(max, `${label} must be at most ${max.toLocaleString("en-US")} characters.`)
    .refine((s) => !CONTROL_BUT_LINES.test(s), { message: `${label} must not contain control characters.` })
    .transform((s) => s.replace(/\r\n?/g, "\n").trim());

/** Rupees (a number or "2499.50", at most 2 decimals) -> paisa, 0 to Rs. 10,000,000. */
const rupees = (label: string) =>
  z
    .union([z.number(), z.string().max(20, `${label} must be an amount in rupees, such as 2499 or 2499.50.`)], {
      error: `${label} must be an amount in rupees, such as 2499 or 2499.50.`,
    })
    .transform((value, ctx) => {
      const paisa = parseRupees(value);
      if (paisa === null || !Number.isSafeInteger(paisa)) {
        ctx.addIssue({ code: "custom", message: `${label} must be an amount in rupees, such as 2499 or 2499.50.` });
        return z.NEVER;
      }
      if (paisa < 0 || paisa > LIMITS.pricePaisa) {
        ctx.addIssue({ code: "custom", message: `${label} must be from Rs. 0 to Rs. 10,000,000.` });
        return z.NEVER;
      }
      return paisa;
    });

const stockCount = (label: string) =>
  z
    .number({ error: `${label} must be a whole number.` })
    .int(`${label} must be a whole number.`)
    .min(0, `${label} must be at least 0.`)
    .max(MAX_STOCK, `${label} must be at most ${MAX_STOCK.toLocaleString("en-US")}.`);

const optionValue = z.object({
  value: line("Each option value", LIMITS.optionValue, 1),
  color_hex: z
    .string({ error: "A swatch must be a colour such as #800000." })
    .max(7, "A swatch must be a colour such as #800000.")
    .regex(HEX_COLOUR, "A swatch must be a colour such as #800000.")
    .transform((s) => s.toLowerCase())
    .nullable()
    .default(null),
});

const option = z.object({
  type: line("An option's name", LIMITS.optionType, 1)
    .transform(optionTypeKey)
    .refine((t) => /^[a-z][a-z ]*$/.test(t), {
      message: "An option's name may hold only letters and spaces (such as size, colour, length).",
    }),
  values: z
    .array(optionValue, { error: "An option's values must be a list." })
    .min(1, "Each option needs at least one value.")
    .max(LIMITS.optionValues, `An option may have at most ${LIMITS.optionValues} values.`),
});

const combination = z.object({
  /** {"size": "M", "color": "Black"}: which values this row is */
  attributes: z.record(z.string().max(LIMITS.optionType), z.string().max(LIMITS.optionValue), {
    error: "A combination's attributes must name a value for each option.",
  }),
  /** absent or null: the product's price */
  price: rupees("A combination's price").nullable().optional(),
  sku: line("SKU", LIMITS.sku).nullable().optional(),
  is_available: z.boolean({ error: "is_available must be true or false." }).default(true),
  /** a new combination's first stock, or an existing one's new stock (with stock_seen) */
  stock: stockCount("Stock").optional(),
  /** the stock the screen showed: a change is refused (409) when a sale moved it since */
  stock_seen: stockCount("The stock you saw").optional(),
});

export const productInput = z
  .object({
    name: line("Name", LIMITS.name, 1),
    custom_url: z
      .string({ error: "Custom URL must be text." })
      .max(LIMITS.customUrl, `Custom URL must be at most ${LIMITS.customUrl} characters.`)
      .transform((s) => s.trim())
      .nullable()
      .default(null),
    description: longText("Description", LIMITS.description).default(""),
    // the Urdu twins (decision 0111) pass the English field's checks; absent keeps what is stored,
    // null or only whitespace clears it (the Urdu page shows the English)
    name_ur: line("Urdu name", LIMITS.name).nullable().optional().transform(urduOrNull),
    description_ur: longText("Urdu description", LIMITS.description).nullable().optional().transform(urduOrNull),
    description_format: z
      .enum(DESCRIPTION_FORMATS, { error: `description_format must be one of: ${DESCRIPTION_FORMATS.join(", ")}.` })
      .default("plain"),
    structured_description: z
      .object({
        bullet_points: z
          .array(line("A bullet point", LIMITS.listItem))
          .max(LIMITS.listItems, `At most ${LIMITS.listItems} bullet points.`)
          .default([]),
        highlights: z
          .array(line("A highlight", LIMITS.listItem))
          .max(LIMITS.listItems, `At most ${LIMITS.listItems} highlights.`)
          .default([]),
      })
      .nullable()
      .default(null),
    material_type: line("Material", LIMITS.material).nullable().default(null),
    price: rupees("Price"),
    compare_price: rupees("Compare-at price").nullable().default(null),
    collection_ids: z
      .array(z.number().int().positive().max(2_147_483_647), { error: "collection_ids must be a list of ids." })
      .max(LIMITS.collections, `At most ${LIMITS.collections} collections.`)
      .default([]),
    custom_fields: z
      .array(
        z.object({
          key: line("A custom field's name", LIMITS.customKey, 1),
          value: line("A custom field's value", LIMITS.customValue),
        }),
      )
      .max(LIMITS.customFields, `At most ${LIMITS.customFields} custom fields.`)
      .default([]),
    faqs: z
      .array(
        z.object({
          question: line("A question", LIMITS.question, 1),
          answer: longText("An answer", LIMITS.answer).refine((s) => s.length > 0, {
            message: "An answer is required.",
          }),
        }),
      )
      .max(LIMITS.faqs, `At most ${LIMITS.faqs} questions.`)
      .default([]),
    size_guide: z.enum(SIZE_GUIDES, { error: `size_guide must be one of: ${SIZE_GUIDES.join(", ")}.` }).default("auto"),
    is_active: z.boolean({ error: "is_active must be true or false." }).default(true),
    /** a product sold without options: its first stock, or its new stock with stock_seen */
    stock: stockCount("Stock").optional(),
    stock_seen: stockCount("The stock you saw").optional(),
    options: z
      .array(option)
      .max(LIMITS.optionTypes, `At most ${LIMITS.optionTypes} kinds of option (such as size and colour).`)
      .default([]),
    combinations: z
      .array(combination)
      .max(LIMITS.combinations, `At most ${LIMITS.combinations} combinations.`)
      .default([]),
    /** the updated_at the form was loaded with (required when changing a product) */
    updated_at: z
      .string()
      .max(40, "updated_at must be the updated_at the product was read with.")
      .regex(
        /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/,
        "updated_at must be the updated_at the product was read with.",
      )
      .optional(),
  })
  .superRefine((p, ctx) => {
    if (p.compare_price !== null && p.compare_price <= p.price) {
      ctx.addIssue({
        code: "custom",
        path: ["compare_price"],
        message: "Compare-at price must be above the price (or left empty).",
      });
    }
    const keys = new Set<string>();
    p.custom_fields.forEach((f, i) => {
      const k = f.key.toLowerCase();
      if (keys.has(k))
        ctx.addIssue({
          code: "custom",
          path: ["custom_fields", i, "key"],
          message: `The custom field “${f.key}” appears twice.`,
        });
      keys.add(k);
    });
    const types = new Set<string>();
    p.options.forEach((o, i) => {
      if (types.has(o.type))
        ctx.addIssue({
          code: "custom",
          path: ["options", i, "type"],
          message: `The option “${o.type}” appears twice.`,
        });
      types.add(o.type);
      const seen = new Set<string>();
      o.values.forEach((v, j) => {
        const k = v.value.toLowerCase();
        if (seen.has(k))
          ctx.addIssue({
            code: "custom",
            path: ["options", i, "values", j],
            message: `“${v.value}” appears twice in ${o.type}.`,
          });
        seen.add(k);
        if (o.type !== "color" && v.color_hex)
          ctx.addIssue({
            code: "custom",
            path: ["options", i, "values", j, "color_hex"],
            message: "Only colours have a swatch.",
          });
      });
    });
    if (new Set(p.collection_ids).size !== p.collection_ids.length) {
      ctx.addIssue({ code: "custom", path: ["collection_ids"], message: "A collection appears twice." });
    }
    if (p.stock_seen !== undefined && p.stock === undefined) {
      ctx.addIssue({ code: "custom", path: ["stock"], message: "stock_seen goes with a new stock." });
    }
  });

export type ProductInput = z.output<typeof productInput>;
