// The store's settings through the staff API: the owner may require two-step sign-in, and
// chooses how parcels are labelled (discreet packaging, decision 0058), and the store's details
// (decision 0068).
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { CoreContext } from "../../../core/context";
import { getPackagingSettings, setPackagingSettings, type PackagingSettings } from "../../../core/orders/packaging";
import { getStoreDetails, updateStoreDetails, type StoreDetails } from "../../../core/settings/store-details";
import { SOCIAL_FIELDS, SOCIAL_HOSTS } from "../../../core/settings/store-details-rules";
import { getStaffSecuritySettings, setStaffTwoStepRequired } from "../../../core/staff/two-step";
import { money } from "../../serialize";
import { answerOf, answers, rupees } from "../answers";
import { staffRoutes } from "./staff-routes";

const securityAnswer = z.object({
  two_step_required: z.boolean(),
});

const packagingAnswer = z.object({
  discreet_packaging: z.boolean(),
  discreet_sender_name: z.string().nullable(),
  sender_name_shown: z.string(),
});

export async function adminSettingsRoutes(app: FastifyInstance, { core }: { core: CoreContext }) {
  const staff = staffRoutes(app, core, "settings");

  staff.get(
    "/admin/settings/security",
    {
      operationId: "getSecuritySettings",
      summary: "Whether every staff account must use two-step sign-in",
      response: answers({ 200: securityAnswer }),
    },
    async (actor) => ({
      two_step_required: (await getStaffSecuritySettings(core, actor)).twoStepRequired,
    }),
  );

  staff.put(
    "/admin/settings/security",
    {
      operationId: "updateSecuritySettings",
      summary: "Requires (or stops requiring) two-step sign-in of every staff account",
      response: answers({ 200: securityAnswer }),
      body: z.object({ two_step_required: z.boolean({ error: "two_step_required must be true or false" }) }),
    },
    async (actor, request) => ({
      two_step_required: (await setStaffTwoStepRequired(core, actor, request.body.two_step_required)).twoStepRequired,
    }),
  );

  const packaging = (p: PackagingSettings) => ({
    discreet_packaging: p.discreetPackaging,
    discreet_sender_name: p.discreetSenderName,
    sender_name_shown: p.senderNameShown,
  });

  staff.get(
    "/admin/settings/packaging",
    {
      operationId: "getPackagingSettings",
      summary: "Whether parcels' outer labels are discreet, and the sender name they show",
      response: answers({ 200: packagingAnswer }),
    },
    async (actor) => packaging(await getPackagingSettings(core, actor)),
  );

  staff.put(
    "/admin/settings/packaging",
    {
      operationId: "updatePackagingSettings",
      summary:
        "Turns discreet packaging on or off; discreet_sender_name (optional, null or empty for the default) is the sender a discreet label shows",
      response: answers({ 200: packagingAnswer }),
      body: z.object({
        discreet_packaging: z.boolean({ error: "discreet_packaging must be true or false" }),
        // checked in core (length, one line, not the store's name or its goods)
        discreet_sender_name: z.string({ error: "discreet_sender_name must be text" }).nullable().optional(),
      }),
    },
    async (actor, request) => packaging(await setPackagingSettings(core, actor, request.body)),
  );
}

const TEXT_FIELDS = [
  ["store_name", "The store's name in the header, footer and page titles; empty: the default"],
  ["phone", "Contact phone, a Pakistani number (mobile, landline or UAN)"],
  ["email", "Contact email"],
  ["address", "The shop's address, one line"],
  ["business_hours", "Business hours, e.g. Mon-Sat 10am-8pm"],
  ["whatsapp_number", "The chat button's number, a Pakistani mobile; answered as 923XXXXXXXXX"],
  ["delivery_promise", "A short sentence shown on product pages and at checkout, e.g. Delivered in 3-5 working days"],
  [
    "tagline",
    "The line under the store's name in the footer and on the home page; empty: the meta description. {free_delivery} and {delivery_fee} are filled from the delivery settings",
  ],
  [
    "meta_description",
    "What search engines show under the store's pages (about 155 characters); empty: the built-in one. {free_delivery} and {delivery_fee} are filled from the delivery settings",
  ],
  ...SOCIAL_FIELDS.map((f) => [f, `An https link to ${SOCIAL_HOSTS[f].label} (${SOCIAL_HOSTS[f].hosts.join(", ")})`]),
] as const;

