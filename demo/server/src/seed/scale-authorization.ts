import type { Db } from "../store/db.ts";
import type {
  AuthzPolicyRecord,
  AuthzResourceRecord,
  AuthzScopeRecord,
  ClientRecord,
  GroupRecord,
  RealmRecord,
  RoleRecord,
} from "../store/types.ts";
import { newId } from "../common/ids.ts";

export const SCALE_AUTHZ_CLIENT = "authz-scale";
const RESOURCES = 5_000;
const SCOPES = 200;
const POLICIES = 2_000;
const RESOURCE_PERMISSIONS = 10_000;
const SCOPE_PERMISSIONS = 10_000;
const RESOURCE_TYPES = 20;
const BATCH = 5_000;

const pad = (n: number, width: number) => String(n).padStart(width, "0");

/**
 * The authorization services client of the `scale` realm: 5,000 resources (3 scopes each, 20 types), 200 scopes,
 * 2,000 policies (role, group, user, time, regex, aggregated) and 20,000 permissions — two resource permissions per
 * resource, one scope permission per scope for every resource and the rest on one resource and some of its scopes.
 */
export async function seedScaleAuthorization(
  db: Db,
  realm: RealmRecord,
  source: { users: string[]; groups: GroupRecord[]; clientRoles: RoleRecord[] },
): Promise<void> {
  const client: ClientRecord = {
    id: newId(),
    realmId: realm.id,
    clientId: SCALE_AUTHZ_CLIENT,
    rep: {
      name: "Authorization at scale",
      enabled: true,
      protocol: "openid-connect",
      publicClient: false,
      secret: "authz-scale-secret",
      authorizationServicesEnabled: true,
      redirectUris: [],
      webOrigins: [],
      attributes: {},
    },
    protocolMappers: [],
    defaultClientScopeIds: [...realm.defaultClientScopeIds],
    optionalClientScopeIds: [...realm.optionalClientScopeIds],
    scopeRoleIds: [],
    authorization: {
      policyEnforcementMode: "ENFORCING",
      decisionStrategy: "UNANIMOUS",
      allowRemoteResourceManagement: true,
    },
  };
  const base = { realmId: realm.id, resourceServerId: client.id };
  const scopes: AuthzScopeRecord[] = Array.from({ length: SCOPES }, (_, i) => ({
    ...base,
    id: newId(),
    name: `scope-${pad(i, 3)}`,
    displayName: `Scope ${i}`,
  }));
  const scopesOf = (i: number) => [i % SCOPES, (i + 1) % SCOPES, (i + 7) % SCOPES].map((s) => scopes[s]!.id);
  const resources: AuthzResourceRecord[] = Array.from({ length: RESOURCES }, (_, i) => ({
    ...base,
    id: newId(),
    name: `resource-${pad(i, 4)}`,
    displayName: `Resource ${i}`,
    type: `urn:${SCALE_AUTHZ_CLIENT}:type-${pad(i % RESOURCE_TYPES, 2)}`,
    uris: [`/api/resources/${i}`],
    ownerId: client.id,
    ownerManagedAccess: false,
    scopeIds: scopesOf(i),
    attributes: { tier: [String(i % 3)] },
  }));
  const record = (
    name: string,
    type: string,
    fields: Partial<AuthzPolicyRecord> & { config?: Record<string, string> },
  ): AuthzPolicyRecord => ({
    ...base,
    id: newId(),
    name,
    type,
    logic: "POSITIVE",
    decisionStrategy: "UNANIMOUS",
    config: {},
    resourceIds: [],
    scopeIds: [],
    policyIds: [],
    ...fields,
  });
  const policies: AuthzPolicyRecord[] = [];
  for (let i = 0; policies.length < POLICIES; i++) {
    const name = `policy-${pad(i, 4)}`;
    switch (i % 6) {
      case 0: {
        // Every user holds the default role; nobody holds the applications' roles.
        const roles = [{ id: source.clientRoles[i % source.clientRoles.length]!.id, required: false }];
        if (i % 12 === 0) roles.push({ id: realm.defaultRoleId, required: false });
        policies.push(record(name, "role", { config: { roles: JSON.stringify(roles) } }));
        break;
      }
      case 1:
        policies.push(
          record(name, "group", {
            config: {
              groups: JSON.stringify([{ id: source.groups[i % source.groups.length]!.id, extendChildren: true }]),
              groupsClaim: "",
            },
          }),
        );
        break;
      case 2:
        policies.push(
          record(name, "user", {
            config: { users: JSON.stringify([source.users[i], source.users[(i * 31) % source.users.length]]) },
            logic: i % 4 === 0 ? "NEGATIVE" : "POSITIVE",
          }),
        );
        break;
      case 3:
        policies.push(record(name, "time", { config: { hour: "0", hourEnd: "23", year: "2020", yearEnd: "2100" } }));
        break;
      case 4:
        policies.push(
          record(name, "regex", { config: { targetClaim: "email", pattern: "user-\\d*[0-4]@scale\\.example\\.com" } }),
        );
        break;
      default: {
        const earlier = policies.filter((p) => p.type !== "aggregate").slice(-3);
        policies.push(
          record(name, "aggregate", { decisionStrategy: "AFFIRMATIVE", policyIds: earlier.map((p) => p.id) }),
        );
      }
    }
  }
  const pick = (n: number, count: number) =>
    Array.from({ length: count }, (_, k) => policies[(n * 13 + k * 7) % policies.length]!.id);
  const permissions: AuthzPolicyRecord[] = [];
  for (let i = 0; i < RESOURCE_PERMISSIONS; i++) {
    const resource = resources[i % RESOURCES]!;
    permissions.push(
      record(`resource-permission-${pad(i, 5)}`, "resource", {
        decisionStrategy: i % 2 ? "AFFIRMATIVE" : "UNANIMOUS",
        resourceIds: [resource.id],
        policyIds: pick(i, 1 + (i % 3)),
      }),
    );
  }
  for (let i = 0; i < SCOPE_PERMISSIONS; i++) {
    const name = `scope-permission-${pad(i, 5)}`;
    if (i < SCOPES) {
      permissions.push(
        record(name, "scope", { decisionStrategy: "AFFIRMATIVE", scopeIds: [scopes[i]!.id], policyIds: pick(i, 2) }),
      );
      continue;
    }
    const resource = resources[i % RESOURCES]!;
    permissions.push(
      record(name, "scope", {
        decisionStrategy: "UNANIMOUS",
        resourceIds: [resource.id],
        scopeIds: resource.scopeIds.slice(0, 1 + (i % 2)),
        policyIds: pick(i + 1, 1 + (i % 2)),
      }),
    );
  }
  await db.write((tx) => {
    tx.put("clients", client);
    scopes.forEach((scope) => tx.put("authzScopes", scope));
    policies.forEach((policy) => tx.put("authzPolicies", policy));
  });
  for (let start = 0; start < RESOURCES; start += BATCH)
    await db.write((tx) => resources.slice(start, start + BATCH).forEach((r) => tx.put("authzResources", r)));
  for (let start = 0; start < permissions.length; start += BATCH)
    await db.write((tx) => permissions.slice(start, start + BATCH).forEach((p) => tx.put("authzPolicies", p)));
}
