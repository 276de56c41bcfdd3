import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context.ts";
import { adminContext } from "../../access/admin-context.ts";
import { conflict, notFound } from "../../http/errors.ts";
import { adminEvent } from "../common/admin-event.ts";
import { objectBody, optionalString, stringMapOf } from "../common/body.ts";
import { noContent } from "../common/reply.ts";
import { paramsOf } from "../common/query.ts";
import { flowsOf } from "./lookup.ts";
import {
  authenticators,
  clientAuthenticators,
  findProvider,
  formActions,
  formAuthenticators,
  type ProviderInfo,
} from "./providers.ts";
import { configRepresentation } from "./representation.ts";
import { AuthenticatorConfigSchema } from "./schemas.ts";

const BASE = "/admin/realms/:realm/authentication";

const listed = (providers: ProviderInfo[]) =>
  providers.map(({ id, displayName, description }) => ({ id, displayName, description }));

/** Client authenticators that authenticate with the client's secret (Keycloak's ClientAuthenticatorFactory.supportsSecret). */
const SECRET_AUTHENTICATORS = new Set(["client-secret", "client-secret-jwt"]);
const listedClientAuthenticators = () =>
  listed(clientAuthenticators()).map((p) => ({ ...p, supportsSecret: SECRET_AUTHENTICATORS.has(p.id) }));

export async function registerAuthenticatorConfigRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  const requireConfig = (realmId: string, id: string) => {
    const config = server.db.get("authenticatorConfigs", id);
    if (!config || config.realmId !== realmId) throw notFound("Could not find authenticator config");
    return config;
  };

  const lists: [string, () => ProviderInfo[]][] = [
    ["authenticator-providers", authenticators],
    ["client-authenticator-providers", clientAuthenticators],
    ["form-action-providers", formActions],
    ["form-providers", formAuthenticators],
  ];
  for (const [path, providers] of lists) {
    app.get(`${BASE}/${path}`, async (req) => {
      const ctx = await adminContext(server, req, paramsOf(req).realm);
      ctx.require("view-realm");
      return path === "client-authenticator-providers" ? listedClientAuthenticators() : listed(providers());
    });
  }

  app.get(`${BASE}/per-client-config-description`, async (req) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.require("view-clients");
    return Object.fromEntries(clientAuthenticators().map((p) => [p.id, []]));
  });

  app.get(`${BASE}/config-description/:providerId`, async (req) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.require("view-realm");
    const { providerId } = paramsOf<"providerId">(req);
    const provider = findProvider(providerId);
    if (!provider) throw notFound(`Could not find authenticator provider`);
    return {
      name: provider.displayName,
      providerId: provider.id,
      helpText: provider.description,
      properties: provider.properties,
    };
  });

  app.get(`${BASE}/config/:id`, async (req) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.require("view-realm");
    return configRepresentation(requireConfig(ctx.realm.id, paramsOf<"id">(req).id));
  });

  app.put(`${BASE}/config/:id`, { schema: { body: AuthenticatorConfigSchema } }, async (req, reply) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.require("manage-realm");
    const config = requireConfig(ctx.realm.id, paramsOf<"id">(req).id);
    const rep = objectBody(req.body);
    const alias = optionalString(rep.alias)?.trim() || config.alias;
    if (alias !== config.alias && server.db.list("authenticatorConfigs", ctx.realm.id).some((c) => c.alias === alias)) {
      throw conflict(`Authenticator config with alias ${alias} already exists`);
    }
    const updated = { ...config, alias, config: rep.config === undefined ? config.config : stringMapOf(rep.config) };
    const renamedIn =
      alias === config.alias
        ? []
        : flowsOf(server, ctx.realm).filter((f) => f.executions.some((e) => e.authenticatorConfig === config.alias));
    await server.db.write((tx) => {
      tx.put("authenticatorConfigs", updated);
      for (const flow of renamedIn) {
        tx.put("authFlows", {
          ...flow,
          executions: flow.executions.map((e) =>
            e.authenticatorConfig === config.alias ? { ...e, authenticatorConfig: alias } : e,
          ),
        });
      }
    });
    await adminEvent(
      server,
      ctx,
      "UPDATE",
      "AUTHENTICATOR_CONFIG",
      `authentication/config/${config.id}`,
      configRepresentation(updated),
    );
    return noContent(reply);
  });

  app.delete(`${BASE}/config/:id`, async (req, reply) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.require("manage-realm");
    const config = requireConfig(ctx.realm.id, paramsOf<"id">(req).id);
    const referencing = flowsOf(server, ctx.realm).filter((f) =>
      f.executions.some((e) => e.authenticatorConfig === config.alias || e.authenticatorConfig === config.id),
    );
    await server.db.write((tx) => {
      tx.delete("authenticatorConfigs", config.id);
      for (const flow of referencing) {
        tx.put("authFlows", {
          ...flow,
          executions: flow.executions.map((e) => {
            if (e.authenticatorConfig !== config.alias && e.authenticatorConfig !== config.id) return e;
            const { authenticatorConfig: _removed, ...rest } = e;
            return rest;
          }),
        });
      }
    });
    await adminEvent(server, ctx, "DELETE", "AUTHENTICATOR_CONFIG", `authentication/config/${config.id}`);
    return noContent(reply);
  });
}
