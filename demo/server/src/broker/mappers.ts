import { randomUUID } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import { DOMParser } from "@xmldom/xmldom";
import xpath from "xpath";
import type { ServerContext } from "../context.ts";
import type { IdentityProviderRecord, RealmRecord, UserRecord } from "../store/types.ts";
import { findRoleByName } from "../admin/groups-roles/lookups.ts";
import { valueAtClaimPath, valueAtUserInfoPath } from "./claim-path.ts";

export type Claims = Record<string, unknown>;

/** Claims key of the provider's validated access token claims (Keycloak's VALIDATED_ACCESS_TOKEN context data). */
export const ACCESS_TOKEN_CLAIMS = "validated_access_token";
/** Claims key of the provider's user info answer as it came (Keycloak's USER_INFO context data). */
export const USER_INFO_CLAIMS = "user_info";

/** A claim by its path: dots step into nested objects, `\\.` is a dot inside a name (Keycloak's claim paths). */
function claimValues(claims: Claims, path: string): string[] {
  const value = claimValue(claims, path);
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return list.map((item) => (typeof item === "string" ? item : JSON.stringify(item)));
}

/** Values of a SAML attribute named by the mapper's `attribute.name` or `attribute.friendly.name`. */
function samlValues(claims: Claims, config: Record<string, string>): string[] {
  const attributes = Array.isArray(claims.saml_attributes)
    ? (claims.saml_attributes as { name: string; friendlyName?: string; values: string[] }[])
    : [];
  const name = config["attribute.name"];
  const friendly = config["attribute.friendly.name"];
  return attributes
    .filter((a) => (name ? a.name === name : false) || (friendly ? a.friendlyName === friendly : false))
    .flatMap((a) => a.values);
}

const NAMESPACE_DECLARATION = /xmlns:(\w+)="(.+?)"/g;

/**
 * Keycloak's XPathAttributeMapper: each value of the attributes named by `attribute.name` or
 * `attribute.friendly.name` (every attribute when neither is set), as XML inside a `<root>` element, with the
 * prefixes it declares usable in the expression; the expression's string value, empty results and unparsable values
 * left out.
 */
function samlXPathValues(claims: Claims, config: Record<string, string>): string[] {
  const expression = config["attribute.xpath"];
  if (!expression) return [];
  const attributes = Array.isArray(claims.saml_attributes)
    ? (claims.saml_attributes as { name: string; friendlyName?: string; xmlValues?: string[] }[])
    : [];
  const name = config["attribute.name"] || config["attribute.friendly.name"];
  return attributes
    .filter((a) => !name || a.name === name || a.friendlyName === name)
    .flatMap((a) => a.xmlValues ?? [])
    .map((value) => {
      const namespaces = Object.fromEntries([...value.matchAll(NAMESPACE_DECLARATION)].map((m) => [m[1]!, m[2]!]));
      let valid = true;
      const doc = new DOMParser({ onError: () => (valid = false) }).parseFromString(
        `<root>${value}</root>`,
        "text/xml",
      );
      if (!valid) return "";
      try {
        // XPath's string(): what Keycloak's evaluation as XPathConstants.STRING answers
        const found = xpath.useNamespaces(namespaces)(`string(${expression})`, doc as unknown as Node, true);
        return typeof found === "string" ? found : "";
      } catch {
        return "";
      }
    })
    .filter((value) => value !== "");
}

/** `role` of a mapper: a realm role name, or `clientId.roleName` for a client role. */
function roleId(server: ServerContext, realm: RealmRecord, name: string | undefined): string | undefined {
  if (!name) return undefined;
  const realmRole = findRoleByName(server.db, realm, name);
  if (realmRole) return realmRole.id;
  const dot = name.indexOf(".");
  if (dot < 0) return undefined;
  const client = server.db.list("clients", realm.id).find((c) => c.clientId === name.slice(0, dot));
  return client ? findRoleByName(server.db, realm, name.slice(dot + 1), client.id)?.id : undefined;
}

