// Accounts: sign-up, sign-in and sign-out, and the profile.
import type { ShopperLocale } from "../shared/locale";
import { and, eq, ne, sql } from "drizzle-orm";
import type { CoreContext } from "../context";
import { AppError, invalid } from "../shared/errors";
import { users } from "../../db/schema";
import { accountColumns, checkProfileName, type Account, type ClientInfo } from "./account";
import { databaseError, UNIQUE_VIOLATION } from "../shared/db-errors";
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from "./passwords";
import { loginInput, normalizeEmail, profileInput, registerInput } from "./rules";
import { createSession, revokeSession } from "./sessions";
import { sendVerificationEmail } from "./email-verification";
import { signInCounters } from "./sign-in-limits";
import { minutesText, parse, tooMany } from "../shared/refusals";
import { queueRegistrationAttemptEmail } from "./account-emails";

export type { Account } from "./account";

/** Where a sign-in or sign-up comes from: the address is what per-client limits count. */
export type { ClientInfo } from "./account";

export interface SignedIn {
  token: string;
  user: Account;
}

// Each sign-up costs an argon2 hash; one address creating many accounts is a script
export const SIGN_UP_LIMIT = { attempts: 20, windowSeconds: 60 * 60 };
// the owner of a taken address hears of a sign-up with it once a day at most, however many come
export const REGISTRATION_NOTICE_LIMIT = { limit: 1, windowSeconds: 24 * 60 * 60 };

export const WRONG_CREDENTIALS = "Incorrect email or password.";
export const EMAIL_TAKEN = "An account with this email already exists.";
export const USERNAME_TAKEN = "This username is taken.";

