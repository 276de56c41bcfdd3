import type { DecisionStrategy } from "@keycloak/keycloak-admin-client/lib/defs/policyRepresentation.js";
import type { Permission, PermissionDetails } from "./permission-queries.ts";

/** Keycloak refuses any other decision strategy on the admin-permissions client's permissions. */
export const ADMIN_DECISION_STRATEGY: DecisionStrategy = "UNANIMOUS" as DecisionStrategy;

export interface PermissionFormValues {
  name: string;
  description: string;
  allResources: boolean;
  resources: string[];
  scopes: string[];
  policies: string[];
}

export const NEW_PERMISSION: PermissionFormValues = {
  name: "",
  description: "",
  allResources: true,
  resources: [],
  scopes: [],
  policies: [],
};

export function toFormValues(details: PermissionDetails): PermissionFormValues {
  return {
    name: details.permission.name ?? "",
    description: details.permission.description ?? "",
    allResources: details.allResources,
    resources: details.resources,
    scopes: details.scopes,
    policies: details.policies.map((policy) => policy.id),
  };
}

export function toRepresentation(values: PermissionFormValues, resourceType: string): Permission {
  return {
    name: values.name.trim(),
    description: values.description,
    type: "scope",
    resourceType,
    resources: values.allResources ? [] : values.resources,
    scopes: values.scopes,
    policies: values.policies,
    decisionStrategy: ADMIN_DECISION_STRATEGY,
  };
}
