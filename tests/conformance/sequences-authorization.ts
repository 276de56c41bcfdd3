import type { Sequence } from "./sequences.ts";
import { keysOf } from "./exchange.ts";

/** Sequences of a client's authorization services (orders-service) and of admin permissions v2. */

const names = (body: unknown) =>
  Array.isArray(body) ? (body as { name?: string; clientId?: string }[]).map((x) => x.name ?? x.clientId).sort() : body;

export const AUTHORIZATION_SEQUENCES: Record<string, Sequence> = {
  async "authorization resource server"(r) {
    const [client] = await r.admin.clients.find({ clientId: "orders-service" });
    const id = client!.id!;
    await r.step("settings", (a) => a.clients.getResourceServer({ id }), keysOf);
    await r.step("resources", (a) => a.clients.listResources({ id }), names);
    await r.step("scopes", (a) => a.clients.listAllScopes({ id }), names);
    await r.step("create scope", (a) => a.clients.createAuthorizationScope({ id }, { name: "conf-read" }));
    await r.step("create scope taken", (a) => a.clients.createAuthorizationScope({ id }, { name: "conf-read" }));
    await r.step("create resource", (a) =>
      a.clients.createResource(
        { id },
        { name: "conf-resource", type: "conf:type", uris: ["/conf/*"], scopes: [{ name: "conf-read" }] },
      ),
    );
    await r.step("create resource taken", (a) => a.clients.createResource({ id }, { name: "conf-resource" }));
    await r.step("create role policy", (a) =>
      a.clients.createPolicy({ id, type: "role" }, {
        name: "conf-policy",
        logic: "POSITIVE" as never,
        roles: [{ id: "manager" }],
      } as never),
    );
    await r.step("create policy taken", (a) =>
      a.clients.createPolicy({ id, type: "role" }, { name: "conf-policy", roles: [{ id: "manager" }] } as never),
    );
    await r.step("policies", (a) => a.clients.listPolicies({ id, first: 0, max: 20 }), names);
    await r.step("create permission", (a) =>
      a.clients.createPermission(
        { id, type: "resource" },
        { name: "conf-permission", resources: ["conf-resource"], policies: ["conf-policy"] },
      ),
    );
    await r.step("permissions", (a) => a.clients.findPermissions({ id, first: 0, max: 20 }), names);
    await r.step(
      "policy providers",
      (a) => a.clients.listPolicyProviders({ id }),
      (body) => (body as { type: string }[]).map((p) => p.type).sort(),
    );
    const [permission] = await r.admin.clients.findPermissions({ id, name: "conf-permission" });
    const policies = await r.admin.clients.listPolicies({ id, name: "conf-policy" });
    const policy = Array.isArray(policies) ? policies[0] : undefined;
    const [resource] = await r.admin.clients.listResources({ id, name: "conf-resource" });
    const [scope] = (await r.admin.clients.listAllScopes({ id })).filter((s) => s.name === "conf-read");
    if (permission && typeof permission !== "string") await r.admin.clients.delPolicy({ id, policyId: permission.id! });
    await r.step("delete policy", (a) => a.clients.delPolicy({ id, policyId: policy!.id! }));
    await r.step("delete missing policy", (a) => a.clients.delPolicy({ id, policyId: policy!.id! }));
    await r.step("delete resource", (a) => a.clients.delResource({ id, resourceId: resource!._id! }));
    await r.step("delete scope", (a) => a.clients.delAuthorizationScope({ id, scopeId: scope!.id! }));
  },

  async "admin permissions"(r) {
    await r.step("enable", (a) => a.realms.update({ realm: "demo" }, { adminPermissionsEnabled: true }));
    await r.step("client after", (a) => a.clients.find({ clientId: "admin-permissions" }), names);
    const [client] = await r.admin.clients.find({ clientId: "admin-permissions" });
    await r.step("resource server", (a) => a.clients.getResourceServer({ id: client!.id! }), keysOf);
    await r.step("scopes", (a) => a.clients.listAllScopes({ id: client!.id! }), names);
    await r.step("disable", (a) => a.realms.update({ realm: "demo" }, { adminPermissionsEnabled: false }));
  },
};

interface EvaluationResult {
  resource?: { name?: string };
  status?: string;
  allowedScopes?: { name?: string }[];
  policies?: {
    policy?: { name?: string };
    status?: string;
    associatedPolicies?: { policy?: { name?: string }; status?: string }[];
  }[];
}

/** An evaluation's decision per resource: which scopes, which permissions and policies decided (ids and tokens left out). */
const decisions = (body: unknown) => {
  const b = body as { status?: string; entitlements?: boolean; results?: EvaluationResult[] };
  if (!b || !Array.isArray(b.results)) return body;
  const byName = (a: { name?: string }, c: { name?: string }) => String(a.name).localeCompare(String(c.name));
  return {
    fields: keysOf(body),
    status: b.status,
    entitlements: b.entitlements,
    results: b.results
      .map((result) => ({
        name: result.resource?.name,
        status: result.status,
        allowedScopes: (result.allowedScopes ?? []).map((scope) => scope.name).sort(),
        policies: (result.policies ?? [])
          .map((p) => ({
            name: p.policy?.name,
            status: p.status,
            associated: (p.associatedPolicies ?? []).map((a) => `${a.policy?.name}:${a.status}`).sort(),
          }))
          .sort(byName),
      }))
      .sort(byName),
  };
};

