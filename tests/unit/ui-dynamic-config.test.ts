import { describe, expect, it } from "vitest";
import { DOT_PLACEHOLDER } from "../../src/core/ui/user-profile/index.ts";
import {
  SECRET_MASK,
  configFieldName,
  fromComponentConfig,
  toComponentConfig,
  type ConfigProperty,
} from "../../src/core/ui/dynamic/index.ts";

const properties: ConfigProperty[] = [
  { name: "ldap.url", type: "String", defaultValue: "ldap://localhost" },
  { name: "enabled", type: "boolean", defaultValue: true },
  { name: "priority", type: "Integer", defaultValue: "0" },
  { name: "mode", type: "List", options: ["a", "b"], defaultValue: "a" },
  { name: "scopes", type: "MultivaluedList", options: ["x", "y"] },
  { name: "aliases", type: "MultivaluedString" },
  { name: "headers", type: "Map" },
  { name: "secret", type: "Password", secret: true },
  { name: "client", type: "ClientList" },
];

describe("component config ⇄ form values", () => {
  it("fills defaults for missing keys and encodes dots", () => {
    const values = fromComponentConfig(properties, { secret: [SECRET_MASK] });
    expect(values).toEqual({
      [`ldap${DOT_PLACEHOLDER}url`]: "ldap://localhost",
      enabled: "true",
      priority: 0,
      mode: "a",
      scopes: [],
      aliases: [],
      headers: [],
      secret: SECRET_MASK,
      client: "",
    });
  });

  it("turns form values back into lists of strings, leaving empty values out and keeping the secret mask", () => {
    const values = fromComponentConfig(properties, {
      "ldap.url": ["ldaps://corp"],
      enabled: ["false"],
      priority: ["7"],
      scopes: ["x", "y"],
      aliases: ["one", "two"],
      headers: [JSON.stringify([{ key: "X-A", value: "1" }])],
      secret: [SECRET_MASK],
      client: ["account"],
    });
    expect(toComponentConfig(properties, values)).toEqual({
      "ldap.url": ["ldaps://corp"],
      enabled: ["false"],
      priority: ["7"],
      mode: ["a"],
      scopes: ["x", "y"],
      aliases: ["one", "two"],
      headers: [JSON.stringify([{ key: "X-A", value: "1" }])],
      secret: [SECRET_MASK],
      client: ["account"],
    });
  });

  it("drops key-less map rows and empty multi-value entries", () => {
    const config = toComponentConfig(properties, {
      headers: [
        { key: " ", value: "v" },
        { key: "k", value: "v" },
      ],
      aliases: ["", "a"],
    });
    expect(config).toEqual({ headers: [JSON.stringify([{ key: "k", value: "v" }])], aliases: ["a"] });
  });

  it("names form fields under config with dots encoded", () => {
    expect(configFieldName("a.b")).toBe(`config.a${DOT_PLACEHOLDER}b`);
  });
});
