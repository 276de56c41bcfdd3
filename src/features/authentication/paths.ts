/** The authentication area's addresses, as the upstream console has them (bookmarks keep working). */
export const AUTHENTICATION_TABS = ["flows", "required-actions", "policies"] as const;
export type AuthenticationTab = (typeof AUTHENTICATION_TABS)[number];

/** The `:usedBy` segment of a flow's address: the overview's usage type, or `notInUse`. */
export type FlowUsedBy = "SPECIFIC_CLIENTS" | "SPECIFIC_PROVIDERS" | "DEFAULT" | "notInUse";

export const toAuthentication = (realm: string, tab: AuthenticationTab = "flows") => `/${realm}/authentication/${tab}`;
export const toCreateFlow = (realm: string) => `/${realm}/authentication/flows/create`;
export const toFlow = (realm: string, id: string, usedBy: FlowUsedBy | string = "notInUse", builtIn?: boolean) =>
  `/${realm}/authentication/${encodeURIComponent(id)}/${usedBy}${builtIn ? "/builtIn" : ""}`;
