// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import {
  existingRecentRealms,
  readRecentRealms,
  rememberRecentRealm,
  withRecentRealm,
  RECENT_REALMS_KEY,
} from "../../src/features/shell/recent-realms.ts";

describe("recent realms", () => {
  beforeEach(() => localStorage.clear());

  it("keeps 3, newest first, without duplicates", () => {
    let list = withRecentRealm([], { name: "a" });
    list = withRecentRealm(list, { name: "b" });
    list = withRecentRealm(list, { name: "c" });
    list = withRecentRealm(list, { name: "a" });
    expect(list.map((r) => r.name)).toEqual(["a", "c", "b"]);
    list = withRecentRealm(list, { name: "d" });
    expect(list.map((r) => r.name)).toEqual(["d", "a", "c"]);
  });

  it("drops realms that no longer exist", () => {
    expect(
      existingRecentRealms([{ name: "a" }, { name: "gone" }, { name: "b" }], new Set(["a", "b"])).map((r) => r.name),
    ).toEqual(["a", "b"]);
  });

  it("persists in localStorage and survives garbage", () => {
    rememberRecentRealm({ name: "demo", displayName: "Demo" });
    rememberRecentRealm({ name: "master" });
    expect(readRecentRealms()).toEqual([{ name: "master" }, { name: "demo", displayName: "Demo" }]);
    localStorage.setItem(RECENT_REALMS_KEY, "{not json");
    expect(readRecentRealms()).toEqual([]);
  });
});
