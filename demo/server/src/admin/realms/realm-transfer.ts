import { IMPORT_BODY_MAX_DEPTH } from "../../http/body-limits.ts";
import type { FastifyInstance } from "fastify";
import { boolParam, queryOf } from "../common/query.ts";
import type { ServerContext } from "../../context.ts";
import { adminContext } from "../../access/admin-context.ts";
import { badRequest } from "../../http/errors.ts";
import { exportRealm } from "../../realm/export.ts";
import { partialImport } from "../../realm/partial-import.ts";
import type { Json } from "../../realm/representation.ts";
import { adminEvent } from "../common/admin-event.ts";
import { PartialImportSchema } from "./transfer-schemas.ts";
import { ExportQuery } from "./schemas.ts";
import { NoBody } from "../common/schemas.ts";

type RealmParams = { Params: { realm: string } };

export async function registerRealmTransferRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  app.post<RealmParams & { Querystring: { exportClients?: string; exportGroupsAndRoles?: string } }>(
    "/admin/realms/:realm/partial-export",
    { schema: { body: NoBody, querystring: ExportQuery } },
    async (req) => {
      const ctx = await adminContext(server, req, req.params.realm);
      const clients = boolParam(queryOf(req), "exportClients") === true;
      const groupsAndRoles = boolParam(queryOf(req), "exportGroupsAndRoles") === true;
      ctx.require("view-realm");
      if (clients) ctx.require("view-clients");
      if (groupsAndRoles) ctx.require("view-users");
      const rep = exportRealm(server, ctx.realm.id, {
        clients,
        groupsAndRoles,
        serviceAccountUsers: true,
        maskSecrets: true,
      });
      // Keycloak's partial export names its version, leaves organizations out, and client scope mappings with clients
      delete rep.organizations;
      if (!clients) delete rep.clientScopeMappings;
      return { ...rep, keycloakVersion: server.config.reportedVersion };
    },
  );

  app.post<RealmParams & { Body: Json | undefined }>(
    "/admin/realms/:realm/partialImport",
    { schema: { body: PartialImportSchema }, config: { bodyMaxDepth: IMPORT_BODY_MAX_DEPTH } },
    async (req) => {
      const ctx = await adminContext(server, req, req.params.realm);
      ctx.require("manage-realm");
      const body = req.body;
      if (!body || typeof body !== "object" || Array.isArray(body))
        throw badRequest("Invalid partial import representation");
      const results = await partialImport(server, ctx.realm, body);
      for (const r of results.results) {
        if (r.action === "SKIPPED") continue;
        const resourceType = r.resourceType === "IDP" ? "IDENTITY_PROVIDER" : r.resourceType;
        await adminEvent(server, ctx, r.action === "ADDED" ? "CREATE" : "UPDATE", resourceType, resourcePathOf(r));
      }
      return results;
    },
  );
}

function resourcePathOf(r: { resourceType: string; id: string; resourceName: string }): string {
  switch (r.resourceType) {
    case "USER":
      return `users/${r.id}`;
    case "CLIENT":
      return `clients/${r.id}`;
    case "GROUP":
      return `groups/${r.id}`;
    case "REALM_ROLE":
    case "CLIENT_ROLE":
      return `roles-by-id/${r.id}`;
    default:
      return `identity-provider/instances/${r.resourceName}`;
  }
}
