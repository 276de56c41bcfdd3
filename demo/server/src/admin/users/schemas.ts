import { Type, type Static } from "typebox";
import type UserRepresentation from "@keycloak/keycloak-admin-client/lib/defs/userRepresentation.js";
import type CredentialRepresentation from "@keycloak/keycloak-admin-client/lib/defs/credentialRepresentation.js";
import type FederatedIdentityRepresentation from "@keycloak/keycloak-admin-client/lib/defs/federatedIdentityRepresentation.js";
import {
  AnyObject,
  Attributes,
  Bool,
  Flag,
  BoolMap,
  ClientRoleNames,
  Int,
  Long,
  Name,
  ObjectList,
  PagingQuery,
  Query,
  Representation,
  Str,
  StrList,
} from "../common/schemas.ts";
import type { Fits } from "../common/fits.ts";

export const CredentialSchema = Representation("CredentialRepresentation", {
  id: Name(),
  type: Name(),
  userLabel: Name(),
  value: Str(),
  temporary: Bool(),
  createdDate: Long(),
  secretData: Str(),
  credentialData: Str(),
  priority: Int(),
  federationLink: Name(),
});
export const credentialFits: Fits<Static<typeof CredentialSchema>, CredentialRepresentation> = true;

export const UserSchema = Representation("UserRepresentation", {
  id: Name(),
  username: Name(),
  email: Name(),
  firstName: Name(),
  lastName: Name(),
  enabled: Bool(),
  emailVerified: Bool(),
  totp: Bool(),
  createdTimestamp: Long(),
  notBefore: Int(),
  federationLink: Name(),
  serviceAccountClientId: Name(),
  self: Str(),
  attributes: Attributes(),
  requiredActions: StrList({ maxLength: 255 }),
  groups: StrList(),
  realmRoles: StrList(),
  disableableCredentialTypes: StrList(),
  credentials: Type.Optional(Type.Array(CredentialSchema, { nullable: true })),
  federatedIdentities: ObjectList(),
  clientConsents: ObjectList(),
  clientRoles: ClientRoleNames(),
  access: BoolMap(),
  userProfileMetadata: AnyObject(),
});
export const userFits: Fits<Static<typeof UserSchema>, UserRepresentation> = true;

export const UserListQuery = Query({
  ...PagingQuery,
  search: Str(),
  username: Str(),
  email: Str(),
  firstName: Str(),
  lastName: Str(),
  q: Str(),
  exact: Flag(),
  enabled: Flag(),
  emailVerified: Flag(),
  idpAlias: Str(),
  idpUserId: Str(),
});

export const ActionsQuery = Query({ client_id: Str(), redirect_uri: Str(), lifespan: Int() });
export const RequiredActionList = Type.Array(Type.String({ maxLength: 255 }));
export const CredentialTypeList = Type.Array(Type.String({ maxLength: 255 }));
/** A credential's new label, sent as text. */
export const LabelBody = Type.String({ maxLength: 255 });

export const FederatedIdentitySchema = Representation("FederatedIdentityRepresentation", {
  identityProvider: Name(),
  userId: Name(),
  userName: Name(),
});
export const federatedIdentityFits: Fits<
  Static<typeof FederatedIdentitySchema>,
  FederatedIdentityRepresentation
> = true;
