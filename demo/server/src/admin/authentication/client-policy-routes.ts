import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context.ts";
import { adminContext } from "../../access/admin-context.ts";
import { badRequest } from "../../http/errors.ts";
import { adminEvent } from "../common/admin-event.ts";
import { noContent } from "../common/reply.ts";
import { paramsOf } from "../common/query.ts";
import { boolParam, queryOf } from "../common/query.ts";
import { componentTypes } from "../server-info/catalog.ts";
import { GLOBAL_CLIENT_PROFILES } from "./global-client-profiles.ts";
import { ClientPoliciesSchema, ClientProfilesSchema, PoliciesQuery, ProfilesQuery } from "./schemas.ts";

const BASE = "/admin/realms/:realm";

interface Named {
  name?: unknown;
}

/** Names must be present and unique; Keycloak refuses the whole update otherwise. */
function validateNamed(list: unknown, kind: string, reserved: Set<string>): Named[] {
  if (list === undefined) return [];
  if (!Array.isArray(list)) throw badRequest(`Invalid client ${kind}`);
  const seen = new Set<string>();
  for (const entry of list as Named[]) {
    const name = typeof entry?.name === "string" ? entry.name : "";
    if (reserved.has(name)) throw badRequest(`Proposed profile name '${name}' is duplicated as a global profile`);
    if (!name || seen.has(name)) throw badRequest(`Failed to update client ${kind}`);
    seen.add(name);
  }
  return list as Named[];
}

const EXECUTORS = "org.keycloak.services.clientpolicy.executor.ClientPolicyExecutorProvider";
const CONDITIONS = "org.keycloak.services.clientpolicy.condition.ClientPolicyConditionProvider";

/** Every executor or condition must name a provider server info lists; Keycloak refuses the update otherwise. */
function checkProviders(list: unknown[], field: "executors" | "conditions", kind: string): void {
  const key = field === "executors" ? "executor" : "condition";
  const known = new Set(componentTypes(field === "executors" ? EXECUTORS : CONDITIONS).map((type) => type.id));
  for (const entry of list as Record<string, unknown>[]) {
    const items = entry[field];
    if (!Array.isArray(items)) continue;
    for (const item of items as Record<string, unknown>[])
      if (typeof item?.[key] !== "string" || !known.has(item[key] as string))
        throw badRequest(
          kind === "profiles"
            ? "proposed client profile contains the executor, which does not have valid provider, or has invalid configuration."
            : `Policy ${String(entry.name)} contains invalid condition ${String(item?.[key])}`,
        );
  }
}

/** Client policies and profiles, kept in the realm's settings as Keycloak keeps them on the realm. */
export async function registerClientPolicyRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  app.get(`${BASE}/client-policies/profiles`, { schema: { querystring: ProfilesQuery } }, async (req) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.require("view-realm");
    const stored = (ctx.realm.settings.clientProfiles as { profiles?: unknown[] } | undefined)?.profiles ?? [];
    const includeGlobal = boolParam(queryOf(req), "include-global-profiles") ?? false;
    return includeGlobal ? { profiles: stored, globalProfiles: GLOBAL_CLIENT_PROFILES } : { profiles: stored };
  });

  app.put(`${BASE}/client-policies/profiles`, { schema: { body: ClientProfilesSchema } }, async (req, reply) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.require("manage-realm");
    const body = (req.body ?? {}) as { profiles?: unknown };
    const reserved = new Set(GLOBAL_CLIENT_PROFILES.map((p) => p.name));
    const profiles = validateNamed(body.profiles, "profiles", reserved);
    checkProviders(profiles, "executors", "profiles");
    await server.db.write((tx) =>
      tx.put("realms", { ...ctx.realm, settings: { ...ctx.realm.settings, clientProfiles: { profiles } } }),
    );
    await adminEvent(server, ctx, "UPDATE", "REALM", "client-policies/profiles", { profiles });
    return noContent(reply);
  });

  app.get(`${BASE}/client-policies/policies`, { schema: { querystring: PoliciesQuery } }, async (req) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.require("view-realm");
    const stored = (ctx.realm.settings.clientPolicies as { policies?: unknown[] } | undefined)?.policies ?? [];
    const includeGlobal = boolParam(queryOf(req), "include-global-policies") ?? false;
    return includeGlobal ? { policies: stored, globalPolicies: [] } : { policies: stored };
  });

  app.put(`${BASE}/client-policies/policies`, { schema: { body: ClientPoliciesSchema } }, async (req, reply) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.require("manage-realm");
    const body = (req.body ?? {}) as { policies?: unknown };
    const policies = validateNamed(body.policies, "policies", new Set()) as { profiles?: unknown }[];
    checkProviders(policies, "conditions", "policies");
    const knownProfiles = new Set([
      ...GLOBAL_CLIENT_PROFILES.map((p) => p.name),
      ...((ctx.realm.settings.clientProfiles as { profiles?: Named[] } | undefined)?.profiles ?? []).map((p) => p.name),
    ]);
    for (const policy of policies as (Named & { profiles?: unknown })[]) {
      for (const profile of Array.isArray(policy.profiles) ? policy.profiles : []) {
        if (!knownProfiles.has(profile))
          throw badRequest(`Policy ${String(policy.name)} contains invalid profile ${String(profile)}`);
      }
    }
    await server.db.write((tx) =>
      tx.put("realms", { ...ctx.realm, settings: { ...ctx.realm.settings, clientPolicies: { policies } } }),
    );
    await adminEvent(server, ctx, "UPDATE", "REALM", "client-policies/policies", { policies });
    return noContent(reply);
  });

  app.get(`${BASE}/client-registration-policy/providers`, async (req) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.require("view-realm");
    return componentTypes("org.keycloak.services.clientregistration.policy.ClientRegistrationPolicy");
  });
}
