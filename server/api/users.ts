// Accounts (spec §7 /users calls, issue 4): sign-up, sign-in, sign-out, profile, wishlist,
// the account's orders, and the staff list of accounts. Every answer here is private: no-store.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Account } from "../../core/accounts/account";
import { listMyOrders, type MyOrder } from "../../core/orders/my-orders";
import { resendVerificationEmail, verifyEmail } from "../../core/accounts/email-verification";
import { requestPasswordReset, resetPassword } from "../../core/accounts/password-reset";
import { requestSignInLink, signInWithLink } from "../../core/accounts/sign-in-link";
import {
  loginInput,
  passwordResetConfirmInput,
  passwordResetRequestInput,
  profileInput,
  registerInput,
  signInLinkInput,
  signInLinkRequestInput,
  verifyEmailInput,
} from "../../core/accounts/rules";
import {
  registerUser,
  signIn,
  signOut,
  updateProfile,
  type ClientInfo,
  type SignedIn,
} from "../../core/accounts/users";
import { addToWishlist, listWishlist, removeFromWishlist } from "../../core/accounts/wishlist";
import type { CoreContext } from "../../core/context";
import type { AppConfig } from "../config";
import { requireUser, signedInUser } from "../plugins/auth";
import { money } from "../serialize";
import { idSchema, pageQuery } from "./http";
import {
  answerOf,
  answers,
  detailAnswer,
  moment,
  noContent,
  orderLineFields,
  orderTotalsFields,
  productAnswer,
  rupees,
  shopperExchangeAnswer,
} from "./answers";
import { presentOrderTotals, presentProduct, variantDetailsText } from "./presenters";

/** spec §3 User, plus its id and role. */
export function presentUser(user: Account) {
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    username: user.username,
    phone: user.phone,
    role: user.role,
    // null until the shopper opens the link in the confirmation email (issue 17)
    email_verified_at: user.emailVerifiedAt,
    created_at: user.createdAt,
  };
}

function presentSignIn({ token, user }: SignedIn) {
  return { access_token: token, token_type: "bearer" as const, user: presentUser(user) };
}

export function presentMyOrder(order: MyOrder) {
  return {
    id: order.id,
    order_id: order.id,
    tracking_id: order.trackingId,
    status: order.status,
    payment_method: order.paymentMethod,
    first_name: order.firstName,
    last_name: order.lastName,
    email: order.email,
    phone: order.phone,
    shipping_address: order.shippingAddress,
    city: order.city,
    postal_code: order.postalCode,
    country: order.country,
    items: order.items.map((item) => ({
      product_id: item.productId,
      combination_id: item.combinationId,
      name: item.productName,
      variant: item.combinationName,
      variant_details: variantDetailsText(item.variantDetails),
      image_url: item.imageUrl,
      quantity: item.quantity,
      price: money(item.unitPricePaisa),
      line_total: money(item.lineTotalPaisa),
    })),
    ...presentOrderTotals(order),
    total_amount: money(order.totalPaisa),
    voucher_code: order.voucherCode,
    courier: order.courier,
    tracking_number: order.trackingNumber,
    // exchanges (decision 0056): the replacement arranged, or the order this one replaces
    exchanges: order.exchanges.map((e) => ({ role: e.role, tracking_id: e.trackingId, created_at: e.createdAt })),
    timeline: order.timeline.map((step) => ({
      status: step.status,
      created_at: step.createdAt,
      ...(step.courier ? { courier: step.courier, tracking_number: step.trackingNumber } : {}),
    })),
    created_at: order.createdAt,
    updated_at: order.updatedAt,
  };
}

const productParams = z.object({ productId: idSchema("productId") });

const bearer = [{ bearerAuth: [] }];

function clientInfo(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: request.headers["user-agent"] };
}

