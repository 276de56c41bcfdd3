import type { DecisionStrategy } from "@keycloak/keycloak-admin-client/lib/defs/policyRepresentation.js";
import type { Permission, PermissionDetails } from "./permission-queries.ts";

export const DECISION_STRATEGIES = ["UNANIMOUS", "AFFIRMATIVE", "CONSENSUS"] as const;

export interface PermissionFormValues {
  name: string;
  description: string;
  allResources: boolean;
  resources: string[];
  scopes: string[];
  policies: string[];
  decisionStrategy: (typeof DECISION_STRATEGIES)[number];
}

export const NEW_PERMISSION: PermissionFormValues = {
  name: "",
  description: "",
  allResources: true,
  resources: [],
  scopes: [],
  policies: [],
  decisionStrategy: "UNANIMOUS",
};

export function toFormValues(details: PermissionDetails): PermissionFormValues {
  const strategy = details.permission.decisionStrategy as string | undefined;
  return {
    name: details.permission.name ?? "",
    description: details.permission.description ?? "",
    allResources: details.allResources,
    resources: details.resources,
    scopes: details.scopes,
    policies: details.policies.map((policy) => policy.id),
    decisionStrategy: DECISION_STRATEGIES.find((known) => known === strategy) ?? "UNANIMOUS",
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
    decisionStrategy: values.decisionStrategy as DecisionStrategy,
  };
}