const withRole = (user: UserRecord, id: string | undefined): UserRecord =>
  id && !user.roleIds.includes(id) ? { ...user, roleIds: [...user.roleIds, id] } : user;
const withoutRole = (user: UserRecord, id: string | undefined): UserRecord =>
  id ? { ...user, roleIds: user.roleIds.filter((r) => r !== id) } : user;

const withGroup = (user: UserRecord, id: string | undefined): UserRecord =>
  id && !user.groupIds.includes(id) ? { ...user, groupIds: [...user.groupIds, id] } : user;
const withoutGroup = (user: UserRecord, id: string): UserRecord =>
  user.groupIds.includes(id) ? { ...user, groupIds: user.groupIds.filter((g) => g !== id) } : user;

/** A mapper's `group`: a realm group's path ("/parent/child"), as Keycloak's getGroupForIdpMapper finds it. */
function groupIdByPath(server: ServerContext, realm: RealmRecord, path: string | undefined): string | undefined {
  const names = (path ?? "").split("/").filter(Boolean);
  if (!names.length) return undefined;
  const groups = server.db.list("groups", realm.id);
  let parentId: string | undefined;
  for (const name of names) {
    const found = groups.find((g) => g.name === name && (g.parentId ?? undefined) === parentId);
    if (!found) return undefined;
    parentId = found.id;
  }
  return parentId;
}

type SyncMode = "IMPORT" | "LEGACY" | "FORCE";

/** A mapper's sync mode: its own, else the provider's (LEGACY by default). */
function syncModeOf(idp: IdentityProviderRecord, config: Record<string, string>): SyncMode {
  const providerSync = ((idp.rep.config ?? {}) as Record<string, string>).syncMode ?? "LEGACY";
  return (config.syncMode && config.syncMode !== "INHERIT" ? config.syncMode : providerSync) as SyncMode;
}

/**
 * A claim's raw value by its path (splitClaimPath), as Keycloak's AbstractClaimMapper.getClaimValue looks for it: in
 * the validated access token first, then in the ID token and user info, last in the user info by a path that may
 * index arrays (`groups[0]`, which the tokens' lookup never finds).
 */
function claimValue(claims: Claims, path: string): unknown {
  const fromAccessToken = valueAtClaimPath(claims[ACCESS_TOKEN_CLAIMS], path);
  if (fromAccessToken !== undefined && fromAccessToken !== null) return fromAccessToken;
  if (path === ACCESS_TOKEN_CLAIMS || path === USER_INFO_CLAIMS) return undefined;
  const fromTokens = valueAtClaimPath(claims, path);
  if (fromTokens !== undefined && fromTokens !== null) return fromTokens;
  return valueAtUserInfoPath(claims[USER_INFO_CLAIMS], path);
}

/**
 * Keycloak's AbstractClaimMapper.valueEquals: a string equals, a number equals the configured text read as a number,
 * a boolean the text read as a boolean ("true" in any case), an array when any of its items equals, an object (from
 * user info) the text read as JSON.
 */
function claimValueEquals(expected: string, value: unknown): boolean {
  if (typeof value === "string") return value === expected;
  if (typeof value === "number") {
    if (Number.isInteger(value)) return /^[+-]?\d+$/.test(expected) && Number(expected) === value;
    return expected.trim() !== "" && Number(expected.trim()) === value;
  }
  if (typeof value === "boolean") return (expected.toLowerCase() === "true") === value;
  if (Array.isArray(value)) return value.some((item) => claimValueEquals(expected, item));
  if (typeof value === "object" && value !== null) {
    try {
      return isDeepStrictEqual(JSON.parse(expected), value);
    } catch {
      return false;
    }
  }
  return false;
}

