import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context.ts";
import type { OrganizationRecord } from "../../store/types.ts";
import { newId } from "../../common/ids.ts";
import { notFound } from "../../http/errors.ts";
import { adminEvent } from "../common/admin-event.ts";
import { registerOrganizationInvitationRoutes } from "./invitation-routes.ts";
import { removeUser } from "../users/user-removal.ts";
import { adminPath, created, noContent } from "../common/reply.ts";
import { paramsOf } from "../common/query.ts";
import { boolParam, intParam, page, queryOf } from "../common/query.ts";
import { organizationPath, organizationsContext, requireOrganization } from "./lookup.ts";
import { organizationRepresentation } from "./representation.ts";
import { filterOrganizations } from "./search.ts";
import { readOrganization } from "./validation.ts";
import { registerOrganizationMemberRoutes } from "./members-routes.ts";
import { registerOrganizationIdentityProviderRoutes } from "./identity-provider-routes.ts";
import { registerOrganizationGroupRoutes } from "./group-routes.ts";
import { BriefQuery, OrganizationListQuery, OrganizationSchema } from "./schemas.ts";

const BASE = "/admin/realms/:realm/organizations";

export async function registerOrganizationRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  app.get(BASE, { schema: { querystring: OrganizationListQuery } }, async (req) => {
    const ctx = await organizationsContext(server, req, "query-organizations");
    const query = queryOf(req);
    const brief = boolParam(query, "briefRepresentation") ?? true;
    const matches = filterOrganizations(server.db.list("organizations", ctx.realm.id), query);
    return page(matches, intParam(query, "first", 0), intParam(query, "max", 10)).map((o) =>
      organizationRepresentation(o, brief),
    );
  });

  app.get(`${BASE}/count`, { schema: { querystring: OrganizationListQuery } }, async (req) => {
    const ctx = await organizationsContext(server, req, "query-organizations");
    return filterOrganizations(server.db.list("organizations", ctx.realm.id), queryOf(req)).length;
  });

  app.post(BASE, { schema: { body: OrganizationSchema } }, async (req, reply) => {
    const ctx = await organizationsContext(server, req);
    const fields = readOrganization(server, ctx.realm, req.body);
    const org: OrganizationRecord = {
      id: newId(),
      realmId: ctx.realm.id,
      ...fields,
      members: {},
      identityProviderAliases: [],
    };
    await server.db.write((tx) => tx.put("organizations", org));
    await adminEvent(server, ctx, "CREATE", "ORGANIZATION", organizationPath(org.id), organizationRepresentation(org));
    return created(reply, server, adminPath(ctx.realm.realm, "organizations", org.id));
  });

  app.get(`${BASE}/:id`, async (req) => {
    const ctx = await organizationsContext(server, req);
    return organizationRepresentation(requireOrganization(server, ctx, paramsOf<"id">(req).id));
  });

  app.put(`${BASE}/:id`, { schema: { body: OrganizationSchema } }, async (req, reply) => {
    const ctx = await organizationsContext(server, req);
    const org = requireOrganization(server, ctx, paramsOf<"id">(req).id);
    const fields = readOrganization(server, ctx.realm, req.body, org);
    const updated: OrganizationRecord = { ...org, ...fields };
    await server.db.write((tx) => tx.put("organizations", updated));
    await adminEvent(
      server,
      ctx,
      "UPDATE",
      "ORGANIZATION",
      organizationPath(org.id),
      organizationRepresentation(updated),
    );
    return noContent(reply);
  });

  app.delete(`${BASE}/:id`, async (req, reply) => {
    const ctx = await organizationsContext(server, req);
    const org = requireOrganization(server, ctx, paramsOf<"id">(req).id);
    const linkedProviders = server.db
      .list("identityProviders", ctx.realm.id)
      .filter((idp) => idp.rep.organizationId === org.id);
    await server.db.write((tx) => {
      for (const idp of linkedProviders) {
        const { organizationId: _unlinked, ...rep } = idp.rep;
        tx.put("identityProviders", { ...idp, rep });
      }
      tx.delete("organizations", org.id);
    });
    // Keycloak removes managed members (users brokered in through the organization) with it.
    for (const [userId, type] of Object.entries(org.members)) {
      const user = type === "MANAGED" ? server.db.get("users", userId) : undefined;
      if (user && user.realmId === ctx.realm.id) await removeUser(server, ctx.realm, user);
    }
    await adminEvent(server, ctx, "DELETE", "ORGANIZATION", organizationPath(org.id));
    return noContent(reply);
  });

  app.get(`${BASE}/members/:userId/organizations`, { schema: { querystring: BriefQuery } }, async (req) => {
    const ctx = await organizationsContext(server, req);
    const { userId } = paramsOf<"userId">(req);
    const user = server.db.get("users", userId);
    if (!user || user.realmId !== ctx.realm.id) throw notFound("User not found");
    const brief = boolParam(queryOf(req), "briefRepresentation") ?? true;
    return server.db
      .list("organizations", ctx.realm.id)
      .filter((o) => userId in o.members)
      .map((o) => organizationRepresentation(o, brief));
  });

  await registerOrganizationMemberRoutes(app, server);
  await registerOrganizationInvitationRoutes(app, server);
  await registerOrganizationIdentityProviderRoutes(app, server);
  await registerOrganizationGroupRoutes(app, server);
}
