import { describe, expect, it } from "vitest";
import { lineDiff } from "../../src/features/clients/scopes/evaluate/line-diff.ts";

describe("lineDiff", () => {
  it("marks equal texts as the same everywhere", () => {
    expect(lineDiff("a\nb", "a\nb").map((line) => line.kind)).toEqual(["same", "same"]);
  });

  it("finds a changed claim between unchanged lines", () => {
    const before = JSON.stringify({ sub: "1", department: "sales", exp: 5 }, null, 2);
    const after = JSON.stringify({ sub: "1", department: "billing", exp: 5 }, null, 2);
    const changed = lineDiff(before, after).filter((line) => line.kind !== "same");
    expect(changed).toEqual([
      { kind: "removed", text: '  "department": "sales",' },
      { kind: "added", text: '  "department": "billing",' },
    ]);
  });

  it("keeps the order of added and removed lines at either end", () => {
    expect(lineDiff("x\na", "a\ny")).toEqual([
      { kind: "removed", text: "x" },
      { kind: "same", text: "a" },
      { kind: "added", text: "y" },
    ]);
  });
});
