import type { TokenProviderInput } from "../runtime/element-props.ts";
import { TOKEN_MIN_VALIDITY, type AuthSession } from "./auth-session.ts";
import type { KeycloakLike } from "./keycloak-like.ts";
import { requireToken } from "./token-source-error.ts";

/**
 * A session over the host's token provider (object with getAccessToken, or a function). Calls made while one
 * is in flight share it: the element starts several requests at once, and a provider that fetches a token
 * per call would otherwise mint one for each.
 */
export function providerSession(provider: TokenProviderInput): AuthSession {
  const read = typeof provider === "function" ? provider : () => provider.getAccessToken();
  let pending: Promise<string> | undefined;
  const getAccessToken = () => {
    pending ??= requireToken(async () => read(), "The page's token provider").finally(() => (pending = undefined));
    return pending;
  };
  return {
    kind: "host-provider",
    getAccessToken,
    idTokenClaims: () => undefined,
    signOut: async () => undefined,
  };
}

/** A session over the global function named by the `token-provider` attribute. */
export function globalFunctionSession(name: string): AuthSession {
  return providerSession(() => {
    const fn = (globalThis as Record<string, unknown>)[name];
    if (typeof fn !== "function") throw new Error(`Token provider function "${name}" is not defined.`);
    return (fn as () => Promise<string | undefined> | string | undefined)();
  });
}

/** A session over the host's own keycloak-js instance; the host owns sign-in. */
export function hostKeycloakSession(keycloak: KeycloakLike): AuthSession {
  return {
    kind: "host-keycloak",
    getAccessToken: () =>
      requireToken(async () => {
        await keycloak.updateToken(TOKEN_MIN_VALIDITY);
        return keycloak.token;
      }, "The page's keycloak-js"),
    idTokenClaims: () => keycloak.idTokenParsed,
    signOut: () => keycloak.logout(),
  };
}
