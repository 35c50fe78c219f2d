// What every API operation answers, for the OpenAPI document at /api/docs (decision 0092): the
// error body all errors share, the pieces answers are made of, and the statuses that follow from
// a route's shape (a body can be malformed or too large, a staff call needs a staff token). The
// answers are zod schemas like the requests: the document is made from them, and the tests check
// real answers against it; a shopper's answer is never checked on its way out.
import type { RouteOptions } from "fastify";
import { createJsonSchemaTransform } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ErrorStatus } from "../../core/shared/errors";
import { DEFAULT_CURRENCY, DISPLAY_CURRENCIES } from "../../core/settings/currencies";
import type { Rupees } from "../serialize";
import type {
  presentBlog,
  presentBlogSummary,
  presentCollection,
  presentProduct,
  presentReview,
  presentSiteSettings,
} from "./presenters";

/** OpenAPI 3.1: its schemas are JSON Schema, so `null` is a type and needs no 3.0 `nullable` */
export const DOCUMENT_VERSION = "3.1.0";

/** Statuses an answer can have beside the ones core's AppError raises. */
export type AnswerErrorStatus = ErrorStatus | 414 | 415;

// decision 0014's table, as each status's description in the document
const ERROR_MEANING: Record<AnswerErrorStatus, string> = {
  400: "Malformed request: an address or header with a NUL byte or broken encoding, a body that is not JSON",
  401: "No token, or a bad or expired one",
  403: "Signed in but not allowed",
  404: "The record does not exist",
  409: "A conflict: not enough stock, prices or a record changed meanwhile",
  410: "The link or token was used or has expired",
  413: "The body or upload is too large",
  414: "The address is too long",
  415: "The body is not in a type this call reads",
  422: "Invalid fields: detail names the field",
  429: "Too many tries: wait (Retry-After) and try again",
};

/**
 * The body of every error answer (spec §7 and §8, decision 0014, server/plugins/errors.ts):
 * detail is a sentence for the shopper; a validation error lists its fields; some conflicts
 * add the server's figures beside detail.
 */
export const errorBody = z.looseObject({
  detail: z.string(),
  errors: z
    .array(
      z.object({
        field: z.string().nullable(),
        message: z.string(),
        line: z.int().optional().describe("the file's line, on a product import's errors"),
      }),
    )
    .optional(),
});

/** The error body, described for one operation's use of a status. */
export const errorAnswerAbout = (description: string) => errorBody.describe(description);

const errorAnswer = (status: AnswerErrorStatus) => errorAnswerAbout(ERROR_MEANING[status]);

/** Nothing in the body (204): the document shows no content. */
export const noContent = z.null().describe("Done; nothing in the body");

/** An amount in rupees as the API writes it: a number with two decimals (design.md). */
export const rupees = z.number().describe("rupees, such as 2499.00");

/** A moment as JSON writes a Date: ISO 8601 in UTC. */
export const moment = z.iso.datetime({ offset: true });

/**
 * A page of a list: the items, and in X-Total-Count how many match over all pages (with `counts`,
 * other headers a list's screen shows, such as X-Failed-Count).
 */
export function pageOf(item: z.ZodType, counts: Record<string, string> = {}) {
  const headers: Record<string, { type: "integer"; description: string }> = {
    "x-total-count": { type: "integer", description: "How many match, over all pages" },
  };
  for (const [name, description] of Object.entries(counts)) headers[name] = { type: "integer", description };
  // @fastify/swagger moves a response schema's headers to the answer's headers
  return z.array(item).describe("A page of the list").meta({ headers });
}

/** `{"detail": "…"}` on success: a sentence to show. */
export const detailAnswer = z.object({ detail: z.string() });

/** A body that is not JSON: the document names its type and the schema of its text. */
export const textAnswer = (type: string, description: string) => ({
  description,
  content: { [type]: { schema: z.string() } },
});

type SuccessAnswers = Record<number, z.ZodType | ReturnType<typeof textAnswer>>;

