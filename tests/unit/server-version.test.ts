import { describe, expect, it } from "vitest";
import { isOlderThan, versionNumbers } from "../../src/core/ui/version/index.ts";

describe("server versions", () => {
  it("reads the numbers of a version and ignores a suffix", () => {
    expect(versionNumbers("26.2.5")).toEqual([26, 2, 5]);
    expect(versionNumbers("999.0.0-SNAPSHOT")).toEqual([999, 0, 0]);
    expect(versionNumbers("nightly")).toEqual([]);
  });

  it("tells a server older than the version that brought a setting", () => {
    expect(isOlderThan("25.0.6", "26.2.0")).toBe(true);
    expect(isOlderThan("26.1.9", "26.2")).toBe(true);
    expect(isOlderThan("26.2", "26.2.0")).toBe(false);
    expect(isOlderThan("26.10.0", "26.2.0")).toBe(false);
    expect(isOlderThan("27.0.0", "26.2.0")).toBe(false);
  });

  it("never calls an unknown version older", () => {
    expect(isOlderThan(undefined, "26.2.0")).toBe(false);
    expect(isOlderThan("unknown", "24.0.0")).toBe(false);
  });
});
