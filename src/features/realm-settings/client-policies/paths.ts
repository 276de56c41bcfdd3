/** The client policies tab's addresses, as the upstream console has them. */
export const CLIENT_POLICIES_TABS = ["profiles", "policies"] as const;
export type ClientPoliciesTabKey = (typeof CLIENT_POLICIES_TABS)[number];

const base = (realm: string) => `/${realm}/realm-settings/client-policies`;
const part = encodeURIComponent;

export const toClientPolicies = (realm: string, tab: ClientPoliciesTabKey = "profiles") => `${base(realm)}/${tab}`;
export const toAddProfile = (realm: string) => `${base(realm)}/profiles/add-profile`;
export const toEditProfile = (realm: string, profile: string) => `${base(realm)}/${part(profile)}/edit-profile`;
export const toAddExecutor = (realm: string, profile: string) => `${base(realm)}/${part(profile)}/add-executor`;
export const toEditExecutor = (realm: string, profile: string, executor: string) =>
  `${base(realm)}/${part(profile)}/edit-profile/${part(executor)}`;
export const toAddPolicy = (realm: string) => `${base(realm)}/policies/add-client-policy`;
export const toEditPolicy = (realm: string, policy: string) => `${base(realm)}/${part(policy)}/edit-policy`;
export const toAddCondition = (realm: string, policy: string) =>
  `${base(realm)}/${part(policy)}/edit-policy/create-condition`;
export const toEditCondition = (realm: string, policy: string, condition: string) =>
  `${base(realm)}/${part(policy)}/edit-policy/${part(condition)}/edit-condition`;
