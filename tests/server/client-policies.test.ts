import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { adminFetch, adminToken, startTestServer, type TestServer } from "../support/server.ts";

const REALM = "policies";
const R = `/admin/realms/${REALM}/client-policies`;
let server: TestServer;
let api: ReturnType<typeof adminFetch>;

before(async () => {
  server = await startTestServer({ args: ["--seed-demo", "false"] });
  api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
  assert.equal((await api("/admin/realms", { method: "POST", body: { realm: REALM } })).status, 201);
});
after(() => server?.dispose());

async function refused(path: string, body: unknown): Promise<string> {
  const res = await api(`${R}/${path}`, { method: "PUT", body });
  assert.equal(res.status, 400);
  return ((await res.json()) as { errorMessage: string }).errorMessage;
}

describe("client policies", () => {
  test("refuses unknown executors and conditions, global profile names and duplicates", async () => {
    assert.equal(
      await refused("profiles", { profiles: [{ name: "p", executors: [{ executor: "no-such", configuration: {} }] }] }),
      "proposed client profile contains the executor, which does not have valid provider, or has invalid configuration.",
    );
    assert.equal(
      await refused("profiles", { profiles: [{ name: "fapi-1-baseline" }] }),
      "Proposed profile name 'fapi-1-baseline' is duplicated as a global profile",
    );
    assert.equal(
      await refused("profiles", { profiles: [{ name: "p" }, { name: "p" }] }),
      "Failed to update client profiles",
    );
    assert.equal(
      await refused("policies", {
        policies: [{ name: "q", conditions: [{ condition: "no-such", configuration: {} }] }],
      }),
      "Policy q contains invalid condition no-such",
    );
  });

  test("keeps global profiles out of the realm's own list", async () => {
    const body = { profiles: [{ name: "mine", executors: [{ executor: "pkce-enforcer", configuration: {} }] }] };
    assert.equal((await api(`${R}/profiles`, { method: "PUT", body })).status, 204);
    const listed = (await (await api(`${R}/profiles?include-global-profiles=true`)).json()) as {
      profiles: { name: string }[];
      globalProfiles: { name: string }[];
    };
    assert.deepEqual(
      listed.profiles.map((profile) => profile.name),
      ["mine"],
    );
    assert.ok(listed.globalProfiles.some((profile) => profile.name === "fapi-1-baseline"));
  });
});
