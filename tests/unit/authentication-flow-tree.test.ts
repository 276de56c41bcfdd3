import { describe, expect, it } from "vitest";
import { buildFlowTree, treeKey, visibleRows } from "../../src/features/authentication/flow-tree-model.ts";
import { formatPasswordPolicy, parsePasswordPolicy } from "../../src/features/authentication/password-policy.ts";

const executions = [
  { id: "cookie", displayName: "Cookie", level: 0, index: 0 },
  { id: "forms", displayName: "forms", level: 0, index: 1, authenticationFlow: true },
  { id: "password", displayName: "Username Password Form", level: 1, index: 0 },
  { id: "otp", displayName: "otp check", level: 1, index: 1, authenticationFlow: true },
  { id: "configured", displayName: "Condition - user configured", level: 2, index: 0 },
  { id: "otp-form", displayName: "OTP Form", level: 2, index: 1 },
  { id: "idp", displayName: "Identity Provider Redirector", level: 0, index: 2 },
];

describe("flow tree", () => {
  const tree = buildFlowTree(executions, "browser copy");

  it("rebuilds Keycloak's flattened list into nested steps with positions and parents", () => {
    expect(tree.map((node) => node.id)).toEqual(["cookie", "forms", "idp"]);
    const otp = tree[1]!.children[1]!;
    expect(otp.children.map((node) => [node.id, node.posInSet, node.setSize, node.parentAlias])).toEqual([
      ["configured", 1, 2, "otp check"],
      ["otp-form", 2, 2, "otp check"],
    ]);
    expect(tree[2]!.parentAlias).toBe("browser copy");
    expect(visibleRows(tree, new Set(["otp"])).map((node) => node.id)).toEqual([
      "cookie",
      "forms",
      "password",
      "otp",
      "idp",
    ]);
  });

  it("answers the treegrid keys: arrows, Left/Right on sub-flows, Home/End, Alt+arrows move", () => {
    const rows = visibleRows(tree, new Set());
    const none = new Set<string>();
    expect(treeKey("ArrowDown", false, rows, "cookie", none)).toEqual({ kind: "focus", id: "forms" });
    expect(treeKey("ArrowUp", false, rows, "cookie", none)).toEqual({ kind: "none" });
    expect(treeKey("ArrowRight", false, rows, "otp", none)).toEqual({ kind: "focus", id: "configured" });
    expect(treeKey("ArrowRight", false, rows, "otp", new Set(["otp"]))).toEqual({ kind: "expand", id: "otp" });
    expect(treeKey("ArrowLeft", false, rows, "otp", none)).toEqual({ kind: "collapse", id: "otp" });
    expect(treeKey("ArrowLeft", false, rows, "otp-form", none)).toEqual({ kind: "focus", id: "otp" });
    expect(treeKey("End", false, rows, "cookie", none)).toEqual({ kind: "focus", id: "idp" });
    expect(treeKey("Home", false, rows, "idp", none)).toEqual({ kind: "focus", id: "cookie" });
    expect(treeKey("ArrowUp", true, rows, "otp-form", none)).toEqual({ kind: "move", id: "otp-form", direction: "up" });
    expect(treeKey("ArrowDown", true, rows, "otp-form", none)).toEqual({ kind: "none" });
  });
});

describe("password policy string", () => {
  it("reads Keycloak's `and`-joined entries and writes them back", () => {
    const entries = parsePasswordPolicy("length(12) and notUsername(undefined) and regexPattern(a(b)c) and digits");
    expect(entries).toEqual([
      { id: "length", value: "12" },
      { id: "notUsername", value: "" },
      { id: "regexPattern", value: "a(b)c" },
      { id: "digits", value: "" },
    ]);
    expect(formatPasswordPolicy(entries.slice(0, 3))).toBe(
      "length(12) and notUsername(undefined) and regexPattern(a(b)c)",
    );
    expect(parsePasswordPolicy("")).toEqual([]);
  });
});
