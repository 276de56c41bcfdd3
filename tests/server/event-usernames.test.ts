import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import KcAdminClient from "@keycloak/keycloak-admin-client";
import { startTestServer, type TestServer } from "../support/server.ts";
import { fetchUsernames, usernameCache } from "../../src/features/events/queries.ts";

const REALM = "event-usernames";
const USERS = 1_150;

describe("events' username resolution (through @keycloak/keycloak-admin-client)", () => {
  let server: TestServer;
  let kc: KcAdminClient;
  const ids: string[] = [];
  let serviceAccountId: string;
  const requests: string[] = [];
  const realFetch = globalThis.fetch;

  before(async () => {
    server = await startTestServer({ args: ["--seed-demo", "false"] });
    kc = new KcAdminClient({ baseUrl: server.baseUrl, realmName: "master" });
    await kc.auth({ grantType: "password", clientId: "admin-cli", username: "admin", password: "admin" });
    await kc.realms.create({ realm: REALM, enabled: true });
    kc.setConfig({ realmName: REALM });
    for (let i = 0; i < USERS; i += 50)
      ids.push(
        ...(await Promise.all(
          Array.from(
            { length: Math.min(50, USERS - i) },
            async (_, j) => (await kc.users.create({ username: `user-${String(i + j).padStart(5, "0")}` })).id,
          ),
        )),
      );
    const { id: clientUuid } = await kc.clients.create({ clientId: "robot", serviceAccountsEnabled: true });
    serviceAccountId = (await kc.clients.getServiceAccountUser({ id: clientUuid })).id!;
    globalThis.fetch = (input, init) => {
      requests.push(String(input instanceof Request ? input.url : input));
      return realFetch(input, init);
    };
  });
  after(async () => {
    globalThis.fetch = realFetch;
    await server?.stop();
  });

  it("reads the user list in pages for an export's page of many unknown ids, singly for a table page", async () => {
    const cache = usernameCache();
    const gone = "00000000-0000-0000-0000-000000000000";
    const page = [...ids.slice(0, 400), ...ids.slice(1_000), serviceAccountId, gone];
    requests.length = 0;
    await fetchUsernames(kc, REALM, page, cache);
    for (const [i, id] of ids.slice(0, 400).entries())
      assert.equal(cache.names.get(id), `user-${String(i).padStart(5, "0")}`);
    assert.equal(cache.names.get(ids[1_100]!), "user-01100");
    assert.equal(cache.names.get(serviceAccountId), "service-account-robot");
    assert.equal(cache.names.get(gone), null);
    const single = requests.filter((url) => /\/users\/[^/?]+$/.test(url) && !url.endsWith("/count"));
    const listed = requests.filter((url) => /\/users\/?\?/.test(url));
    assert.equal(listed.length, 2, "1,150 users in two pages of 1,000");
    assert.equal(single.length, 2, "only the service account and the gone user are read singly");

    // Later pages hit the cache; a table page of unknown ids in a fresh cache is read singly.
    requests.length = 0;
    await fetchUsernames(kc, REALM, ids.slice(500, 900), cache);
    assert.equal(requests.length, 0);
    const table = usernameCache();
    await fetchUsernames(kc, REALM, ids.slice(0, 11), table);
    assert.deepEqual(
      ids.slice(0, 3).map((id) => table.names.get(id)),
      ["user-00000", "user-00001", "user-00002"],
    );
    assert.equal(requests.length, 11);
  });
});
