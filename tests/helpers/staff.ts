// Staff for API tests: owners made as `npm run admin:create` makes them, other members added by
// an owner through core, each signed in through the staff API from its own address.
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { Secret, TOTP } from "otpauth";
import { createOrPromoteAdmin } from "../../core/staff/owner-command";
import type { CoreContext } from "../../core/context";
import { addStaff } from "../../core/staff/accounts";
import type { StaffActor, StaffRole } from "../../core/shared/permissions";
import { findStaffSession } from "../../core/staff/sessions";
import { users } from "../../db/schema";
import { freshIp, PASSWORD, uniqueEmail } from "./accounts";

export interface TestStaff {
  id: number;
  email: string;
  role: StaffRole;
  token: string;
  auth: { authorization: string };
}

export async function staffSignIn(app: FastifyInstance, email: string, password = PASSWORD, code?: string) {
  return app.inject({
    method: "POST",
    url: "/api/admin/session",
    payload: { email, password, ...(code ? { code } : {}) },
    remoteAddress: freshIp(),
  });
}

async function signedIn(app: FastifyInstance, email: string, role: StaffRole, id: number): Promise<TestStaff> {
  const res = await staffSignIn(app, email);
  if (res.statusCode !== 201) throw new Error(`staff sign-in failed: ${res.statusCode} ${res.body}`);
  const token = res.json().access_token as string;
  return { id, email, role, token, auth: { authorization: `Bearer ${token}` } };
}

export async function makeOwner(app: FastifyInstance, core: CoreContext): Promise<TestStaff> {
  const email = uniqueEmail("owner");
  const { user } = await createOrPromoteAdmin(core, { email, password: PASSWORD });
  return signedIn(app, email, "owner", user.id);
}

/** The actor behind a staff token, as core's use-cases take it. */
export async function actorOf(core: CoreContext, staff: TestStaff): Promise<StaffActor> {
  const found = await findStaffSession(core, staff.token, "api", { ip: "127.0.0.1" });
  if (!found) throw new Error("no live staff session");
  return found.actor;
}

export async function makeStaff(
  app: FastifyInstance,
  core: CoreContext,
  owner: TestStaff,
  role: StaffRole,
): Promise<TestStaff> {
  const email = uniqueEmail(role);
  const { member } = await addStaff(core, await actorOf(core, owner), {
    email,
    first_name: "Test",
    last_name: role,
    role,
    initial_password: PASSWORD,
  });
  // as if they had chosen their own in the console: the staff API serves no one who owes it
  await core.db.update(users).set({ mustChangePassword: false }).where(eq(users.id, member.id));
  return signedIn(app, email, role, member.id);
}

/** The code an authenticator app shows now for this secret. */
export const totpNow = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate();