// what a success says when its schema does not say more
const SUCCESS_MEANING: Record<number, string> = {
  200: "Done: the body is the answer",
  201: "Created: the body is the new record",
  202: "Accepted: the work happens after the answer",
  204: "Done; nothing in the body",
};

/**
 * An operation's answers: its successes by status, and each error status it can give besides
 * those every route of its shape gives (declareCommonAnswers adds them).
 */
export function answers(success: SuccessAnswers, ...errors: AnswerErrorStatus[]) {
  const declared: Record<number, unknown> = {};
  for (const [status, answer] of Object.entries(success)) {
    const meaning = SUCCESS_MEANING[Number(status)] ?? "Done";
    declared[Number(status)] = answer instanceof z.ZodType && !answer.description ? answer.describe(meaning) : answer;
  }
  for (const status of errors) declared[status] = errorAnswer(status);
  return declared;
}

/** A fault of the store, never of the request: declared so clients know its body, and never expected by a test. */
const faultAnswer = errorBody.describe("A fault of the store: detail asks to try again; it never names the cause");

const hasBody = (method: RouteOptions["method"]) =>
  [method].flat().some((m) => m === "POST" || m === "PUT" || m === "PATCH" || m === "DELETE");

/**
 * onRoute hook of /api: adds the errors every route of its shape can give, so no route repeats
 * them: 400 and 414 for an address the request checks refuse (server/plugins/request-checks.ts:
 * a NUL byte, broken encoding, a bad Host header, too long), 422 for a request schema's refusal,
 * 400/413/415 for a JSON body that cannot be read,
 * 401 for a call that needs a shopper's token, 401 and 403 for a staff call, and 500 for a fault.
 */
export function declareCommonAnswers(route: RouteOptions): void {
  const schema = route.schema as (Record<string, unknown> & { response?: Record<number, unknown> }) | undefined;
  if (!schema || schema.hide) return;
  const common: AnswerErrorStatus[] = [400, 414];
  if (schema.params || schema.querystring || schema.headers || schema.body) common.push(422);
  if (schema.body && hasBody(route.method)) common.push(413, 415);
  // a call without a token says so, rather than leaving it to the reader
  schema.security ??= [];
  const security = JSON.stringify(schema.security);
  if (security.includes("staffBearer")) common.push(401, 403);
  else if (security.includes("bearerAuth")) common.push(401);
  const response: Record<number, unknown> = { ...schema.response };
  for (const status of common) response[status] ??= errorAnswer(status);
  response[500] ??= faultAnswer;
  schema.response = response;
}

const zodTransform = createJsonSchemaTransform({ skipList: [] });

/**
 * @fastify/swagger's transform: zod to JSON Schema for the API's routes; every other route (the
 * pages' catch-all, /media, the console's uploads, the document's own files) stays out of it.
 */
export const documentTransform: typeof zodTransform = (input) =>
  input.url.startsWith("/api/") ? zodTransform(input) : { schema: { hide: true } as never, url: input.url };

/** The tags operations are grouped under, in the order the document lists them. */
export const API_TAGS = [
  { name: "catalogue", description: "Products, collections and stock (spec §7)" },
  { name: "reviews", description: "Product reviews" },
  { name: "cart", description: "The server cart and stock checks" },
  { name: "orders", description: "Placing and tracking orders" },
  { name: "vouchers", description: "Voucher checks" },
  { name: "users", description: "Shoppers' accounts" },
  { name: "wishlist", description: "A shopper's saved products" },
  { name: "content", description: "Site settings, announcements and the homepage" },
  { name: "blog", description: "Blog posts" },
  { name: "admin", description: "The staff API: the same use-cases as the console (/admin)" },
  { name: "webhooks", description: "Calls from outside services" },
];

/** A value as JSON.stringify and serialize() write it: amounts as numbers, dates as text. */
export type Wire<T> = T extends Rupees
  ? number
  : T extends Date
    ? string
    : T extends readonly (infer U)[]
      ? Wire<U>[]
      : T extends object
        ? { [K in keyof T]: Wire<T[K]> }
        : T;

