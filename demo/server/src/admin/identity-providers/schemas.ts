import { Type, type Static } from "typebox";
import type IdentityProviderRepresentation from "@keycloak/keycloak-admin-client/lib/defs/identityProviderRepresentation.js";
import type IdentityProviderMapperRepresentation from "@keycloak/keycloak-admin-client/lib/defs/identityProviderMapperRepresentation.js";
import { Bool, Flag, Name, NamedMap, PagingQuery, Query, Representation, Str, StrList } from "../common/schemas.ts";
import type { Fits } from "../common/fits.ts";

/** `Map<String, String>` config; a list is joined with `##` as Keycloak's multivalued config strings are. */
const ConfigMap = () =>
  Type.Optional(
    NamedMap(Type.Union([Type.String(), Type.Array(Type.String()), Type.Null()]), {
      nullable: true,
    }),
  );

export const IdentityProviderSchema = Representation("IdentityProviderRepresentation", {
  alias: Name(),
  displayName: Name(),
  internalId: Name(),
  providerId: Name(),
  enabled: Bool(),
  updateProfileFirstLoginMode: Name(),
  trustEmail: Bool(),
  storeToken: Bool(),
  addReadTokenRoleOnCreate: Bool(),
  authenticateByDefault: Bool(),
  linkOnly: Bool(),
  hideOnLogin: Bool(),
  firstBrokerLoginFlowAlias: Name(),
  postBrokerLoginFlowAlias: Name(),
  organizationId: Name(),
  types: StrList({ maxLength: 255 }),
  config: ConfigMap(),
});
export const identityProviderFits: Fits<Static<typeof IdentityProviderSchema>, IdentityProviderRepresentation> = true;

export const IdentityProviderMapperSchema = Representation("IdentityProviderMapperRepresentation", {
  id: Name(),
  name: Name(),
  identityProviderAlias: Name(),
  identityProviderMapper: Name(),
  config: ConfigMap(),
});
export const mapperFits: Fits<Static<typeof IdentityProviderMapperSchema>, IdentityProviderMapperRepresentation> = true;

/** import-config's `Map<String, Object>`: the provider and its metadata, inline (`file`) or by URL. */
export const ImportConfigSchema = Type.Object({
  providerId: Name(),
  fromUrl: Str({ maxLength: 2048 }),
  file: Type.Optional(
    Type.Union([
      Type.String({ maxLength: 1024 * 1024 }),
      Type.Object({ filename: Type.String(), contentType: Type.String(), data: Type.Any() }, { title: "file" }),
    ]),
  ),
});

export const InstanceListQuery = Query({ ...PagingQuery, search: Str(), realmOnly: Flag() });
