import type { ElementBaseProps } from "../runtime/element-props.ts";
import type { AuthSession } from "./auth-session.ts";
import { globalFunctionSession, hostKeycloakSession, providerSession } from "./host-token-sessions.ts";
import { isKeycloakLike } from "./keycloak-like.ts";

export interface AuthTarget {
  serverUrl: string;
  authRealm: string;
  clientId: string;
  scope?: string;
}

/** Picks the token source: host keycloak, host provider, global function, else our own sign-in. */
export function resolveAuthSession(
  props: Pick<ElementBaseProps, "keycloak" | "tokenProvider" | "tokenProviderName">,
  target: AuthTarget,
): Promise<AuthSession> {
  if (isKeycloakLike(props.keycloak)) return Promise.resolve(hostKeycloakSession(props.keycloak));
  if (props.tokenProvider) return Promise.resolve(providerSession(props.tokenProvider));
  if (props.tokenProviderName) return Promise.resolve(globalFunctionSession(props.tokenProviderName));
  // keycloak-js loads only for an element that signs in by itself.
  return import("./keycloak-sign-in.ts").then(({ signInWithKeycloak }) =>
    signInWithKeycloak({
      serverUrl: target.serverUrl,
      realm: target.authRealm,
      clientId: target.clientId,
      scope: target.scope,
    }),
  );
}
