import { describe, expect, it } from "vitest";
import { domainNames } from "../../src/features/organizations/domain-names.ts";
import {
  NEW_ORGANIZATION,
  toFormValues,
  toRepresentation,
} from "../../src/features/organizations/organization-form-values.ts";
import { isOrganizationTab, toOrganization } from "../../src/features/organizations/paths.ts";

describe("organization domains", () => {
  it("takes strings and objects with a name, dropping empty entries", () => {
    expect(domainNames(["a.example.com", { name: "b.example.com", verified: true }, { verified: false }, ""])).toEqual([
      "a.example.com",
      "b.example.com",
    ]);
    expect(domainNames(undefined)).toEqual([]);
  });
});

describe("organization form values", () => {
  it("always shows one domain field", () => {
    expect(toFormValues({ name: "Acme" }).domains).toEqual([""]);
    expect(NEW_ORGANIZATION.domains).toEqual([""]);
  });

  it("round-trips a representation, keeping verified flags of kept domains", () => {
    const existing = {
      id: "1",
      name: "Acme",
      alias: "acme",
      enabled: false,
      domains: [{ name: "acme.com", verified: true }],
      attributes: { tier: ["gold", "silver"] },
    };
    const values = toFormValues(existing);
    expect(values.attributes).toEqual([
      { key: "tier", value: "gold" },
      { key: "tier", value: "silver" },
    ]);
    const sent = toRepresentation({ ...values, domains: ["acme.com", " new.acme.com ", "", "acme.com"] }, existing);
    expect(sent.domains).toEqual([
      { name: "acme.com", verified: true },
      { name: "new.acme.com", verified: false },
    ]);
    expect(sent.enabled).toBe(false);
    expect(sent.attributes).toEqual({ tier: ["gold", "silver"] });
    expect(sent.id).toBe("1");
  });

  it("leaves out an empty alias and redirect URL so the server picks its defaults", () => {
    const sent = toRepresentation({ ...NEW_ORGANIZATION, name: " Globex ", domains: ["globex.com"] });
    expect(sent).toMatchObject({ name: "Globex", alias: undefined, redirectUrl: undefined, enabled: true });
  });
});

describe("organization addresses", () => {
  it("match the upstream console's tabs", () => {
    expect(toOrganization("demo", "42", "identityProviders")).toBe("/demo/organizations/42/identityProviders");
    expect(toOrganization("demo", "42")).toBe("/demo/organizations/42/settings");
    expect(isOrganizationTab("members")).toBe(true);
    expect(isOrganizationTab("details")).toBe(false);
  });
});
