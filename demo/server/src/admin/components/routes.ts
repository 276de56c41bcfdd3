import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context.ts";
import type { ComponentRecord } from "../../store/types.ts";
import { adminContext } from "../../access/admin-context.ts";
import { newId } from "../../common/ids.ts";
import { badRequest, HttpError, notFound } from "../../http/errors.ts";
import { adminEvent } from "../common/admin-event.ts";
import { adminPath, created, noContent } from "../common/reply.ts";
import { paramsOf } from "../common/query.ts";
import { queryOf, stringParam } from "../common/query.ts";
import { componentTypes } from "../server-info/catalog.ts";
import { keyMaterial } from "./key-material.ts";
import { componentRepresentation, secretKeys, SECRET_MASK } from "./representation.ts";
import { readComponent, validateProvider } from "./validation.ts";
import { realmKeys } from "../../oidc/keys.ts";
import { LDAP_PROVIDER_TYPE } from "../../federation/ldap-config.ts";
import { proxiedUserIdsOf } from "../../federation/proxied-users.ts";
import {
  defaultLdapMappers,
  withDefaultKerberosPrincipal,
  kerberosFlowChanges,
  kerberosUpdateChange,
  usesKerberos,
  validateUserStorage,
} from "../../federation/provider-components.ts";
import { ComponentListQuery, ComponentSchema, SubComponentTypesQuery } from "./schemas.ts";

const BASE = "/admin/realms/:realm/components";

/** A component and every component below it, children first. */
function subtree(components: ComponentRecord[], root: ComponentRecord): ComponentRecord[] {
  const children = components.filter((c) => c.parentId === root.id && c.id !== root.id);
  return [...children.flatMap((c) => subtree(components, c)), root];
}

export async function registerComponentRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  const requireComponent = (realmId: string, id: string) => {
    const component = server.db.get("components", id);
    if (!component || component.realmId !== realmId) throw notFound("Could not find component");
    return component;
  };

  app.get(BASE, { schema: { querystring: ComponentListQuery } }, async (req) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.require("view-realm");
    const query = queryOf(req);
    const type = stringParam(query, "type");
    const name = stringParam(query, "name");
    let parent = stringParam(query, "parent");
    if (!parent && type) parent = ctx.realm.id;
    // the realm's generated keys, made on first use here, exist from the realm's creation in Keycloak
    if (!type || type === "org.keycloak.keys.KeyProvider") await realmKeys(server, ctx.realm);
    return server.db
      .list("components", ctx.realm.id)
      .filter(
        (c) => (!parent || c.parentId === parent) && (!type || c.providerType === type) && (!name || c.name === name),
      )
      .map(componentRepresentation);
  });

  app.post(BASE, { schema: { body: ComponentSchema } }, async (req, reply) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.require("manage-realm");
    const fields = readComponent(req.body);
    validateProvider(fields);
    validateUserStorage(fields, { db: server.db, realmId: ctx.realm.id });
    const parentId = fields.parentId || ctx.realm.id;
    if (parentId !== ctx.realm.id) requireComponent(ctx.realm.id, parentId);
    const component: ComponentRecord = withDefaultKerberosPrincipal({
      ...fields,
      id: typeof (req.body as { id?: unknown }).id === "string" ? (req.body as { id: string }).id : newId(),
      realmId: ctx.realm.id,
      parentId,
      config: keyMaterial(fields, fields.config, ctx.realm.realm),
    });
    if (server.db.get("components", component.id)) throw badRequest("Component id already exists");
    const mappers = defaultLdapMappers(component);
    const flows = usesKerberos(component)
      ? kerberosFlowChanges(server.db.list("authFlows", ctx.realm.id), "DISABLED", "ALTERNATIVE")
      : [];
    await server.db.write((tx) => {
      tx.put("components", component);
      for (const mapper of mappers) tx.put("components", mapper);
      for (const flow of flows) tx.put("authFlows", flow);
    });
    await adminEvent(
      server,
      ctx,
      "CREATE",
      "COMPONENT",
      `components/${component.id}`,
      componentRepresentation(component),
    );
    return created(reply, server, adminPath(ctx.realm.realm, "components", component.id));
  });

  app.get(`${BASE}/:id`, async (req) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.require("view-realm");
    return componentRepresentation(requireComponent(ctx.realm.id, paramsOf<"id">(req).id));
  });

  app.put(`${BASE}/:id`, { schema: { body: ComponentSchema } }, async (req, reply) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.require("manage-realm");
    const component = requireComponent(ctx.realm.id, paramsOf<"id">(req).id);
    const fields = readComponent(req.body, component);
    validateUserStorage(fields, { db: server.db, realmId: ctx.realm.id });
    const hidden = secretKeys(fields);
    const config = { ...fields.config };
    // A secret sent back masked means "keep the stored value".
    for (const key of hidden)
      if (config[key]?.[0] === SECRET_MASK && component.config[key]) config[key] = component.config[key];
    const updated: ComponentRecord = {
      ...component,
      ...fields,
      parentId: fields.parentId || component.parentId,
      config: keyMaterial(fields, config, ctx.realm.realm, component.config),
    };
    const kerberos = kerberosUpdateChange(component, updated);
    const flows = kerberos
      ? kerberosFlowChanges(server.db.list("authFlows", ctx.realm.id), kerberos.from, kerberos.to)
      : [];
    await server.db.write((tx) => {
      tx.put("components", updated);
      for (const flow of flows) tx.put("authFlows", flow);
    });
    await adminEvent(
      server,
      ctx,
      "UPDATE",
      "COMPONENT",
      `components/${component.id}`,
      componentRepresentation(updated),
    );
    return noContent(reply);
  });

  app.delete(`${BASE}/:id`, async (req, reply) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.require("manage-realm");
    const component = requireComponent(ctx.realm.id, paramsOf<"id">(req).id);
    const removed = subtree(server.db.list("components", ctx.realm.id), component);
    // Keycloak removes the users a user-storage provider imported together with the provider, and what its federated
    // storage keeps of the users the provider served without import.
    const imported =
      component.providerType === LDAP_PROVIDER_TYPE
        ? [...server.db.iterate("users", ctx.realm.id)].filter((u) => u.federationLink === component.id)
        : [];
    const served = component.providerType === LDAP_PROVIDER_TYPE ? proxiedUserIdsOf(server.db, component.id) : [];
    const flows = usesKerberos(component)
      ? // Keycloak's preRemove disables them whatever they were, other Kerberos providers or not.
        kerberosFlowChanges(server.db.list("authFlows", ctx.realm.id), undefined, "DISABLED")
      : [];
    await server.db.write((tx) => {
      for (const c of removed) tx.delete("components", c.id);
      for (const u of imported) tx.delete("users", u.id);
      for (const id of served) tx.delete("users", id);
      for (const flow of flows) tx.put("authFlows", flow);
    });
    await adminEvent(server, ctx, "DELETE", "COMPONENT", `components/${component.id}`);
    return noContent(reply);
  });

  app.get(`${BASE}/:id/sub-component-types`, { schema: { querystring: SubComponentTypesQuery } }, async (req) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.require("view-realm");
    const parent = server.db.get("components", paramsOf<"id">(req).id);
    if (!parent || parent.realmId !== ctx.realm.id) throw notFound("Could not find parent component");
    const type = stringParam(queryOf(req), "type");
    // Keycloak's words (a JAX-RS BadRequestException, so `error` only)
    if (!type) throw new HttpError(400, { error: "must specify a subtype" });
    return componentTypes(type);
  });
}
