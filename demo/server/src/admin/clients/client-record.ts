import type { Db } from "../../store/db.ts";
import type { ClientRecord, ProtocolMapperRecord, RealmRecord } from "../../store/types.ts";
import { newId } from "../../common/ids.ts";
import { badRequest } from "../../http/errors.ts";
import { clientScopeByName } from "./lookups.ts";
import { assignNewSecret } from "./secrets.ts";
import { mapperFromRepresentation } from "./mapper-input.ts";
import { applySamlClientDefaults } from "./saml-client-defaults.ts";

/** Fields of ClientRepresentation kept outside `rep`, or never stored. */
const NOT_IN_REP = new Set([
  "id",
  "clientId",
  "protocolMappers",
  "defaultClientScopes",
  "optionalClientScopes",
  "access",
  "authorizationSettings",
  "registrationAccessToken",
  "defaultRoles",
  "clientTemplate",
  "useTemplateConfig",
  "useTemplateScope",
  "useTemplateMappers",
  "type",
]);

/** What Keycloak 26 fills in for a client created through the admin API with only a clientId. */
function defaultRep(protocol: string): Record<string, unknown> {
  return {
    surrogateAuthRequired: false,
    enabled: true,
    alwaysDisplayInConsole: false,
    clientAuthenticatorType: "client-secret",
    // Placeholder that keeps a generated secret where Keycloak lists it; JSON drops it when unset.
    secret: undefined,
    redirectUris: [],
    webOrigins: [],
    notBefore: 0,
    bearerOnly: false,
    consentRequired: false,
    standardFlowEnabled: true,
    implicitFlowEnabled: false,
    directAccessGrantsEnabled: false,
    serviceAccountsEnabled: false,
    publicClient: false,
    // Keycloak 26 leaves front channel logout off for an OIDC client the admin API creates; SAML turns it on.
    frontchannelLogout: false,
    protocol,
    attributes: {
      realm_client: "false",
      "oidc.ciba.grant.enabled": "false",
      "backchannel.logout.session.required": "true",
      "oauth2.device.authorization.grant.enabled": "false",
      "backchannel.logout.revoke.offline.tokens": "false",
    },
    authenticationFlowBindingOverrides: {},
    fullScopeAllowed: true,
    nodeReRegistrationTimeout: -1,
  };
}

function stringMap(value: unknown): Record<string, string> {
  const map: Record<string, string> = {};
  if (!value || typeof value !== "object" || Array.isArray(value)) return map;
  for (const [key, raw] of Object.entries(value as Record<string, unknown>)) {
    if (raw === null || raw === undefined) continue;
    map[key] = typeof raw === "string" ? raw : Array.isArray(raw) ? raw.map(String).join("##") : String(raw);
  }
  return map;
}

export function requireClientIdField(input: Record<string, unknown>): string {
  const clientId = input.clientId;
  if (typeof clientId !== "string" || clientId.trim() === "") throw badRequest("Client id is missing");
  return clientId;
}

function scopeIdsByName(db: Db, realm: RealmRecord, names: unknown, protocol: string): string[] | undefined {
  if (!Array.isArray(names)) return undefined;
  const ids: string[] = [];
  for (const name of names) {
    const scope = typeof name === "string" ? clientScopeByName(db, realm, name) : undefined;
    if (scope && scope.protocol === protocol && !ids.includes(scope.id)) ids.push(scope.id);
  }
  return ids;
}

function realmScopeIds(db: Db, ids: string[], protocol: string): string[] {
  return ids.filter((id) => db.get("clientScopes", id)?.protocol === protocol);
}

/** A new ClientRecord from a ClientRepresentation, with Keycloak's defaults for everything left out. */
export function newClientRecord(db: Db, realm: RealmRecord, input: Record<string, unknown>): ClientRecord {
  const clientId = requireClientIdField(input);
  const protocol = typeof input.protocol === "string" && input.protocol ? input.protocol : "openid-connect";
  const rep = defaultRep(protocol);
  for (const [key, value] of Object.entries(input)) {
    if (NOT_IN_REP.has(key) || value === null || value === undefined) continue;
    rep[key] = key === "attributes" ? { ...(rep.attributes as object), ...stringMap(value) } : value;
  }
  rep.protocol = protocol;
  if (protocol === "saml") applySamlClientDefaults(input, rep, clientId);
  const mappers: ProtocolMapperRecord[] = Array.isArray(input.protocolMappers)
    ? input.protocolMappers.map((m) => mapperFromRepresentation(m, protocol))
    : [];
  const record: ClientRecord = {
    id: typeof input.id === "string" && input.id ? input.id : newId(),
    realmId: realm.id,
    clientId,
    rep,
    protocolMappers: mappers,
    defaultClientScopeIds:
      scopeIdsByName(db, realm, input.defaultClientScopes, protocol) ??
      realmScopeIds(db, realm.defaultClientScopeIds, protocol),
    optionalClientScopeIds:
      scopeIdsByName(db, realm, input.optionalClientScopes, protocol) ??
      realmScopeIds(db, realm.optionalClientScopeIds, protocol),
    scopeRoleIds: [],
  };
  if (rep.publicClient !== true && typeof rep.secret !== "string") assignNewSecret(record);
  return record;
}

/**
 * Applies a ClientRepresentation to an existing record as Keycloak's update:
 * only the fields sent change, attributes are merged, scopes and mappers are
 * left to their own endpoints.
 */
export function applyClientUpdate(record: ClientRecord, input: Record<string, unknown>): void {
  if (typeof input.clientId === "string" && input.clientId.trim() !== "") record.clientId = input.clientId;
  for (const [key, value] of Object.entries(input)) {
    if (NOT_IN_REP.has(key) || value === undefined || value === null) continue;
    if (key === "attributes") {
      const merged: Record<string, string> = { ...stringMap(record.rep.attributes) };
      for (const [name, raw] of Object.entries(value as Record<string, unknown>)) {
        if (raw === null || raw === undefined) delete merged[name];
        else merged[name] = String(raw);
      }
      record.rep.attributes = merged;
    } else {
      record.rep[key] = value;
    }
  }
  if (record.rep.publicClient !== true && typeof record.rep.secret !== "string") assignNewSecret(record);
}
