import type { ServerContext } from "../context.ts";
import type { UserRecord } from "../store/types.ts";
import { first, ldapConfig } from "./ldap-config.ts";
import { KERBEROS_PRINCIPAL, LDAP_ENTRY_DN, LDAP_ID, ldapProviderOf, mappersOfProvider } from "./ldap-users.ts";

/** An attribute a user's LDAP provider adds to the user profile that administrators see. */
export interface FederatedProfileAttribute {
  name: string;
  /** Shown read-only in the profile metadata. */
  readOnly: boolean;
  /** Refused when an administrator sends a changed value (updateReadOnlyAttributesRejectedMessage). */
  refusesChanges: boolean;
  /** The user-metadata group, for the provider's own attributes. */
  metadata: boolean;
}

/**
 * Attributes Keycloak's user profile keeps administrators from changing (its default admin read-only attributes,
 * checked by ReadOnlyAttributeUnchangedValidator): a changed value is refused, even where the metadata says editable.
 */
const ADMIN_READ_ONLY = new Set([
  "KERBEROS_PRINCIPAL",
  "LDAP_ID",
  "LDAP_ENTRY_DN",
  "CREATED_TIMESTAMP",
  "createTimestamp",
  "modifyTimestamp",
  "userCertificate",
]);

/** The mappers whose model attribute Keycloak adds to the profile (UserAttributeLDAPStorageMapper.getUserAttributes). */
const ATTRIBUTE_MAPPERS = new Set(["user-attribute-ldap-mapper", "certificate-ldap-mapper"]);

/**
 * What the user's LDAP provider adds to the user profile for administrators, as Keycloak 26.7.3's
 * LDAPStorageProvider.decorateUserProfile (checked on it): its mappers' model attributes the profile lacks, then
 * LDAP_ENTRY_DN, KERBEROS_PRINCIPAL (with Kerberos authentication on) and LDAP_ID, read-only, in the user-metadata
 * group. A READ_ONLY provider makes its mappers' attributes read-only too. `inProfile`: the names the realm's user profile defines (those stay as it defines them).
 */
export function federatedProfileAttributes(
  server: ServerContext,
  user: UserRecord,
  inProfile: (name: string) => boolean,
): FederatedProfileAttribute[] {
  const provider = ldapProviderOf(server, user);
  if (!provider) return [];
  const config = ldapConfig(provider);
  const mappers = mappersOfProvider(server, provider);
  const out: FederatedProfileAttribute[] = [];
  const seen = new Set<string>();
  for (const mapper of mappers) {
    const name = ATTRIBUTE_MAPPERS.has(mapper.providerId) ? first(mapper.config, "user.model.attribute") : undefined;
    if (!name || seen.has(name) || inProfile(name)) continue;
    seen.add(name);
    const readOnly = config.editMode === "READ_ONLY";
    out.push({ name, readOnly, refusesChanges: ADMIN_READ_ONLY.has(name), metadata: false });
  }
  const kerberos = first(provider.config, "allowKerberosAuthentication") === "true";
  for (const name of [LDAP_ENTRY_DN, ...(kerberos ? [KERBEROS_PRINCIPAL] : []), LDAP_ID])
    if (!inProfile(name)) out.push({ name, readOnly: true, refusesChanges: true, metadata: true });
  return out;
}
