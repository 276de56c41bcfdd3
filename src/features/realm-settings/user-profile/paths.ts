/** The user profile tab's addresses, as the upstream console has them. */
export const USER_PROFILE_TABS = ["attributes", "attributes-group", "json-editor"] as const;
export type UserProfileTabKey = (typeof USER_PROFILE_TABS)[number];

const base = (realm: string) => `/${realm}/realm-settings/user-profile`;

export const toUserProfile = (realm: string, tab: UserProfileTabKey = "attributes") => `${base(realm)}/${tab}`;
export const toAddAttribute = (realm: string) => `${base(realm)}/attributes/add-attribute`;
export const toEditAttribute = (realm: string, name: string) =>
  `${base(realm)}/attributes/${encodeURIComponent(name)}/edit-attribute`;
export const toNewAttributeGroup = (realm: string) => `${base(realm)}/attributesGroup/new`;
export const toEditAttributeGroup = (realm: string, name: string) =>
  `${base(realm)}/attributesGroup/edit/${encodeURIComponent(name)}`;
