import type { Policy } from "./authorization-queries.ts";

export const TIME_FIELDS = [
  "notBefore",
  "notOnOrAfter",
  "dayMonth",
  "dayMonthEnd",
  "month",
  "monthEnd",
  "year",
  "yearEnd",
  "hour",
  "hourEnd",
  "minute",
  "minuteEnd",
] as const;
export type TimeField = (typeof TIME_FIELDS)[number];

/** Every field of every policy type; a page shows those of its type. References are names the server resolves. */
export type PolicyForm = {
  name: string;
  description: string;
  logic: string;
  decisionStrategy: string;
  roles: string[];
  requiredRoles: string[];
  fetchRoles: boolean;
  users: string[];
  groups: string[];
  extendChildren: boolean;
  groupsClaim: string;
  clients: string[];
  clientScopes: string[];
  requiredClientScopes: string[];
  targetClaim: string;
  pattern: string;
  targetContextAttributes: boolean;
  policies: string[];
  code: string;
} & Record<TimeField, string>;

export const emptyPolicyForm = (): PolicyForm => ({
  name: "",
  description: "",
  logic: "POSITIVE",
  decisionStrategy: "UNANIMOUS",
  roles: [],
  requiredRoles: [],
  fetchRoles: false,
  users: [],
  groups: [],
  extendChildren: false,
  groupsClaim: "",
  clients: [],
  clientScopes: [],
  requiredClientScopes: [],
  targetClaim: "",
  pattern: "",
  targetContextAttributes: false,
  policies: [],
  code: "",
  ...(Object.fromEntries(TIME_FIELDS.map((field) => [field, ""])) as Record<TimeField, string>),
});

/** The typed representation Keycloak's `POST/PUT /policy/{type}` reads. */
export function toPolicyRepresentation(type: string, values: PolicyForm, id?: string): Policy {
  const base: Policy = {
    ...(id ? { id } : {}),
    name: values.name.trim(),
    description: values.description,
    type,
    logic: values.logic as never,
    decisionStrategy: values.decisionStrategy as never,
  };
  const clean = (list: string[]) => list.map((v) => v.trim()).filter(Boolean);
  switch (type) {
    case "role":
      return {
        ...base,
        fetchRoles: values.fetchRoles,
        roles: clean(values.roles).map((role) => ({ id: role, required: values.requiredRoles.includes(role) })),
      };
    case "user":
      return { ...base, users: clean(values.users) };
    case "group":
      return {
        ...base,
        groupsClaim: values.groupsClaim || undefined,
        groups: clean(values.groups).map((path) => ({ path, id: path, extendChildren: values.extendChildren })),
      };
    case "client":
      return { ...base, clients: clean(values.clients) };
    case "client-scope":
      return {
        ...base,
        clientScopes: clean(values.clientScopes).map((scope) => ({
          id: scope,
          required: values.requiredClientScopes.includes(scope),
        })),
      };
    case "time":
      return {
        ...base,
        ...Object.fromEntries(TIME_FIELDS.filter((f) => values[f].trim()).map((f) => [f, values[f].trim()])),
      };
    case "regex":
      return {
        ...base,
        targetClaim: values.targetClaim,
        pattern: values.pattern,
        targetContextAttributes: values.targetContextAttributes,
      };
    case "aggregate":
      return { ...base, policies: clean(values.policies) };
    default:
      return base;
  }
}