/** The account with this address (any case), with its password hash; null when there is none. */
export async function findByEmail(ctx: CoreContext, email: string) {
  // lower(email) matches the unique index users_email_key
  const [row] = await ctx.db
    .select({ ...accountColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(sql`lower(${users.email}) = ${normalizeEmail(email)}`);
  return row ?? null;
}

function withoutHash<T extends { passwordHash: string }>(row: T): Omit<T, "passwordHash"> {
  const { passwordHash: _hash, ...account } = row;
  return account;
}

/** Creates a shopper's account (spec §3 Register payload) and signs them in. */
export async function registerUser(ctx: CoreContext, raw: unknown, client: ClientInfo): Promise<SignedIn> {
  const input = parse(registerInput, raw);
  // counted before the email check, so the "already exists" answer cannot be used to probe
  // many emails from one address
  const { count: attempts, retryAfterSeconds } = await ctx.limiter.hit(
    `signup:ip:${client.ip}`,
    SIGN_UP_LIMIT.windowSeconds,
  );
  if (attempts > SIGN_UP_LIMIT.attempts) {
    throw tooMany("Too many sign-up attempts", retryAfterSeconds);
  }
  // hashed before the address is looked up: a taken address is answered after the same argon2
  // work as a new one, so the answer's time says no more than its words (decision 0087)
  const passwordHash = await hashPassword(input.password);
  const existing = await findByEmail(ctx, input.email);
  if (existing) {
    await tellOwnerOfSignUp(ctx, { ...existing, locale: input.locale });
    throw invalid(EMAIL_TAKEN);
  }
  let user: Account;
  try {
    // the account and its confirmation email commit together
    user = await ctx.db.transaction(async (tx) => {
      const [created] = (await tx
        .insert(users)
        .values({
          email: input.email,
          passwordHash,
          firstName: input.first_name,
          lastName: input.last_name,
          role: "customer",
          locale: input.locale ?? "en",
        })
        .returning(accountColumns)) as [Account];
      await sendVerificationEmail(ctx, tx, { ...created, locale: input.locale ?? "en" });
      return created;
    });
  } catch (error) {
    // two sign-ups with one email at the same moment: the unique index decides
    if (databaseError(error)?.code === UNIQUE_VIOLATION) throw invalid(EMAIL_TAKEN);
    throw error;
  }
  const token = await createSession(ctx, user.id, client.userAgent);
  return { token, user };
}

/**
 * Emails the owner of a taken address that someone tried to register with it (decision 0087): the
 * shopper who forgot they had an account is told where to sign in, and an owner whose address is
 * being tried finds out. At most once a day per account, silently beyond that.
 */
async function tellOwnerOfSignUp(
  ctx: CoreContext,
  account: Pick<Account, "id" | "email" | "firstName"> & { locale?: ShopperLocale },
) {
  const taken = await ctx.limiter.take([{ key: `signup-notice:account:${account.id}`, ...REGISTRATION_NOTICE_LIMIT }]);
  if (taken.allowed) await queueRegistrationAttemptEmail(ctx, ctx.db, account);
}

// a lock-out tells the shopper of the way back in (decision 0087); an unknown email is counted and
// answered the same, so the offer tells nothing either
const tooManySignIns = (retryAfterSeconds: number) =>
  new AppError(
    429,
    `Too many sign-in attempts. Please try again in ${minutesText(retryAfterSeconds)}, or ask for a sign-in link by email.`,
    undefined,
    retryAfterSeconds,
  );

/**
 * Checks an email and password and opens a session. Unknown email and wrong password give the
 * same 401 after the same argon2 work, so neither the answer nor its timing tells them apart.
 */
export async function signIn(ctx: CoreContext, raw: unknown, client: ClientInfo): Promise<SignedIn> {
  const input = parse(loginInput, raw);
  // the attempt is counted before its password is checked, in one atomic step: parallel guesses
  // cannot all slip through while the counters still read low (decision 0040). Unknown emails
  // are counted like real ones, so a lock reveals nothing either.
  const counters = signInCounters(input.email, client.ip);
  const taken = await ctx.limiter.take(Object.values(counters));
  if (!taken.allowed) throw tooManySignIns(taken.retryAfterSeconds);

  const row = await findByEmail(ctx, input.email);
  const ok = row ? await verifyPassword(row.passwordHash, input.password) : await verifyAgainstDummy(input.password);
  if (!row || !ok) throw new AppError(401, WRONG_CREDENTIALS);
  // a success is no guess: the owner's typos from this address start again, and the attempt is
  // given back to the account's and the address's counts. The address's count is not cleared, or
  // an attacker's own account could wipe the count of their guesses at others.
  await Promise.all([
    ctx.limiter.reset(counters.accountAndAddress.key),
    ctx.limiter.release(counters.account.key),
    ctx.limiter.release(counters.address.key),
  ]);
  // her account emails (a reset link, a sign-in link) come in the language she last signed in from
  if (input.locale) await ctx.db.update(users).set({ locale: input.locale }).where(eq(users.id, row.id));
  if (needsRehash(row.passwordHash)) {
    await ctx.db
      .update(users)
      .set({ passwordHash: await hashPassword(input.password) })
      .where(eq(users.id, row.id));
  }
  const token = await createSession(ctx, row.id, client.userAgent);
  return { token, user: withoutHash(row) };
}

/** Ends the session that made the request; its token answers 401 from now on. */
export async function signOut(ctx: CoreContext, sessionId: number): Promise<void> {
  await revokeSession(ctx, sessionId);
}

export async function getProfile(ctx: CoreContext, userId: number): Promise<Account | null> {
  const [row] = await ctx.db.select(accountColumns).from(users).where(eq(users.id, userId));
  return (row as Account | undefined) ?? null;
}

/** spec §3 Profile update: names required, username unique when set, email unchangeable. */
export async function updateProfile(ctx: CoreContext, userId: number, raw: unknown): Promise<Account> {
  const input = parse(profileInput, raw);
  const current = await getProfile(ctx, userId);
  if (!current) throw new AppError(401, "Please sign in again.");
  if (input.email !== undefined && normalizeEmail(input.email) !== current.email) {
    throw invalid("Email cannot be changed.");
  }
  checkProfileName(current, input);
  if (input.username) {
    const [taken] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.username}) = ${input.username.toLowerCase()}`, ne(users.id, userId)));
    if (taken) throw invalid(USERNAME_TAKEN);
  }
  try {
    const [row] = await ctx.db
      .update(users)
      .set({
        firstName: input.first_name,
        lastName: input.last_name,
        ...(input.username !== undefined ? { username: input.username } : {}),
        ...(input.phone !== undefined ? { phone: input.phone } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId))
      .returning(accountColumns);
    return row as Account;
  } catch (error) {
    if (databaseError(error)?.code === UNIQUE_VIOLATION) throw invalid(USERNAME_TAKEN);
    throw error;
  }
}
