import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ServerContext } from "../../context.ts";
import { badRequest, conflict, notFound } from "../../http/errors.ts";
import { adminEvent } from "../common/admin-event.ts";
import { stringBody } from "../common/body.ts";
import { noContent } from "../common/reply.ts";
import { paramsOf } from "../common/query.ts";
import { findIdentityProvider } from "../identity-providers/lookup.ts";
import { identityProviderRepresentation } from "../identity-providers/representation.ts";
import { organizationPath, organizationsContext, requireOrganization } from "./lookup.ts";
import { IdBody } from "../common/schemas.ts";

const BASE = "/admin/realms/:realm/organizations/:id/identity-providers";

/** Links between organizations and identity providers; the link lives on the provider as `organizationId`, as in Keycloak 26. */
export async function registerOrganizationIdentityProviderRoutes(
  app: FastifyInstance,
  server: ServerContext,
): Promise<void> {
  const context = async (req: FastifyRequest) => {
    const ctx = await organizationsContext(server, req);
    return { ctx, org: requireOrganization(server, ctx, paramsOf<"id">(req).id) };
  };

  app.get(BASE, async (req) => {
    const { ctx, org } = await context(req);
    return server.db
      .list("identityProviders", ctx.realm.id)
      .filter((idp) => idp.rep.organizationId === org.id)
      .map(identityProviderRepresentation);
  });

  app.post(BASE, { schema: { body: IdBody } }, async (req, reply) => {
    const { ctx, org } = await context(req);
    const alias = stringBody(req.body);
    const idp = alias ? findIdentityProvider(server, ctx.realm, alias) : undefined;
    if (!idp) throw badRequest("Identity provider not found with the given alias");
    if (idp.rep.organizationId === org.id) throw conflict("Identity provider already associated to the organization");
    if (idp.rep.organizationId) throw badRequest("Identity provider already associated to a different organization");
    await server.db.write((tx) => {
      tx.put("identityProviders", { ...idp, rep: { ...idp.rep, organizationId: org.id } });
      tx.put("organizations", {
        ...org,
        identityProviderAliases: [...new Set([...org.identityProviderAliases, idp.alias])],
      });
    });
    await adminEvent(
      server,
      ctx,
      "CREATE",
      "ORGANIZATION",
      organizationPath(org.id, "identity-providers", idp.alias),
      alias,
    );
    return noContent(reply);
  });

  app.get(`${BASE}/:alias`, async (req) => {
    const { ctx, org } = await context(req);
    const idp = findIdentityProvider(server, ctx.realm, paramsOf<"alias">(req).alias);
    if (!idp || idp.rep.organizationId !== org.id)
      throw notFound("Identity provider not associated with the organization");
    return identityProviderRepresentation(idp);
  });

  app.delete(`${BASE}/:alias`, async (req, reply) => {
    const { ctx, org } = await context(req);
    const idp = findIdentityProvider(server, ctx.realm, paramsOf<"alias">(req).alias);
    if (!idp || idp.rep.organizationId !== org.id)
      throw notFound("Identity provider not associated with the organization");
    const { organizationId: _unlinked, ...rep } = idp.rep;
    await server.db.write((tx) => {
      tx.put("identityProviders", { ...idp, rep });
      tx.put("organizations", {
        ...org,
        identityProviderAliases: org.identityProviderAliases.filter((a) => a !== idp.alias),
      });
    });
    await adminEvent(server, ctx, "DELETE", "ORGANIZATION", organizationPath(org.id, "identity-providers", idp.alias));
    return noContent(reply);
  });
}
