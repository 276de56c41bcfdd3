import { describe, expect, it } from "vitest";
import {
  decide,
  rptPermissions,
  type AuthorizationModel,
  type Identity,
} from "../../demo/server/src/authorization/decision-engine.ts";
import type { AuthzPolicyRecord, AuthzResourceRecord, AuthzScopeRecord } from "../../demo/server/src/store/types.ts";

const base = { realmId: "r", resourceServerId: "rs" };
const scope = (id: string): AuthzScopeRecord => ({ ...base, id, name: id });
const resource = (id: string, scopeIds: string[], type?: string): AuthzResourceRecord => ({
  ...base,
  id,
  name: id,
  type,
  uris: [],
  ownerId: "rs",
  ownerManagedAccess: false,
  scopeIds,
  attributes: {},
});
const policy = (id: string, type: string, extra: Partial<AuthzPolicyRecord> = {}): AuthzPolicyRecord => ({
  ...base,
  id,
  name: id,
  type,
  logic: "POSITIVE",
  decisionStrategy: "UNANIMOUS",
  config: {},
  resourceIds: [],
  scopeIds: [],
  policyIds: [],
  ...extra,
});
const role = (id: string, roleId: string, extra: Partial<AuthzPolicyRecord> = {}) =>
  policy(id, "role", { config: { roles: JSON.stringify([{ id: roleId, required: false }]) }, ...extra });

const identity = (roles: string[], now = new Date(2030, 5, 15, 12, 0, 0)): Identity => ({
  userId: "u",
  roleIds: new Set(roles),
  groupIds: new Set(),
  ancestorGroupIds: new Set(),
  clientScopeIds: new Set(),
  claims: { email: "ann@example.com" },
  contextAttributes: {},
  now,
});

function model(
  policies: AuthzPolicyRecord[],
  settings: Partial<AuthorizationModel["settings"]> = {},
): AuthorizationModel {
  return {
    settings: {
      policyEnforcementMode: "ENFORCING",
      decisionStrategy: "UNANIMOUS",
      allowRemoteResourceManagement: true,
      ...settings,
    },
    resources: [resource("doc", ["read", "write"]), resource("typed", [], "urn:t")],
    scopes: [scope("read"), scope("write")],
    policies,
  };
}

