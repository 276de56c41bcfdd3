import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { type Api, createUser, json, type Json } from "../support/admin-api.ts";
import {
  addBrokerMappers,
  addPartnerClaims,
  brokeringTarget,
  createPartnerBroker,
  prepareHomeRealm,
  RealmCookies,
  signInThroughPartner,
  type Target,
} from "./broker-partner.ts";

// Runs on the embedded server, or on a real Keycloak with KC_TARGET=keycloak KC_REAL_URL=...: what the mappers import
// was measured on Keycloak 26.7.3.
const HOME = "idx-home";
const PARTNER = "idx-partner";
const ALIAS = "idx-partner";
const REDIRECT = "http://127.0.0.1:1/callback";

/** Array claims in the partner's tokens and user info: a list of texts and a list of objects. */
const PARTNER_CLAIMS: Record<string, string> = {
  list: JSON.stringify(["first", "second"]),
  objs: JSON.stringify([{ b: "inner" }, { b: "other" }]),
};

/**
 * Claim paths with array indexes (`list[0]`, `objs[0].b`) in the OIDC broker's mappers: Keycloak's
 * AbstractClaimMapper finds them in the provider's user info (AbstractJsonUserAttributeMapper.getJsonValue), where the
 * attribute importer, claim to role and advanced claim to role / group mappers all look.
 */
describe("identity provider mappers: claim paths with array indexes", () => {
  let target: Target;
  let api: Api;
  let dispose: () => Promise<void>;

  before(async () => {
    ({ target, api, dispose } = await brokeringTarget([HOME, PARTNER]));
    await createPartnerBroker(target, api, { home: HOME, partner: PARTNER, alias: ALIAS });
    await addPartnerClaims(
      api,
      PARTNER,
      Object.entries(PARTNER_CLAIMS).map(([name, value]) => [name, value, "JSON"]),
    );
    await prepareHomeRealm(api, HOME, REDIRECT, ["indexed-claim", "indexed-advanced", "unindexed-miss"]);
    assert.equal(
      (await api(`/admin/realms/${HOME}/groups`, { method: "POST", body: { name: "indexed" } })).status,
      201,
    );
    const mappers: [string, Record<string, string>][] = [
      ["oidc-user-attribute-idp-mapper", { claim: "list[0]", "user.attribute": "first-item" }],
      ["oidc-user-attribute-idp-mapper", { claim: "list[1]", "user.attribute": "second-item" }],
      ["oidc-user-attribute-idp-mapper", { claim: "objs[0].b", "user.attribute": "object-item" }],
      ["oidc-user-attribute-idp-mapper", { claim: "objs[5].b", "user.attribute": "missing-item" }],
      ["oidc-user-attribute-idp-mapper", { claim: "list", "user.attribute": "whole-list" }],
      ["oidc-role-idp-mapper", { claim: "list[1]", "claim.value": "second", role: "indexed-claim" }],
      ["oidc-role-idp-mapper", { claim: "list[0]", "claim.value": "second", role: "unindexed-miss" }],
      [
        "oidc-advanced-role-idp-mapper",
        { claims: JSON.stringify([{ key: "objs[1].b", value: "other" }]), role: "indexed-advanced" },
      ],
      [
        "oidc-advanced-group-idp-mapper",
        {
          claims: JSON.stringify([{ key: "list[0]", value: "fir.*" }]),
          "are.claim.values.regex": "true",
          group: "/indexed",
        },
      ],
    ];
    await addBrokerMappers(api, HOME, ALIAS, mappers);
  });
  after(async () => dispose?.());

  it("imports the item an index names, into attributes, roles and groups", async () => {
    await createUser(api, PARTNER, "ida", {
      email: "ida@partner.test",
      firstName: "Ida",
      lastName: "Index",
      credentials: [{ type: "password", value: "partner-pass" }],
    });
    const options = { home: HOME, alias: ALIAS, clientId: "app", redirectUri: REDIRECT };
    const cookies = new RealmCookies();
    let res = await signInThroughPartner(target, cookies, options, "ida", "partner-pass");
    // Keycloak passes through its first broker login's own redirects before the one back to the app
    while (res.status === 302 && !res.headers.get("location")!.startsWith(REDIRECT))
      res = await cookies.get(new URL(res.headers.get("location")!, target.baseUrl).toString());
    assert.equal(res.status, 302, await res.clone().text());
    assert.ok(new URL(res.headers.get("location")!).searchParams.get("code"), "signed in to the app");

    const [user] = await json<Json[]>(await api(`/admin/realms/${HOME}/users?username=ida&exact=true`));
    assert.ok(user, "the first broker login created the user");
    const attributes = (user.attributes ?? {}) as Record<string, string[]>;
    assert.deepEqual(attributes["first-item"], ["first"]);
    assert.deepEqual(attributes["second-item"], ["second"]);
    assert.deepEqual(attributes["object-item"], ["inner"]);
    assert.equal(attributes["missing-item"], undefined, "no item at index 5: nothing imported");
    assert.deepEqual(attributes["whole-list"], ["first", "second"]);
    const roles = await json<Json[]>(await api(`/admin/realms/${HOME}/users/${user.id}/role-mappings/realm`));
    assert.deepEqual(
      roles
        .map((r) => r.name as string)
        .filter((name) => name.startsWith("indexed") || name.startsWith("unindexed"))
        .sort(),
      ["indexed-advanced", "indexed-claim"],
    );
    const groups = await json<Json[]>(await api(`/admin/realms/${HOME}/users/${user.id}/groups`));
    assert.deepEqual(
      groups.map((g) => g.path),
      ["/indexed"],
    );
  });
});