const amount = (field: string, about: string) =>
  z
    .union([z.number(), z.string()], { error: `${field} must be an amount in rupees` })
    .nullable()
    .optional()
    .describe(about);

// every field is optional (absent: unchanged; null or empty: cleared); core checks each one
const storeDetailsBody = z.object({
  updated_at: z
    .string({ error: "updated_at must be the updated_at the settings were read with" })
    .describe("The updated_at of the GET this save is made from: 409 when the settings changed since"),
  ...Object.fromEntries(
    TEXT_FIELDS.map(([field, about]) => [
      field,
      z
        .string({ error: `${field} must be text` })
        .nullable()
        .optional()
        .describe(about),
    ]),
  ),
  shipping_fee: amount("shipping_fee", "Rupees charged below the threshold; empty or 0: Rs. 500 (spec §9)"),
  free_shipping_threshold: amount(
    "free_shipping_threshold",
    "Rupees at or above which shipping is free; empty: never free by amount; 0: every order ships free",
  ),
});

const presentStoreDetails = (d: StoreDetails) => ({
  store_name: d.store_name,
  default_store_name: d.default_store_name,
  phone: d.phone,
  email: d.email,
  address: d.address,
  business_hours: d.business_hours,
  whatsapp_number: d.whatsapp_number,
  shipping_fee: money(d.shipping_fee_paisa),
  effective_shipping_fee: money(d.effective_shipping_fee_paisa),
  free_shipping_threshold: money(d.free_shipping_threshold_paisa),
  delivery_promise: d.delivery_promise,
  tagline: d.tagline,
  meta_description: d.meta_description,
  facebook_url: d.facebook_url,
  instagram_url: d.instagram_url,
  twitter_url: d.twitter_url,
  tiktok_url: d.tiktok_url,
  youtube_url: d.youtube_url,
  updated_at: d.updated_at,
});

const storeDetailsAnswer = answerOf<ReturnType<typeof presentStoreDetails>>()(
  z.object({
    store_name: z.string().nullable(),
    default_store_name: z.string(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    address: z.string().nullable(),
    business_hours: z.string().nullable(),
    whatsapp_number: z.string().nullable(),
    shipping_fee: rupees.nullable(),
    effective_shipping_fee: rupees,
    free_shipping_threshold: rupees.nullable(),
    delivery_promise: z.string().nullable(),
    tagline: z.string().nullable(),
    meta_description: z.string().nullable(),
    facebook_url: z.string().nullable(),
    instagram_url: z.string().nullable(),
    twitter_url: z.string().nullable(),
    tiktok_url: z.string().nullable(),
    youtube_url: z.string().nullable(),
    updated_at: z.string(),
  }),
);

export async function adminStoreDetailsRoutes(app: FastifyInstance, { core }: { core: CoreContext }) {
  const staff = staffRoutes(app, core, "settings");

  staff.get(
    "/admin/settings/store",
    {
      operationId: "getStoreDetails",
      summary: "The store's details: name, contact, shipping, delivery promise, social links",
      response: answers({ 200: storeDetailsAnswer }),
    },
    async (actor) => {
      return presentStoreDetails(await getStoreDetails(core, actor));
    },
  );

  staff.put(
    "/admin/settings/store",
    {
      operationId: "updateStoreDetails",
      summary:
        "Saves the store's details; send updated_at from the GET (409 when another save came first). 422 names the field",
      response: answers({ 200: storeDetailsAnswer }, 409),
      body: storeDetailsBody,
    },
    async (actor, request) =>
      presentStoreDetails(await updateStoreDetails(core, actor, request.body as Record<string, unknown>)),
  );
}
