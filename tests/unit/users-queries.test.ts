import { describe, expect, it } from "vitest";
import { requiredActionChoices, userSearchParams } from "../../src/features/users/user-queries.ts";
import { inheritedPaths } from "../../src/features/users/membership-queries.ts";
import { toUser, isUserTab } from "../../src/features/users/paths.ts";

describe("user search parameters", () => {
  it("sends free text as search", () => {
    expect(userSearchParams({ text: " alice ", exact: false })).toEqual({ search: "alice", exact: undefined });
    expect(userSearchParams({ text: "alice", exact: true })).toEqual({ search: "alice", exact: true });
  });

  it("sends key:value pairs as q", () => {
    expect(userSearchParams({ text: "department:research", exact: false })).toEqual({
      q: "department:research",
      exact: undefined,
    });
    expect(userSearchParams({ text: "a:1   b:2", exact: true })).toEqual({ q: "a:1 b:2", exact: true });
  });

  it("sends nothing for an empty search", () => {
    expect(userSearchParams({ text: "  ", exact: true })).toEqual({});
  });

  it("treats an email with a colon-free address as text", () => {
    expect(userSearchParams({ text: "alice@example.com", exact: false })).toEqual({
      search: "alice@example.com",
      exact: undefined,
    });
  });
});

describe("inherited group paths", () => {
  it("lists every ancestor that is not itself a direct membership", () => {
    expect(
      inheritedPaths([{ path: "/Engineering/Backend/Platform" }, { path: "/Engineering" }, { path: "/Sales/EMEA" }]),
    ).toEqual(["/Engineering/Backend", "/Sales"]);
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

describe("required action choices", () => {
  it("offers the realm's enabled actions by their names", () => {
    expect(
      requiredActionChoices(
        [{ alias: "VERIFY_EMAIL", name: "Verify Email" }, { alias: "custom-action" }],
        (alias) => alias,
      ),
    ).toEqual([
      { value: "VERIFY_EMAIL", label: "Verify Email" },
      { value: "custom-action", label: "custom-action" },
    ]);
  });

  it("falls back to the spec's five when the realm's list cannot be read", () => {
    expect(requiredActionChoices(undefined, (alias) => `label of ${alias}`).map((choice) => choice.value)).toEqual([
      "VERIFY_EMAIL",
      "UPDATE_PROFILE",
      "CONFIGURE_TOTP",
      "UPDATE_PASSWORD",
      "TERMS_AND_CONDITIONS",
    ]);
    expect(requiredActionChoices(undefined, (alias) => `label of ${alias}`)[0].label).toBe("label of VERIFY_EMAIL");
  });
});
