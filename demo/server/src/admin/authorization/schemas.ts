import { Type } from "typebox";
import {
  AnyObject,
  Attributes,
  Bool,
  Flag,
  Int,
  Name,
  ObjectList,
  Query,
  Representation,
  Str,
  StrList,
} from "../common/schemas.ts";

const Enum = (values: string[]) => Type.Optional(Type.Union([...values.map((v) => Type.Literal(v)), Type.Null()]));
const Strategy = () => Enum(["UNANIMOUS", "AFFIRMATIVE", "CONSENSUS"]);
const Logic = () => Enum(["POSITIVE", "NEGATIVE"]);
const AnyList = () => Type.Optional(Type.Array(Type.Any(), { nullable: true }));
const ScalarConfig = () =>
  Type.Optional(
    Type.Record(Type.String({ maxLength: 255 }), Type.Union([Type.String(), Type.Number(), Type.Boolean()]), {
      nullable: true,
    }),
  );

export const ResourceServerSchema = Representation("ResourceServerRepresentation", {
  id: Name(),
  clientId: Name(),
  name: Name(),
  allowRemoteResourceManagement: Bool(),
  policyEnforcementMode: Enum(["ENFORCING", "PERMISSIVE", "DISABLED"]),
  decisionStrategy: Strategy(),
  resources: ObjectList(),
  policies: ObjectList(),
  scopes: ObjectList(),
  authorizationSchema: AnyObject(),
});

const ScopeRef = () => Type.Union([Type.String({ maxLength: 255 }), Type.Record(Type.String(), Type.Any())]);

export const ResourceSchema = Representation("ResourceRepresentation", {
  _id: Name(),
  name: Name(),
  displayName: Name(),
  type: Name(),
  uris: StrList(),
  uri: Str(),
  icon_uri: Name(),
  owner: Type.Optional(Type.Union([Type.String(), Type.Record(Type.String(), Type.Any()), Type.Null()])),
  ownerManagedAccess: Bool(),
  scopes: Type.Optional(Type.Array(ScopeRef(), { nullable: true })),
  attributes: Attributes(),
});

export const ScopeSchema = Representation("ScopeRepresentation", {
  id: Name(),
  name: Name(),
  displayName: Name(),
  iconUri: Name(),
});

/** PolicyRepresentation and every typed policy / permission representation: known fields typed, the rest read per type. */
export const PolicySchema = Representation("AbstractPolicyRepresentation", {
  id: Name(),
  name: Name(),
  description: Str(),
  type: Name(),
  logic: Logic(),
  decisionStrategy: Strategy(),
  owner: Name(),
  config: ScalarConfig(),
  policies: StrList(),
  resources: StrList(),
  scopes: StrList(),
  resourceType: Name(),
  roles: AnyList(),
  fetchRoles: Bool(),
  users: AnyList(),
  groups: AnyList(),
  groupsClaim: Name(),
  clients: AnyList(),
  clientScopes: AnyList(),
  notBefore: Name(),
  notOnOrAfter: Name(),
  dayMonth: Name(),
  dayMonthEnd: Name(),
  month: Name(),
  monthEnd: Name(),
  year: Name(),
  yearEnd: Name(),
  hour: Name(),
  hourEnd: Name(),
  minute: Name(),
  minuteEnd: Name(),
  targetClaim: Name(),
  pattern: Str({ maxLength: 4000 }),
  targetContextAttributes: Bool(),
  code: Str(),
});

export const EvaluateSchema = Representation("PolicyEvaluationRequest", {
  context: AnyObject(),
  resources: ObjectList(),
  resourceType: Name(),
  clientId: Name(),
  userId: Name(),
  roleIds: StrList(),
  entitlements: Bool(),
});

const Paging = { first: Int(), max: Int() };

export const ResourceQuery = Query({
  ...Paging,
  _id: Str(),
  name: Str(),
  uri: Str(),
  owner: Str(),
  type: Str(),
  scope: Str(),
  matchingUri: Flag(),
  exactName: Flag(),
  deep: Flag(),
});
export const ScopeQuery = Query({ ...Paging, scopeId: Str(), name: Str(), deep: Flag() });
export const PolicyQuery = Query({
  ...Paging,
  policyId: Str(),
  name: Str(),
  type: Str(),
  resource: Str(),
  resourceType: Str(),
  scope: Str(),
  permission: Flag(),
  owner: Str(),
  fields: Str(),
});
/** `/search?name=` of resources, scopes and policies: one by exact name. */
export const PolicySearchQuery = Query({ name: Str(), fields: Str() });
export const AssociationQuery = Query({ ...Paging, fields: Str() });
export const PermissionScopeQuery = Query({ ...Paging, name: Str() });
