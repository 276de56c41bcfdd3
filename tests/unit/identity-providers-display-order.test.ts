import { describe, expect, it } from "vitest";
import {
  byDisplayOrder,
  DISPLAY_ORDER_LIMIT,
  moved,
  readProvidersToOrder,
  reordered,
} from "../../src/features/identity-providers/display-order.ts";

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

describe("reading the providers to order", () => {
  const providers = (count: number) =>
    Array.from({ length: count }, (_, index) => ({ alias: `idp-${String(index).padStart(4, "0")}` }));

  it("reads every page of 100 and stops at the first short page", async () => {
    const all = providers(250);
    const asked: [number, number][] = [];
    const read = await readProvidersToOrder(async (first, max) => {
      asked.push([first, max]);
      return all.slice(first, first + max);
    });
    expect(asked).toEqual([
      [0, 100],
      [100, 100],
      [200, 100],
    ]);
    expect(read.complete).toBe(true);
    expect(read.providers).toHaveLength(250);
  });

  it("stops at the limit and says when there are more", async () => {
    const all = providers(DISPLAY_ORDER_LIMIT + 1);
    const asked: number[] = [];
    const read = await readProvidersToOrder(async (first, max) => {
      asked.push(max);
      return all.slice(first, first + max);
    });
    expect(asked.every((max) => max <= 100)).toBe(true);
    expect(read.providers).toHaveLength(DISPLAY_ORDER_LIMIT);
    expect(read.complete).toBe(false);
    const exact = await readProvidersToOrder(async (first, max) =>
      all.slice(0, DISPLAY_ORDER_LIMIT).slice(first, first + max),
    );
    expect(exact.complete).toBe(true);
  });
});
