/** The organizations area's addresses, as the upstream console has them (bookmarks keep working). */
export const ORGANIZATION_TABS = ["settings", "attributes", "members", "identityProviders"] as const;
export type OrganizationTab = (typeof ORGANIZATION_TABS)[number];

export const toOrganizations = (realm: string) => `/${realm}/organizations`;
export const toNewOrganization = (realm: string) => `/${realm}/organizations/new`;
export const toOrganization = (realm: string, id: string, tab: OrganizationTab = "settings") =>
  `/${realm}/organizations/${encodeURIComponent(id)}/${tab}`;

export const isOrganizationTab = (tab: string | undefined): tab is OrganizationTab =>
  (ORGANIZATION_TABS as readonly string[]).includes(tab ?? "");
