import { describe, expect, it } from "vitest";
import { mapperEffects } from "../../src/features/identity-providers/try-sign-in/mapper-effects.ts";
import { CLOCK_SLACK_MS, trySince } from "../../src/features/identity-providers/try-sign-in/try-sign-in-queries.ts";
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
