import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context.ts";
import type { ProtocolMapperRecord } from "../../store/types.ts";
import { conflict, notFound } from "../../http/errors.ts";
import { mapperFromRepresentation } from "./mapper-input.ts";
import { requireKnownMapperType, validateMapperConfig } from "./mapper-validation.ts";
import { mapperRepresentation } from "./representations.ts";
import { OWNER_PREFIX, putOwner, resolveOwner, type OwnerKind } from "./scope-owner.ts";
import { adminPath, created, noContent } from "../common/reply.ts";
import { arrayBody, objectBody } from "../common/body.ts";
import { adminEvent } from "../common/admin-event.ts";
import { paramsOf } from "../common/query.ts";
import { ProtocolMapperList, ProtocolMapperSchema } from "./schemas.ts";

const DUPLICATE = "Protocol mapper exists with same name";

const clashes = (mappers: ProtocolMapperRecord[], candidate: ProtocolMapperRecord, ignoreId?: string) =>
  mappers.some((m) => m.id !== ignoreId && m.name === candidate.name && m.protocol === candidate.protocol);

/** /clients/{id}/protocol-mappers/... and /client-scopes/{id}/protocol-mappers/... */
export async function registerProtocolMapperRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  const { db } = server;
  for (const kind of ["client", "client-scope"] as OwnerKind[]) {
    const base = `/admin/realms/:realm/${OWNER_PREFIX[kind]}/:id/protocol-mappers`;

    app.get(`${base}/models`, async (req) => {
      const { owner } = await resolveOwner(server, req, kind, "view-clients");
      return owner.record.protocolMappers.map(mapperRepresentation);
    });

    app.get(`${base}/protocol/:protocol`, async (req) => {
      const { owner } = await resolveOwner(server, req, kind, "view-clients");
      const { protocol } = paramsOf<"protocol">(req);
      return owner.record.protocolMappers.filter((m) => m.protocol === protocol).map(mapperRepresentation);
    });

    app.get(`${base}/models/:mapperId`, async (req) => {
      const { owner } = await resolveOwner(server, req, kind, "view-clients");
      const mapper = owner.record.protocolMappers.find((m) => m.id === paramsOf<"mapperId">(req).mapperId);
      if (!mapper) throw notFound("Model not found");
      return mapperRepresentation(mapper);
    });

    app.post(`${base}/models`, { schema: { body: ProtocolMapperSchema } }, async (req, reply) => {
      const { ctx, owner } = await resolveOwner(server, req, kind, "manage-clients");
      const input = objectBody(req.body);
      requireKnownMapperType(input);
      const mapper = mapperFromRepresentation(input, owner.protocol);
      await validateMapperConfig(owner, mapper);
      if (
        clashes(owner.record.protocolMappers, mapper) ||
        owner.record.protocolMappers.some((m) => m.id === mapper.id)
      ) {
        throw conflict(DUPLICATE);
      }
      await db.write((tx) => {
        owner.record.protocolMappers.push(mapper);
        putOwner(tx, owner);
      });
      await adminEvent(
        server,
        ctx,
        "CREATE",
        "PROTOCOL_MAPPER",
        `${owner.path}/protocol-mappers/models/${mapper.id}`,
        input,
      );
      return created(
        reply,
        server,
        adminPath(ctx.realm.realm, ...owner.path.split("/"), "protocol-mappers", "models", mapper.id),
      );
    });

    app.post(`${base}/add-models`, { schema: { body: ProtocolMapperList } }, async (req, reply) => {
      const { ctx, owner } = await resolveOwner(server, req, kind, "manage-clients");
      const inputs = arrayBody(req.body);
      const mappers: ProtocolMapperRecord[] = [];
      for (const input of inputs) {
        requireKnownMapperType(input);
        const mapper = mapperFromRepresentation(input, owner.protocol);
        await validateMapperConfig(owner, mapper);
        if (clashes([...owner.record.protocolMappers, ...mappers], mapper)) throw conflict(DUPLICATE);
        mappers.push(mapper);
      }
      await db.write((tx) => {
        owner.record.protocolMappers.push(...mappers);
        putOwner(tx, owner);
      });
      await adminEvent(server, ctx, "CREATE", "PROTOCOL_MAPPER", `${owner.path}/protocol-mappers/add-models`, inputs);
      return noContent(reply);
    });

    app.put(`${base}/models/:mapperId`, { schema: { body: ProtocolMapperSchema } }, async (req, reply) => {
      const { ctx, owner } = await resolveOwner(server, req, kind, "manage-clients");
      const { mapperId } = paramsOf<"mapperId">(req);
      const index = owner.record.protocolMappers.findIndex((m) => m.id === mapperId);
      if (index < 0) throw notFound("Model not found");
      const input = objectBody(req.body);
      const current = owner.record.protocolMappers[index];
      const updated = mapperFromRepresentation(
        { ...mapperRepresentation(current), ...input, id: mapperId, config: input.config ?? current.config },
        current.protocol,
      );
      requireKnownMapperType(updated);
      await validateMapperConfig(owner, updated);
      if (clashes(owner.record.protocolMappers, updated, mapperId)) throw conflict(DUPLICATE);
      await db.write((tx) => {
        owner.record.protocolMappers[index] = updated;
        putOwner(tx, owner);
      });
      await adminEvent(
        server,
        ctx,
        "UPDATE",
        "PROTOCOL_MAPPER",
        `${owner.path}/protocol-mappers/models/${mapperId}`,
        input,
      );
      return noContent(reply);
    });

    app.delete(`${base}/models/:mapperId`, async (req, reply) => {
      const { ctx, owner } = await resolveOwner(server, req, kind, "manage-clients");
      const { mapperId } = paramsOf<"mapperId">(req);
      if (!owner.record.protocolMappers.some((m) => m.id === mapperId)) throw notFound("Model not found");
      await db.write((tx) => {
        owner.record.protocolMappers = owner.record.protocolMappers.filter((m) => m.id !== mapperId);
        putOwner(tx, owner);
      });
      await adminEvent(server, ctx, "DELETE", "PROTOCOL_MAPPER", `${owner.path}/protocol-mappers/models/${mapperId}`);
      return noContent(reply);
    });
  }
}
