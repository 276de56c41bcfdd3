/**
 * Records kept by the embedded server. Field names follow Keycloak's
 * representations wherever one exists, so turning a record into the JSON the
 * admin API returns is mostly dropping the internal fields (`realmId`, and the
 * id lists that Keycloak keeps in join tables).
 */

export type Attributes = Record<string, string[]>;

export interface RealmRecord {
  id: string;
  realm: string;
  displayName?: string;
  displayNameHtml?: string;
  enabled: boolean;
  /** Every other RealmRepresentation scalar field (token lifespans, brute force, smtpServer, attributes, ...). */
  settings: Record<string, unknown>;
  /** Id of the `default-roles-{realm}` composite role. */
  defaultRoleId: string;
  /** Client scope ids given to every new client as default / optional scopes. */
  defaultClientScopeIds: string[];
  optionalClientScopeIds: string[];
  defaultGroupIds: string[];
  /** Realm-level key/value texts per locale: `{ en: { key: text } }`. */
  localizationTexts: Record<string, Record<string, string>>;
  eventsConfig: {
    eventsEnabled: boolean;
    eventsExpiration?: number;
    eventsListeners: string[];
    enabledEventTypes: string[];
    adminEventsEnabled: boolean;
    adminEventsDetailsEnabled: boolean;
  };
  /** Browser flow alias etc. live in settings; required actions are their own table. */
  createdTimestamp: number;
  /** Client registration initial access tokens (admin/clients/clients-initial-access). */
  clientInitialAccess?: ClientInitialAccessRecord[];
}

export interface ClientInitialAccessRecord {
  id: string;
  /** Seconds since the epoch, as Keycloak's ClientInitialAccessPresentation. */
  timestamp: number;
  /** Lifetime in seconds; 0 means it never expires. */
  expiration: number;
  count: number;
  remainingCount: number;
}

export interface CredentialRecord {
  id: string;
  type: string; // "password", "otp", ...
  userLabel?: string;
  createdDate: number;
  /** JSON strings, as Keycloak stores them. */
  secretData: string;
  credentialData: string;
  priority: number;
}

export interface FederatedIdentityRecord {
  identityProvider: string;
  userId: string;
  userName: string;
  /** The provider's token response, kept when the provider has "Store tokens" on (never in representations). */
  token?: string;
}

export interface ConsentRecord {
  clientId: string; // the client's clientId (not the internal id), as Keycloak's UserConsentRepresentation
  grantedClientScopeIds: string[];
  createdDate: number;
  lastUpdatedDate: number;
}

export interface UserRecord {
  id: string;
  realmId: string;
  username: string; // always lower case, as Keycloak stores it
  email?: string; // lower case
  firstName?: string;
  lastName?: string;
  enabled: boolean;
  emailVerified: boolean;
  attributes: Attributes;
  requiredActions: string[];
  createdTimestamp: number;
  notBefore: number;
  federationLink?: string;
  /** Internal id of the client whose service account this user is. */
  serviceAccountClientId?: string;
  credentials: CredentialRecord[];
  /** Direct group memberships (group ids). */
  groupIds: string[];
  /** Direct role mappings, realm and client roles alike (role ids). */
  roleIds: string[];
  federatedIdentities: FederatedIdentityRecord[];
  consents: ConsentRecord[];
}

export interface GroupRecord {
  id: string;
  realmId: string;
  name: string;
  description?: string;
  /** null for a top-level group. */
  parentId: string | null;
  attributes: Attributes;
  roleIds: string[];
  createdTimestamp: number;
}

export interface RoleRecord {
  id: string;
  realmId: string;
  name: string;
  description?: string;
  /** Internal id of the owning client, or undefined for a realm role. */
  clientId?: string;
  compositeIds: string[];
  attributes: Attributes;
}

export interface ProtocolMapperRecord {
  id: string;
  name: string;
  protocol: string;
  protocolMapper: string;
  consentRequired?: boolean;
  config: Record<string, string>;
}

export interface ClientRecord {
  id: string;
  realmId: string;
  clientId: string;
  /** Every other ClientRepresentation field (name, rootUrl, redirectUris, publicClient, attributes, secret, ...). */
  rep: Record<string, unknown>;
  protocolMappers: ProtocolMapperRecord[];
  defaultClientScopeIds: string[];
  optionalClientScopeIds: string[];
  /** Roles in this client's scope (scope mappings): realm and client role ids. */
  scopeRoleIds: string[];
  /** Fine-grained admin permissions (v1) of this client, when enabled: the ids Keycloak keeps in realm-management's authorization. */
  managementPermissions?: ManagementPermissionIds;
  /** Settings of its authorization services, present while `authorizationServicesEnabled` is on. */
  authorization?: ResourceServerSettings;
  /** The jti of the one valid registration access token (dynamic client registration), as Keycloak's registrationToken. */
  registrationTokenId?: string;
}

