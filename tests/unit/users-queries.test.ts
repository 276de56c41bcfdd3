import { describe, expect, it } from "vitest";
import { userSearchParams } from "../../src/features/users/user-queries.ts";
import { inheritedPaths } from "../../src/features/users/membership-queries.ts";
import { toUser, isUserTab } from "../../src/features/users/paths.ts";

describe("user search parameters", () => {
  it("sends free text as search", () => {
    expect(userSearchParams({ text: " alice ", exact: false })).toEqual({ search: "alice", exact: undefined });
    expect(userSearchParams({ text: "alice", exact: true })).toEqual({ search: "alice", exact: true });
  });

  it("sends key:value pairs as q", () => {
    expect(userSearchParams({ text: "department:research", exact: false })).toEqual({ q: "department:research", exact: undefined });
    expect(userSearchParams({ text: "a:1   b:2", exact: true })).toEqual({ q: "a:1 b:2", exact: true });
  });

  it("sends nothing for an empty search", () => {
    expect(userSearchParams({ text: "  ", exact: true })).toEqual({});
  });

  it("treats an email with a colon-free address as text", () => {
    expect(userSearchParams({ text: "alice@example.com", exact: false })).toEqual({ search: "alice@example.com", exact: undefined });
  });
});

describe("inherited group paths", () => {
  it("lists every ancestor that is not itself a direct membership", () => {
    expect(inheritedPaths([{ path: "/Engineering/Backend/Platform" }, { path: "/Engineering" }, { path: "/Sales/EMEA" }])).toEqual(["/Engineering/Backend", "/Sales"]);
  });
});

describe("user addresses", () => {
  it("match the upstream console's", () => {
    expect(toUser("demo", "a b", "identity-provider-links")).toBe("/demo/users/a%20b/identity-provider-links");
    expect(toUser("demo", "42")).toBe("/demo/users/42/settings");
    expect(isUserTab("role-mapping")).toBe(true);
    expect(isUserTab("details")).toBe(false);
  });
});
