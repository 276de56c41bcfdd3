import { describe, expect, it } from "vitest";
import { countResources, importRequest } from "../../src/features/realm-settings/partial-import-resources.ts";
import { generalChanges, toGeneralValues } from "../../src/features/realm-settings/general-values.ts";
import {
  modeOf,
  securityDefensesChanges,
  toSecurityDefensesValues,
} from "../../src/features/realm-settings/security-defenses-values.ts";
import { toTokensValues, tokensChanges } from "../../src/features/realm-settings/tokens-values.ts";
import { toEmailValues, toSmtpServer } from "../../src/features/realm-settings/email-values.ts";

describe("realm settings form values", () => {
  it("reads the ACR to LoA map from its JSON attribute and stores levels as numbers", () => {
    const realm = { realm: "demo", attributes: { "acr.loa.map": '{"silver":"1","gold":2}', other: "kept" } };
    const values = toGeneralValues(realm, "ADMIN_EDIT");
    expect(values.acrLoaMap).toEqual([
      { key: "silver", value: "1" },
      { key: "gold", value: "2" },
    ]);
    expect(values.unmanagedAttributePolicy).toBe("ADMIN_EDIT");
    const changes = generalChanges(realm, { ...values, acrLoaMap: [...values.acrLoaMap, { key: "", value: "" }] });
    expect(JSON.parse((changes.attributes as Record<string, string>)["acr.loa.map"]!)).toEqual({ silver: 1, gold: 2 });
    expect((changes.attributes as Record<string, string>).other).toBe("kept");
    expect(toGeneralValues({ attributes: { "acr.loa.map": "not json" } }, undefined).acrLoaMap).toEqual([]);
  });

  it("maps the brute force modes onto Keycloak's three fields and back", () => {
    expect(modeOf({})).toBe("Disabled");
    expect(modeOf({ bruteForceProtected: true })).toBe("TemporaryLockout");
    expect(modeOf({ bruteForceProtected: true, permanentLockout: true })).toBe("PermanentLockout");
    expect(modeOf({ bruteForceProtected: true, permanentLockout: true, maxTemporaryLockouts: 2 })).toBe(
      "PermanentAfterTemporaryLockout",
    );
    const values = toSecurityDefensesValues({});
    const after = securityDefensesChanges(
      {},
      { ...values, mode: "PermanentAfterTemporaryLockout", maxTemporaryLockouts: 0 },
    );
    expect([after.bruteForceProtected, after.permanentLockout, after.maxTemporaryLockouts]).toEqual([true, true, 1]);
    const off = securityDefensesChanges({}, { ...values, mode: "Disabled", maxTemporaryLockouts: 4 });
    expect([off.bruteForceProtected, off.permanentLockout, off.maxTemporaryLockouts]).toEqual([false, false, 0]);
  });

  it("writes action token overrides as attributes, and empties a removed one instead of leaving it", () => {
    const realm = { attributes: { "actionTokenGeneratedByUserLifespan.execute-actions": "600" } };
    const values = toTokensValues(realm);
    expect(values.overrides["execute-actions"]).toBe(600);
    expect(values.overrides["verify-email"]).toBe("");
    const changes = tokensChanges(realm, {
      ...values,
      overrides: { ...values.overrides, "execute-actions": "", "verify-email": 7200 },
    });
    const attributes = changes.attributes as Record<string, string>;
    expect(attributes["actionTokenGeneratedByUserLifespan.execute-actions"]).toBe("");
    expect(attributes["actionTokenGeneratedByUserLifespan.verify-email"]).toBe("7200");
    expect("actionTokenGeneratedByUserLifespan.reset-credentials" in attributes).toBe(false);
  });

  it("leaves empty SMTP fields and the other authentication type's fields out", () => {
    const values = { ...toEmailValues({}), from: "a@b.example", host: "smtp", auth: "true", user: "u", password: "p" };
    expect(toSmtpServer(values)).toEqual({
      from: "a@b.example",
      host: "smtp",
      ssl: "false",
      starttls: "false",
      auth: "true",
      authType: "basic",
      user: "u",
      password: "p",
    });
    expect(toSmtpServer({ ...values, auth: "false" })).not.toHaveProperty("password");
  });

  it("counts a file's resources and sends only the chosen ones", () => {
    const file = { users: [{}, {}], roles: { realm: [{}], client: { a: [{}, {}], b: [{}] } }, groups: [] };
    expect(countResources(file)).toEqual({
      users: 2,
      clients: 0,
      groups: 0,
      identityProviders: 0,
      realmRoles: 1,
      clientRoles: 3,
    });
    expect(countResources("nonsense").users).toBe(0);
    expect(importRequest(file, new Set(["clientRoles"]), "SKIP")).toEqual({
      ifResourceExists: "SKIP",
      roles: { client: { a: [{}, {}], b: [{}] } },
    });
  });
});
