/** The users area's addresses, as the upstream console has them (bookmarks keep working). */
export const USER_TABS = [
  "settings",
  "attributes",
  "credentials",
  "role-mapping",
  "groups",
  "organizations",
  "consents",
  "identity-provider-links",
  "sessions",
] as const;
export type UserTab = (typeof USER_TABS)[number];

export const toUsers = (realm: string) => `/${realm}/users`;
export const toAddUser = (realm: string) => `/${realm}/users/add-user`;
export const toUser = (realm: string, id: string, tab: UserTab = "settings") =>
  `/${realm}/users/${encodeURIComponent(id)}/${tab}`;

export const isUserTab = (tab: string | undefined): tab is UserTab =>
  (USER_TABS as readonly string[]).includes(tab ?? "");
