import { describe, expect, it } from "vitest";
import { toFormValues, toRepresentation } from "../../src/features/identity-providers/provider-form-values.ts";

const CLASS_REF = "urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport";

describe("identity provider form values", () => {
  it("keeps SAML's AuthnContext class refs as the JSON array Keycloak stores", () => {
    const values = toFormValues(
      { alias: "saml", providerId: "saml", config: { authnContextClassRefs: JSON.stringify([CLASS_REF]) } },
      "saml",
    );
    expect(values.authnContextClassRefs).toEqual([CLASS_REF]);
    const saved = toRepresentation(
      { ...values, authnContextClassRefs: [` ${CLASS_REF} `, "", "urn:x"] },
      "saml",
      undefined,
    );
    expect(saved.config?.authnContextClassRefs).toBe(JSON.stringify([CLASS_REF, "urn:x"]));
  });

  it("drops the class refs when none is left, and reads a malformed value as none", () => {
    const values = toFormValues(
      { alias: "saml", providerId: "saml", config: { authnContextClassRefs: "not json" } },
      "saml",
    );
    expect(values.authnContextClassRefs).toEqual([]);
    const saved = toRepresentation({ ...values, authnContextClassRefs: [""] }, "saml", undefined);
    expect(saved.config).not.toHaveProperty("authnContextClassRefs");
  });
});
