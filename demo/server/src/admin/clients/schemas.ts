import { Type, type Static } from "typebox";
import type ClientRepresentation from "@keycloak/keycloak-admin-client/lib/defs/clientRepresentation.js";
import type ClientScopeRepresentation from "@keycloak/keycloak-admin-client/lib/defs/clientScopeRepresentation.js";
import type ProtocolMapperRepresentation from "@keycloak/keycloak-admin-client/lib/defs/protocolMapperRepresentation.js";
import {
  AnyObject,
  Bool,
  Flag,
  BoolMap,
  Int,
  Name,
  NamedMap,
  PagingQuery,
  Query,
  Representation,
  Str,
  StrList,
} from "../common/schemas.ts";
import type { Fits } from "../common/fits.ts";

/** Attributes and config maps of clients, scopes and mappers: `Map<String, String>` (numbers and booleans coerced). */
const ScalarMap = () => Type.Optional(NamedMap(Type.Union([Type.String(), Type.Null()]), { nullable: true }));

export const ProtocolMapperSchema = Representation("ProtocolMapperRepresentation", {
  id: Name(),
  name: Name(),
  protocol: Name(),
  protocolMapper: Name(),
  consentRequired: Bool(),
  consentText: Name(),
  config: ScalarMap(),
});
export const mapperFits: Fits<Static<typeof ProtocolMapperSchema>, ProtocolMapperRepresentation> = true;
export const ProtocolMapperList = Type.Array(ProtocolMapperSchema);

const Mappers = () => Type.Optional(Type.Array(ProtocolMapperSchema, { nullable: true }));

export const ClientSchema = Representation("ClientRepresentation", {
  id: Name(),
  clientId: Name(),
  name: Name(),
  description: Name(),
  type: Name(),
  rootUrl: Name(),
  adminUrl: Name(),
  baseUrl: Name(),
  surrogateAuthRequired: Bool(),
  enabled: Bool(),
  alwaysDisplayInConsole: Bool(),
  clientAuthenticatorType: Name(),
  secret: Name(),
  registrationAccessToken: Str(),
  defaultRoles: StrList(),
  redirectUris: StrList({ maxLength: 255 }),
  webOrigins: StrList({ maxLength: 255 }),
  notBefore: Int(),
  bearerOnly: Bool(),
  consentRequired: Bool(),
  standardFlowEnabled: Bool(),
  implicitFlowEnabled: Bool(),
  directAccessGrantsEnabled: Bool(),
  serviceAccountsEnabled: Bool(),
  authorizationServicesEnabled: Bool(),
  directGrantsOnly: Bool(),
  publicClient: Bool(),
  frontchannelLogout: Bool(),
  protocol: Name(),
  attributes: ScalarMap(),
  authenticationFlowBindingOverrides: ScalarMap(),
  fullScopeAllowed: Bool(),
  nodeReRegistrationTimeout: Int(),
  registeredNodes: Type.Optional(NamedMap(Type.Integer(), { nullable: true })),
  protocolMappers: Mappers(),
  clientTemplate: Name(),
  useTemplateConfig: Bool(),
  useTemplateScope: Bool(),
  useTemplateMappers: Bool(),
  defaultClientScopes: StrList(),
  optionalClientScopes: StrList(),
  authorizationSettings: AnyObject(),
  access: BoolMap(),
  origin: Name(),
});
export const clientFits: Fits<Static<typeof ClientSchema>, ClientRepresentation> = true;

export const ClientScopeSchema = Representation("ClientScopeRepresentation", {
  id: Name(),
  name: Name(),
  description: Name(),
  protocol: Name(),
  attributes: ScalarMap(),
  protocolMappers: Mappers(),
});
export const clientScopeFits: Fits<Static<typeof ClientScopeSchema>, ClientScopeRepresentation> = true;

export const ClientListQuery = Query({
  ...PagingQuery,
  clientId: Str(),
  search: Flag(),
  q: Str(),
  viewableOnly: Flag(),
});

/** ClientInitialAccessCreatePresentation: lifetime in seconds and how many clients the token may register. */
export const InitialAccessSchema = Representation("ClientInitialAccessCreatePresentation", {
  expiration: Int(),
  count: Int(),
});
/** registerNode's `Map<String, String>`. */
export const ClusterNodeSchema = Type.Object({ node: Name() });

/** Evaluate tab: the scope parameter, and the user and audience of the example tokens. */
export const EvaluateQuery = Query({ scope: Str(), userId: Str(), audience: Str() });
