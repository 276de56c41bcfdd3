/** The user federation area's addresses, as the upstream console has them. */
export const LDAP_TABS = ["settings", "mappers"] as const;
export type LdapTab = (typeof LDAP_TABS)[number];

export const STORAGE_TYPE = "org.keycloak.storage.UserStorageProvider";
export const LDAP_MAPPER_TYPE = "org.keycloak.storage.ldap.mappers.LDAPStorageMapper";

export const toUserFederation = (realm: string) => `/${realm}/user-federation`;
export const toNewProvider = (realm: string, providerId: string) =>
  `/${realm}/user-federation/${encodeURIComponent(providerId)}/new`;
export const toProvider = (realm: string, providerId: string, id: string, tab?: LdapTab) =>
  `/${realm}/user-federation/${encodeURIComponent(providerId)}/${encodeURIComponent(id)}` +
  (providerId === "ldap" && tab ? `/${tab}` : "");
export const toLdapMapper = (realm: string, providerId: string, mapperId: string) =>
  `/${realm}/user-federation/ldap/${encodeURIComponent(providerId)}/mappers/${encodeURIComponent(mapperId)}`;