AUTHORIZATION_SEQUENCES["authorization evaluate"] = async (r) => {
  const { id } = await r.admin.clients.create({
    clientId: "conf-resource-server",
    publicClient: false,
    serviceAccountsEnabled: true,
    authorizationServicesEnabled: true,
    secret: "conf-secret",
  });
  const [helpdesk] = await r.admin.users.find({ username: "helpdesk", exact: true });
  const { id: otherId } = await r.admin.users.create({ username: "conf-other", enabled: true });
  try {
    await r.step("defaults", (a) => a.clients.listResources({ id }), names);
    await r.step("default policies", (a) => a.clients.listPolicies({ id }), names);
    await r.admin.clients.createAuthorizationScope({ id }, { name: "read" });
    await r.admin.clients.createAuthorizationScope({ id }, { name: "write" });
    await r.admin.clients.createResource({ id }, { name: "report", scopes: [{ name: "read" }, { name: "write" }] });
    const policy = await r.admin.clients.createPolicy({ id, type: "user" }, {
      name: "helpdesk only",
      users: [helpdesk!.id!],
    } as never);
    await r.admin.clients.createPermission(
      { id, type: "scope" },
      { name: "read reports", resources: ["report"], scopes: ["read"], policies: [(policy as { id: string }).id] },
    );
    const ask = (userId: string, resources: { name: string; scopes?: { name: string }[] }[] = []) =>
      ({ userId, roleIds: [], resources, entitlements: false, context: { attributes: {} } }) as never;
    await r.step("evaluate all resources", (a) => a.clients.evaluateResource({ id }, ask(helpdesk!.id!)), decisions);
    await r.step(
      "evaluate one resource",
      (a) => a.clients.evaluateResource({ id }, ask(helpdesk!.id!, [{ name: "report", scopes: [{ name: "read" }] }])),
      decisions,
    );
    await r.step(
      "evaluate a scope no permission covers",
      (a) => a.clients.evaluateResource({ id }, ask(helpdesk!.id!, [{ name: "report", scopes: [{ name: "write" }] }])),
      decisions,
    );
    await r.step("evaluate another user", (a) => a.clients.evaluateResource({ id }, ask(otherId)), decisions);
    await r.step("evaluate without user", (a) =>
      a.clients.evaluateResource({ id }, { roleIds: [], entitlements: false, context: { attributes: {} } } as never),
    );
    await r.step("evaluate a missing user", (a) =>
      a.clients.evaluateResource({ id }, ask("00000000-0000-0000-0000-000000000000")),
    );
    const [plain] = await r.admin.clients.find({ clientId: "admin-cli" });
    await r.step("evaluate without authorization", (a) =>
      a.clients.evaluateResource({ id: plain!.id! }, ask(helpdesk!.id!)),
    );
  } finally {
    await r.admin.clients.del({ id });
    await r.admin.users.del({ id: otherId });
  }
};

AUTHORIZATION_SEQUENCES["admin permissions evaluate"] = async (r) => {
  const realm = "conf-admin-permissions";
  await r.admin.realms.create({ realm, enabled: true, adminPermissionsEnabled: true });
  r.admin.setConfig({ realmName: realm });
  try {
    const { id: supportId } = await r.admin.users.create({ username: "support", enabled: true });
    const { id: targetId } = await r.admin.users.create({ username: "target", enabled: true });
    const [client] = await r.admin.clients.find({ clientId: "admin-permissions" });
    const id = client!.id!;
    const policy = (await r.admin.clients.createPolicy({ id, type: "user" }, {
      name: "support user",
      users: [supportId],
    } as never)) as { id: string };
    const permission = (scopes: string[], extra: object = {}) =>
      ({
        name: "support views users",
        type: "scope",
        resourceType: "Users",
        resources: [],
        scopes,
        policies: [policy.id],
        decisionStrategy: "UNANIMOUS",
        ...extra,
      }) as never;
    await r.step("create scope permission", (a) =>
      a.clients.createPermission({ id, type: "scope" }, permission(["view"])),
    );
    await r.step("create taken", (a) => a.clients.createPermission({ id, type: "scope" }, permission(["view"])));
    await r.step("create affirmative", (a) =>
      a.clients.createPermission(
        { id, type: "scope" },
        permission(["view"], { name: "affirmative", decisionStrategy: "AFFIRMATIVE" }),
      ),
    );
    await r.step("create unknown scope", (a) =>
      a.clients.createPermission({ id, type: "scope" }, permission(["conf-no-such"], { name: "unknown scope" })),
    );
    await r.step("permissions", (a) => a.clients.findPermissions({ id, first: 0, max: 20 }), names);
    const ask = (userId: string, resourceName: string, scopes: string[] = []) =>
      ({
        userId,
        roleIds: [],
        resourceType: "Users",
        resources: [{ name: resourceName, scopes: scopes.map((name) => ({ name })) }],
        entitlements: false,
        context: { attributes: {} },
      }) as never;
    await r.step("evaluate all users", (a) => a.clients.evaluateResource({ id }, ask(supportId, "Users")), decisions);
    await r.step(
      "evaluate one user's view",
      (a) => a.clients.evaluateResource({ id }, ask(supportId, targetId, ["view"])),
      decisions,
    );
    await r.step(
      "evaluate one user's manage",
      (a) => a.clients.evaluateResource({ id }, ask(supportId, targetId, ["manage"])),
      decisions,
    );
    await r.step("evaluate the target", (a) => a.clients.evaluateResource({ id }, ask(targetId, "Users")), decisions);
  } finally {
    r.admin.setConfig({ realmName: "demo" });
    await r.admin.realms.del({ realm });
  }
};