/** A resource `client.resource.<id>` and one scope permission per scope, by scope name. */
export interface ManagementPermissionIds {
  resource: string;
  scopePermissions: Record<string, string>;
}

export interface ClientScopeRecord {
  id: string;
  realmId: string;
  name: string;
  description?: string;
  protocol: string;
  attributes: Record<string, string>;
  protocolMappers: ProtocolMapperRecord[];
  scopeRoleIds: string[];
}

export interface ComponentRecord {
  id: string;
  realmId: string;
  name: string;
  providerId: string;
  providerType: string;
  /** The realm id for top-level components, or the parent component's id. */
  parentId: string;
  subType?: string;
  config: Record<string, string[]>;
}

export interface IdentityProviderRecord {
  /** internalId */
  id: string;
  realmId: string;
  alias: string;
  /** Every other IdentityProviderRepresentation field. */
  rep: Record<string, unknown>;
}

export interface IdentityProviderMapperRecord {
  id: string;
  realmId: string;
  name: string;
  identityProviderAlias: string;
  identityProviderMapper: string;
  config: Record<string, string>;
}

/** A group of an organization; members are organization members. */
export interface OrganizationGroupRecord {
  id: string;
  name: string;
  description?: string;
  parentId: string | null;
  attributes: Attributes;
  memberIds: string[];
  createdTimestamp: number;
}

export interface OrganizationRecord {
  id: string;
  realmId: string;
  name: string;
  alias: string;
  enabled: boolean;
  description?: string;
  redirectUrl?: string;
  domains: { name: string; verified: boolean }[];
  attributes: Attributes;
  /** user id -> "MANAGED" | "UNMANAGED" */
  members: Record<string, string>;
  identityProviderAliases: string[];
  /** The organization's own groups (Keycloak 26.6), apart from the realm's groups. */
  groups?: OrganizationGroupRecord[];
  /** Invitations recorded by invite-user / invite-existing-user (no mail is sent). */
  invitations?: {
    id: string;
    email: string;
    firstName?: string;
    lastName?: string;
    userId?: string;
    sentDate: number;
  }[];
}

export interface AuthExecutionRecord {
  id: string;
  authenticator?: string;
  authenticatorConfig?: string; // alias of an AuthenticatorConfigRecord
  authenticatorFlow: boolean;
  flowId?: string; // sub-flow id when authenticatorFlow
  requirement: string;
  priority: number;
  userSetupAllowed?: boolean;
}

export interface AuthFlowRecord {
  id: string;
  realmId: string;
  alias: string;
  description?: string;
  providerId: string; // "basic-flow" | "client-flow" | "form-flow"
  topLevel: boolean;
  builtIn: boolean;
  executions: AuthExecutionRecord[];
}

export interface AuthenticatorConfigRecord {
  id: string;
  realmId: string;
  alias: string;
  config: Record<string, string>;
}

export interface RequiredActionRecord {
  /** `${realmId}/${alias}` */
  id: string;
  realmId: string;
  alias: string;
  name: string;
  providerId: string;
  enabled: boolean;
  defaultAction: boolean;
  priority: number;
  config: Record<string, string>;
}

export interface ClientSessionRecord {
  clientId: string; // internal client id
  started: number;
  lastAccess: number;
  /** Refresh token rotation (the realm's revokeRefreshToken), by the refresh tokens' reuse_id ("" for none). */
  refreshTokenUses?: Record<string, RefreshTokenUse>;
}

/** Keycloak's per-client-session notes of a rotation family: the token last used, its uses, the last refresh. */
export interface RefreshTokenUse {
  /** jti of the refresh token last presented. */
  tokenId: string;
  useCount: number;
  /** iat (seconds) of the newest refresh token issued from this family. */
  lastRefresh: number;
}

export interface UserSessionRecord {
  id: string;
  realmId: string;
  userId: string;
  ipAddress: string;
  start: number;
  lastAccess: number;
  rememberMe: boolean;
  offline: boolean;
  /** keyed by internal client id */
  clients: Record<string, ClientSessionRecord>;
  /** Keycloak user session notes (AUTH_TIME, ...). */
  notes: Record<string, string>;
}

export interface EventRecord {
  id: string;
  realmId: string;
  time: number;
  type: string;
  clientId?: string;
  userId?: string;
  sessionId?: string;
  ipAddress?: string;
  error?: string;
  details?: Record<string, string>;
}