/** Keycloak's RegexUtils.valueMatchesRegex: an array when any item matches, else the value as text, whole. */
function valueMatchesRegex(pattern: string, value: unknown): boolean {
  if (Array.isArray(value)) return value.some((item) => valueMatchesRegex(pattern, item));
  if (value === undefined || value === null) return false;
  return wholeMatch(pattern, typeof value === "object" ? JSON.stringify(value) : String(value));
}

/**
 * Advanced Claim to Role / Group (AdvancedClaimToRoleMapper.applies): every configured claim has each of its values
 * (equal, or matching as a regular expression with `are.claim.values.regex`).
 */
function advancedClaimsApply(claims: Claims, config: Record<string, string>): boolean {
  const regex = config["are.claim.values.regex"] === "true";
  for (const [claim, expected] of configMap(config.claims)) {
    const value = claimValue(claims, claim);
    for (const e of expected) if (!(regex ? valueMatchesRegex(e, value) : claimValueEquals(e, value))) return false;
  }
  return true;
}

/**
 * Advanced Attribute to Role / Group (AdvancedAttributeToRoleMapper.applies): every configured attribute, found by
 * name or friendly name, has each of its values (contained, or matching with `are.attribute.values.regex`).
 */
function advancedAttributesApply(claims: Claims, config: Record<string, string>): boolean {
  const regex = config["are.attribute.values.regex"] === "true";
  for (const [name, expected] of configMap(config.attributes)) {
    const values = samlValues(claims, { "attribute.name": name, "attribute.friendly.name": name });
    for (const e of expected) if (!(regex ? valueMatchesRegex(e, values) : values.includes(e))) return false;
  }
  return true;
}

/**
 * External Role to Role (ExternalKeycloakRoleToRoleMapper.applies): the role, `client.role` for a client's (split at
 * the last dot), is among the validated access token's realm_access / resource_access roles.
 */
function externalRoleApplies(claims: Claims, externalRole: string | undefined): boolean {
  const role = externalRole ?? "";
  const dot = role.lastIndexOf(".");
  // a client id may hold dots: its roles are looked up by the whole id, not through a claim path
  const names = dot < 0 ? ["realm_access", "roles"] : ["resource_access", role.slice(0, dot), "roles"];
  const roles = names.reduce<unknown>(
    (at, name) => (at && typeof at === "object" ? (at as Record<string, unknown>)[name] : undefined),
    claims[ACCESS_TOKEN_CLAIMS],
  );
  return claimValueEquals(dot < 0 ? role : role.slice(dot + 1), roles);
}

/** A mapper's Map config (`[{"key":..,"value":..}]`, Keycloak's MapperTypeSerializer): its values by key. */
function configMap(json: string | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  let entries: unknown;
  try {
    entries = JSON.parse(json ?? "[]");
  } catch {
    return map;
  }
  if (!Array.isArray(entries)) return map;
  for (const entry of entries as { key?: unknown; value?: unknown }[]) {
    if (typeof entry?.key !== "string" || typeof entry.value !== "string") continue;
    map.set(entry.key, [...(map.get(entry.key) ?? []), entry.value]);
  }
  return map;
}

/** Java's Pattern.matches: the whole value; a pattern that does not compile matches nothing. */
function wholeMatch(pattern: string, value: string): boolean {
  try {
    return new RegExp(`^(?:${pattern})$`, "u").test(value);
  } catch {
    return false;
  }
}

/**
 * The user session notes of the provider's mappers. Hardcoded User Session Attribute: its `attribute` note with its
 * value, at every login. User Session Note (Keycloak's ClaimToUserSessionNoteMapper): each configured claim whose value
 * is a string equal to (or, with `are.claim.values.regex`, matching) one of its values becomes a note named after the
 * claim; at the first login every such mapper runs, later ones skip IMPORT mappers.
 */
