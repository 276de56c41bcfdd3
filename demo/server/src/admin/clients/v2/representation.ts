import type { Db } from "../../../store/db.ts";
import type { ClientRecord } from "../../../store/types.ts";
import { badRequest } from "../../../http/errors.ts";

/** Admin API v2 login flows and the ClientRepresentation switch behind each. */
const FLOW_SWITCHES: [flow: string, field: string, attribute?: string][] = [
  ["STANDARD", "standardFlowEnabled"],
  ["IMPLICIT", "implicitFlowEnabled"],
  ["DIRECT_GRANT", "directAccessGrantsEnabled"],
  ["SERVICE_ACCOUNT", "serviceAccountsEnabled"],
  ["TOKEN_EXCHANGE", "", "standard.token.exchange.enabled"],
  ["DEVICE", "", "oauth2.device.authorization.grant.enabled"],
  ["CIBA", "", "oidc.ciba.grant.enabled"],
];
export const FLOWS = FLOW_SWITCHES.map(([flow]) => flow);

/** SAML v2 fields and the client attribute each is stored in. */
const SAML_BOOLEANS: [field: string, attribute: string][] = [
  ["forceNameIdFormat", "saml_force_name_id_format"],
  ["includeAuthnStatement", "saml.authnstatement"],
  ["signDocuments", "saml.server.signature"],
  ["signAssertions", "saml.assertion.signature"],
  ["clientSignatureRequired", "saml.client.signature"],
  ["forcePostBinding", "saml.force.post.binding"],
  ["allowEcpFlow", "saml.allow.ecp.flow"],
];
const SAML_STRINGS: [field: string, attribute: string][] = [
  ["nameIdFormat", "saml_name_id_format"],
  ["signatureCanonicalizationMethod", "saml_signature_canonicalization_method"],
  ["signingCertificate", "saml.signing.certificate"],
];
const SIGNATURE_ALGORITHMS = ["RSA_SHA1", "RSA_SHA256", "RSA_SHA256_MGF1", "RSA_SHA512", "RSA_SHA512_MGF1", "DSA_SHA1"];
const NAME_ID_FORMATS = ["username", "email", "persistent", "transient"];

/** Fields the server manages: a body may not set them on update or patch. */
export const SERVER_MANAGED = ["uuid", "createdTimestamp", "updatedTimestamp"];
/** Fields the sort expression accepts (Keycloak's list). */
export const SORTABLE = [
  "clientId",
  "displayName",
  "description",
  "protocol",
  "enabled",
  "appUrl",
  "createdTimestamp",
  "updatedTimestamp",
];

export type ClientV2 = Record<string, unknown>;

const attributesOf = (client: ClientRecord) => (client.rep.attributes ?? {}) as Record<string, string>;

function loginFlowsOf(client: ClientRecord): string[] {
  const attributes = attributesOf(client);
  return FLOW_SWITCHES.filter(([, field, attribute]) =>
    attribute ? attributes[attribute] === "true" : client.rep[field] === true,
  ).map(([flow]) => flow);
}
const timestamp = (value: string | undefined) => (value && /^\d+$/.test(value) ? Number(value) : undefined);

/** A stored client as the v2 API shows it. */
export function toClientV2(db: Db, client: ClientRecord): ClientV2 {
  const rep = client.rep;
  const attributes = attributesOf(client);
  const protocol = String(rep.protocol ?? "openid-connect");
  const roles = db
    .list("roles", client.realmId)
    .filter((role) => role.clientId === client.id)
    .map((role) => role.name)
    .sort();
  const v2: ClientV2 = {
    uuid: client.id,
    clientId: client.clientId,
    displayName: rep.name || undefined,
    description: rep.description || undefined,
    enabled: rep.enabled !== false,
    appUrl: rep.baseUrl || undefined,
    redirectUris: (rep.redirectUris as string[] | undefined) ?? [],
    roles,
    protocol,
    createdTimestamp: timestamp(attributes["client.createdTimestamp"]),
    updatedTimestamp: timestamp(attributes["client.updatedTimestamp"]),
  };
  if (protocol === "saml") {
    for (const [field, attribute] of SAML_BOOLEANS)
      if (attributes[attribute] !== undefined) v2[field] = attributes[attribute] === "true";
    for (const [field, attribute] of SAML_STRINGS) if (attributes[attribute]) v2[field] = attributes[attribute];
    const algorithm = attributes["saml.signature.algorithm"];
    if (algorithm) v2.signatureAlgorithm = algorithm;
    v2.frontChannelLogout = rep.frontchannelLogout === true;
  } else {
    v2.loginFlows = loginFlowsOf(client);
    if (rep.publicClient !== true) {
      const auth: Record<string, unknown> = { method: rep.clientAuthenticatorType ?? "client-secret" };
      if (typeof rep.secret === "string") auth.secret = rep.secret;
      if (attributes["jwt.credential.certificate"]) auth.certificate = attributes["jwt.credential.certificate"];
      v2.auth = auth;
    }
    v2.webOrigins = (rep.webOrigins as string[] | undefined) ?? [];
  }
  return Object.fromEntries(Object.entries(v2).filter(([, value]) => value !== undefined));
}

function stringList(body: ClientV2, field: string, max: number): string[] | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.some((item) => typeof item !== "string" || !item.trim() || item.length > 255))
    throw badRequest(`${field}: each element must not be blank, size must be between 0 and 255`);
  if (value.length > max) throw badRequest(`${field}: size must be between 0 and ${max}`);
  return [...new Set(value as string[])];
}

