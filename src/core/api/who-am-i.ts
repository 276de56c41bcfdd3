import type KeycloakAdminClient from "@keycloak/keycloak-admin-client";
import type WhoAmIRepresentation from "@keycloak/keycloak-admin-client/lib/defs/whoAmIRepresentation.js";
import { accessNamesFromToken, canCreateRealmFromToken, displayNameFromToken } from "../access/token-access.ts";
import { decodeTokenClaims, issuerRealm, type AccessTokenClaims } from "../auth/token-claims.ts";
import { startupErrorDetail, type KcErrorDetail } from "../runtime/startup-error.ts";
import { isForbidden } from "./api-error.ts";

/** Why who-am-I gave no answer. */
export interface WhoAmIRefusal {
  /** What failed, as `kc-error` reports it. */
  detail: KcErrorDetail;
  /** The client the access token was issued to (`azp`), when the token could be read. */
  clientId?: string;
}

export type WhoAmI = Omit<WhoAmIRepresentation, "realm_access"> & {
  realm_access: Record<string, string[]>;
  /** Set when who-am-I did not answer; the access then comes from the token or is none. */
  refusal?: WhoAmIRefusal;
  /** True when `realm_access` was read from the access token's own roles. */
  accessFromToken?: boolean;
  /** The embedded server's addition: scopes admin permissions v2 grant on every object of each type, by realm. */
  admin_permissions?: Record<string, Record<string, string[]>>;
};

/** Used when who-am-I cannot be read: nobody, no access, English. */
export const ANONYMOUS_USER: WhoAmI = {
  userId: "",
  realm: "",
  displayName: "",
  locale: "en",
  createRealm: false,
  temporary: false,
  realm_access: {},
};

export const whoAmIKey = (authRealm: string, currentRealm: string) => ["who-am-i", authRealm, currentRealm] as const;

/** A who-am-I answer built from the access token's claims, for the realm being managed. */
export function whoAmIFromToken(claims: AccessTokenClaims, authRealm: string, currentRealm: string): WhoAmI {
  return {
    userId: claims.sub ?? "",
    realm: authRealm,
    displayName: displayNameFromToken(claims),
    locale: typeof claims.locale === "string" && claims.locale ? claims.locale : "en",
    createRealm: canCreateRealmFromToken(claims, authRealm),
    temporary: false,
    realm_access: { [currentRealm]: accessNamesFromToken(claims, authRealm, currentRealm) },
    accessFromToken: true,
  };
}

/** Whether the server answers at all: its realm's public discovery document, which any origin may read. */
async function serverAnswers(client: KeycloakAdminClient, authRealm: string): Promise<boolean> {
  if (!client.baseUrl) return false;
  const discovery = `${client.baseUrl}/realms/${encodeURIComponent(authRealm)}/.well-known/openid-configuration`;
  return fetch(discovery).then(
    (response) => response.ok,
    () => false,
  );
}

/**
 * GET /admin/{authRealm}/console/whoami. Keycloak refuses it (403) for tokens of any client but
 * security-admin-console or one marked `security.admin.console`; the token's roles then stand in.
 * Keycloak sends that refusal without CORS headers, so a page on another origin sees no answer at all: when the
 * server does answer otherwise, that is the refusal too. Any other failure gives no access, with the refusal kept
 * for the notice and `kc-error`.
 */
export async function fetchWhoAmI(
  client: KeycloakAdminClient,
  authRealm: string,
  currentRealm: string,
  readToken: () => Promise<string | undefined>,
): Promise<WhoAmI> {
  try {
    return (await client.whoAmI.find({ realm: authRealm, currentRealm })) as unknown as WhoAmI;
  } catch (error) {
    const unanswered = startupErrorDetail("who-am-I", error);
    const hiddenRefusal = unanswered.stage === "network" && (await serverAnswers(client, authRealm));
    const failure: KcErrorDetail = hiddenRefusal
      ? { stage: "who-am-I", status: 403, message: `${unanswered.message} (refused without CORS headers)` }
      : unanswered;
    const claims =
      failure.stage === "network" ? undefined : decodeTokenClaims(await readToken().catch(() => undefined));
    const issuer = claims && issuerRealm(claims);
    const detail =
      issuer && issuer !== authRealm
        ? {
            ...failure,
            message: `${failure.message} (the token comes from realm '${issuer}', auth-realm is '${authRealm}')`,
          }
        : failure;
    if (!(isForbidden(error) || hiddenRefusal) || !claims)
      return { ...ANONYMOUS_USER, refusal: { detail, clientId: claims?.azp } };
    return { ...whoAmIFromToken(claims, authRealm, currentRealm), refusal: { detail, clientId: claims.azp } };
  }
}
