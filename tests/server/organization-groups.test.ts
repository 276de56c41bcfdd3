import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type KcAdminClient from "@keycloak/keycloak-admin-client";
import type { TestServer } from "../support/server.ts";
import { type Api, createRealm, createUser, startAdminServer } from "../support/admin-api.ts";
import { keycloakAdminClient } from "../support/admin-client.ts";

/** Organization groups (Keycloak 26.6) through @keycloak/keycloak-admin-client's organizations.groups(orgId). */
const REALM = "org-groups";

describe("organization groups", () => {
  let server: TestServer;
  let api: Api;
  let kc: KcAdminClient;
  let orgId: string;
  let memberId: string;
  let outsiderId: string;

  before(async () => {
    ({ server, api } = await startAdminServer());
    await createRealm(api, REALM, { organizationsEnabled: true });
    kc = await keycloakAdminClient(server.baseUrl, { realm: REALM });
    orgId = (await kc.organizations.create({ name: "Acme", domains: [{ name: "acme.example" }] })).id;
    memberId = await createUser(api, REALM, "ann", { email: "ann@acme.example" });
    outsiderId = await createUser(api, REALM, "otto");
    await kc.organizations.addMember({ orgId, userId: memberId });
  });
  after(async () => server?.dispose());

  it("creates, lists, reads, renames and nests groups apart from the realm's groups", async () => {
    const groups = kc.organizations.groups(orgId);
    const { id: engineering } = await groups.create({ name: "Engineering" });
    await groups.create({ name: "Sales", description: "Sells" });
    await assert.rejects(groups.create({ name: "Sales" }), /409|already exists/);
    const { id: backend } = await groups.createChildGroup({ id: engineering }, { name: "Backend" });

    assert.deepEqual(
      (await groups.find()).map((g) => [g.name, g.subGroupCount]),
      [
        ["Engineering", 1],
        ["Sales", 0],
      ],
    );
    assert.deepEqual(
      (await groups.find({ search: "sal" })).map((g) => g.name),
      ["Sales"],
    );
    const child = (await groups.findOne({ id: backend }))!;
    assert.equal(child.path, "/Engineering/Backend");
    assert.deepEqual(
      (await groups.listSubGroups({ parentId: engineering })).map((g) => g.name),
      ["Backend"],
    );
    await groups.update({ id: backend }, { name: "Platform", attributes: { team: ["core"] } });
    const renamed = (await groups.findOne({ id: backend }))!;
    assert.equal(renamed.path, "/Engineering/Platform");
    assert.deepEqual(renamed.attributes, { team: ["core"] });

    assert.equal((await kc.groups.find()).length, 0, "the realm's groups do not show organization groups");
  });

  it("adds and removes organization members, and refuses users outside the organization", async () => {
    const groups = kc.organizations.groups(orgId);
    const [engineering] = await groups.find({ search: "Engineering", exact: true });
    await groups.addMemberToOrgGroup({ groupId: engineering!.id!, userId: memberId });
    assert.deepEqual(
      (await groups.listMembers({ id: engineering!.id! })).map((u) => u.username),
      ["ann"],
    );
    assert.deepEqual(
      (await groups.listOrgGroups({ id: memberId })).map((g) => g.name),
      ["Engineering"],
    );
    await assert.rejects(
      groups.addMemberToOrgGroup({ groupId: engineering!.id!, userId: outsiderId }),
      /not a member of the organization/,
    );
    await groups.removeMemberFromOrgGroup({ groupId: engineering!.id!, userId: memberId });
    assert.deepEqual(await groups.listMembers({ id: engineering!.id! }), []);
  });

  it("deletes a group with its subgroups", async () => {
    const groups = kc.organizations.groups(orgId);
    const [engineering] = await groups.find({ search: "Engineering", exact: true });
    const [platform] = await groups.listSubGroups({ parentId: engineering!.id! });
    await groups.del({ id: engineering!.id! });
    assert.ok(!(await groups.findOne({ id: platform!.id! })), "the subgroup went with its parent");
    assert.deepEqual(
      (await groups.find()).map((g) => g.name),
      ["Sales"],
    );
    const response = await api(`/admin/realms/${REALM}/organizations/${orgId}/groups/${engineering!.id}`);
    assert.equal(response.status, 404);
  });
});
