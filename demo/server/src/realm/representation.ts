/**
 * The parts of Keycloak's JSON representations (export/import format) that
 * the realm import and export read or write. Every interface stays open
 * (`[key: string]: unknown`) because Keycloak adds fields in every release and
 * an import must carry what it does not understand.
 */

export type Json = Record<string, unknown>;

export interface RoleCompositesRep {
  realm?: string[];
  client?: Record<string, string[]>;
}

export interface RoleRep {
  id?: string;
  name: string;
  description?: string;
  composite?: boolean;
  composites?: RoleCompositesRep;
  clientRole?: boolean;
  containerId?: string;
  attributes?: Record<string, string[]>;
  [key: string]: unknown;
}

export interface ProtocolMapperRep {
  id?: string;
  name: string;
  protocol?: string;
  protocolMapper: string;
  consentRequired?: boolean;
  config?: Record<string, string>;
}

export interface ClientRep {
  id?: string;
  clientId: string;
  protocolMappers?: ProtocolMapperRep[];
  defaultClientScopes?: string[];
  optionalClientScopes?: string[];
  [key: string]: unknown;
}

export interface ClientScopeRep {
  id?: string;
  name: string;
  description?: string;
  protocol?: string;
  attributes?: Record<string, string>;
  protocolMappers?: ProtocolMapperRep[];
  [key: string]: unknown;
}

export interface GroupRep {
  id?: string;
  name: string;
  path?: string;
  description?: string;
  attributes?: Record<string, string[]>;
  realmRoles?: string[];
  clientRoles?: Record<string, string[]>;
  subGroups?: GroupRep[];
  [key: string]: unknown;
}

export interface CredentialRep {
  id?: string;
  type?: string;
  userLabel?: string;
  createdDate?: number;
  secretData?: string;
  credentialData?: string;
  priority?: number;
  /** Plain-text password, as hand-written import files give it. */
  value?: string;
  temporary?: boolean;
}

export interface UserRep {
  id?: string;
  username?: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  enabled?: boolean;
  emailVerified?: boolean;
  createdTimestamp?: number;
  notBefore?: number;
  federationLink?: string;
  serviceAccountClientId?: string;
  attributes?: Record<string, string[] | string>;
  credentials?: CredentialRep[];
  requiredActions?: string[];
  realmRoles?: string[];
  clientRoles?: Record<string, string[]>;
  groups?: string[];
  federatedIdentities?: { identityProvider: string; userId: string; userName: string }[];
  clientConsents?: {
    clientId: string;
    grantedClientScopes?: string[];
    createdDate?: number;
    lastUpdatedDate?: number;
  }[];
  [key: string]: unknown;
}

export interface ScopeMappingRep {
  client?: string;
  clientScope?: string;
  roles: string[];
}

export interface ComponentRep {
  id?: string;
  name?: string;
  providerId: string;
  subType?: string;
  config?: Record<string, string[]>;
  subComponents?: Record<string, ComponentRep[]>;
}

export interface AuthExecutionRep {
  authenticator?: string;
  authenticatorConfig?: string;
  authenticatorFlow?: boolean;
  flowAlias?: string;
  requirement?: string;
  priority?: number;
  userSetupAllowed?: boolean;
}

export interface AuthFlowRep {
  id?: string;
  alias: string;
  description?: string;
  providerId?: string;
  topLevel?: boolean;
  builtIn?: boolean;
  authenticationExecutions?: AuthExecutionRep[];
}

export interface RequiredActionRep {
  alias: string;
  name?: string;
  providerId?: string;
  enabled?: boolean;
  defaultAction?: boolean;
  priority?: number;
  config?: Record<string, string>;
}

export interface OrganizationRep {
  id?: string;
  name: string;
  alias?: string;
  enabled?: boolean;
  description?: string;
  redirectUrl?: string;
  domains?: { name: string; verified?: boolean }[];
  attributes?: Record<string, string[]>;
  members?: { username?: string; id?: string; membershipType?: string }[];
  identityProviders?: { alias: string }[];
}

export interface RealmRep {
  id?: string;
  realm?: string;
  displayName?: string;
  displayNameHtml?: string;
  enabled?: boolean;
  roles?: { realm?: RoleRep[]; client?: Record<string, RoleRep[]> };
  defaultRole?: RoleRep;
  groups?: GroupRep[];
  defaultGroups?: string[];
  users?: UserRep[];
  clients?: ClientRep[];
  clientScopes?: ClientScopeRep[];
  defaultDefaultClientScopes?: string[];
  defaultOptionalClientScopes?: string[];
  scopeMappings?: ScopeMappingRep[];
  clientScopeMappings?: Record<string, ScopeMappingRep[]>;
  components?: Record<string, ComponentRep[]>;
  identityProviders?: Json[];
  identityProviderMappers?: Json[];
  organizations?: OrganizationRep[];
  authenticationFlows?: AuthFlowRep[];
  authenticatorConfig?: { id?: string; alias: string; config?: Record<string, string> }[];
  requiredActions?: RequiredActionRep[];
  localizationTexts?: Record<string, Record<string, string>>;
  eventsEnabled?: boolean;
  eventsExpiration?: number;
  eventsListeners?: string[];
  enabledEventTypes?: string[];
  adminEventsEnabled?: boolean;
  adminEventsDetailsEnabled?: boolean;
  [key: string]: unknown;
}

/** RealmRepresentation fields kept in dedicated record fields or tables, never in RealmRecord.settings. */
export const STRUCTURED_REALM_FIELDS = new Set([
  "id",
  "realm",
  "displayName",
  "displayNameHtml",
  "enabled",
  "roles",
  "defaultRole",
  "defaultRoles",
  "groups",
  "defaultGroups",
  "users",
  "federatedUsers",
  "clients",
  "applications",
  "oauthClients",
  "clientTemplates",
  "clientScopes",
  "defaultDefaultClientScopes",
  "defaultOptionalClientScopes",
  "scopeMappings",
  "clientScopeMappings",
  "components",
  "userFederationProviders",
  "userFederationMappers",
  "identityProviders",
  "identityProviderMappers",
  "organizations",
  "authenticationFlows",
  "authenticatorConfig",
  "requiredActions",
  "localizationTexts",
  "eventsEnabled",
  "eventsExpiration",
  "eventsListeners",
  "enabledEventTypes",
  "adminEventsEnabled",
  "adminEventsDetailsEnabled",
  "keycloakVersion",
]);
