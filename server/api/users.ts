// Accounts (spec §7 /users calls): sign-up, sign-in, sign-out and the profile here; the way back
// into an account (user-recovery.ts), the account's orders (my-orders.ts) and its wishlist
// (wishlist.ts) registered from here. Every answer here is private: no-store.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { loginInput, profileInput, registerInput } from "../../core/accounts/rules";
import { registerUser, signIn, signOut, updateProfile } from "../../core/accounts/users";
import type { CoreContext } from "../../core/context";
import type { AppConfig } from "../config";
import { requireUser, signedInUser } from "../plugins/auth";
import { answers, noContent } from "./answers";
import { myOrderRoutes } from "./my-orders";
import { clientInfo, presentSignIn, presentUser, SHOPPER_SECURITY, signInAnswer, userAnswer } from "./user-answers";
import { accountRecoveryRoutes } from "./user-recovery";
import { wishlistRoutes } from "./wishlist";

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
        security: SHOPPER_SECURITY,
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
        security: SHOPPER_SECURITY,
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
        security: SHOPPER_SECURITY,
        operationId: "updateMe",
        response: answers({ 200: userAnswer }, 403),
      },
      preHandler: signedIn,
    },
    async (request) => presentUser(await updateProfile(core, signedInUser(request).id, request.body)),
  );

  accountRecoveryRoutes(app, core, config);
  myOrderRoutes(app, core);
  wishlistRoutes(app, core);
}
