import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ServerContext } from "../../context.ts";
import { frontendUrl } from "../../http/frontend-url.ts";
import type { RoleRecord } from "../../store/types.ts";
import { adminContext } from "../../access/admin-context.ts";
import { notFound } from "../../http/errors.ts";
import { realmRoles } from "./lookups.ts";
import { roleRepresentation } from "./representations.ts";
import { grantedRoleChecker } from "./scope-evaluation.ts";
import { applyScopes } from "../../oidc/scopes.ts";
import { effectiveMappers } from "../../oidc/mappers/apply.ts";
import { exampleAccessToken, exampleIdToken, exampleUserinfo, type ExampleTokenInput } from "./example-tokens.ts";
import { paramsOf, queryOf, stringParam } from "../common/query.ts";
import { clientRoles } from "../../realm/lookup.ts";
import { requireClient } from "../common/lookups.ts";
import { EvaluateQuery } from "./schemas.ts";

/** /clients/{id}/evaluate-scopes/...: what a token for this client and `scope` would hold. */
export async function registerEvaluateScopesRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  const { db } = server;
  const base = "/admin/realms/:realm/clients/:id/evaluate-scopes";

  const resolve = async (req: FastifyRequest) => {
    const { realm, id } = paramsOf<"id">(req);
    const ctx = await adminContext(server, req, realm);
    ctx.require("view-clients");
    const client = requireClient(db, ctx, id);
    return { ctx, client, scopes: applyScopes(db, client, stringParam(queryOf(req), "scope")).scopes };
  };

  app.get(`${base}/protocol-mappers`, { schema: { querystring: EvaluateQuery } }, async (req) => {
    const { client, scopes } = await resolve(req);
    const protocol = typeof client.rep.protocol === "string" ? client.rep.protocol : "openid-connect";
    const evaluated = effectiveMappers(client, scopes)
      .filter(({ mapper }) => mapper.protocol === protocol)
      .map(({ mapper, container }) => ({
        mapperId: mapper.id,
        mapperName: mapper.name,
        containerId: container.record.id,
        // Keycloak 26.7.3 names the client's own container "" (whatever the client's clientId and name).
        containerName: container.kind === "client" ? "" : container.record.name,
        containerType: container.kind,
        protocolMapper: mapper.protocolMapper,
      }));
    return evaluated;
  });

  for (const which of ["granted", "not-granted"] as const) {
    app.get(
      `${base}/scope-mappings/:roleContainerId/${which}`,
      { schema: { querystring: EvaluateQuery } },
      async (req) => {
        const { ctx, client, scopes } = await resolve(req);
        const { roleContainerId } = paramsOf<"roleContainerId">(req);
        let roles: RoleRecord[];
        if (roleContainerId === ctx.realm.realm) roles = realmRoles(db, ctx.realm);
        else {
          const container = db.get("clients", roleContainerId);
          if (!container || container.realmId !== ctx.realm.id) throw notFound("Role Container not found");
          roles = clientRoles(db, container);
        }
        const granted = grantedRoleChecker(db, client, scopes);
        return roles
          .filter((role) => granted(role) === (which === "granted"))
          .map((role) => roleRepresentation(ctx.realm, role));
      },
    );
  }

  const tokenInput = async (req: FastifyRequest): Promise<ExampleTokenInput> => {
    const { ctx, client, scopes } = await resolve(req);
    const userId = stringParam(queryOf(req), "userId");
    if (!userId) throw notFound("No userId provided");
    const user = db.get("users", userId);
    if (!user || user.realmId !== ctx.realm.id) throw notFound("No user found");
    return {
      server,
      baseUrl: frontendUrl(server, req),
      realm: ctx.realm,
      client,
      user,
      scopes,
      audience: stringParam(queryOf(req), "audience") || undefined,
    };
  };

  app.get(`${base}/generate-example-access-token`, { schema: { querystring: EvaluateQuery } }, async (req) =>
    exampleAccessToken(await tokenInput(req)),
  );
  app.get(`${base}/generate-example-id-token`, { schema: { querystring: EvaluateQuery } }, async (req) =>
    exampleIdToken(await tokenInput(req)),
  );
  app.get(`${base}/generate-example-userinfo`, { schema: { querystring: EvaluateQuery } }, async (req) =>
    exampleUserinfo(await tokenInput(req)),
  );
}
