// The shop's courier accounts through the staff API (decision 0102): the same core use-cases as
// the console's Settings → Couriers, owner only (the settings permission). Credentials go in and
// never come out: an answer carries each one's hint (a secret's last four characters), and
// whether this process's key can open them.
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { CoreContext } from "../../../core/context";
import { credentialFieldsOf } from "../../../core/couriers/account-input";
import {
  addCourierAccount,
  getCourierAccount,
  listCourierAccounts,
  removeCourierAccount,
  setDefaultCourierAccount,
  updateCourierAccount,
  type CourierAccountView,
} from "../../../core/couriers/accounts";
import { testCourierConnection } from "../../../core/couriers/connection-check";
import { COURIER_CODES, COURIER_NAMES } from "../../../core/couriers/courier";
import { idParams } from "../http";
import { answerOf, answers, moment, noContent } from "../answers";
import { staffRoutes } from "./staff-routes";

const credentialField = z.object({
  name: z.string(),
  label: z.string(),
  secret: z.boolean().describe("true: shown back only as its last four characters"),
  max_length: z.int(),
});

const presentField = (f: { name: string; label: string; secret: boolean; maxLength: number }) => ({
  name: f.name,
  label: f.label,
  secret: f.secret,
  max_length: f.maxLength,
});

export function presentCourierAccount(a: CourierAccountView) {
  return {
    id: a.id,
    courier: a.courier,
    courier_name: a.courierName,
    label: a.label,
    mode: a.mode,
    base_url: a.baseUrl,
    default: a.isDefault,
    active: a.isActive,
    credentials: a.credentialHints,
    credentials_state: a.credentialsState,
    credential_fields: a.credentialFields.map(presentField),
    pickup_addresses: a.pickupAddresses.map((p) => ({
      label: p.label,
      address: p.address,
      city_id: p.cityId,
      city: p.cityName,
      phone: p.phone,
      code: p.code,
    })),
    default_weight_grams: a.defaultWeightGrams,
    created_at: a.createdAt,
    updated_at: a.updatedAt,
  };
}

const pickupAnswer = z.object({
  label: z.string(),
  address: z.string(),
  city_id: z.int().nullable().describe("The store's city (the checkout's list)"),
  city: z.string().nullable(),
  phone: z.string().describe("0 and 9 or 10 digits: 03001234567, 04235761234"),
  code: z.string().nullable().describe("The courier's own id or code for this address, where it has one"),
});

const accountAnswer = answerOf<ReturnType<typeof presentCourierAccount>>()(
  z.object({
    id: z.int(),
    courier: z.enum(COURIER_CODES),
    courier_name: z.string(),
    label: z.string(),
    mode: z.enum(["live", "test"]).describe("live: the courier's production host; test: its staging host"),
    base_url: z.string().nullable().describe("Another address than the courier's own for the mode; null: its own"),
    default: z.boolean().describe("Booking offers this account first; exactly one active account is the default"),
    active: z.boolean().describe("false: no new bookings; its parcels are still followed"),
    credentials: z
      .record(z.string(), z.string())
      .describe("Each credential's hint (a secret's last four characters), never the value"),
    credentials_state: z
      .enum(["readable", "unreadable", "no key"])
      .describe(
        "unreadable: sealed under another SECRETS_KEY, give them again; no key: this process has no SECRETS_KEY",
      ),
    credential_fields: z.array(credentialField).describe("The credentials the courier's API takes"),
    pickup_addresses: z.array(pickupAnswer),
    default_weight_grams: z.int(),
    created_at: moment,
    updated_at: moment,
  }),
);

const listAnswer = z.object({
  accounts: z.array(accountAnswer),
  couriers: z
    .array(z.object({ code: z.enum(COURIER_CODES), name: z.string(), credential_fields: z.array(credentialField) }))
    .describe("The couriers an account can be added for, with the credentials each takes"),
});

const pickupInput = z.object({
  label: z.string().describe("The owner's name for it (at most 80 characters)"),
  address: z.string().describe("At most 300 characters"),
  city_id: z.int().nullable().optional().describe("One of the store's cities"),
  phone: z.string().describe("A Pakistani mobile or landline"),
  code: z.string().nullable().optional().describe("The courier's id or code for the address (Trax, PostEx)"),
});

const accountFields = {
  label: z.string().describe("The owner's name for the account, unique (at most 80 characters)"),
  mode: z.enum(["live", "test"]).describe("live (the default) or test: the courier's staging host"),
  base_url: z
    .string()
    .nullable()
    .describe(
      "https only (http only for 127.0.0.1 or localhost), at most 300 characters; null or empty: the courier's own",
    ),
  pickup_addresses: z.array(pickupInput).describe("At most 10; the whole list replaces the stored one"),
  default_weight_grams: z.union([z.int(), z.string()]).describe("1 to 100000 grams (default 500)"),
  active: z.boolean(),
};

