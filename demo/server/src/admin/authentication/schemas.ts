import { Type, type Static } from "typebox";
import type AuthenticationFlowRepresentation from "@keycloak/keycloak-admin-client/lib/defs/authenticationFlowRepresentation.js";
import type AuthenticationExecutionInfoRepresentation from "@keycloak/keycloak-admin-client/lib/defs/authenticationExecutionInfoRepresentation.js";
import type AuthenticatorConfigRepresentation from "@keycloak/keycloak-admin-client/lib/defs/authenticatorConfigRepresentation.js";
import type RequiredActionProviderRepresentation from "@keycloak/keycloak-admin-client/lib/defs/requiredActionProviderRepresentation.js";
import type RequiredActionConfigRepresentation from "@keycloak/keycloak-admin-client/lib/defs/requiredActionConfigRepresentation.js";
import type ClientProfilesRepresentation from "@keycloak/keycloak-admin-client/lib/defs/clientProfilesRepresentation.js";
import type ClientPoliciesRepresentation from "@keycloak/keycloak-admin-client/lib/defs/clientPoliciesRepresentation.js";
import {
  AnyObject,
  Bool,
  Flag,
  Int,
  Name,
  ObjectList,
  PagingQuery,
  Query,
  Representation,
  Str,
  StringMap,
  StrList,
} from "../common/schemas.ts";
import type { Fits } from "../common/fits.ts";

export const FlowSchema = Representation("AuthenticationFlowRepresentation", {
  id: Name(),
  alias: Name(),
  description: Name(),
  providerId: Name(),
  topLevel: Bool(),
  builtIn: Bool(),
  authenticationExecutions: ObjectList(),
});
export const flowFits: Fits<Static<typeof FlowSchema>, AuthenticationFlowRepresentation> = true;

/** copy's `Map<String, String>`: the new flow's name. */
export const FlowCopySchema = Type.Object({ newName: Name() });

export const ExecutionInfoSchema = Representation("AuthenticationExecutionInfoRepresentation", {
  id: Name(),
  requirement: Name(),
  displayName: Name(),
  alias: Name(),
  description: Name(),
  requirementChoices: StrList(),
  configurable: Bool(),
  authenticationFlow: Bool(),
  providerId: Name(),
  authenticationConfig: Name(),
  flowId: Name(),
  level: Int(),
  index: Int(),
  priority: Int(),
});
export const executionInfoFits: Fits<
  Static<typeof ExecutionInfoSchema>,
  AuthenticationExecutionInfoRepresentation
> = true;

/** addExecutionToFlow's `Map<String, Object>`: the authenticator and, optionally, its priority. */
export const NewExecutionSchema = Type.Object({ provider: Name(), priority: Int() });
/** addExecutionFlow's `Map<String, Object>`: the sub-flow's alias, type (basic-flow, form-flow), form provider. */
export const NewSubFlowSchema = Type.Object({
  alias: Name(),
  type: Name(),
  provider: Name(),
  description: Name(),
  priority: Int(),
});

export const AuthenticatorConfigSchema = Representation("AuthenticatorConfigRepresentation", {
  id: Name(),
  alias: Name(),
  config: StringMap(),
});
export const authenticatorConfigFits: Fits<
  Static<typeof AuthenticatorConfigSchema>,
  AuthenticatorConfigRepresentation
> = true;

export const RequiredActionSchema = Representation("RequiredActionProviderRepresentation", {
  alias: Name(),
  name: Name(),
  providerId: Name(),
  enabled: Bool(),
  defaultAction: Bool(),
  priority: Int(),
  config: StringMap(),
});
export const requiredActionFits: Fits<Static<typeof RequiredActionSchema>, RequiredActionProviderRepresentation> = true;

export const RequiredActionConfigSchema = Representation("RequiredActionConfigRepresentation", {
  config: StringMap(),
});
export const requiredActionConfigFits: Fits<
  Static<typeof RequiredActionConfigSchema>,
  RequiredActionConfigRepresentation
> = true;

/** register-required-action's `Map<String, String>`. */
export const RegisterRequiredActionSchema = Type.Object({ providerId: Name(), name: Name() });

const ProfileSchema = Type.Object({
  name: Name(),
  description: Name(),
  executors: Type.Optional(
    Type.Array(Type.Object({ executor: Name(), configuration: AnyObject() }), { nullable: true }),
  ),
});
export const ClientProfilesSchema = Representation("ClientProfilesRepresentation", {
  profiles: Type.Optional(Type.Array(ProfileSchema, { nullable: true })),
  globalProfiles: Type.Optional(Type.Array(ProfileSchema, { nullable: true })),
});
export const clientProfilesFits: Fits<Static<typeof ClientProfilesSchema>, ClientProfilesRepresentation> = true;

const PolicySchema = Type.Object({
  name: Name(),
  description: Name(),
  enabled: Bool(),
  mode: Name(),
  profiles: StrList({ maxLength: 255 }),
  conditions: Type.Optional(
    Type.Array(Type.Object({ condition: Name(), configuration: AnyObject() }), { nullable: true }),
  ),
});
export const ClientPoliciesSchema = Representation("ClientPoliciesRepresentation", {
  policies: Type.Optional(Type.Array(PolicySchema, { nullable: true })),
  globalPolicies: Type.Optional(Type.Array(PolicySchema, { nullable: true })),
});
export const clientPoliciesFits: Fits<Static<typeof ClientPoliciesSchema>, ClientPoliciesRepresentation> = true;

export const ProfilesQuery = Query({ "include-global-profiles": Flag() });
export const PoliciesQuery = Query({ "include-global-policies": Flag() });
/** ui-ext: the clients or identity providers using a flow. */
export const FlowUsageQuery = Query({ first: PagingQuery.first, max: PagingQuery.max, search: Str() });
