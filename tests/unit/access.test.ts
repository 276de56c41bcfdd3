import { describe, expect, it } from "vitest";
import { createAccessChecker, ruleNames, satisfies, someOf } from "../../src/core/access/access-checker.ts";

const realmAccess = { demo: ["query-users", "query-groups", "view-users"], master: ["manage-realm", "view-realm"] };

describe("access checks", () => {
  const demo = createAccessChecker(realmAccess, "demo");

  it("reads the names of the current realm only", () => {
    expect(demo.hasAccess("query-users")).toBe(true);
    expect(demo.hasAccess("view-realm")).toBe(false);
    expect(createAccessChecker(realmAccess, "master").hasAccess("view-realm")).toBe(true);
  });

  it("needs every name for hasAccess and one for hasSomeAccess", () => {
    expect(demo.hasAccess("query-users", "query-groups")).toBe(true);
    expect(demo.hasAccess("query-users", "query-clients")).toBe(false);
    expect(demo.hasSomeAccess("query-clients", "query-groups")).toBe(true);
    expect(demo.hasSomeAccess("query-clients", "view-events")).toBe(false);
  });

  it("always grants 'anyone', even with no who-am-I", () => {
    expect(createAccessChecker(undefined, "demo").hasAccess("anyone")).toBe(true);
    expect(createAccessChecker(undefined, "demo").hasAccess("view-realm")).toBe(false);
  });

  it("evaluates rules: a name, a list (all of), a function, some-of", () => {
    expect(satisfies(demo, "query-users")).toBe(true);
    expect(satisfies(demo, ["query-users", "manage-users"])).toBe(false);
    expect(satisfies(demo, (access) => access.hasSomeAccess("view-realm", "view-users"))).toBe(true);
    expect(satisfies(demo, someOf("view-realm", "view-clients"))).toBe(false);
  });

  it("lists the names a rule needs for the forbidden message", () => {
    expect(ruleNames("query-clients")).toEqual(["query-clients"]);
    expect(ruleNames(["query-users", "query-groups"])).toEqual(["query-users", "query-groups"]);
    expect(ruleNames(someOf("view-realm", "view-users"))).toEqual(["view-realm", "view-users"]);
    expect(ruleNames(() => true)).toEqual([]);
  });
});