export function mapperSessionNotes(
  server: ServerContext,
  realm: RealmRecord,
  idp: IdentityProviderRecord,
  claims: Claims,
  firstLogin: boolean,
): Record<string, string> {
  const notes: Record<string, string> = {};
  for (const mapper of server.db.list("identityProviderMappers", realm.id)) {
    if (mapper.identityProviderAlias !== idp.alias) continue;
    const config = mapper.config ?? {};
    if (mapper.identityProviderMapper === "hardcoded-user-session-attribute-idp-mapper") {
      // set while preprocessing the identity, so at every login whatever the sync mode
      if (config.attribute && config["attribute.value"] !== undefined)
        notes[config.attribute] = config["attribute.value"];
      continue;
    }
    if (mapper.identityProviderMapper !== "oidc-user-session-note-idp-mapper") continue;
    if (!firstLogin && syncModeOf(idp, config) === "IMPORT") continue;
    const regex = config["are.claim.values.regex"] === "true";
    for (const [claim, expected] of configMap(config.claims)) {
      const value = claimValue(claims, claim);
      if (typeof value !== "string") continue;
      if (expected.some((e) => (regex ? wholeMatch(e, value) : e === value))) notes[claim] = value;
    }
  }
  return notes;
}

/**
 * Runs the provider's mappers on the user, as Keycloak's IdentityProviderMapperSyncModeDelegate: at the first login
 * every mapper imports; at later logins a mapper whose sync mode (its own, or the provider's when INHERIT; LEGACY by
 * default) is IMPORT does nothing, FORCE updates, and LEGACY does what each mapper did before sync modes existed
 * (hardcoded roles and external roles nothing, claim-to-role mappers only take the role away, the others update as
 * FORCE). An updating role or group mapper grants or joins when it applies and takes away otherwise, unless another
 * mapper of this login already granted that role or joined that group. Returns the user.
 */
export function applyMappers(
  server: ServerContext,
  realm: RealmRecord,
  idp: IdentityProviderRecord,
  user: UserRecord,
  claims: Claims,
  firstLogin: boolean,
): UserRecord {
  let result = user;
  const grantedRoles = new Set<string>();
  const joinedGroups = new Set<string>();
  /** A role importer; at a LEGACY login claim-to-role mappers only take away, external roles do nothing. */
  const mapRole = (id: string | undefined, applies: boolean, legacy: "force" | "removesOnly" | "idle") => {
    if (!id) return;
    if (firstLogin) {
      if (applies) result = withRole(result, id);
    } else if (legacy === "removesOnly") {
      if (!applies) result = withoutRole(result, id);
    } else if (legacy === "force" && !grantedRoles.has(id)) {
      if (applies) grantedRoles.add(id);
      result = applies ? withRole(result, id) : withoutRole(result, id);
    }
  };
  const mapGroup = (config: Record<string, string>, applies: boolean) => {
    const id = groupIdByPath(server, realm, config.group);
    if (!id) return;
    if (firstLogin) {
      if (applies) result = withGroup(result, id);
    } else if (!joinedGroups.has(id)) {
      if (applies) joinedGroups.add(id);
      result = applies ? withGroup(result, id) : withoutGroup(result, id);
    }
  };
  const mappers = server.db
    .list("identityProviderMappers", realm.id)
    .filter((m) => m.identityProviderAlias === idp.alias);
  for (const mapper of mappers) {
    const config = mapper.config ?? {};
    const mode = syncModeOf(idp, config);
    if (!firstLogin && mode === "IMPORT") continue;
    const legacy = !firstLogin && mode === "LEGACY";
    const update = !firstLogin;
    const role = () => roleId(server, realm, config.role);
    switch (mapper.identityProviderMapper) {
      case "hardcoded-attribute-idp-mapper":
        if (config.attribute)
          result = setAttribute(result, config.attribute, config["attribute.value"] ? [config["attribute.value"]] : []);
        break;
      case "oidc-hardcoded-role-idp-mapper":
        if (!legacy) result = withRole(result, role());
        break;
      case "oidc-hardcoded-group-idp-mapper":
        // Keycloak's HardcodedGroupMapper is a claim-to-group mapper that always applies (LEGACY as FORCE)
        mapGroup(config, true);
        break;
      case "oidc-advanced-group-idp-mapper":
        mapGroup(config, advancedClaimsApply(claims, config));
        break;
      case "saml-advanced-group-idp-mapper":
        mapGroup(config, advancedAttributesApply(claims, config));
        break;
      case "oidc-user-attribute-idp-mapper": {
        const values = claimValues(claims, config.claim ?? "");
        if (config["user.attribute"] && (values.length || update))
          result = setAttribute(result, config["user.attribute"], values, config["allow.nullable.property"] === "true");
        break;
      }
      case "saml-user-attribute-idp-mapper": {
        const values = samlValues(claims, config);
        if (config["user.attribute"] && (values.length || update))
          result = setAttribute(result, config["user.attribute"], values, config["allow.nullable.property"] === "true");
        break;
      }
      case "saml-xpath-attribute-idp-mapper": {
        // Keycloak sets the attribute only when the expression found something, at every login it runs
        const values = samlXPathValues(claims, config);
        if (config["user.attribute"] && values.length) result = setAttribute(result, config["user.attribute"], values);
        break;
      }
      case "saml-role-idp-mapper":
        mapRole(role(), samlValues(claims, config).includes(config["attribute.value"] ?? ""), "force");
        break;
      case "saml-advanced-role-idp-mapper":
        mapRole(role(), advancedAttributesApply(claims, config), "force");
        break;
      case "oidc-role-idp-mapper": {
        const applies = claimValueEquals(config["claim.value"] ?? "", claimValue(claims, config.claim ?? ""));
        mapRole(role(), applies, legacy ? "removesOnly" : "force");
        break;
      }
      case "oidc-advanced-role-idp-mapper":
        mapRole(role(), advancedClaimsApply(claims, config), legacy ? "removesOnly" : "force");
        break;
      case "keycloak-oidc-role-to-role-idp-mapper":
        mapRole(role(), externalRoleApplies(claims, config["external.role"]), legacy ? "idle" : "force");
        break;
    }
  }
  return result;
}

