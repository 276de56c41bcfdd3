import { describe, expect, it } from "vitest";
import { mapperEffects } from "../../src/features/identity-providers/try-sign-in/mapper-effects.ts";
import {
  CLOCK_SLACK_MS,
  trySignInOutcome,
  trySince,
} from "../../src/features/identity-providers/try-sign-in/try-sign-in-queries.ts";
import { trySignInUrl } from "../../src/features/identity-providers/try-sign-in/try-sign-in-url.ts";

const signedIn = {
  user: { username: "tess", email: "tess@partner.test", attributes: { nickname: ["Tess"] } },
  roles: {
    realmMappings: [{ name: "partner-member" }],
    clientMappings: { billing: { mappings: [{ name: "viewer" }] } },
  },
  groups: [{ name: "staff", path: "/partners/staff" }],
};

describe("try sign-in", () => {
  it("says which mappers set what on the signed-in user", () => {
    const mapper = (name: string, type: string, config: Record<string, string>) => ({
      name,
      identityProviderMapper: type,
      config,
    });
    const effects = mapperEffects(
      [
        mapper("realm role", "oidc-role-idp-mapper", { role: "partner-member" }),
        mapper("client role", "oidc-hardcoded-role-idp-mapper", { role: "billing.viewer" }),
        mapper("missing role", "oidc-role-idp-mapper", { role: "partner-admin" }),
        mapper("group", "oidc-hardcoded-group-idp-mapper", { group: "/partners/staff" }),
        mapper("attribute", "oidc-user-attribute-idp-mapper", { "user.attribute": "nickname" }),
        mapper("email", "oidc-user-attribute-idp-mapper", { "user.attribute": "email" }),
        mapper("hardcoded", "hardcoded-attribute-idp-mapper", { attribute: "tier", "attribute.value": "gold" }),
        mapper("session", "hardcoded-user-session-attribute-idp-mapper", { attribute: "x", "attribute.value": "y" }),
      ],
      signedIn,
    );
    expect(effects.map((effect) => [effect.mapper.name, effect.target?.kind, effect.status])).toEqual([
      ["realm role", "role", "applied"],
      ["client role", "role", "applied"],
      ["missing role", "role", "notApplied"],
      ["group", "group", "applied"],
      ["attribute", "attribute", "applied"],
      ["email", "attribute", "applied"],
      ["hardcoded", "attribute", "notApplied"],
      ["session", undefined, "unknown"],
    ]);
    expect(effects[4]!.target?.value).toBe("Tess");
  });

  it("starts a try after the previous one's event, never before it", () => {
    expect(trySince(100_000)).toBe(100_000 - CLOCK_SLACK_MS);
    expect(trySince(100_000, { time: 99_000 })).toBe(99_001);
    expect(trySince(100_000, { time: 10_000 })).toBe(100_000 - CLOCK_SLACK_MS);
  });

  it("reads a try's outcome from Keycloak 26.7.3's events and the embedded server's", () => {
    const partner = { identity_provider: "partner" };
    const kind = (events: Parameters<typeof trySignInOutcome>[0]) => {
      const outcome = trySignInOutcome(events, "partner", 1_000);
      return outcome.kind === "signedIn" ? [outcome.kind, outcome.userId, outcome.firstLogin] : [outcome.kind];
    };
    // Keycloak: the first login's flow starts with a user-less IDENTITY_PROVIDER_FIRST_LOGIN, then REGISTER and LOGIN
    const started = { time: 1_100, type: "IDENTITY_PROVIDER_FIRST_LOGIN" as const, details: partner };
    expect(kind([started])).toEqual(["waiting"]);
    const register = { time: 1_200, type: "REGISTER" as const, userId: "u1", details: partner };
    const login = { time: 1_300, type: "LOGIN" as const, userId: "u1", details: partner };
    expect(kind([login, register, started])).toEqual(["signedIn", "u1", true]);
    expect(
      kind([
        { ...login, time: 2_000 },
        { ...login, time: 1_500 },
      ]),
    ).toEqual(["signedIn", "u1", false]);
    const linked = { time: 1_200, type: "FEDERATED_IDENTITY_LINK" as const, userId: "u2", details: partner };
    expect(kind([{ ...login, userId: "u2" }, linked])).toEqual(["signedIn", "u2", true]);
    // a first login event that names the user counts too
    expect(
      kind([
        { ...started, userId: "u3" },
        { ...login, userId: "u3" },
      ]),
    ).toEqual(["signedIn", "u3", true]);
    // Keycloak's failed token check names no provider; another provider's events and older ones are not the try's
    const failed = {
      time: 1_400,
      type: "IDENTITY_PROVIDER_LOGIN_ERROR" as const,
      error: "identity_provider_login_failure",
    };
    expect(kind([failed])).toEqual(["failed"]);
    expect(kind([{ ...login, details: { identity_provider: "other" } }])).toEqual(["waiting"]);
    expect(kind([{ ...login, time: 900 }])).toEqual(["waiting"]);
  });

  it("asks the account console's sign-in for the provider, with a fresh login and PKCE", () => {
    const url = new URL(trySignInUrl("https://sso.example/", "my realm", "partner"));
    expect(url.pathname).toBe("/realms/my%20realm/protocol/openid-connect/auth");
    const query = Object.fromEntries(url.searchParams);
    expect(query).toMatchObject({
      client_id: "account-console",
      redirect_uri: "https://sso.example/realms/my%20realm/account/",
      response_type: "code",
      prompt: "login",
      kc_idp_hint: "partner",
      code_challenge_method: "S256",
    });
    expect(query.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
