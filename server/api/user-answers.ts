// What the account calls answer about the shopper (spec §3 User) and their sign-in, shared by
// the account routes (users.ts, user-recovery.ts) and the staff list of accounts.
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import type { Account, ClientInfo } from "../../core/accounts/account";
import type { SignedIn } from "../../core/accounts/users";
import { answerOf, moment } from "./answers";

/** How the document names a call that needs a shopper's token. */
export const SHOPPER_SECURITY = [{ bearerAuth: [] }];

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
    // null until the shopper opens the link in the confirmation email
    email_verified_at: user.emailVerifiedAt,
    created_at: user.createdAt,
  };
}

export function presentSignIn({ token, user }: SignedIn) {
  return { access_token: token, token_type: "bearer" as const, user: presentUser(user) };
}

export function clientInfo(request: FastifyRequest): ClientInfo {
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

export const signInAnswer = answerOf<ReturnType<typeof presentSignIn>>()(
  z.object({ access_token: z.string(), token_type: z.literal("bearer"), user: userAnswer }),
);
