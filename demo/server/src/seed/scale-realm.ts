import type { ServerContext } from "../context.ts";
import type {
  ClientRecord,
  GroupRecord,
  IdentityProviderRecord,
  RoleRecord,
  UserRecord,
  UserSessionRecord,
} from "../store/types.ts";
import { newId, now } from "../common/ids.ts";
import { importRealm } from "../realm/import.ts";
import { clientByClientId } from "../realm/lookup.ts";
import { seedScaleEvents } from "./scale-events.ts";
import { seedScaleAuthorization } from "./scale-authorization.ts";

const USERS = 100_000;
const TOP_GROUPS = 1_000;
const CLIENTS = 2_000;
const IDENTITY_PROVIDERS = 10_000;
const SESSIONS = 50_000;
const BATCH = 10_000;

const FIRST = [
  "Ada",
  "Ben",
  "Cleo",
  "Dan",
  "Eva",
  "Finn",
  "Gia",
  "Hugo",
  "Ines",
  "Jon",
  "Kai",
  "Lena",
  "Milo",
  "Nora",
  "Omar",
  "Pia",
];
const LAST = [
  "Smith",
  "Jones",
  "Khan",
  "Lopez",
  "Meyer",
  "Novak",
  "Okafor",
  "Park",
  "Rossi",
  "Sato",
  "Tanaka",
  "Weber",
];

/**
 * Realm `scale` for performance work: 100,000 users, 5,000 groups (every
 * 25th top-level group has a chain 4 levels below it), 2,000 clients with a role each, 10,000 identity providers and
 * 50,000 user sessions, 500,000 user events and 100,000 admin events over 30 days, and a client with authorization services at scale (scale-authorization.ts). Users get no password: hashing would take minutes.
 */
export async function seedScaleRealm(server: ServerContext): Promise<void> {
  const realm = await importRealm(server, {
    realm: "scale",
    displayName: "Scale test",
    // The seeded sessions stay active for the benches run days later.
    ssoSessionIdleTimeout: 365 * 24 * 3600,
    ssoSessionMaxLifespan: 365 * 24 * 3600,
  });
  const { db } = server;
  const defaultRoleId = realm.defaultRoleId;
  const created = now();

  const groups: GroupRecord[] = [];
  const group = (name: string, parentId: string | null): GroupRecord => {
    const g: GroupRecord = {
      id: newId(),
      realmId: realm.id,
      name,
      parentId,
      attributes: {},
      roleIds: [],
      createdTimestamp: created,
    };
    groups.push(g);
    return g;
  };
  for (let t = 0; groups.length < 5_000; t++) {
    const top = group(`group-${String(t).padStart(4, "0")}`, null);
    if (t >= TOP_GROUPS) continue;
    for (let c = 0; c < 3; c++) group(`${top.name}-team-${c}`, top.id);
    if (t % 25 === 0) {
      let parent = top;
      for (let depth = 2; depth <= 5; depth++) parent = group(`${top.name}-level-${depth}`, parent.id);
    }
  }
  await db.write((tx) => groups.forEach((g) => tx.put("groups", g)));

  const clients: ClientRecord[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    clients.push({
      id: newId(),
      realmId: realm.id,
      clientId: `app-${String(i).padStart(4, "0")}`,
      rep: {
        name: `Application ${i}`,
        enabled: true,
        protocol: "openid-connect",
        publicClient: i % 2 === 0,
        redirectUris: [`https://app-${i}.example.com/*`],
        webOrigins: ["+"],
        attributes: {},
      },
      protocolMappers: [],
      defaultClientScopeIds: [...realm.defaultClientScopeIds],
      optionalClientScopeIds: [...realm.optionalClientScopeIds],
      scopeRoleIds: [],
    });
  }
  await db.write((tx) => clients.forEach((c) => tx.put("clients", c)));
  // Upstream's own goal (#45293): a realm with 10,000 identity providers, listed and searched page by page.
  const providers: IdentityProviderRecord[] = Array.from({ length: IDENTITY_PROVIDERS }, (_, i) => ({
    id: newId(),
    realmId: realm.id,
    alias: `idp-${String(i).padStart(5, "0")}`,
    rep: {
      providerId: "oidc",
      displayName: `Partner ${i}`,
      enabled: i % 10 !== 0,
      hideOnLogin: true,
      config: {
        clientId: `broker-${i}`,
        authorizationUrl: `https://idp-${i}.example.com/auth`,
        tokenUrl: `https://idp-${i}.example.com/token`,
      },
    },
  }));
  await db.write((tx) => providers.forEach((p) => tx.put("identityProviders", p)));
  // One role per client, so assigning client roles pages through 2,000 clients' roles.
  const clientRoles: RoleRecord[] = clients.map((client, i) => ({
    id: newId(),
    realmId: realm.id,
    name: "access",
    description: `Uses application ${i}`,
    clientId: client.id,
    compositeIds: [],
    attributes: {},
  }));
  await db.write((tx) => clientRoles.forEach((r) => tx.put("roles", r)));

  const userIds: string[] = [];
  for (let start = 0; start < USERS; start += BATCH) {
    const batch: UserRecord[] = [];
    for (let i = start; i < Math.min(start + BATCH, USERS); i++) {
      const firstName = FIRST[i % FIRST.length];
      const lastName = LAST[Math.floor(i / FIRST.length) % LAST.length];
      const username = `user-${String(i).padStart(6, "0")}`;
      batch.push({
        id: newId(),
        realmId: realm.id,
        username,
        email: `${username}@scale.example.com`,
        firstName,
        lastName,
        enabled: i % 50 !== 0,
        emailVerified: i % 2 === 0,
        attributes: {},
        requiredActions: [],
        createdTimestamp: created,
        notBefore: 0,
        credentials: [],
        groupIds: [groups[i % groups.length].id],
        roleIds: [defaultRoleId],
        federatedIdentities: [],
        consents: [],
      });
      userIds.push(batch.at(-1)!.id);
    }
    await db.write((tx) => batch.forEach((u) => tx.put("users", u)));
  }

  const account = clientByClientId(db, realm.id, "account-console")!;
  for (let start = 0; start < SESSIONS; start += BATCH) {
    const batch: UserSessionRecord[] = [];
    for (let i = start; i < Math.min(start + BATCH, SESSIONS); i++) {
      const started = created - (i % 3600) * 1000;
      batch.push({
        id: newId(),
        realmId: realm.id,
        userId: userIds[(i * 7) % userIds.length],
        ipAddress: `10.0.${(i >> 8) & 255}.${i & 255}`,
        start: started,
        lastAccess: started,
        rememberMe: false,
        offline: false,
        clients: { [account.id]: { clientId: account.id, started, lastAccess: started } },
        notes: { AUTH_TIME: String(Math.floor(started / 1000)) },
      });
    }
    await db.write((tx) => batch.forEach((s) => tx.put("userSessions", s)));
  }
  await seedScaleEvents(db, realm, userIds, CLIENTS);
  await seedScaleAuthorization(db, realm, { users: userIds, groups, clientRoles });
}
