import { describe, expect, it } from "vitest";
import { displayText, firstText } from "../../src/core/ui/text/display-text.ts";
import { fullName } from "../../src/features/shell/full-name.ts";
import type { IdTokenClaims } from "../../src/core/auth/auth-session.ts";
import { RECENT_REALMS_KEY, readRecentRealms } from "../../src/features/shell/recent-realms.ts";

describe("server values of any shape as text", () => {
  it("keeps strings, writes numbers and booleans, leaves nothing for null and undefined", () => {
    expect(displayText("<b>Demo</b> مرحبا")).toBe("<b>Demo</b> مرحبا");
    expect(displayText(42)).toBe("42");
    expect(displayText(false)).toBe("false");
    expect(displayText(null)).toBe("");
    expect(displayText(undefined)).toBe("");
  });
  it("writes objects and arrays as JSON, and survives a cycle", () => {
    expect(displayText({ a: 1 })).toBe('{"a":1}');
    expect(displayText(["x", 2])).toBe('["x",2]');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(displayText(cyclic)).toBe("[object Object]");
  });
  it("firstText skips values that give no text (displayName || name)", () => {
    expect(firstText(null, "", "master")).toBe("master");
    expect(firstText({ a: 1 }, "master")).toBe('{"a":1}');
    expect(firstText(undefined)).toBe("");
  });
  it("the user menu's name survives claims of the wrong type", () => {
    const claims = { given_name: { first: "Ada" }, family_name: 7, preferred_username: "ada" };
    expect(fullName(claims as unknown as IdTokenClaims, "unknown user")).toBe('{"first":"Ada"} 7');
    expect(fullName({ preferred_username: 12 } as unknown as IdTokenClaims, "unknown user")).toBe("12");
  });
  it("recent realms drop a display name that is not a string", () => {
    const storage = new Map<string, string>();
    const fake = { getItem: (key: string) => storage.get(key) ?? null } as Storage;
    storage.set(
      RECENT_REALMS_KEY,
      JSON.stringify([
        { name: "a", displayName: { x: 1 } },
        { name: "b", displayName: "B" },
      ]),
    );
    expect(readRecentRealms(fake)).toEqual([
      { name: "a", displayName: undefined },
      { name: "b", displayName: "B" },
    ]);
  });
});
