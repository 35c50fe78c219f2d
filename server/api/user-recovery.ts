// The way back into an account and the confirmation of its email (decisions 0077 and 0087):
// a password reset by email link or WhatsApp code, a one-time sign-in link after a lock-out, and
// the link that confirms the account's email. Registered by userRoutes, under its no-store hook.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { resendVerificationEmail, verifyEmail } from "../../core/accounts/email-verification";
import { requestPasswordReset, resetPassword } from "../../core/accounts/password-reset";
import {
  passwordResetConfirmInput,
  passwordResetRequestInput,
  signInLinkInput,
  signInLinkRequestInput,
  verifyEmailInput,
} from "../../core/accounts/rules";
import { requestSignInLink, signInWithLink } from "../../core/accounts/sign-in-link";
import type { CoreContext } from "../../core/context";
import type { AppConfig } from "../config";
import { requireUser, signedInUser } from "../plugins/auth";
import { answers, detailAnswer } from "./answers";
import { clientInfo, presentSignIn, SHOPPER_SECURITY, signInAnswer } from "./user-answers";

export function accountRecoveryRoutes(app: FastifyInstance, core: CoreContext, config: AppConfig) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // forgotten passwords and email confirmation (decision 0077)
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
        security: SHOPPER_SECURITY,
        response: answers({ 202: detailAnswer }, 409, 429),
      },
      preHandler: requireUser(core),
    },
    async (request, reply) => reply.code(202).send(await resendVerificationEmail(core, signedInUser(request))),
  );
}
