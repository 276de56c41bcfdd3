import { describe, expect, it } from "vitest";
import { lineDiff } from "../../src/features/clients/scopes/evaluate/line-diff.ts";
import { VOLATILE_CLAIMS, withoutVolatileClaims } from "../../src/features/clients/scopes/evaluate/volatile-claims.ts";

const token = (overrides: Record<string, unknown>) =>
  JSON.stringify(
    {
      exp: 1700000300,
      iat: 1700000000,
      auth_time: 1700000000,
      jti: "onrtac:1",
      iss: "http://127.0.0.1/realms/demo",
      sub: "u-1",
      sid: "s-1",
      session_state: "s-1",
      nonce: "n-1",
      department: "sales",
      address: { street_address: "Main 1" },
      ...overrides,
    },
    null,
    2,
  );

describe("withoutVolatileClaims", () => {
  it("leaves out every claim that differs on each generated token, keeping the others in the same layout", () => {
    const text = withoutVolatileClaims(token({}));
    const claims = Object.keys(JSON.parse(text) as object);
    expect(claims).toEqual(["iss", "sub", "department", "address"]);
    for (const claim of VOLATILE_CLAIMS) expect(text).not.toContain(`"${claim}"`);
    expect(text).toBe(
      JSON.stringify(
        { iss: "http://127.0.0.1/realms/demo", sub: "u-1", department: "sales", address: { street_address: "Main 1" } },
        null,
        2,
      ),
    );
  });

  it("makes two tokens for the same user compare as the same, and shows only the real difference otherwise", () => {
    const first = token({});
    const second = token({ exp: 1700000400, iat: 1700000100, jti: "onrtac:2", sid: "s-2", session_state: "s-2" });
    expect(lineDiff(first, second).some((line) => line.kind !== "same")).toBe(true);
    expect(
      lineDiff(withoutVolatileClaims(first), withoutVolatileClaims(second)).every((line) => line.kind === "same"),
    ).toBe(true);
    const other = token({ exp: 1, jti: "onrtac:3", department: "billing" });
    const changed = lineDiff(withoutVolatileClaims(first), withoutVolatileClaims(other)).filter(
      (line) => line.kind !== "same",
    );
    expect(changed).toEqual([
      { kind: "removed", text: '  "department": "sales",' },
      { kind: "added", text: '  "department": "billing",' },
    ]);
  });

  it("keeps a nested claim of the same name and text that is not a JSON object", () => {
    expect(JSON.parse(withoutVolatileClaims(JSON.stringify({ address: { exp: 1 } })))).toEqual({ address: { exp: 1 } });
    expect(withoutVolatileClaims("not json")).toBe("not json");
    expect(withoutVolatileClaims("[1,2]")).toBe("[1,2]");
  });
});
