import { createContext, useContext } from "react";

/**
 * The response's script nonce during the server render (entry.server.tsx provides it). In the
 * browser it is undefined: scripts added after hydration come from our origin, which the policy allows.
 */
export const CspNonceContext = createContext<string | undefined>(undefined);

export const useCspNonce = () => useContext(CspNonceContext);
