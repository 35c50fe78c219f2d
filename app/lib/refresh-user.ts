// Kept out of session.ts, which every page loads: only My Account and the email confirmation
// page ask for the account again.
import { api } from "./api";
import { storeUser, type StoredUser } from "./session";

/**
 * Asks for the signed-in account again and stores it, for when the server changed it behind this
 * browser's back (the email confirmed from a link, here or on another device). Quiet on errors:
 * My Account asks again when it opens, and reports them there.
 */
export function refreshStoredUser(): Promise<void> {
  return api<StoredUser>("/users/me", { auth: true }).then(storeUser, () => undefined);
}