/**
 * An answer schema checked against what its presenter makes: `answerOf<Made>()(schema)` does not
 * compile when `Made`, written as JSON, is not something the schema accepts, so a field renamed,
 * retyped or made nullable in a presenter without its schema fails the typecheck (a field only
 * added is caught by the tests' check of real answers: the document allows no other fields).
 */
export const answerOf =
  <Made>() =>
  <S extends z.ZodType>(schema: S & ([Wire<Made>] extends [z.output<S>] ? unknown : never)): S =>
    schema;

// The answers of spec §3's shapes, each checked against its presenter (server/api/presenters.ts).

export const reviewAnswer = answerOf<ReturnType<typeof presentReview>>()(
  z.object({
    id: z.int(),
    product_id: z.int(),
    rating: z.int().min(1).max(5),
    review_text: z.string(),
    reviewer_name: z.string(),
    is_guest: z.boolean(),
    user: z.object({ first_name: z.string(), last_name: z.string() }).nullable(),
    created_at: moment,
  }),
);

export const productAnswer = answerOf<ReturnType<typeof presentProduct>>()(
  z.object({
    id: z.int(),
    name: z.string(),
    description: z.string(),
    name_ur: z.string().nullable().describe("the name in Urdu; null: none written, show the English"),
    description_ur: z.string().nullable().describe("the description in Urdu, in description_format; null: none"),
    description_format: z.string().describe("html, structured or plain (spec §3)"),
    structured_description: z
      .object({ highlights: z.array(z.string()).optional(), bullet_points: z.array(z.string()).optional() })
      .nullable(),
    custom_url: z.string().nullable(),
    price: rupees,
    base_price: rupees,
    compare_price: rupees.nullable(),
    min_price: rupees,
    max_price: rupees,
    image_url: z.string(),
    images: z.array(
      z.object({
        id: z.int(),
        image_url: z.string(),
        alt_text: z.string(),
        is_primary: z.boolean(),
        widths: z.array(z.int()).describe("the widths of the image's resized copies"),
      }),
    ),
    average_rating: z.number(),
    review_count: z.int(),
    stock: z.int(),
    stock_quantity: z.int(),
    created_at: moment,
    material_type: z.string().nullable(),
    custom_fields: z.record(z.string(), z.string()),
    faqs: z.array(z.object({ question: z.string(), answer: z.string() })),
    daraz_link: z.string().nullable(),
    variants: z.array(
      z.object({ id: z.int(), variant_type: z.string(), variant_value: z.string(), color_hex: z.string().nullable() }),
    ),
    variant_combinations: z.array(
      z.object({
        id: z.int(),
        combination_name: z.string(),
        variant_attributes: z.string().describe('JSON text, such as {"size":"M"}'),
        variant_values: z.string(),
        price: rupees,
        stock_quantity: z.int(),
        stock: z.int(),
        is_available: z.boolean(),
      }),
    ),
    reviews: z.array(reviewAnswer).optional().describe("the latest reviews, on one product's answer"),
  }),
);

export const collectionAnswer = answerOf<ReturnType<typeof presentCollection>>()(
  z.object({
    id: z.int(),
    name: z.string(),
    description: z.string(),
    name_ur: z.string().nullable().describe("the name in Urdu; null: none written, show the English"),
    description_ur: z.string().nullable().describe("the description in Urdu; null: none written"),
    image_url: z.string(),
    is_featured: z.boolean(),
    product_count: z.int(),
  }),
);