/**
 * A later sign-in of a linked user (Keycloak's updateFederatedIdentity): with the provider's sync mode FORCE, the first
 * and last name the provider now sends replace the user's; then the mappers per their sync modes.
 */
export function updateBrokeredUser(
  server: ServerContext,
  realm: RealmRecord,
  idp: IdentityProviderRecord,
  user: UserRecord,
  claims: Claims,
): UserRecord {
  let result = user;
  if (((idp.rep.config ?? {}) as Record<string, string>).syncMode === "FORCE") {
    const given = typeof claims.given_name === "string" ? claims.given_name : "";
    const family = typeof claims.family_name === "string" ? claims.family_name : "";
    if (given && given !== user.firstName) result = { ...result, firstName: given };
    if (family && family !== user.lastName) result = { ...result, lastName: family };
  }
  return applyMappers(server, realm, idp, result, claims, false);
}

/** firstName, lastName, email and username live in their own fields; anything else is an attribute. */
function setAttribute(user: UserRecord, name: string, values: string[], nullable = false): UserRecord {
  if (name === "firstName" || name === "lastName" || name === "email") {
    if (!values.length && !nullable) return user;
    return { ...user, [name]: name === "email" ? values[0]?.toLowerCase() : values[0] };
  }
  if (values.length) return { ...user, attributes: { ...user.attributes, [name]: values } };
  const { [name]: _removed, ...rest } = user.attributes;
  return { ...user, attributes: rest };
}

/** Claims key of the username a new user gets (a username template importer's LOCAL target). */
export const MODEL_USERNAME_CLAIM = "model_username";

/**
 * Keycloak's username template: `${ALIAS}`, `${UUID}`, SAML's `${NAMEID}` and `${ATTRIBUTE.<name>}`, OpenID Connect's
 * `${CLAIM.<name>}` (a dotted path into the token's claims), unknown ones their name; then `| transformer`.
 */
