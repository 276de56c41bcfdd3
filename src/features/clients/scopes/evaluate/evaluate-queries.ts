import type KeycloakAdminClient from "@keycloak/keycloak-admin-client";
import type RoleRepresentation from "@keycloak/keycloak-admin-client/lib/defs/roleRepresentation.js";

/** One row of `evaluate-scopes/protocol-mappers` (Keycloak's ProtocolMapperEvaluationRepresentation). */
export interface EvaluatedMapper {
  mapperId: string;
  mapperName: string;
  containerId: string;
  containerName: string;
  containerType: string;
  protocolMapper: string;
}

export type GeneratedKind = "accessToken" | "idToken" | "userInfo";

/** What one generated example is made from. */
export interface EvaluateInput {
  scope: string;
  userId: string;
  audience: string;
}

/** The `scope` parameter: openid, then the chosen optional scopes (the defaults always apply). */
export const scopeParameter = (optionalNames: string[]) => ["openid", ...optionalNames].join(" ");

export const evaluateKeys = {
  all: (realm: string, id: string) => ["clients", realm, "client", id, "evaluate"] as const,
};

export async function fetchEffectiveMappers(
  client: KeycloakAdminClient,
  realm: string,
  id: string,
  scope: string,
): Promise<EvaluatedMapper[]> {
  const mappers = await client.clients.evaluateListProtocolMapper({ realm, id, scope });
  return mappers as unknown as EvaluatedMapper[];
}

export async function fetchEvaluatedRoles(
  client: KeycloakAdminClient,
  realm: string,
  id: string,
  scope: string,
  roleContainer: string,
  type: "granted" | "not-granted",
): Promise<RoleRepresentation[]> {
  return client.clients.evaluatePermission({ realm, id, scope, roleContainer, type });
}

/** The example access token, ID token or userinfo the server would issue, as indented JSON. */
export async function fetchGenerated(
  client: KeycloakAdminClient,
  realm: string,
  id: string,
  kind: GeneratedKind,
  input: EvaluateInput,
): Promise<string> {
  const { scope, userId, audience } = input;
  const example =
    kind === "accessToken"
      ? await client.clients.evaluateGenerateAccessToken({ realm, id, scope, userId, audience })
      : kind === "idToken"
        ? await client.clients.evaluateGenerateIdToken({ realm, id, scope, userId })
        : await client.clients.evaluateGenerateUserInfo({ realm, id, scope, userId });
  return JSON.stringify(example, null, 2);
}
