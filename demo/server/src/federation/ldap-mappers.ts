import { randomUUID } from "node:crypto";
import type { Entry } from "ldapts";
import type { ComponentRecord, UserRecord } from "../store/types.ts";
import { first, LDAP_MAPPER_TYPE, type EditMode } from "./ldap-config.ts";
import { attributeBase64, attributeValue, attributeValues } from "./ldap-connection.ts";

/** MSAD's userAccountControl flag of a disabled account. */
const ACCOUNT_DISABLE = 0x2;

const isTrue = (mapper: ComponentRecord, key: string) => first(mapper.config, key) === "true";

/** The mappers below an LDAP provider. */
export function mappersOf(components: ComponentRecord[], providerId: string): ComponentRecord[] {
  return components.filter((c) => c.parentId === providerId && c.providerType === LDAP_MAPPER_TYPE);
}

function setModelAttribute(user: UserRecord, name: string, value: string | undefined): void {
  if (name === "username") {
    if (value) user.username = value.toLowerCase();
  } else if (name === "email") {
    if (value) user.email = value.toLowerCase();
    else delete user.email;
  } else if (name === "firstName" || name === "lastName") {
    if (value) user[name] = value;
    else delete user[name];
  } else if (value !== undefined) user.attributes[name] = [value];
  else delete user.attributes[name];
}

function modelAttribute(user: UserRecord, name: string): string | undefined {
  if (name === "username") return user.username;
  if (name === "email") return user.email;
  if (name === "firstName" || name === "lastName") return user[name];
  return user.attributes[name]?.[0];
}

/** Applies the mappers to a user from its LDAP entry (import and sync direction). */
export function applyEntry(user: UserRecord, entry: Entry, mappers: ComponentRecord[]): void {
  for (const mapper of mappers) {
    if (mapper.providerId === "user-attribute-ldap-mapper" || mapper.providerId === "certificate-ldap-mapper") {
      const model = first(mapper.config, "user.model.attribute");
      const ldap = first(mapper.config, "ldap.attribute");
      if (!model || !ldap) continue;
      const binary = isTrue(mapper, "is.binary.attribute") || mapper.providerId === "certificate-ldap-mapper";
      const read = binary ? attributeBase64(entry, ldap) : attributeValue(entry, ldap);
      const value = read ?? (first(mapper.config, "attribute.default.value") || undefined);
      if (model === "username" && !value) continue;
      setModelAttribute(user, model, value);
    } else if (mapper.providerId === "full-name-ldap-mapper") {
      if (isTrue(mapper, "write.only")) continue;
      const full = attributeValue(entry, first(mapper.config, "ldap.full.name.attribute") || "cn");
      if (!full) continue;
      const space = full.lastIndexOf(" ");
      user.firstName = space > 0 ? full.slice(0, space) : full;
      if (space > 0) user.lastName = full.slice(space + 1);
    } else if (
      mapper.providerId === "msad-user-account-control-mapper" ||
      mapper.providerId === "msad-lds-user-account-control-mapper"
    ) {
      const control = Number(attributeValue(entry, "userAccountControl"));
      const ldsDisabled = attributeValue(entry, "msDS-UserAccountDisabled");
      if (Number.isInteger(control)) user.enabled = (control & ACCOUNT_DISABLE) === 0;
      else if (ldsDisabled !== undefined) user.enabled = ldsDisabled.toUpperCase() !== "TRUE";
    } else if (mapper.providerId === "hardcoded-attribute-mapper") {
      const model = first(mapper.config, "user.model.attribute");
      if (model) setModelAttribute(user, model, first(mapper.config, "attribute.value") ?? "");
    }
  }
}

/** The model attributes a mapper would write back to LDAP, with their LDAP attribute: `[model, ldap]`. */
function writableMappings(mappers: ComponentRecord[]): [string, string][] {
  const out: [string, string][] = [];
  for (const mapper of mappers) {
    if (mapper.providerId !== "user-attribute-ldap-mapper" || isTrue(mapper, "read.only")) continue;
    if (isTrue(mapper, "is.binary.attribute")) continue;
    const model = first(mapper.config, "user.model.attribute");
    const ldap = first(mapper.config, "ldap.attribute");
    if (model && ldap) out.push([model, ldap]);
  }
  return out;
}

/** Model attributes that READ_ONLY providers (or read-only mappers) keep from being edited. */
export function readOnlyAttributes(mappers: ComponentRecord[], editMode: EditMode | undefined): Set<string> {
  const out = new Set<string>();
  // UNSYNCED keeps every edit here, whatever the mappers say about writing to LDAP.
  if (editMode === "UNSYNCED") return out;
  for (const mapper of mappers) {
    const model =
      mapper.providerId === "full-name-ldap-mapper" ? undefined : first(mapper.config, "user.model.attribute");
    const readOnly = editMode === "READ_ONLY" || isTrue(mapper, "read.only");
    if (!readOnly) continue;
    if (model) out.add(model);
    if (mapper.providerId === "full-name-ldap-mapper") ["firstName", "lastName"].forEach((a) => out.add(a));
  }
  return out;
}

/** The LDAP attribute values that changed between `before` and `after` (WRITABLE), for an LDAP modify. */
export function changedLdapValues(
  before: UserRecord,
  after: UserRecord,
  mappers: ComponentRecord[],
): Record<string, string | undefined> {
  const changes: Record<string, string | undefined> = {};
  for (const [model, ldap] of writableMappings(mappers)) {
    const was = modelAttribute(before, model);
    const now = modelAttribute(after, model);
    if (was !== now) changes[ldap] = now || undefined;
  }
  for (const mapper of mappers) {
    if (mapper.providerId !== "full-name-ldap-mapper" || isTrue(mapper, "read.only")) continue;
    const full = (u: UserRecord) => [u.firstName, u.lastName].filter(Boolean).join(" ");
    if (full(before) !== full(after))
      changes[first(mapper.config, "ldap.full.name.attribute") || "cn"] = full(after) || undefined;
  }
  return changes;
}

/** The attributes of a new LDAP entry for a user (sync registrations). */
export function newEntryValues(user: UserRecord, mappers: ComponentRecord[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [model, ldap] of writableMappings(mappers)) {
    const value = modelAttribute(user, model);
    if (value) values[ldap] = value;
  }
  for (const mapper of mappers) {
    if (mapper.providerId === "hardcoded-ldap-attribute-mapper") {
      // Keycloak's hardcoded LDAP attribute mapper: every new entry gets the value (${RANDOM}: a random one).
      const name = first(mapper.config, "ldap.attribute.name");
      const value = first(mapper.config, "ldap.attribute.value") ?? "";
      if (name) values[name] = value === "${RANDOM}" ? randomUUID() : value;
    }
    if (mapper.providerId === "user-attribute-ldap-mapper" && isTrue(mapper, "is.mandatory.in.ldap")) {
      const ldap = first(mapper.config, "ldap.attribute");
      if (ldap && !values[ldap]) values[ldap] = " ";
    }
  }
  return values;
}

export { attributeValues };
