import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import KeycloakAdminClient from "@keycloak/keycloak-admin-client";
import type { TestServer } from "../support/server.ts";
import { type Api, createUser, json, type Json, startAdminServer } from "../support/admin-api.ts";
import {
  addBrokerMappers,
  addPartnerClaims,
  createPartnerBroker,
  prepareHomeRealm,
  RealmCookies,
  signInThroughPartner,
} from "./broker-partner.ts";

const HOME = "paths-home";
const PARTNER = "paths-partner";
const ALIAS = "paths-partner";
const REDIRECT = "http://127.0.0.1:1/callback";

/** The partner's tokens carry a claim whose name holds dots, a nested one, and a flat one named like the nested path. */
const PARTNER_CLAIMS: [string, string][] = [
  ["claim\\.with\\.dots", "top"],
  ["a.b", "nested"],
  ["a\\.b", "flat"],
];

/**
 * Claim paths in the broker's mappers as Keycloak's AbstractClaimMapper.getClaimValue reads them (splitClaimPath):
 * `claim\.with\.dots` names the top-level claim "claim.with.dots", `a.b` the claim b inside a.
 */
describe("identity provider mappers: claim paths with escaped dots", () => {
  let server: TestServer;
  let api: Api;
  let kc: KeycloakAdminClient;

  before(async () => {
    ({ server, api } = await startAdminServer());
    await createPartnerBroker(server, api, { home: HOME, partner: PARTNER, alias: ALIAS });
    kc = new KeycloakAdminClient({ baseUrl: server.baseUrl, realmName: "master" });
    await kc.auth({ username: "admin", password: "admin", grantType: "password", clientId: "admin-cli" });
    await addPartnerClaims(
      api,
      PARTNER,
      PARTNER_CLAIMS.map(([name, value]) => [name, value, "String"]),
    );
    await prepareHomeRealm(api, HOME, REDIRECT, ["dotted-claim", "nested-claim", "flat-claim"]);
    const mappers: [string, Record<string, string>][] = [
      ["oidc-user-attribute-idp-mapper", { claim: "claim\\.with\\.dots", "user.attribute": "dotted" }],
      ["oidc-user-attribute-idp-mapper", { claim: "a.b", "user.attribute": "nested" }],
      ["oidc-user-attribute-idp-mapper", { claim: "a\\.b", "user.attribute": "flat" }],
      ["oidc-user-attribute-idp-mapper", { claim: "claim.with.dots", "user.attribute": "unescaped" }],
      ["oidc-role-idp-mapper", { claim: "claim\\.with\\.dots", "claim.value": "top", role: "dotted-claim" }],
      ["oidc-role-idp-mapper", { claim: "a.b", "claim.value": "nested", role: "nested-claim" }],
      [
        "oidc-advanced-role-idp-mapper",
        { claims: JSON.stringify([{ key: "a\\.b", value: "flat" }]), role: "flat-claim" },
      ],
    ];
    await addBrokerMappers(api, HOME, ALIAS, mappers);
  });
  after(async () => server?.dispose());

  it("imports the claim a path names: escaped dots stay in the name, plain dots step into objects", async () => {
    await createUser(api, PARTNER, "dora", {
      email: "dora@partner.test",
      firstName: "Dora",
      lastName: "Dots",
      credentials: [{ type: "password", value: "partner-pass" }],
    });
    const options = { home: HOME, alias: ALIAS, clientId: "app", redirectUri: REDIRECT };
    const back = await signInThroughPartner(server, new RealmCookies(), options, "dora", "partner-pass");
    assert.equal(back.status, 302, await back.clone().text());
    assert.ok(new URL(back.headers.get("location")!).searchParams.get("code"), "signed in to the app");

    const [user] = await kc.users.find({ realm: HOME, username: "dora", exact: true, briefRepresentation: false });
    assert.ok(user, "the first broker login created the user");
    const attributes = user.attributes ?? {};
    assert.deepEqual(attributes.dotted, ["top"]);
    assert.deepEqual(attributes.nested, ["nested"]);
    assert.deepEqual(attributes.flat, ["flat"]);
    assert.equal(attributes.unescaped, undefined, "claim.with.dots is the path claim > with > dots: nothing there");
    const roles = await json<Json[]>(await api(`/admin/realms/${HOME}/users/${user.id}/role-mappings/realm`));
    assert.deepEqual(
      roles
        .map((r) => r.name as string)
        .filter((name) => name.endsWith("-claim"))
        .sort(),
      ["dotted-claim", "flat-claim", "nested-claim"],
    );
  });
});
