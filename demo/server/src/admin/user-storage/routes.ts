import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context.ts";
import { adminContext } from "../../access/admin-context.ts";
import { badRequest, notFound } from "../../http/errors.ts";
import { LDAP_MAPPER_TYPE } from "../../federation/ldap-config.ts";
import { syncStatus, syncUsers, userStorageProvider } from "../../federation/ldap-users.ts";
import { syncGroupsFromLdap, syncGroupsToLdap } from "../../federation/ldap-groups.ts";
import { syncRolesFromLdap, syncRolesToLdap } from "../../federation/ldap-roles.ts";
import { adminEvent } from "../common/admin-event.ts";
import { paramsOf, queryOf, stringParam } from "../common/query.ts";
import { NoBody } from "../common/schemas.ts";
import { MapperSyncQuery, SyncQuery } from "./schemas.ts";
import { registerLdapTestRoutes } from "./ldap-test-routes.ts";
import { startPeriodicSync } from "../../federation/periodic-sync.ts";

const BASE = "/admin/realms/:realm/user-storage";

const failure = (error: unknown) => badRequest(error instanceof Error && error.message ? error.message : String(error));

/** Keycloak's UserStorageProviderResource: sync, unlink-users, remove-imported-users, name and mapper sync. */
export async function registerUserStorageRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  await registerLdapTestRoutes(app, server);
  // Started once the server is ready (registering the routes alone, as the route-table tests do, starts nothing).
  let stopPeriodicSync = () => {};
  app.addHook("onReady", async () => {
    stopPeriodicSync = startPeriodicSync(server);
  });
  app.addHook("onClose", async () => stopPeriodicSync());

  const provider = (realm: Parameters<typeof userStorageProvider>[1], id: string) => {
    const component = server.db.get("components", id);
    if (!component || component.realmId !== realm.id) throw notFound("Could not find component");
    const found = userStorageProvider(server, realm, id);
    if (!found) throw notFound("found, but not a UserStorageProvider");
    return found;
  };

  app.get(`${BASE}/:id/name`, async (req) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.require("query-users");
    const component = server.db.get("components", paramsOf(req).id);
    if (!component || component.realmId !== ctx.realm.id) throw notFound("Could not find component");
    return { id: component.id, name: component.name };
  });

  app.post(`${BASE}/:id/sync`, { schema: { querystring: SyncQuery, body: NoBody } }, async (req) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.require("manage-users");
    const component = provider(ctx.realm, paramsOf(req).id);
    const action = stringParam(queryOf(req), "action");
    if (action !== "triggerFullSync" && action !== "triggerChangedUsersSync")
      throw notFound(`Unknown action: ${action ?? ""}`);
    let result;
    try {
      result = await syncUsers(server, ctx.realm, component, action === "triggerChangedUsersSync");
    } catch (error) {
      throw failure(error);
    }
    await adminEvent(server, ctx, "ACTION", "USER_FEDERATION_PROVIDER", `user-storage/${component.id}/sync`, {
      action,
      result,
    });
    return result;
  });

  app.post(`${BASE}/:id/remove-imported-users`, { schema: { body: NoBody } }, async (req, reply) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.require("manage-users");
    const component = provider(ctx.realm, paramsOf(req).id);
    const imported = [...server.db.iterate("users", ctx.realm.id)].filter((u) => u.federationLink === component.id);
    await server.db.write((tx) => imported.forEach((u) => tx.delete("users", u.id)));
    await adminEvent(
      server,
      ctx,
      "ACTION",
      "USER_FEDERATION_PROVIDER",
      `user-storage/${component.id}/remove-imported-users`,
    );
    return reply.status(204).send();
  });

  app.post(`${BASE}/:id/unlink-users`, { schema: { body: NoBody } }, async (req, reply) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.require("manage-users");
    const component = provider(ctx.realm, paramsOf(req).id);
    const linked = [...server.db.iterate("users", ctx.realm.id)].filter((u) => u.federationLink === component.id);
    await server.db.write((tx) =>
      linked.forEach((u) => {
        const copy = { ...u };
        delete copy.federationLink;
        tx.put("users", copy);
      }),
    );
    await adminEvent(server, ctx, "ACTION", "USER_FEDERATION_PROVIDER", `user-storage/${component.id}/unlink-users`);
    return reply.status(204).send();
  });

  app.post(
    `${BASE}/:parentId/mappers/:id/sync`,
    { schema: { querystring: MapperSyncQuery, body: NoBody } },
    async (req) => {
      const ctx = await adminContext(server, req, paramsOf(req).realm);
      ctx.require("manage-realm");
      const { parentId, id } = paramsOf(req);
      const parent = provider(ctx.realm, parentId);
      const mapper = server.db.get("components", id);
      if (!mapper || mapper.realmId !== ctx.realm.id || mapper.parentId !== parent.id)
        throw notFound("Mapper model not found");
      if (mapper.providerType !== LDAP_MAPPER_TYPE) throw notFound("found, but not a LDAPStorageMapper");
      const direction = stringParam(queryOf(req), "direction");
      const counts = { ignored: false, added: 0, updated: 0, removed: 0, failed: 0 };
      if (mapper.providerId === "group-ldap-mapper") {
        try {
          if (direction === "keycloakToFed")
            Object.assign(counts, await syncGroupsToLdap(server, ctx.realm, parent, mapper));
          else if (direction === "fedToKeycloak" || direction === undefined) {
            Object.assign(counts, await syncGroupsFromLdap(server, ctx.realm, parent, mapper));
          } else throw badRequest(`Unknown direction: ${direction}`);
        } catch (error) {
          throw failure(error);
        }
      } else if (mapper.providerId === "role-ldap-mapper") {
        try {
          if (direction === "keycloakToFed")
            Object.assign(counts, await syncRolesToLdap(server, ctx.realm, parent, mapper));
          else if (direction === "fedToKeycloak" || direction === undefined) {
            Object.assign(counts, await syncRolesFromLdap(server, ctx.realm, parent, mapper));
          } else throw badRequest(`Unknown direction: ${direction}`);
        } catch (error) {
          throw failure(error);
        }
      }
      // Keycloak 26.7.3 words a group mapper's sync with groups and always its removals, and a role mapper's with roles
      // in each direction (seen on it), even when the mapper's mode ignores that direction.
      const status =
        mapper.providerId === "group-ldap-mapper" && !counts.ignored
          ? `${counts.added} imported groups, ${counts.updated} updated groups, ${counts.removed} removed groups`
          : mapper.providerId === "role-ldap-mapper"
            ? direction === "keycloakToFed"
              ? `${counts.added} roles imported to LDAP, ${counts.updated} roles already existed in LDAP`
              : `${counts.added} imported roles, ${counts.updated} roles already exists in Keycloak`
            : syncStatus(counts);
      const result = { ...counts, status };
      await adminEvent(
        server,
        ctx,
        "ACTION",
        "COMPONENT",
        `user-storage/${parent.id}/mappers/${mapper.id}/sync`,
        result,
      );
      return result;
    },
  );
}
