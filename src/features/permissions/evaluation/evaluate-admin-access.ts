import type KeycloakAdminClient from "@keycloak/keycloak-admin-client";
import type { DecisionNode } from "../../../core/ui/authorization/decision-tree.tsx";

export interface AdminEvaluationRow {
  resource?: { name?: string; _id?: string };
  status?: string;
  allowedScopes?: { name?: string }[];
  deniedScopes?: { name?: string }[];
  policies?: DecisionNode[];
  reason?: string;
}

export interface AdminEvaluation {
  status?: string;
  results: AdminEvaluationRow[];
}

export interface AdminEvaluationQuestion {
  userId: string;
  resourceType: string;
  /** One object of the type; without it the question is about all objects of the type. */
  objectId?: string;
  /** One scope; without it every scope of the type. */
  scope?: string;
}

/** `policy/evaluate` of the admin-permissions client with a `resourceType`, as Keycloak's console asks it. */
export async function evaluateAdminAccess(
  client: KeycloakAdminClient,
  realm: string,
  clientId: string,
  question: AdminEvaluationQuestion,
): Promise<AdminEvaluation> {
  const response = await client.clients.evaluateResource({ realm, id: clientId }, {
    userId: question.userId,
    roleIds: [],
    resourceType: question.resourceType,
    resources: [
      {
        name: question.objectId ?? question.resourceType,
        scopes: question.scope ? [{ name: question.scope }] : [],
      },
    ],
    entitlements: false,
    context: { attributes: {} },
  } as never);
  return { status: response.status, results: (response.results ?? []) as AdminEvaluationRow[] };
}