const blogSummaryFields = {
  id: z.int(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string().nullable(),
  title_ur: z.string().nullable().describe("the title in Urdu; null: none written, show the English"),
  excerpt_ur: z.string().nullable().describe("the excerpt in Urdu; null: none written"),
  category: z.string().nullable(),
  author_name: z.string().nullable(),
  featured_image_url: z.string().nullable(),
  read_time_minutes: z.int().nullable(),
  is_featured: z.boolean(),
  created_at: moment,
  published_at: moment.nullable(),
  updated_at: moment,
};

export const blogSummaryAnswer = answerOf<ReturnType<typeof presentBlogSummary>>()(z.object(blogSummaryFields));

export const blogAnswer = answerOf<ReturnType<typeof presentBlog>>()(
  z.object({
    ...blogSummaryFields,
    content: z.string(),
    content_ur: z.string().nullable().describe("the body in Urdu (cleaned HTML); null: none written"),
    tags: z.array(z.string()).nullable(),
    seo_title: z.string().nullable(),
    seo_description: z.string().nullable(),
    seo_keywords: z.string().nullable(),
  }),
);

const orNull = z.string().nullable();

export const siteSettingsAnswer = answerOf<ReturnType<typeof presentSiteSettings>>()(
  z.object({
    siteName: z.string(),
    site_name: z.string(),
    free_shipping_threshold: rupees.nullable(),
    shipping_fee: rupees,
    logo_url: orNull,
    default_meta_title: orNull,
    default_meta_description: orNull,
    default_meta_keywords: orNull,
    google_analytics_id: orNull,
    google_tag_manager_id: orNull,
    facebook_pixel_id: orNull,
    default_og_image: orNull,
    favicon_url: orNull,
    apple_touch_icon_url: orNull,
    phone: orNull,
    email: orNull,
    address: orNull,
    whatsapp_number: orNull,
    facebook_url: orNull,
    instagram_url: orNull,
    twitter_url: orNull,
    tiktok_url: orNull,
    youtube_url: orNull,
    delivery_promise: z.string(),
    business_hours: orNull,
    schema_org_type: z.string(),
    schema_org_data: z.unknown(),
    max_units_per_line: z.int(),
    // spec §9's currency list (decision 0091): what every order is charged in, and the ones
    // prices may be shown in, converted at the shop's rate
    default_currency: z.literal(DEFAULT_CURRENCY),
    currencies: z
      .array(
        z.object({
          code: z.enum([DEFAULT_CURRENCY, ...DISPLAY_CURRENCIES]),
          name: z.string(),
          symbol: z.string(),
          rupees_per_unit: z
            .string()
            .regex(/^\d{1,5}\.\d{4}$/)
            .describe("Rupees per unit, exactly 4 decimals; 1.0000 for PKR"),
          set_at: moment.nullable().describe("When the shop set this rate; null for PKR"),
        }),
      )
      .describe("PKR first, then each currency the shop has a rate for; prices shown in one are approximate"),
  }),
);

/** subtotal, shipping, discount and total of an order */
export const orderTotalsFields = { subtotal: rupees, shipping: rupees, discount: rupees, total: rupees };

/** an order's line as the shopper's and the staff's order answers show it */
export const orderLineFields = {
  product_id: z.int().nullable().describe("null once the product is deleted"),
  combination_id: z.int().nullable(),
  name: z.string(),
  variant: z.string().nullable(),
  variant_details: z.string().nullable().describe("the chosen options as JSON text"),
  image_url: z.string().nullable(),
  quantity: z.int(),
  price: rupees,
  line_total: rupees,
};

/** What the courier reported of the shopper's parcel (decision 0104), oldest first. */
export const shopperParcelEventAnswer = z.object({
  at: moment,
  status: z
    .string()
    .describe("booked, picked up, in transit, out for delivery, delivery attempted, delivered, returning or returned"),
  reason: z.string().nullable().describe("the courier's reason, where it gave one (an attempted delivery's)"),
  location: z.string().nullable(),
  courier: z.string(),
});

/** an exchange of an order, as the shopper sees it (decision 0056) */
export const shopperExchangeAnswer = z.object({
  role: z.string().describe("replacement: this order's replacement; replaces: the order this one replaces"),
  tracking_id: z.string(),
  created_at: moment,
});
