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