describe("authorization decision engine", () => {
  it("applies a permission's strategy: unanimous, affirmative and consensus", () => {
    const policies = [role("a", "ra"), role("b", "rb"), role("c", "rc")];
    const permission = (strategy: AuthzPolicyRecord["decisionStrategy"]) =>
      policy("p", "scope", { scopeIds: ["read"], policyIds: ["a", "b", "c"], decisionStrategy: strategy });
    const granted = (strategy: AuthzPolicyRecord["decisionStrategy"], roles: string[]) =>
      decide(model([...policies, permission(strategy)]), identity(roles), [{ resourceId: "doc", scopeNames: ["read"] }])
        .granted;
    expect(granted("UNANIMOUS", ["ra", "rb"])).toBe(false);
    expect(granted("UNANIMOUS", ["ra", "rb", "rc"])).toBe(true);
    expect(granted("AFFIRMATIVE", ["rc"])).toBe(true);
    expect(granted("CONSENSUS", ["ra"])).toBe(false);
    expect(granted("CONSENSUS", ["ra", "rb"])).toBe(true);
  });

  it("inverts negative policies and combines aggregated ones, with reasons", () => {
    const policies = [
      role("clerk", "clerk"),
      role("not-banned", "banned", { logic: "NEGATIVE" }),
      policy("both", "aggregate", { policyIds: ["clerk", "not-banned"], decisionStrategy: "UNANIMOUS" }),
      policy("p", "resource", { resourceIds: ["doc"], policyIds: ["both"] }),
    ];
    const run = (roles: string[]) => decide(model(policies), identity(roles), [{ resourceId: "doc", scopeNames: [] }]);
    expect(run(["clerk"]).granted).toBe(true);
    const banned = run(["clerk", "banned"]);
    expect(banned.granted).toBe(false);
    const tree = banned.results[0]!.permissions[0]!.children[0]!.children;
    expect(tree.find((o) => o.policy.id === "not-banned")!.reason).toMatch(/negative logic turns it into deny/);
  });

  it("denies what no permission covers when enforcing, grants it when permissive, grants all when disabled", () => {
    const request = [{ resourceId: "doc", scopeNames: ["write"] }];
    expect(decide(model([]), identity([]), request).granted).toBe(false);
    expect(decide(model([], { policyEnforcementMode: "PERMISSIVE" }), identity([]), request).granted).toBe(true);
    const denyAll = [role("x", "nobody"), policy("p", "resource", { resourceIds: ["doc"], policyIds: ["x"] })];
    expect(decide(model(denyAll, { policyEnforcementMode: "DISABLED" }), identity([]), request).granted).toBe(true);
  });

  it("combines permissions on one scope by the resource server's strategy", () => {
    const policies = [
      role("yes", "r"),
      role("no", "other"),
      policy("p1", "scope", { scopeIds: ["read"], policyIds: ["yes"] }),
      policy("p2", "scope", { scopeIds: ["read"], policyIds: ["no"] }),
    ];
    const request = [{ resourceId: "doc", scopeNames: ["read"] }];
    expect(decide(model(policies), identity(["r"]), request).granted).toBe(false);
    expect(decide(model(policies, { decisionStrategy: "AFFIRMATIVE" }), identity(["r"]), request).granted).toBe(true);
  });

  it("applies resource-type permissions to every resource of the type and lists RPT permissions", () => {
    const policies = [
      role("yes", "r"),
      policy("typed", "resource", { config: { defaultResourceType: "urn:t" }, policyIds: ["yes"] }),
    ];
    const decision = decide(model(policies), identity(["r"]), []);
    expect(rptPermissions(decision)).toEqual([{ rsid: "typed", rsname: "typed" }]);
  });

  it("explains a closed time window and a regex that does not match", () => {
    const policies = [
      policy("years", "time", { config: { year: "2000", yearEnd: "2001" } }),
      policy("mail", "regex", { config: { targetClaim: "email", pattern: ".*@corp\\.com" } }),
      policy("p", "resource", { resourceIds: ["doc"], policyIds: ["years", "mail"], decisionStrategy: "AFFIRMATIVE" }),
    ];
    const [result] = decide(model(policies), identity([]), [{ resourceId: "doc", scopeNames: [] }]).results;
    const reasons = result!.permissions[0]!.children.map((o) => o.reason);
    expect(reasons).toContain("time window closed: year is 2030, outside 2000–2001");
    expect(reasons).toContain('email "ann@example.com" does not match .*@corp\\.com');
  });

  it("applies a scope permission naming a resource to that resource only, and one naming none to every resource with the scope", () => {
    const shared = { ...resource("shared", ["read"]) };
    const withShared = (policies: AuthzPolicyRecord[]): AuthorizationModel => ({
      ...model(policies),
      resources: [resource("doc", ["read", "write"]), shared],
    });
    const named = [
      role("yes", "r"),
      policy("p", "scope", { resourceIds: ["doc"], scopeIds: ["read"], policyIds: ["yes"] }),
    ];
    const onDoc = decide(withShared(named), identity(["r"]), []).results;
    expect(
      onDoc.map((r) => [r.resource.id, r.grantedScopes.map((s) => s.id), r.deniedScopes.map((s) => s.id)]),
    ).toEqual([
      ["doc", ["read"], ["write"]],
      ["shared", [], ["read"]],
    ]);
    const anyResource = [role("yes", "r"), policy("p", "scope", { scopeIds: ["read"], policyIds: ["yes"] })];
    const everywhere = decide(withShared(anyResource), identity(["r"]), []).results;
    expect(everywhere.map((r) => r.grantedScopes.map((s) => s.id))).toEqual([["read"], ["read"]]);
  });
});
