import { describe, expect, it } from "vitest";
import { fullName } from "../../src/features/shell/full-name.ts";

describe("full name in the user menu", () => {
  it("joins given and family name", () =>
    expect(fullName({ given_name: "Ada", family_name: "Lovelace", preferred_username: "ada" }, "unknown user")).toBe(
      "Ada Lovelace",
    ));
  it("uses either one when the other is missing", () => {
    expect(fullName({ given_name: "Ada", preferred_username: "ada" }, "unknown user")).toBe("Ada");
    expect(fullName({ family_name: "Lovelace", preferred_username: "ada" }, "unknown user")).toBe("Lovelace");
  });
  it("falls back to the preferred username", () =>
    expect(fullName({ preferred_username: "ada" }, "unknown user")).toBe("ada"));
  it("says 'unknown user' without any name", () => {
    expect(fullName({}, "unknown user")).toBe("unknown user");
    expect(fullName(undefined, "unknown user")).toBe("unknown user");
  });
});
