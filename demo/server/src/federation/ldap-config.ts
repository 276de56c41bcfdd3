import type { ComponentRecord } from "../store/types.ts";

export const LDAP_PROVIDER_TYPE = "org.keycloak.storage.UserStorageProvider";
export const LDAP_MAPPER_TYPE = "org.keycloak.storage.ldap.mappers.LDAPStorageMapper";

export type EditMode = "READ_ONLY" | "WRITABLE" | "UNSYNCED";

/** The settings of an LDAP provider component that the server acts on, read as Keycloak's LDAPConfig does. */
export interface LdapConfig {
  id: string;
  name: string;
  enabled: boolean;
  connectionUrl: string;
  startTls: boolean;
  authType: "simple" | "none";
  bindDn: string;
  bindCredential: string;
  connectionTimeout?: number;
  readTimeout?: number;
  editMode?: EditMode;
  usersDn: string;
  usernameAttribute: string;
  rdnAttribute: string;
  uuidAttribute: string;
  userObjectClasses: string[];
  customFilter: string;
  /** 1 one level, 2 subtree (Keycloak's LDAPConstants.SEARCH_SCOPE values). */
  searchScope: "one" | "sub";
  pagination: boolean;
  batchSize: number;
  importEnabled: boolean;
  syncRegistrations: boolean;
  fullSyncPeriod: number;
  changedSyncPeriod: number;
  usePasswordModifyExtendedOp: boolean;
  activeDirectory: boolean;
  /** Novell eDirectory (its binary `guid` UUID attribute is decoded). */
  edirectory: boolean;
  lastSync: number;
  /** The LDAP attribute holding a user's Kerberos principal (Keycloak's krbPrincipalAttribute), when set. */
  kerberosPrincipalAttribute?: string;
}

export const first = (config: Record<string, string[]>, key: string): string | undefined => config[key]?.[0];

const bool = (config: Record<string, string[]>, key: string, fallback: boolean) => {
  const value = first(config, key);
  return value === undefined || value === "" ? fallback : value === "true";
};

const int = (config: Record<string, string[]>, key: string, fallback: number) => {
  const value = Number(first(config, key));
  return Number.isFinite(value) && first(config, key) !== "" ? value : fallback;
};

export function isLdapProvider(component: ComponentRecord): boolean {
  return component.providerType === LDAP_PROVIDER_TYPE && component.providerId === "ldap";
}

export function ldapConfig(component: ComponentRecord): LdapConfig {
  const c = component.config;
  const vendor = first(c, "vendor") ?? "";
  const usernameAttribute = first(c, "usernameLDAPAttribute") ?? "";
  const editMode = first(c, "editMode");
  return {
    id: component.id,
    name: component.name,
    enabled: bool(c, "enabled", true),
    connectionUrl: first(c, "connectionUrl") ?? "",
    startTls: bool(c, "startTls", false),
    authType: first(c, "authType") === "none" ? "none" : "simple",
    bindDn: first(c, "bindDn") ?? "",
    bindCredential: first(c, "bindCredential") ?? "",
    connectionTimeout: first(c, "connectionTimeout") ? int(c, "connectionTimeout", 0) : undefined,
    readTimeout: first(c, "readTimeout") ? int(c, "readTimeout", 0) : undefined,
    editMode: editMode === "READ_ONLY" || editMode === "WRITABLE" || editMode === "UNSYNCED" ? editMode : undefined,
    usersDn: first(c, "usersDn") ?? "",
    usernameAttribute,
    rdnAttribute: first(c, "rdnLDAPAttribute") || usernameAttribute,
    uuidAttribute: first(c, "uuidLDAPAttribute") || (vendor === "ad" ? "objectGUID" : "entryUUID"),
    userObjectClasses: (first(c, "userObjectClasses") ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    customFilter: (first(c, "customUserSearchFilter") ?? "").trim(),
    searchScope: first(c, "searchScope") === "2" ? "sub" : "one",
    pagination: bool(c, "pagination", true),
    batchSize: Math.max(1, int(c, "batchSizeForSync", 1000)),
    importEnabled: bool(c, "importEnabled", true),
    syncRegistrations: bool(c, "syncRegistrations", false),
    fullSyncPeriod: int(c, "fullSyncPeriod", -1),
    changedSyncPeriod: int(c, "changedSyncPeriod", -1),
    usePasswordModifyExtendedOp: bool(c, "usePasswordModifyExtendedOp", false),
    activeDirectory: vendor === "ad",
    edirectory: vendor === "edirectory",
    lastSync: int(c, "lastSync", 0),
    kerberosPrincipalAttribute: first(c, "krbPrincipalAttribute")?.trim() || undefined,
  };
}
