import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context.ts";
import type { AuthzScopeRecord } from "../../store/types.ts";
import { webError } from "../../http/errors.ts";
import { objectBody } from "../common/body.ts";
import { authzRequest, AUTHZ_BASE } from "./access.ts";
import { resourceServerData } from "./authz-store.ts";
import { evaluationResponse } from "./evaluation-response.ts";
import { decide, type PermissionRequest } from "../../authorization/decision-engine.ts";
import { nameLookup, userIdentity } from "../../authorization/identity.ts";
import { realmRoleByName } from "../../realm/lookup.ts";
import { EvaluateSchema } from "./schemas.ts";
import { isAdminPermissionsClient } from "../../access/admin-permissions/setup.ts";
import {
  evaluatedObject,
  keycloakAdminRow,
  type EvaluatedObject,
} from "../../access/admin-permissions/evaluation-subject.ts";

/** `POST /authz/resource-server/policy/evaluate`: Keycloak's PolicyEvaluationResponse, from the same engine as the token endpoint. */
export async function registerEvaluateRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  const { db } = server;

  app.post(`${AUTHZ_BASE}/policy/evaluate`, { schema: { body: EvaluateSchema } }, async (req) => {
    const { ctx, client } = await authzRequest(server, req, false);
    const input = objectBody(req.body);
    const userRef = typeof input.userId === "string" ? input.userId : "";
    const user = userRef
      ? (db.get("users", userRef) ??
        [...db.iterate("users", ctx.realm.id)].find((u) => u.username === userRef.toLowerCase()))
      : undefined;
    if (userRef && (!user || user.realmId !== ctx.realm.id)) throw webError(400, "User not found");
    const roleNames = Array.isArray(input.roleIds) ? input.roleIds.map(String) : [];
    if (!user && roleNames.length === 0) throw webError(400, "Could not determine the identity: give a user or roles");
    const extraRoleIds = roleNames.map((name) => {
      const role = db.get("roles", name) ?? realmRoleByName(db, ctx.realm.id, name);
      if (!role || role.realmId !== ctx.realm.id) throw webError(400, `Role [${name}] not found`);
      return role.id;
    });
    const clientRef = typeof input.clientId === "string" ? input.clientId : "";
    const asClient = clientRef
      ? (db.get("clients", clientRef) ?? [...db.iterate("clients", ctx.realm.id)].find((c) => c.clientId === clientRef))
      : client;
    const contextInput = (input.context as { attributes?: Record<string, unknown> } | undefined)?.attributes ?? {};
    const contextAttributes: Record<string, string[]> = {};
    for (const [key, value] of Object.entries(contextInput))
      if (key) contextAttributes[key] = Array.isArray(value) ? value.map(String) : [String(value)];

    const model = resourceServerData(db, client);
    const adminPermissions = isAdminPermissionsClient(db, client);
    const requests: PermissionRequest[] = [];
    /** Per request of an admin-permissions evaluation: the object asked about and whether it has its own resource. */
    const subjects: { object?: EvaluatedObject; ownResource: boolean }[] = [];
    const resourceInputs = Array.isArray(input.resources) ? (input.resources as Record<string, unknown>[]) : [];
    for (const rep of resourceInputs) {
      const scopeNames = (Array.isArray(rep.scopes) ? rep.scopes : [])
        .map((s) => {
          if (typeof s === "string") return s;
          const object = s as { id?: unknown; name?: unknown };
          if (typeof object.name === "string") return object.name;
          return model.scopes.find((scope: AuthzScopeRecord) => scope.id === object.id)?.name;
        })
        .filter((name): name is string => typeof name === "string");
      const id = typeof rep._id === "string" ? rep._id : undefined;
      const named = typeof rep.name === "string" ? rep.name : undefined;
      const object =
        adminPermissions && named && named !== input.resourceType
          ? evaluatedObject(db, ctx.realm, input.resourceType, named)
          : undefined;
      // An object's own resource is named by its id: Keycloak resolves a name given for it.
      const name = object?.id ?? named;
      const own = model.resources.find((r) => (id && r.id === id) || (!id && name && r.name === name));
      const resource =
        own ?? (adminPermissions ? model.resources.find((r) => r.type && r.name === input.resourceType) : undefined);
      if (id || name) {
        if (!resource) throw webError(400, `Resource [${id ?? name}] not found`);
        requests.push({ resourceId: resource.id, scopeNames });
        subjects.push({ object, ownResource: !!own });
      } else if (scopeNames.length) {
        requests.push({ scopeNames });
      }
    }
    if (typeof input.resourceType === "string" && input.resourceType && !(adminPermissions && requests.length))
      for (const r of model.resources)
        if (r.type === input.resourceType) requests.push({ resourceId: r.id, scopeNames: [] });

    const identity = userIdentity(db, ctx.realm, user, { client: asClient, extraRoleIds, contextAttributes });
    const decision = decide(model, identity, requests, nameLookup(db), { explain: true });
    const adminRows = adminPermissions && typeof input.resourceType === "string";
    // admin-permissions rows are named after the object asked about (keycloakAdminRow)
    const response = evaluationResponse(model, decision, { nameScopes: !adminRows });
    if (!adminPermissions) return response;
    // Keycloak sends no RPT for an admin-permissions evaluation (recorded in tests/conformance)
    delete response.rpt;
    if (typeof input.resourceType !== "string") return response;
    const rows = response.results as Parameters<typeof keycloakAdminRow>[0][];
    return {
      ...response,
      results: rows.map((row, index) =>
        keycloakAdminRow(row, subjects[index]?.object, subjects[index]?.ownResource ?? true),
      ),
    };
  });
}
