import { describe, expect, it } from "vitest";
import { moveAttribute } from "../../src/features/realm-settings/user-profile/attribute-order.ts";
import {
  NEW_ATTRIBUTE,
  toAttribute,
  toAttributeValues,
} from "../../src/features/realm-settings/user-profile/attribute-values.ts";
import { fromPlainConfig, toPlainConfig } from "../../src/features/realm-settings/plain-config.ts";

describe("user profile attribute form values", () => {
  it("round-trips an attribute, keeping what the form does not edit", () => {
    const attribute = {
      name: "nickname",
      displayName: "${nickname}",
      multivalued: true,
      group: "contact",
      defaultValue: "nick",
      selector: { scopes: ["profile"] },
      required: { roles: ["user"], scopes: ["email"] },
      permissions: { view: ["admin", "user"], edit: ["admin"] },
      validations: { length: { max: "5" } },
      annotations: { inputType: "text", inputOptionLabels: { a: "A" } },
    };
    const values = toAttributeValues(attribute);
    expect(values.enabledWhen).toBe("scopes");
    expect(values.requiredWhen).toBe("scopes");
    expect(toAttribute(values, attribute)).toEqual(attribute);
  });

  it("leaves out required, selector and group when the form says always / none / not required", () => {
    const attribute = toAttribute({ ...NEW_ATTRIBUTE, name: " badge ", selectorScopes: ["x"] });
    expect(attribute).toEqual({
      name: "badge",
      displayName: "",
      multivalued: false,
      validations: {},
      permissions: { view: [], edit: ["admin"] },
    });
    const required = toAttribute({ ...NEW_ATTRIBUTE, name: "b", required: true, requiredFor: ["admin"] });
    expect(required.required).toEqual({ roles: ["admin"] });
  });

  it("moves an attribute to another's place", () => {
    const list = [{ name: "a" }, { name: "b" }, { name: "c" }];
    expect(moveAttribute(list, "c", "a").map((entry) => entry.name)).toEqual(["c", "a", "b"]);
    expect(moveAttribute(list, "a", "b").map((entry) => entry.name)).toEqual(["b", "a", "c"]);
    expect(moveAttribute(list, "a", "zz")).toBe(list);
  });
});

describe("plain configurations (validators, executors, conditions)", () => {
  const properties = [
    { name: "max", type: "String" },
    { name: "auto-configure", type: "boolean" },
    { name: "options", type: "MultivaluedString" },
  ];

  it("keeps single values, booleans and lists as Keycloak stores them", () => {
    expect(toPlainConfig(properties, { max: "5", "auto-configure": "true", options: ["a", "b"] })).toEqual({
      max: "5",
      "auto-configure": true,
      options: ["a", "b"],
    });
    expect(toPlainConfig(properties, { max: "", "auto-configure": "false", options: [] })).toEqual({
      "auto-configure": false,
    });
  });

  it("reads them back as string lists", () => {
    expect(fromPlainConfig({ max: 5, "auto-configure": true, options: ["a"], gone: null })).toEqual({
      max: ["5"],
      "auto-configure": ["true"],
      options: ["a"],
      gone: [],
    });
  });
});
