import type { Sequence } from "./sequences.ts";
import { keysOf } from "./exchange.ts";

/** Sequences of the realm-settings side: user profile, components, client policies, partial import/export, localization, initial access tokens. */

const KEY_PROVIDER = "org.keycloak.keys.KeyProvider";
/** A partial import's answer with its results in one order (Keycloak's follows a hash set). */
const sortedResults = (body: unknown) => {
  const b = body as { results?: { resourceType: string; resourceName: string }[] };
  const key = (x: { resourceType: string; resourceName: string }) => `${x.resourceType} ${x.resourceName}`;
  return { ...b, results: b.results && [...b.results].sort((x, y) => key(x).localeCompare(key(y))) };
};
const sortedNames = (body: unknown) =>
  Array.isArray(body) ? (body as { name?: string }[]).map((x) => x.name).sort() : body;

export const REALM_SETTINGS_SEQUENCES: Record<string, Sequence> = {
  async "user profile"(r) {
    await r.step("config", (a) => a.users.getProfile());
    await r.step(
      "metadata",
      (a) => a.users.getProfileMetadata(),
      (body) => {
        // the names apart, so a missing attribute does not hide how the others are described
        const { attributes, ...rest } = body as { attributes: { name: string }[] };
        return {
          names: attributes.map((x) => x.name),
          attributes: attributes.filter((x) => x.name !== "locale"),
          ...rest,
        };
      },
    );
    const config = await r.admin.users.getProfile();
    await r.step("add attribute", (a) =>
      a.users.updateProfile({
        ...config,
        realm: "demo",
        attributes: [
          ...(config.attributes ?? []),
          {
            name: "conf-badge",
            displayName: "Badge",
            permissions: { view: ["admin"], edit: ["admin"] },
            multivalued: false,
          },
        ],
      }),
    );
    await r.step("without name", (a) =>
      a.users.updateProfile({
        ...config,
        realm: "demo",
        attributes: [...(config.attributes ?? []), { displayName: "x" }],
      }),
    );
    await r.step("unknown validator", (a) =>
      a.users.updateProfile({
        ...config,
        realm: "demo",
        attributes: [...(config.attributes ?? []), { name: "conf-v", validations: { "conf-no-such": {} } }],
      }),
    );
    await r.step("restore", (a) => a.users.updateProfile({ ...config, realm: "demo" }));
  },

  async components(r) {
    await r.step("key providers", (a) => a.components.find({ type: KEY_PROVIDER }), sortedNames);
    const realm = await r.admin.realms.findOne({ realm: "demo" });
    await r.step("create key provider", (a) =>
      a.components.create({
        name: "conf-hmac",
        providerId: "hmac-generated",
        providerType: KEY_PROVIDER,
        parentId: realm!.id,
        config: { priority: ["5"], active: ["true"], enabled: ["true"], algorithm: ["HS256"] },
      }),
    );
    await r.step("create with bad priority", (a) =>
      a.components.create({
        name: "conf-bad",
        providerId: "hmac-generated",
        providerType: KEY_PROVIDER,
        parentId: realm!.id,
        config: { priority: ["high"] },
      }),
    );
    await r.step("create unknown provider", (a) =>
      a.components.create({
        name: "conf-unknown",
        providerId: "conf-no-such",
        providerType: KEY_PROVIDER,
        parentId: realm!.id,
      }),
    );
    const [made] = await r.admin.components.find({ type: KEY_PROVIDER, name: "conf-hmac" });
    await r.step("get", (a) => a.components.findOne({ id: made!.id! }));
    await r.step("update", (a) =>
      a.components.update({ id: made!.id! }, { ...made!, config: { ...made!.config, priority: ["7"] } }),
    );
    await r.step("get updated", (a) => a.components.findOne({ id: made!.id! }));
    await r.step("delete", (a) => a.components.del({ id: made!.id! }));
    await r.step("get deleted", (a) => a.components.findOne({ id: made!.id! }));
    await r.step("ldap providers", (a) => a.components.find({ type: "org.keycloak.storage.UserStorageProvider" }));
  },

  async "client policies"(r) {
    await r.step(
      "profiles",
      (a) => a.clientPolicies.listProfiles({ includeGlobalProfiles: true }),
      (body) => {
        const b = body as { profiles?: unknown[]; globalProfiles?: { name: string }[] };
        return { profiles: b.profiles, globalProfiles: b.globalProfiles?.map((p) => p.name).sort() };
      },
    );
    await r.step("policies", (a) => a.clientPolicies.listPolicies({ includeGlobalPolicies: true }));
    await r.step("add profile", (a) =>
      a.clientPolicies.createProfiles({
        profiles: [
          {
            name: "conf-profile",
            description: "made by conformance",
            executors: [{ executor: "pkce-enforcer", configuration: { "auto-configure": "true" } }],
          },
        ],
      }),
    );
    await r.step("unknown executor", (a) =>
      a.clientPolicies.createProfiles({ profiles: [{ name: "conf-bad", executors: [{ executor: "conf-no-such" }] }] }),
    );
    await r.step("profile named like a global one", (a) =>
      a.clientPolicies.createProfiles({ profiles: [{ name: "fapi-1-baseline", executors: [] }] }),
    );
    await r.step("profiles after", (a) => a.clientPolicies.listProfiles({ includeGlobalProfiles: false }));
    await r.step("add policy", (a) =>
      a.clientPolicies.updatePolicy({
        policies: [
          {
            name: "conf-policy",
            enabled: true,
            conditions: [{ condition: "client-access-type", configuration: { type: ["confidential"] } }],
            profiles: ["conf-profile"],
          },
        ],
      }),
    );
    await r.step("policy of unknown profile", (a) =>
      a.clientPolicies.updatePolicy({
        policies: [{ name: "conf-policy-2", enabled: true, conditions: [], profiles: ["conf-no-such"] }],
      }),
    );
    await r.step("unknown condition", (a) =>
      a.clientPolicies.updatePolicy({
        policies: [{ name: "conf-policy-3", enabled: true, conditions: [{ condition: "conf-no-such" }], profiles: [] }],
      }),
    );
    await r.step("policies after", (a) => a.clientPolicies.listPolicies({ includeGlobalPolicies: false }));
    await r.step("profile in use removed", (a) => a.clientPolicies.createProfiles({ profiles: [] }));
    await r.step("clear policies", (a) => a.clientPolicies.updatePolicy({ policies: [] }));
    await r.step("clear profiles", (a) => a.clientPolicies.createProfiles({ profiles: [] }));
  },

  async "partial export and import"(r) {
    await r.step("export realm only", (a) => a.realms.export({ realm: "demo" }), keysOf);
    await r.step(
      "export with clients, groups and roles",
      (a) => a.realms.export({ realm: "demo", exportClients: true, exportGroupsAndRoles: true }),
      (body) => {
        const b = body as { clients?: { clientId: string; secret?: string }[]; groups?: { name: string }[] };
        return {
          fields: keysOf(b),
          clients: b.clients?.map((c) => c.clientId).sort(),
          secrets: b.clients?.map((c) => c.secret).filter(Boolean),
          groups: b.groups?.map((g) => g.name),
        };
      },
    );
    await r.step(
      "import",
      (a) =>
        a.realms.partialImport({
          realm: "demo",
          rep: {
            ifResourceExists: "FAIL",
            users: [{ username: "conf-imported", enabled: true }],
            groups: [{ name: "conf-imported-group", path: "/conf-imported-group" }],
            roles: { realm: [{ name: "conf-imported-role" }] },
            clients: [{ clientId: "conf-imported-client" }],
          },
        }),
      sortedResults,
    );
    await r.step(
      "import again, fail",
      (a) =>
        a.realms.partialImport({
          realm: "demo",
          rep: { ifResourceExists: "FAIL", users: [{ username: "conf-imported", enabled: true }] },
        }),
      sortedResults,
    );
    await r.step(
      "import again, skip",
      (a) =>
        a.realms.partialImport({
          realm: "demo",
          rep: { ifResourceExists: "SKIP", users: [{ username: "conf-imported", enabled: true }] },
        }),
      sortedResults,
    );
    await r.step(
      "import again, overwrite",
      (a) =>
        a.realms.partialImport({
          realm: "demo",
          rep: {
            ifResourceExists: "OVERWRITE",
            users: [{ username: "conf-imported", enabled: true }],
            groups: [{ name: "conf-imported-group", path: "/conf-imported-group" }],
          },
        }),
      sortedResults,
    );
    await r.step("import bad policy", (a) =>
      a.realms.partialImport({ realm: "demo", rep: { ifResourceExists: "MAYBE", users: [] } as never }),
    );
    const [user] = await r.admin.users.find({ username: "conf-imported", exact: true });
    if (user) await r.admin.users.del({ id: user.id! });
    const [group] = await r.admin.groups.find({ search: "conf-imported-group", exact: true });
    if (group) await r.admin.groups.del({ id: group.id! });
    await r.admin.roles.delByName({ name: "conf-imported-role" }).catch(() => undefined);
    const [client] = await r.admin.clients.find({ clientId: "conf-imported-client" });
    if (client) await r.admin.clients.del({ id: client.id! });
  },

  async localization(r) {
    await r.step("locales", (a) => a.realms.getRealmSpecificLocales({ realm: "demo" }));
    await r.step("add text", (a) =>
      a.realms.addLocalization({ realm: "demo", selectedLocale: "en", key: "conf-key" }, "Conformance text"),
    );
    await r.step("texts", (a) => a.realms.getRealmLocalizationTexts({ realm: "demo", selectedLocale: "en" }));
    await r.step("locales after", (a) => a.realms.getRealmSpecificLocales({ realm: "demo" }));
    await r.fetch("add text as JSON", "/admin/realms/demo/localization/en/conf-json", {
      method: "PUT",
      headers: { authorization: `Bearer ${r.admin.accessToken}`, "content-type": "application/json" },
      body: JSON.stringify("JSON text"),
    });
    await r.step("delete text", (a) =>
      a.realms.deleteRealmLocalizationTexts({ realm: "demo", selectedLocale: "en", key: "conf-key" }),
    );
    await r.step("delete missing text", (a) =>
      a.realms.deleteRealmLocalizationTexts({ realm: "demo", selectedLocale: "en", key: "conf-key" }),
    );
    await r.step("locales at the end", (a) => a.realms.getRealmSpecificLocales({ realm: "demo" }));
    await r.step("delete locale", (a) =>
      a.realms.deleteRealmLocalizationTexts({ realm: "demo", selectedLocale: "en" }),
    );
    await r.step("locales after delete", (a) => a.realms.getRealmSpecificLocales({ realm: "demo" }));
  },

  async "initial access tokens"(r) {
    await r.step("list", (a) => a.realms.getClientsInitialAccess({ realm: "demo" }));
    await r.step(
      "create",
      (a) => a.realms.createClientsInitialAccess({ realm: "demo" }, { count: 2, expiration: 3600 }),
      (body) => {
        const b = body as { token?: string };
        return { ...b, token: b.token?.split(".").length };
      },
    );
    await r.step("list after", (a) => a.realms.getClientsInitialAccess({ realm: "demo" }));
    const [made] = await r.admin.realms.getClientsInitialAccess({ realm: "demo" });
    await r.step("negative count", (a) =>
      a.realms.createClientsInitialAccess({ realm: "demo" }, { count: -1, expiration: 3600 }),
    );
    await r.step("delete", (a) => a.realms.delClientsInitialAccess({ realm: "demo", id: made!.id! }));
    await r.step("delete missing", (a) => a.realms.delClientsInitialAccess({ realm: "demo", id: made!.id! }));
  },
};