export const userAnswer = answerOf<ReturnType<typeof presentUser>>()(
  z.object({
    id: z.int(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    username: z.string().nullable(),
    phone: z.string().nullable(),
    role: z.string(),
    email_verified_at: moment.nullable(),
    created_at: moment,
  }),
);

const signInAnswer = answerOf<ReturnType<typeof presentSignIn>>()(
  z.object({ access_token: z.string(), token_type: z.literal("bearer"), user: userAnswer }),
);

const myOrderAnswer = answerOf<ReturnType<typeof presentMyOrder>>()(
  z.object({
    id: z.int(),
    order_id: z.int(),
    tracking_id: z.string(),
    status: z.string(),
    payment_method: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    phone: z.string(),
    shipping_address: z.string(),
    city: z.string(),
    postal_code: z.string(),
    country: z.string(),
    items: z.array(z.object(orderLineFields)),
    ...orderTotalsFields,
    total_amount: rupees,
    voucher_code: z.string().nullable(),
    courier: z.string().nullable(),
    tracking_number: z.string().nullable(),
    exchanges: z.array(shopperExchangeAnswer),
    timeline: z.array(
      z.object({
        status: z.string(),
        created_at: moment,
        courier: z.string().nullable().optional(),
        tracking_number: z.string().nullable().optional(),
      }),
    ),
    created_at: moment,
    updated_at: moment,
  }),
);

const wishlistEntry = z.object({ product_id: z.int(), added_at: moment, in_wishlist: z.literal(true) });

export async function userRoutes(app: FastifyInstance, { core, config }: { core: CoreContext; config: AppConfig }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(core);

  // tokens and personal data must never sit in a shared cache
  app.addHook("onRequest", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  api.post(
    "/users/register",
    {
      schema: {
        tags: ["users"],
        summary:
          "Create an account (201 with access_token and user); 422 when the email is taken, and the owner of that address is emailed (once a day); 429 after 20 sign-ups an hour from one client",
        body: registerInput,
        operationId: "registerUser",
        response: answers({ 201: signInAnswer }, 429),
      },
    },
    async (request, reply) => {
      const result = await registerUser(core, request.body, clientInfo(request));
      return reply.code(201).send(presentSignIn(result));
    },
  );

  api.post(
    "/users/login",
    {
      schema: {
        tags: ["users"],
        summary:
          "Sign in: access_token and user, 401 for a wrong email or password, 429 after too many failures (10 from one address, 100 an hour for one account), whose detail offers a sign-in link by email (POST /users/sign-in-link)",
        body: loginInput,
        operationId: "signIn",
        response: answers({ 200: signInAnswer }, 401, 429),
      },
    },
    async (request) => presentSignIn(await signIn(core, request.body, clientInfo(request))),
  );

  api.post(
    "/users/logout",
    {
      schema: {
        tags: ["users"],
        summary: "End this session (204); the token answers 401 afterwards",
        security: bearer,
        operationId: "signOut",
        response: answers({ 204: noContent }),
      },
      preHandler: signedIn,
    },
    async (request, reply) => {
      await signOut(core, signedInUser(request).sessionId);
      return reply.code(204).send();
    },
  );

  api.get(
    "/users/me",
    {
      schema: {
        tags: ["users"],
        operationId: "getMe",
        summary: "The signed-in user",
        security: bearer,
        response: answers({ 200: userAnswer }),
      },
      preHandler: signedIn,
    },
    async (request) => presentUser(signedInUser(request)),
  );

  api.put(
    "/users/me",
    {
      schema: {
        tags: ["users"],
        summary: "Update the profile (first and last name required; the email cannot change)",
        body: profileInput,
        security: bearer,
        operationId: "updateMe",
        response: answers({ 200: userAnswer }, 403),
      },
      preHandler: signedIn,
    },
    async (request) => presentUser(await updateProfile(core, signedInUser(request).id, request.body)),
  );

  // forgotten passwords and email confirmation (issue 17, decision 0077)
  api.post(
    "/users/password-reset",
    {
      schema: {
        tags: ["users"],
        summary:
          "Send a password reset link by email (valid one hour), or with channel whatsapp a 6-digit code (15 minutes) where WhatsApp is set up and the account is a shopper's with a phone (a staff account gets the email link). 202 with the same detail, after the same work, whether or not the account exists: the message is sent after the answer; 429 after 3 requests an hour for one email or 20 from one client",
        operationId: "requestPasswordReset",
        body: passwordResetRequestInput,
        response: answers({ 202: detailAnswer }, 429),
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(await requestPasswordReset(core, request.body, clientInfo(request), { whatsapp: !!config.whatsapp })),
  );

  api.post(
    "/users/password-reset/confirm",
    {
      schema: {
        tags: ["users"],
        summary:
          "Set a new password (register rules) with the link's token, or with email and the WhatsApp code; ends every session of the account. 410 for a used or expired link, 404 for an unknown one, 422 for a wrong code (5 wrong codes end it)",
        operationId: "resetPassword",
        body: passwordResetConfirmInput,
        response: answers({ 200: detailAnswer }, 404, 410, 429),
      },
    },
    async (request) => resetPassword(core, request.body, clientInfo(request)),
  );

  // the way back in after a lock-out (decision 0087)
  api.post(
    "/users/sign-in-link",
    {
      schema: {
        tags: ["users"],
        summary:
          "Email a one-time sign-in link (valid one hour) to a shopper's account with this email; staff accounts get none. 202 with the same detail, after the same work, whether or not the account exists: the email is sent after the answer; 429 after 3 requests an hour for one email or 20 from one client",
        operationId: "requestSignInLink",
        body: signInLinkRequestInput,
        response: answers({ 202: detailAnswer }, 429),
      },
    },
    async (request, reply) => reply.code(202).send(await requestSignInLink(core, request.body, clientInfo(request))),
  );

  api.post(
    "/users/sign-in-link/confirm",
    {
      schema: {
        tags: ["users"],
        summary:
          "Sign in with the link's token: access_token and user, as POST /users/login answers; the link is spent. 410 for a used or expired link, 404 for an unknown one, 429 after 20 tries in 10 minutes from one client",
        operationId: "signInWithLink",
        body: signInLinkInput,
        response: answers({ 200: signInAnswer }, 404, 410, 429),
      },
    },
    async (request) => presentSignIn(await signInWithLink(core, request.body, clientInfo(request))),
  );

  api.post(
    "/users/verify-email",
    {
      schema: {
        tags: ["users"],
        summary:
          "Confirm the account's email with the link's token; guest orders with that email then appear in /users/me/orders. 410 for a used or expired link, or one sent to an address the account no longer has",
        operationId: "verifyEmail",
        body: verifyEmailInput,
        response: answers({ 200: detailAnswer }, 404, 410, 429),
      },
    },
    async (request) => verifyEmail(core, request.body, clientInfo(request)),
  );

  api.post(
    "/users/me/verification-email",
    {
      schema: {
        tags: ["users"],
        summary:
          "Send the confirmation link again (202); 409 when the email is already confirmed, 429 after 3 in an hour",
        operationId: "resendVerificationEmail",
        security: bearer,
        response: answers({ 202: detailAnswer }, 409, 429),
      },
      preHandler: signedIn,
    },
    async (request, reply) => reply.code(202).send(await resendVerificationEmail(core, signedInUser(request))),
  );

  api.get(
    "/users/me/orders",
    {
      schema: {
        tags: ["users"],
        summary: "The account's orders, newest first",
        querystring: pageQuery(100, 50),
        security: bearer,
        operationId: "listMyOrders",
        response: answers({ 200: z.array(myOrderAnswer) }),
      },
      preHandler: signedIn,
    },
    async (request) => (await listMyOrders(core, signedInUser(request), request.query)).map(presentMyOrder),
  );

  api.get(
    "/users/wishlist",
    {
      schema: {
        tags: ["wishlist"],
        operationId: "listWishlist",
        summary: "Saved products, newest first",
        security: bearer,
        response: answers({
          200: z.array(z.object({ product_id: z.int(), product: productAnswer, added_at: moment })),
        }),
      },
      preHandler: signedIn,
    },
    async (request) =>
      (await listWishlist(core, signedInUser(request).id)).map((entry) => ({
        product_id: entry.product.id,
        product: presentProduct(entry.product),
        added_at: entry.addedAt,
      })),
  );

  api.post(
    "/users/wishlist/:productId",
    {
      schema: {
        tags: ["wishlist"],
        summary: "Save a product (201; 200 when it was already saved; 404 for a missing product)",
        params: productParams,
        security: bearer,
        operationId: "addToWishlist",
        response: answers({ 200: wishlistEntry, 201: wishlistEntry }, 404),
      },
      preHandler: signedIn,
    },
    async (request, reply) => {
      const { productId } = request.params;
      const { added, addedAt } = await addToWishlist(core, signedInUser(request).id, productId);
      return reply.code(added ? 201 : 200).send({ product_id: productId, added_at: addedAt, in_wishlist: true });
    },
  );

  api.delete(
    "/users/wishlist/:productId",
    {
      schema: {
        tags: ["wishlist"],
        summary: "Remove a product from the wishlist (204, also when it was not there)",
        params: productParams,
        security: bearer,
        operationId: "removeFromWishlist",
        response: answers({ 204: noContent }),
      },
      preHandler: signedIn,
    },
    async (request, reply) => {
      await removeFromWishlist(core, signedInUser(request).id, request.params.productId);
      return reply.code(204).send();
    },
  );
}