export interface AdminEventRecord {
  id: string;
  realmId: string;
  time: number;
  operationType: "CREATE" | "UPDATE" | "DELETE" | "ACTION";
  resourceType: string;
  resourcePath: string;
  representation?: string;
  error?: string;
  authDetails: { realmId: string; clientId: string; userId: string; ipAddress: string };
}

export interface LoginFailureRecord {
  /** `${realmId}/${userId}` */
  id: string;
  realmId: string;
  userId: string;
  numFailures: number;
  numTemporaryLockouts: number;
  lastFailure: number;
  lastIPFailure: string;
  /** epoch ms until which the user is locked; 0 when not locked */
  lockedUntil: number;
}

/** Short-lived OIDC state (authorization codes, login form state). */
export interface AuthCodeRecord {
  id: string; // the code itself
  realmId: string;
  clientId: string; // clientId (public)
  userId: string;
  sessionId: string;
  /** The redirect_uri the authorization request sent, which the token request must repeat; absent when it sent none. */
  redirectUri?: string;
  scope: string;
  nonce?: string;
  codeChallenge?: string;
  codeChallengeMethod?: string;
  /** The authorization request's `dpop_jkt`. */
  dpopJkt?: string;
  expires: number;
}

/** Authorization services of a client (its resource server): Keycloak's ResourceServerRepresentation settings. */
export interface ResourceServerSettings {
  policyEnforcementMode: "ENFORCING" | "PERMISSIVE" | "DISABLED";
  decisionStrategy: "UNANIMOUS" | "AFFIRMATIVE" | "CONSENSUS";
  allowRemoteResourceManagement: boolean;
}

/** A protected resource of a resource server (client). */
export interface AuthzResourceRecord {
  id: string;
  realmId: string;
  /** Internal id of the client that is the resource server. */
  resourceServerId: string;
  name: string;
  displayName?: string;
  type?: string;
  uris: string[];
  iconUri?: string;
  /** User id, or the resource server's client id when the server owns it. */
  ownerId: string;
  ownerManagedAccess: boolean;
  scopeIds: string[];
  attributes: Attributes;
}

export interface AuthzScopeRecord {
  id: string;
  realmId: string;
  resourceServerId: string;
  name: string;
  displayName?: string;
  iconUri?: string;
}

/** A policy or a permission (type `resource` or `scope`), as Keycloak keeps both in one table. */
export interface AuthzPolicyRecord {
  id: string;
  realmId: string;
  resourceServerId: string;
  name: string;
  description?: string;
  type: string;
  logic: "POSITIVE" | "NEGATIVE";
  decisionStrategy: "UNANIMOUS" | "AFFIRMATIVE" | "CONSENSUS";
  /** Type-specific settings, as Keycloak's PolicyRepresentation.config (JSON arrays kept as strings). */
  config: Record<string, string>;
  resourceIds: string[];
  scopeIds: string[];
  /** Associated policies: the policies a permission or an aggregated policy consults. */
  policyIds: string[];
}

/** A UMA permission ticket: a requester's access to one scope (or the whole) of a user's owner-managed resource. */
export interface AuthzTicketRecord {
  id: string;
  realmId: string;
  resourceServerId: string;
  resourceId: string;
  scopeId?: string;
  /** The resource's owner when the ticket was made. */
  ownerId: string;
  requesterId: string;
  granted: boolean;
  createdTimestamp: number;
}

export interface Tables {
  realms: RealmRecord;
  users: UserRecord;
  groups: GroupRecord;
  roles: RoleRecord;
  clients: ClientRecord;
  clientScopes: ClientScopeRecord;
  components: ComponentRecord;
  identityProviders: IdentityProviderRecord;
  identityProviderMappers: IdentityProviderMapperRecord;
  organizations: OrganizationRecord;
  authFlows: AuthFlowRecord;
  authenticatorConfigs: AuthenticatorConfigRecord;
  requiredActions: RequiredActionRecord;
  userSessions: UserSessionRecord;
  events: EventRecord;
  adminEvents: AdminEventRecord;
  loginFailures: LoginFailureRecord;
  authCodes: AuthCodeRecord;
  authzResources: AuthzResourceRecord;
  authzScopes: AuthzScopeRecord;
  authzPolicies: AuthzPolicyRecord;
  authzTickets: AuthzTicketRecord;
}

export type TableName = keyof Tables;

export const TABLE_NAMES: TableName[] = [
  "realms",
  "users",
  "groups",
  "roles",
  "clients",
  "clientScopes",
  "components",
  "identityProviders",
  "identityProviderMappers",
  "organizations",
  "authFlows",
  "authenticatorConfigs",
  "requiredActions",
  "userSessions",
  "events",
  "adminEvents",
  "loginFailures",
  "authCodes",
  "authzResources",
  "authzScopes",
  "authzPolicies",
  "authzTickets",
];
