/** The client scopes area's addresses, as the upstream console has them (bookmarks keep working). */
export const CLIENT_SCOPE_TABS = ["settings", "mappers", "scope"] as const;
export type ClientScopeTab = (typeof CLIENT_SCOPE_TABS)[number];

/** `add`: the mapper id in the address is a mapper type; `edit`: it is the mapper's own id. */
export type MapperViewMode = "add" | "edit";

const part = encodeURIComponent;

export const toClientScopes = (realm: string) => `/${realm}/client-scopes`;
export const toNewClientScope = (realm: string) => `/${realm}/client-scopes/new`;
export const toClientScope = (realm: string, id: string, tab: ClientScopeTab = "settings") =>
  `/${realm}/client-scopes/${part(id)}/${tab}`;
export const toClientScopeMapper = (realm: string, id: string, mapperId: string, viewMode: MapperViewMode = "edit") =>
  `/${realm}/client-scopes/${part(id)}/mappers/${part(mapperId)}/${viewMode}`;

/** The mapper pages' links for the core protocol-mapper components. */
export const clientScopeMapperLinks = (realm: string, id: string) => ({
  toMapper: (mapperId: string, viewMode: MapperViewMode) => toClientScopeMapper(realm, id, mapperId, viewMode),
  toList: () => toClientScope(realm, id, "mappers"),
});
