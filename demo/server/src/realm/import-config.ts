import type { AuthFlowRecord } from "../store/types.ts";
import { newId } from "../common/ids.ts";
import type { ImportContext } from "./import-context.ts";
import type { ComponentRep, Json, RealmRep } from "./representation.ts";
import { privateKeyAsPkcs8, withGeneratedSecret } from "./key-material.ts";

export function importComponents(ctx: ImportContext, rep: RealmRep): void {
  const visit = (providerType: string, c: ComponentRep, parentId: string) => {
    const id = ctx.idFor("components", c.id);
    let config = Object.fromEntries(
      Object.entries(c.config ?? {}).map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : [String(v)]]),
    );
    if (providerType === "org.keycloak.keys.KeyProvider" && config.privateKey?.[0])
      config.privateKey = [privateKeyAsPkcs8(config.privateKey[0])];
    if (providerType === "org.keycloak.keys.KeyProvider") config = withGeneratedSecret(c.providerId, config);
    ctx.put("components", {
      id,
      realmId: ctx.realmId,
      name: c.name ?? c.providerId,
      providerId: c.providerId,
      providerType,
      parentId,
      ...(c.subType !== undefined ? { subType: c.subType } : {}),
      config,
    });
    for (const [subType, children] of Object.entries(c.subComponents ?? {}))
      for (const child of children) visit(subType, child, id);
  };
  for (const [providerType, list] of Object.entries(rep.components ?? {}))
    for (const c of list) visit(providerType, c, ctx.realmId);
}

/** Flows reference each other by alias; ids are assigned first so executions can point at sub-flows. */
export function importAuthentication(ctx: ImportContext, rep: RealmRep): void {
  const flowIds = new Map<string, string>();
  for (const f of rep.authenticationFlows ?? []) flowIds.set(f.alias, ctx.idFor("authFlows", f.id));
  for (const f of rep.authenticationFlows ?? []) {
    const record: AuthFlowRecord = {
      id: flowIds.get(f.alias)!,
      realmId: ctx.realmId,
      alias: f.alias,
      ...(f.description !== undefined ? { description: f.description } : {}),
      providerId: f.providerId ?? "basic-flow",
      topLevel: f.topLevel ?? true,
      builtIn: f.builtIn ?? false,
      executions: (f.authenticationExecutions ?? []).map((e, index) => {
        const isFlow = e.authenticatorFlow ?? (e as { autheticatorFlow?: boolean }).autheticatorFlow ?? !!e.flowAlias;
        return {
          id: newId(),
          ...(e.authenticator !== undefined ? { authenticator: e.authenticator } : {}),
          ...(e.authenticatorConfig !== undefined ? { authenticatorConfig: e.authenticatorConfig } : {}),
          authenticatorFlow: isFlow,
          ...(isFlow && e.flowAlias ? { flowId: flowIds.get(e.flowAlias) } : {}),
          requirement: e.requirement ?? "DISABLED",
          priority: e.priority ?? index * 10,
          userSetupAllowed: e.userSetupAllowed ?? false,
        };
      }),
    };
    ctx.put("authFlows", record);
  }
  for (const c of rep.authenticatorConfig ?? []) {
    ctx.put("authenticatorConfigs", {
      id: ctx.idFor("authenticatorConfigs", c.id),
      realmId: ctx.realmId,
      alias: c.alias,
      config: { ...(c.config ?? {}) },
    });
  }
  for (const [index, a] of (rep.requiredActions ?? []).entries()) {
    ctx.put("requiredActions", {
      id: `${ctx.realmId}/${a.alias}`,
      realmId: ctx.realmId,
      alias: a.alias,
      name: a.name ?? a.alias,
      providerId: a.providerId ?? a.alias,
      enabled: a.enabled ?? true,
      defaultAction: a.defaultAction ?? false,
      priority: a.priority ?? (index + 1) * 10,
      config: { ...(a.config ?? {}) },
    });
  }
}

export function importIdentityProviders(ctx: ImportContext, rep: RealmRep): void {
  for (const idp of rep.identityProviders ?? []) {
    const { internalId, alias, ...rest } = idp as Json & { internalId?: string; alias: string };
    ctx.put("identityProviders", {
      id: ctx.idFor("identityProviders", internalId),
      realmId: ctx.realmId,
      alias,
      rep: rest,
    });
  }
  for (const m of rep.identityProviderMappers ?? []) {
    const mapper = m as {
      id?: string;
      name: string;
      identityProviderAlias: string;
      identityProviderMapper: string;
      config?: Record<string, string>;
    };
    ctx.put("identityProviderMappers", {
      id: ctx.idFor("identityProviderMappers", mapper.id),
      realmId: ctx.realmId,
      name: mapper.name,
      identityProviderAlias: mapper.identityProviderAlias,
      identityProviderMapper: mapper.identityProviderMapper,
      config: { ...(mapper.config ?? {}) },
    });
  }
}

export function importOrganizations(ctx: ImportContext, rep: RealmRep): void {
  for (const o of rep.organizations ?? []) {
    const members: Record<string, string> = {};
    for (const m of o.members ?? []) {
      const userId = (m.username && ctx.userIdsByUsername.get(m.username.toLowerCase())) || m.id;
      if (userId) members[userId] = m.membershipType ?? "UNMANAGED";
    }
    ctx.put("organizations", {
      id: ctx.idFor("organizations", o.id),
      realmId: ctx.realmId,
      name: o.name,
      alias: o.alias ?? o.name,
      enabled: o.enabled ?? true,
      ...(o.description !== undefined ? { description: o.description } : {}),
      ...(o.redirectUrl !== undefined ? { redirectUrl: o.redirectUrl } : {}),
      domains: (o.domains ?? []).map((d) => ({ name: d.name, verified: d.verified ?? false })),
      attributes: { ...(o.attributes ?? {}) },
      members,
      identityProviderAliases: (o.identityProviders ?? []).map((i) => i.alias),
    });
  }
}
