// The per-request CSP nonce, handed from entry.server to the inline scripts React Router writes.
// Browsers hide nonce attributes from scripts, so on the client it is always "".
import { createContext, useContext } from "react";

export const NonceContext = createContext("");

export function useNonce(): string {
  return useContext(NonceContext);
}
