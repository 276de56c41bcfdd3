import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ServerContext } from "../../context.ts";
import type { IdentityProviderMapperRecord } from "../../store/types.ts";
import { adminContext, type AdminPermission } from "../../access/admin-context.ts";
import { newId } from "../../common/ids.ts";
import { badRequest, conflict, notFound } from "../../http/errors.ts";
import { adminEvent } from "../common/admin-event.ts";
import { objectBody, stringMapOf } from "../common/body.ts";
import { adminPath, created, noContent } from "../common/reply.ts";
import { paramsOf } from "../common/query.ts";
import { identityProviderPath, requireIdentityProvider } from "./lookup.ts";
import { mapperTypesFor } from "./mapper-types.ts";
import { mapperRepresentation, withoutEmptyValues } from "./representation.ts";
import { IdentityProviderMapperSchema } from "./schemas.ts";

const BASE = "/admin/realms/:realm/identity-provider/instances/:alias";

export async function registerIdentityProviderMapperRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  const context = async (req: FastifyRequest, permission: AdminPermission) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.require(permission);
    return { ctx, idp: requireIdentityProvider(server, ctx.realm, paramsOf<"alias">(req).alias) };
  };
  const mappersOf = (realmId: string, alias: string) =>
    server.db.list("identityProviderMappers", realmId).filter((m) => m.identityProviderAlias === alias);
  const requireMapper = (realmId: string, alias: string, id: string) => {
    const mapper = server.db.get("identityProviderMappers", id);
    if (!mapper || mapper.realmId !== realmId || mapper.identityProviderAlias !== alias)
      throw notFound("Model not found");
    return mapper;
  };
  const readMapper = (body: unknown) => {
    const rep = objectBody(body);
    const name = typeof rep.name === "string" ? rep.name.trim() : "";
    if (!name) throw badRequest("Mapper name must be specified");
    if (typeof rep.identityProviderMapper !== "string" || !rep.identityProviderMapper)
      throw badRequest("Mapper type must be specified");
    return {
      name,
      identityProviderMapper: rep.identityProviderMapper,
      config: withoutEmptyValues(stringMapOf(rep.config)),
    };
  };

  app.get(`${BASE}/mapper-types`, async (req) => {
    const { idp } = await context(req, "view-identity-providers");
    return mapperTypesFor(String(idp.rep.providerId));
  });

  app.get(`${BASE}/mappers`, async (req) => {
    const { ctx, idp } = await context(req, "view-identity-providers");
    return mappersOf(ctx.realm.id, idp.alias).map(mapperRepresentation);
  });

  app.post(`${BASE}/mappers`, { schema: { body: IdentityProviderMapperSchema } }, async (req, reply) => {
    const { ctx, idp } = await context(req, "manage-identity-providers");
    const fields = readMapper(req.body);
    if (mappersOf(ctx.realm.id, idp.alias).some((m) => m.name === fields.name)) {
      throw conflict("Identity Provider Mapper with the same name already exists");
    }
    const mapper: IdentityProviderMapperRecord = {
      id: newId(),
      realmId: ctx.realm.id,
      identityProviderAlias: idp.alias,
      ...fields,
    };
    await server.db.write((tx) => tx.put("identityProviderMappers", mapper));
    await adminEvent(
      server,
      ctx,
      "CREATE",
      "IDENTITY_PROVIDER_MAPPER",
      identityProviderPath(idp.alias, "mappers", mapper.id),
      mapperRepresentation(mapper),
    );
    return created(
      reply,
      server,
      adminPath(ctx.realm.realm, "identity-provider", "instances", idp.alias, "mappers", mapper.id),
    );
  });

  app.get(`${BASE}/mappers/:id`, async (req) => {
    const { ctx, idp } = await context(req, "view-identity-providers");
    return mapperRepresentation(requireMapper(ctx.realm.id, idp.alias, paramsOf<"id">(req).id));
  });

  app.put(`${BASE}/mappers/:id`, { schema: { body: IdentityProviderMapperSchema } }, async (req, reply) => {
    const { ctx, idp } = await context(req, "manage-identity-providers");
    const mapper = requireMapper(ctx.realm.id, idp.alias, paramsOf<"id">(req).id);
    const fields = readMapper({
      name: mapper.name,
      identityProviderMapper: mapper.identityProviderMapper,
      ...(req.body as object),
    });
    const updated = { ...mapper, ...fields };
    await server.db.write((tx) => tx.put("identityProviderMappers", updated));
    await adminEvent(
      server,
      ctx,
      "UPDATE",
      "IDENTITY_PROVIDER_MAPPER",
      identityProviderPath(idp.alias, "mappers", mapper.id),
      mapperRepresentation(updated),
    );
    return noContent(reply);
  });

  app.delete(`${BASE}/mappers/:id`, async (req, reply) => {
    const { ctx, idp } = await context(req, "manage-identity-providers");
    const mapper = requireMapper(ctx.realm.id, idp.alias, paramsOf<"id">(req).id);
    await server.db.write((tx) => tx.delete("identityProviderMappers", mapper.id));
    await adminEvent(
      server,
      ctx,
      "DELETE",
      "IDENTITY_PROVIDER_MAPPER",
      identityProviderPath(idp.alias, "mappers", mapper.id),
    );
    return noContent(reply);
  });
}
