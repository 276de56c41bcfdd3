import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type KcAdminClient from "@keycloak/keycloak-admin-client";
import type { TestServer } from "../support/server.ts";
import { createRealm, startAdminServer } from "../support/admin-api.ts";
import { keycloakAdminClient, refusal } from "../support/admin-client.ts";

const REALM = "composites-import";

/**
 * A partial import whose realm role is a composite of a role that is neither in the realm nor in the file: Keycloak
 * 26.7.3 refuses it whole (500 with these texts); the embedded server refuses with 400 before changing anything.
 */
describe("partial import of role composites the realm and the file lack", () => {
  let server: TestServer;
  let kc: KcAdminClient;

  before(async () => {
    let api;
    ({ server, api } = await startAdminServer());
    await createRealm(api, REALM);
    kc = await keycloakAdminClient(server.baseUrl, { realm: REALM });
  });
  after(async () => server?.dispose());

  const boss = (composites: Record<string, unknown>) => ({ name: "boss", composite: true, composites });

  it("refuses a client role missing from the file, and imports nothing of it", async () => {
    const refused = await refusal(
      kc.realms.partialImport({
        realm: REALM,
        rep: {
          ifResourceExists: "SKIP",
          clients: [{ clientId: "app1" }],
          roles: { realm: [boss({ client: { app1: ["viewer"] } })] },
        },
      }),
    );
    assert.deepEqual(refused, { status: 400, body: { errorMessage: "Unable to find composite client role: viewer" } });
    assert.deepEqual(await kc.clients.find({ realm: REALM, clientId: "app1" }), []);
    assert.equal(await kc.roles.findOneByName({ realm: REALM, name: "boss" }), null);
  });

  it("refuses a client that does not exist and a realm role that does not exist, in Keycloak's words", async () => {
    assert.deepEqual(
      await refusal(
        kc.realms.partialImport({
          realm: REALM,
          rep: { ifResourceExists: "SKIP", roles: { realm: [boss({ client: { nosuch: ["viewer"] } })] } },
        }),
      ),
      { status: 400, body: { errorMessage: "App doesn't exist in role definitions: boss" } },
    );
    assert.deepEqual(
      await refusal(
        kc.realms.partialImport({
          realm: REALM,
          rep: { ifResourceExists: "SKIP", roles: { realm: [boss({ realm: ["nosuch"] })] } },
        }),
      ),
      { status: 400, body: { errorMessage: "Unable to find composite realm role: nosuch" } },
    );
  });

  it("imports the composite when the file brings the client role, or the realm has it", async () => {
    const result = await kc.realms.partialImport({
      realm: REALM,
      rep: {
        ifResourceExists: "SKIP",
        clients: [{ clientId: "app2" }],
        roles: {
          realm: [boss({ client: { app2: ["viewer"] } })],
          client: { app2: [{ name: "viewer" }] },
        },
      },
    });
    assert.equal(result.added, 3);
    const [app2] = await kc.clients.find({ realm: REALM, clientId: "app2" });
    const composites = await kc.roles.getCompositeRolesForClient({
      realm: REALM,
      id: (await kc.roles.findOneByName({ realm: REALM, name: "boss" }))!.id!,
      clientId: app2!.id!,
    });
    assert.deepEqual(
      composites.map((role) => role.name),
      ["viewer"],
    );
    // A later file may name the client role the realm now has.
    const again = await kc.realms.partialImport({
      realm: REALM,
      rep: {
        ifResourceExists: "SKIP",
        roles: { realm: [{ ...boss({ client: { app2: ["viewer"] } }), name: "boss2" }] },
      },
    });
    assert.equal(again.added, 1);
  });

  // Keycloak 26.7.3 (checked on a running one): each client the import creates gets its service-account user with the
  // realm's default role; a file that brings that user (as a partial export does) gives it to the client instead.
  it("gives a new client its service-account user, or the file's one", async () => {
    const worker = { clientId: "worker", publicClient: false, serviceAccountsEnabled: true };
    const result = await kc.realms.partialImport({
      realm: REALM,
      rep: { ifResourceExists: "SKIP", clients: [worker] },
    });
    assert.deepEqual(
      result.results?.map((r) => [r.action, r.resourceType, r.resourceName]),
      [["ADDED", "CLIENT", "worker"]],
    );
    const accountOf = async (clientId: string) => {
      const [created] = await kc.clients.find({ realm: REALM, clientId });
      return kc.clients.getServiceAccountUser({ realm: REALM, id: created!.id! });
    };
    const account = await accountOf("worker");
    assert.equal(account.username, "service-account-worker");
    const roles = await kc.users.listRealmRoleMappings({ realm: REALM, id: account.id! });
    assert.deepEqual(
      roles.map((role) => role.name),
      [`default-roles-${REALM}`],
    );

    const withUser = await kc.realms.partialImport({
      realm: REALM,
      rep: {
        ifResourceExists: "SKIP",
        clients: [{ ...worker, clientId: "worker2" }],
        users: [{ username: "service-account-worker2", enabled: true, serviceAccountClientId: "worker2" }],
      },
    });
    assert.equal(withUser.added, 2);
    const fileAccount = await accountOf("worker2");
    assert.equal(fileAccount.username, "service-account-worker2");
    assert.equal(fileAccount.id, withUser.results?.find((r) => r.resourceType === "USER")?.id);
  });
});
