import { describe, expect, it } from "vitest";
import { byDisplayOrder, moved, reordered } from "../../src/features/identity-providers/display-order.ts";

const provider = (alias: string, guiOrder?: string, displayName?: string) => ({
  alias,
  displayName,
  config: guiOrder === undefined ? {} : { guiOrder },
});

describe("identity providers' display order", () => {
  it("sorts by guiOrder, then by the name shown; providers without an order come last", () => {
    const sorted = byDisplayOrder([
      provider("zeta"),
      provider("b", "2"),
      provider("a", "10"),
      provider("c", undefined, "Alpha"),
    ]);
    expect(sorted.map((p) => p.alias)).toEqual(["b", "a", "c", "zeta"]);
  });

  it("moves an item and ignores moves past the ends", () => {
    expect(moved(["a", "b", "c"], 2, 0)).toEqual(["c", "a", "b"]);
    expect(moved(["a", "b", "c"], 0, -1)).toEqual(["a", "b", "c"]);
  });

  it("saves only the providers whose position changed", () => {
    const changed = reordered([provider("a", "0"), provider("c", "2"), provider("b", "1")]);
    expect(changed.map((p) => [p.alias, p.config?.guiOrder])).toEqual([
      ["c", "1"],
      ["b", "2"],
    ]);
  });
});