function text(body: ClientV2, field: string, max = 255): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string" || value.length > max) throw badRequest(`${field}: size must be between 0 and ${max}`);
  return value;
}

function flag(body: ClientV2, field: string): boolean | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "boolean") throw badRequest(`${field}: must be a boolean`);
  return value;
}

/**
 * The ClientRepresentation (v1) fields a v2 body sets, checked as the v2 API's validation rules say. `current` is
 * the stored client on update (its protocol may not change).
 */
export function fromClientV2(body: ClientV2, current?: ClientRecord): Record<string, unknown> {
  const clientId = body.clientId;
  if (typeof clientId !== "string" || !/\S/.test(clientId) || clientId.length > 255)
    throw badRequest("clientId: must not be blank; size must be between 1 and 255");
  const currentProtocol = current ? String(current.rep.protocol ?? "openid-connect") : undefined;
  const protocol =
    body.protocol === undefined || body.protocol === null ? (currentProtocol ?? "openid-connect") : body.protocol;
  if (protocol !== "openid-connect" && protocol !== "saml")
    throw badRequest("protocol: must be openid-connect or saml");
  if (currentProtocol && protocol !== currentProtocol)
    throw badRequest("protocol: protocol cannot be changed for an existing client");
  const appUrl = text(body, "appUrl");
  if (appUrl) {
    try {
      new URL(appUrl);
    } catch {
      throw badRequest("appUrl: must be a valid URL");
    }
  }
  const v1: Record<string, unknown> = { clientId, protocol };
  const attributes: Record<string, string | null> = {};
  const set = (field: string, value: unknown) => {
    if (value !== undefined) v1[field] = value;
  };
  // An update replaces the client: a text field left out is cleared.
  const cleared = current ? "" : undefined;
  set("name", text(body, "displayName") ?? cleared);
  set("description", text(body, "description") ?? cleared);
  set("enabled", flag(body, "enabled"));
  set("baseUrl", appUrl ?? cleared);
  set("redirectUris", stringList(body, "redirectUris", 100));
  if (protocol === "saml") {
    for (const [field, attribute] of SAML_BOOLEANS) {
      const value = flag(body, field);
      if (value !== undefined) attributes[attribute] = String(value);
    }
    const nameIdFormat = text(body, "nameIdFormat");
    if (nameIdFormat !== undefined && !NAME_ID_FORMATS.includes(nameIdFormat))
      throw badRequest(`nameIdFormat: must be one of ${NAME_ID_FORMATS.join(", ")}`);
    for (const [field, attribute] of SAML_STRINGS) {
      const value = text(body, field, 65536);
      if (value !== undefined) attributes[attribute] = value;
    }
    const algorithm = text(body, "signatureAlgorithm");
    if (algorithm !== undefined && !SIGNATURE_ALGORITHMS.includes(algorithm))
      throw badRequest(`signatureAlgorithm: must be one of ${SIGNATURE_ALGORITHMS.join(", ")}`);
    if (algorithm !== undefined) attributes["saml.signature.algorithm"] = algorithm;
    set("frontchannelLogout", flag(body, "frontChannelLogout"));
  } else {
    const flows = stringList(body, "loginFlows", FLOWS.length);
    const auth = body.auth as Record<string, unknown> | undefined | null;
    if (auth !== undefined && auth !== null) {
      if (typeof auth !== "object" || typeof auth.method !== "string" || !/\S/.test(auth.method))
        throw badRequest("auth.method: must not be blank");
      const secret = auth.secret;
      if (secret !== undefined && (typeof secret !== "string" || secret.length < 6 || secret.length > 255))
        throw badRequest("auth.secret: size must be between 6 and 255");
      v1.publicClient = false;
      v1.clientAuthenticatorType = auth.method;
      if (secret !== undefined) v1.secret = secret;
      if (typeof auth.certificate === "string") attributes["jwt.credential.certificate"] = auth.certificate;
    } else if (auth === null || (!current && auth === undefined)) {
      v1.publicClient = true;
    }
    const confidential =
      v1.publicClient === false || (v1.publicClient === undefined && current?.rep.publicClient !== true);
    const unchanged =
      current !== undefined && flows !== undefined && [...flows].sort().join() === loginFlowsOf(current).sort().join();
    if (flows && !unchanged) {
      const unknown = flows.find((flow) => !FLOWS.includes(flow));
      if (unknown) throw badRequest(`loginFlows: unknown flow ${unknown}`);
      if (!confidential && (flows.includes("SERVICE_ACCOUNT") || flows.includes("TOKEN_EXCHANGE")))
        throw badRequest("loginFlows: SERVICE_ACCOUNT and TOKEN_EXCHANGE flows require a confidential client");
      const redirectUris = (v1.redirectUris as string[] | undefined) ?? (current?.rep.redirectUris as string[]) ?? [];
      if ((flows.includes("STANDARD") || flows.includes("IMPLICIT")) && redirectUris.length === 0)
        throw badRequest("loginFlows: STANDARD and IMPLICIT flows require at least one redirect URI");
      for (const [flow, field, attribute] of FLOW_SWITCHES) {
        if (attribute) attributes[attribute] = String(flows.includes(flow));
        else v1[field] = flows.includes(flow);
      }
    }
    set("webOrigins", stringList(body, "webOrigins", 100));
  }
  if (Object.keys(attributes).length) v1.attributes = attributes;
  return v1;
}

/** The v2 fields of a list entry: all, or only the top-level ones named in `fields`. */
export function withFields(client: ClientV2, fields: string[] | undefined): ClientV2 {
  if (!fields?.length) return client;
  return Object.fromEntries(Object.entries(client).filter(([key]) => fields.includes(key)));
}
