import { describe, expect, it } from "vitest";
import type KeycloakAdminClient from "@keycloak/keycloak-admin-client";
import type GroupRepresentation from "@keycloak/keycloak-admin-client/lib/defs/groupRepresentation.js";
import { duplicateGroup } from "../../src/features/groups/duplicate-group.ts";
import { fetchMembersWithSubGroups, searchGroups } from "../../src/features/groups/queries.ts";

type Calls = { method: string; args: unknown[] }[];

/** A tiny admin client over a fixed tree: children per parent id and members per group id. */
function fakeClient(
  tree: Record<string, GroupRepresentation[]>,
  members: Record<string, string[]> = {},
  calls: Calls = [],
) {
  let nextId = 0;
  const record = (method: string, ...args: unknown[]) => calls.push({ method, args });
  const groups = {
    find: async (query: { search?: string }) => (record("find", query), tree.searchAnswer ?? []),
    findOne: async ({ id }: { id: string }) =>
      Object.values(tree)
        .flat()
        .find((group) => group.id === id),
    listSubGroups: async ({ parentId, first = 0, max = 10 }: { parentId: string; first?: number; max?: number }) => (
      record("listSubGroups", parentId, first, max),
      (tree[parentId] ?? []).slice(first, first + max)
    ),
    listMembers: async ({ id, first = 0, max = 100 }: { id: string; first?: number; max?: number }) => (
      record("listMembers", id, first, max),
      (members[id] ?? []).slice(first, first + max).map((username) => ({ id: username, username }))
    ),
    create: async (group: GroupRepresentation) => (record("create", group), { id: `new-${nextId++}` }),
    createChildGroup: async ({ id }: { id: string }, group: GroupRepresentation) => (
      record("createChildGroup", id, group),
      { id: `new-${nextId++}` }
    ),
    listRoleMappings: async ({ id }: { id: string }) =>
      id === "eng"
        ? {
            realmMappings: [{ id: "r1", name: "user" }],
            clientMappings: { portal: { id: "c1", client: "portal", mappings: [{ id: "r2", name: "viewer" }] } },
          }
        : {},
    addRealmRoleMappings: async (payload: unknown) => record("addRealmRoleMappings", payload),
    addClientRoleMappings: async (payload: unknown) => record("addClientRoleMappings", payload),
  };
  return { groups } as unknown as KeycloakAdminClient;
}

describe("group search", () => {
  it("lists every match of a hierarchical answer with its ids and names from the top", async () => {
    const tree = {
      searchAnswer: [
        {
          id: "eng",
          name: "Engineering",
          subGroups: [
            { id: "be", name: "Backend", subGroups: [{ id: "plat", name: "Platform team", subGroups: [] }] },
            { id: "fe", name: "Frontend team", subGroups: [] },
          ],
        },
      ],
    };
    const rows = await searchGroups(fakeClient(tree), "demo", "team", 0, 10);
    expect(rows.map((row) => row.pathNames.join("/"))).toEqual([
      "Engineering/Backend/Platform team",
      "Engineering/Frontend team",
    ]);
    expect(rows[0].pathIds).toEqual(["eng", "be", "plat"]);
  });
});

describe("members with sub-groups", () => {
  const tree = {
    top: [
      { id: "a", name: "A", path: "/Top/A" },
      { id: "b", name: "B", path: "/Top/B" },
    ],
    a: [{ id: "a1", name: "A1", path: "/Top/A/A1" }],
  };
  const members = { top: ["ann", "bob"], a: ["bob", "cid"], b: ["dan"], a1: ["eve"] };

  it("walks the tree level by level, skips users already listed and says where each comes from", async () => {
    const rows = await fetchMembersWithSubGroups(fakeClient(tree, members), "demo", "top", 0, 10);
    expect(rows.map((row) => [row.user.username, row.viaPath ?? "direct"])).toEqual([
      ["ann", "direct"],
      ["bob", "direct"],
      ["cid", "/Top/A"],
      ["dan", "/Top/B"],
      ["eve", "/Top/A/A1"],
    ]);
  });

  it("stops reading groups once the page is full", async () => {
    const calls: Calls = [];
    const rows = await fetchMembersWithSubGroups(fakeClient(tree, members, calls), "demo", "top", 0, 2);
    expect(rows.map((row) => row.user.username)).toEqual(["ann", "bob"]);
    expect(calls.filter((call) => call.method === "listMembers").map((call) => call.args[0])).toEqual(["top"]);
  });
});

describe("duplicate", () => {
  it("copies description, attributes, realm and client role mappings and the sub-tree", async () => {
    const calls: Calls = [];
    const tree = {
      root: [{ id: "eng", name: "Engineering", description: "Builds", attributes: { costCenter: ["1000"] } }],
      eng: [{ id: "be", name: "Backend", attributes: {} }],
    };
    const id = await duplicateGroup(fakeClient(tree, {}, calls), "demo", "eng", undefined, "Copy of Engineering");
    expect(id).toBe("new-0");
    expect(calls.find((call) => call.method === "create")?.args[0]).toMatchObject({
      realm: "demo",
      name: "Copy of Engineering",
      description: "Builds",
      attributes: { costCenter: ["1000"] },
    });
    expect(calls.find((call) => call.method === "createChildGroup")?.args.slice(0, 2)).toEqual([
      "new-0",
      { name: "Backend", description: undefined, attributes: {} },
    ]);
    expect(calls.find((call) => call.method === "addRealmRoleMappings")?.args[0]).toMatchObject({
      id: "new-0",
      roles: [{ id: "r1", name: "user" }],
    });
    expect(calls.find((call) => call.method === "addClientRoleMappings")?.args[0]).toMatchObject({
      id: "new-0",
      clientUniqueId: "c1",
      roles: [{ id: "r2", name: "viewer" }],
    });
  });
});
