import { describe, expect, it } from "vitest";
import {
  DOT_PLACEHOLDER,
  fieldName,
  toUserFormValues,
  toUserRepresentation,
} from "../../src/core/ui/user-profile/index.ts";

describe("user-profile form values", () => {
  const user = {
    id: "u1",
    username: "alice",
    email: "alice@example.com",
    firstName: "Alice",
    attributes: { "org.unit": ["sales"], phone: "+1 555", tags: ["a", "b"] },
  };

  it("keeps root fields on the user and encodes dots in attribute names", () => {
    const values = toUserFormValues(user);
    expect(values.username).toBe("alice");
    expect(values.attributes).toEqual({
      [`org${DOT_PLACEHOLDER}unit`]: ["sales"],
      phone: ["+1 555"],
      tags: ["a", "b"],
    });
  });

  it("round-trips back to the representation with names decoded", () => {
    expect(toUserRepresentation(toUserFormValues(user))).toEqual({
      ...user,
      attributes: { "org.unit": ["sales"], phone: ["+1 555"], tags: ["a", "b"] },
    });
  });

  it("drops empty multi-value entries and root names under attributes", () => {
    const values = { username: "bob", attributes: { tags: ["x", ""], email: ["ignored"] } };
    expect(toUserRepresentation(values)).toEqual({ username: "bob", attributes: { tags: ["x"] } });
  });

  it("names fields: root fields as they are, others under attributes, dots encoded", () => {
    expect(fieldName("email")).toBe("email");
    expect(fieldName("a.b.c")).toBe(`attributes.a${DOT_PLACEHOLDER}b${DOT_PLACEHOLDER}c`);
  });
});
