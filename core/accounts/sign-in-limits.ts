// How many password guesses sign-in lets through (decision 0040, after OWASP's Authentication
// Cheat Sheet, "Login Throttling"): a tight limit per account and address, so a stranger's guesses
// lock only the stranger out; a limit per address across accounts, against one source spraying
// many accounts; and a looser bound per account over a longer window, which only an attack from
// many addresses at once reaches (ASVS 4.0 V2.2.1: at most 100 failed attempts an hour on an
// account).
import type { LimitRule } from "../shared/rate-limit";

export const SIGN_IN_LIMITS = {
  accountAndAddress: { limit: 10, windowSeconds: 15 * 60 },
  address: { limit: 30, windowSeconds: 15 * 60 },
  account: { limit: 100, windowSeconds: 60 * 60 },
} as const;

/** The counters one sign-in attempt is counted against; the email is the normalized one. */
export function signInCounters(email: string, ip: string) {
  return {
    accountAndAddress: { key: `signin:account-address:${ip}:${email}`, ...SIGN_IN_LIMITS.accountAndAddress },
    address: { key: `signin:address:${ip}`, ...SIGN_IN_LIMITS.address },
    account: { key: `signin:account:${email}`, ...SIGN_IN_LIMITS.account },
  } satisfies Record<keyof typeof SIGN_IN_LIMITS, LimitRule>;
}