const credentialsInput = z
  .record(z.string(), z.string())
  .describe("The courier's credential fields by name (credential_fields of GET /api/admin/couriers)");

const newAccountBody = z.object({
  courier: z.enum(COURIER_CODES),
  ...accountFields,
  mode: accountFields.mode.optional(),
  base_url: accountFields.base_url.optional(),
  pickup_addresses: accountFields.pickup_addresses.optional(),
  default_weight_grams: accountFields.default_weight_grams.optional(),
  active: accountFields.active.optional(),
  credentials: credentialsInput.describe("Every credential field of the courier"),
});

const changesBody = z.object({
  courier: z.enum(COURIER_CODES).optional().describe("The account's own, if sent: a courier never changes (422)"),
  label: accountFields.label.optional(),
  mode: accountFields.mode.optional(),
  base_url: accountFields.base_url.optional(),
  pickup_addresses: accountFields.pickup_addresses.optional(),
  default_weight_grams: accountFields.default_weight_grams.optional(),
  active: accountFields.active.optional(),
  credentials: credentialsInput
    .optional()
    .describe("Only the credentials to replace; an empty or absent one keeps its stored value"),
});

const checkAnswer = z.object({
  ok: z.boolean(),
  message: z.string().describe("What staff read: the courier's city count, or why it failed"),
  cities: z.int().optional().describe("How many cities the courier's list gave"),
  kind: z.enum(["unreachable", "timeout", "credentials", "refused", "unexpected"]).optional().describe("Why it failed"),
});

export async function adminCourierRoutes(app: FastifyInstance, { core }: { core: CoreContext }) {
  const staff = staffRoutes(app, core, "settings");

  staff.get(
    "/admin/couriers",
    {
      operationId: "listCourierAccounts",
      summary: "The shop's courier accounts (credentials as hints only), and the couriers one can be added for",
      response: answers({ 200: listAnswer }),
    },
    async (actor) => ({
      accounts: (await listCourierAccounts(core, actor)).map(presentCourierAccount),
      couriers: COURIER_CODES.map((code) => ({
        code,
        name: COURIER_NAMES[code],
        credential_fields: credentialFieldsOf(code).map(presentField),
      })),
    }),
  );

  staff.post(
    "/admin/couriers",
    {
      operationId: "addCourierAccount",
      summary:
        "Adds a courier account with its credentials, sealed at rest (201); the first active account becomes the default. 422 when the store has no SECRETS_KEY",
      body: newAccountBody,
      response: answers({ 201: accountAnswer }, 409, 422),
    },
    async (actor, request, reply) =>
      reply.code(201).send(presentCourierAccount(await addCourierAccount(core, actor, request.body))),
  );

  staff.get(
    "/admin/couriers/:id",
    {
      operationId: "getCourierAccount",
      summary: "One courier account (credentials as hints only)",
      params: idParams,
      response: answers({ 200: accountAnswer }, 404),
    },
    async (actor, request) => presentCourierAccount(await getCourierAccount(core, actor, request.params.id)),
  );

  staff.patch(
    "/admin/couriers/:id",
    {
      operationId: "updateCourierAccount",
      summary:
        "Changes a courier account: absent fields stay; a credential given replaces the stored one. Deactivating the default makes the longest-kept other active account the default",
      params: idParams,
      body: changesBody,
      response: answers({ 200: accountAnswer }, 404, 409, 422),
    },
    async (actor, request) =>
      presentCourierAccount(await updateCourierAccount(core, actor, request.params.id, request.body)),
  );

  staff.delete(
    "/admin/couriers/:id",
    {
      operationId: "removeCourierAccount",
      summary:
        "Removes a courier account (204); 409 while any of its parcels is on the way (deactivate it instead). Its past parcels stay",
      params: idParams,
      response: answers({ 204: noContent }, 404, 409),
    },
    async (actor, request, reply) => {
      await removeCourierAccount(core, actor, request.params.id);
      return reply.code(204).send();
    },
  );

  staff.post(
    "/admin/couriers/:id/test",
    {
      operationId: "testCourierAccount",
      summary:
        "Asks the courier for its city list with the account's credentials: ok, or the courier's refusal in staff's words (200 either way). 422 when the credentials cannot be opened",
      params: idParams,
      response: answers({ 200: checkAnswer }, 404, 422),
    },
    async (actor, request) => testCourierConnection(core, actor, request.params.id),
  );

  staff.post(
    "/admin/couriers/:id/default",
    {
      operationId: "setDefaultCourierAccount",
      summary: "Makes an active account the default courier; the one before it stops being the default",
      params: idParams,
      response: answers({ 200: accountAnswer }, 404, 422),
    },
    async (actor, request) => presentCourierAccount(await setDefaultCourierAccount(core, actor, request.params.id)),
  );
}