function usernameFromTemplate(template: string, alias: string, claims: Claims): string {
  const subject = claims.saml_subject as { nameID?: string } | undefined;
  return template.replace(/\$\{([^}|]+?)\s*(?:\|\s*(\w+)\s*)?\}/g, (_whole, variable: string, transformer?: string) => {
    const name = variable.trim();
    let value: string | undefined;
    if (name === "ALIAS") value = alias;
    else if (name === "UUID") value = randomUUID();
    else if (name === "NAMEID") value = subject?.nameID;
    else if (name.startsWith("ATTRIBUTE.")) {
      const attribute = name.slice("ATTRIBUTE.".length);
      value = samlValues(claims, { "attribute.name": attribute, "attribute.friendly.name": attribute })[0];
    } else if (name.startsWith("CLAIM.")) {
      const found = claimValue(claims, name.slice("CLAIM.".length));
      value = found === undefined || found === null ? undefined : String(found);
    } else value = variable;
    value ??= "";
    if (transformer === "uppercase") return value.toUpperCase();
    if (transformer === "lowercase") return value.toLowerCase();
    if (transformer === "localpart") return value.includes("@") ? value.slice(0, value.indexOf("@")) : value;
    return value;
  });
}

/**
 * Keycloak's UsernameTemplateMapper targets: the new user's username (LOCAL), or the link's user id (BROKER_ID, as
 * made) or username (BROKER_USERNAME, lowercased as Keycloak 26.7.3 stores it), set in the claims.
 */
type LoginScope = { server: ServerContext; realm: RealmRecord };

function setTemplatedUsername(claims: Claims, config: Record<string, string> | undefined, value: string) {
  const target = config?.target ?? "LOCAL";
  if (target === "BROKER_ID") claims.sub = value;
  else if (target === "BROKER_USERNAME") claims.preferred_username = value.toLowerCase();
  else claims[MODEL_USERNAME_CLAIM] = value;
}

/** The usernames an OpenID Connect provider's username template importers make, before its first broker login. */
export function withOidcUsernameTemplates({ server, realm }: LoginScope, idp: IdentityProviderRecord, claims: Claims) {
  const templates = server.db
    .list("identityProviderMappers", realm.id)
    .filter((m) => m.identityProviderAlias === idp.alias && m.identityProviderMapper === "oidc-username-idp-mapper");
  const result: Claims = { ...claims };
  for (const { config } of templates)
    setTemplatedUsername(
      result,
      config,
      usernameFromTemplate(config?.template ?? "${ALIAS}.${CLAIM.preferred_username}", idp.alias, claims),
    );
  return result;
}

const PROFILE_CLAIMS: Record<string, string> = { firstName: "given_name", lastName: "family_name", email: "email" };

/**
 * The identity's first name, last name and email as SAML attribute importers set them, and the usernames username
 * template importers make, before the first broker login (Keycloak's preprocessFederatedIdentity), in the claims.
 */
export function withSamlProfileClaims(
  server: ServerContext,
  realm: RealmRecord,
  idp: IdentityProviderRecord,
  claims: Claims,
): Claims {
  const result = { ...claims };
  for (const mapper of server.db.list("identityProviderMappers", realm.id)) {
    if (mapper.identityProviderAlias !== idp.alias) continue;
    if (mapper.identityProviderMapper === "saml-username-idp-mapper") {
      setTemplatedUsername(
        result,
        mapper.config,
        usernameFromTemplate(mapper.config?.template ?? "${ALIAS}.${NAMEID}", idp.alias, claims),
      );
      continue;
    }
    if (mapper.identityProviderMapper !== "saml-user-attribute-idp-mapper") continue;
    const claim = PROFILE_CLAIMS[mapper.config?.["user.attribute"] ?? ""];
    const value = samlValues(claims, mapper.config ?? {})[0];
    if (claim && value) result[claim] = value;
  }
  return result;
}
