import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { TestServer } from "../support/server.ts";
import { type Api, createUser, idFromLocation, json, type Json, startAdminServer } from "../support/admin-api.ts";
import { addPartnerProvider, createPartnerBroker, RealmCookies, signInThroughPartner } from "./broker-partner.ts";

const HOME = "sync-home";
const PARTNER = "sync-partner";
const REDIRECT = "http://127.0.0.1:1/callback";

/**
 * The provider's sync mode on later sign-ins, as Keycloak 26.7.3 applies it: IMPORT leaves the user as the first login
 * made it, FORCE updates names and every mapper, LEGACY runs each mapper's old behaviour (attribute importers update,
 * claim-to-role only takes the role away, hardcoded roles are left alone).
 */
describe("identity provider sync modes on later sign-ins", () => {
  let server: TestServer;
  let api: Api;
  const users = `/admin/realms/${HOME}/users`;

  before(async () => {
    ({ server, api } = await startAdminServer());
    await createPartnerBroker(server, api, { home: HOME, partner: PARTNER, alias: "sync-import" });
    await api(`/admin/realms/${HOME}/clients`, {
      method: "POST",
      body: { clientId: "app", publicClient: true, redirectUris: [REDIRECT] },
    });
    const profile = await json(await api(`/admin/realms/${HOME}/users/profile`));
    const policy = { ...profile, unmanagedAttributePolicy: "ENABLED" };
    assert.equal((await api(`/admin/realms/${HOME}/users/profile`, { method: "PUT", body: policy })).status, 200);
    for (const name of ["partner-admin", "imported"])
      assert.equal((await api(`/admin/realms/${HOME}/roles`, { method: "POST", body: { name } })).status, 201);
  });
  after(async () => server?.dispose());

  async function providerWithMappers(alias: string, syncMode: string) {
    if (alias !== "sync-import") await addPartnerProvider(server, api, { home: HOME, partner: PARTNER, alias });
    const path = `/admin/realms/${HOME}/identity-provider/instances/${alias}`;
    const rep = await json(await api(path));
    assert.equal(
      (await api(path, { method: "PUT", body: { ...rep, config: { ...rep.config, syncMode } } })).status,
      204,
    );
    const mappers: [string, Record<string, string>][] = [
      ["oidc-user-attribute-idp-mapper", { claim: "given_name", "user.attribute": "partnerGivenName" }],
      ["oidc-role-idp-mapper", { claim: "family_name", "claim.value": "Admin", role: "partner-admin" }],
      ["oidc-hardcoded-role-idp-mapper", { role: "imported" }],
    ];
    for (const [type, config] of mappers) {
      const res = await api(`${path}/mappers`, {
        method: "POST",
        body: {
          name: type,
          identityProviderAlias: alias,
          identityProviderMapper: type,
          config: { syncMode: "INHERIT", ...config },
        },
      });
      assert.equal(res.status, 201);
    }
  }

  async function signIn(alias: string, username: string) {
    const options = { home: HOME, alias, clientId: "app", redirectUri: REDIRECT };
    const back = await signInThroughPartner(server, new RealmCookies(), options, username, "partner-pass");
    assert.equal(back.status, 302, await back.clone().text());
    assert.ok(new URL(back.headers.get("location")!).searchParams.get("code"), "signed in to the app");
  }

  async function homeUser(username: string) {
    const [user] = await json<Json[]>(await api(`${users}?username=${username}&exact=true&briefRepresentation=false`));
    const roles = await json<Json[]>(await api(`${users}/${user.id}/role-mappings/realm`));
    const mapped = roles.map((r) => r.name as string).filter((name) => name === "partner-admin" || name === "imported");
    return { user, roles: mapped.sort() };
  }

  /** First sign-in, then the partner changes the user's names, the home admin takes "imported" away, and again. */
  async function signInTwice(alias: string, username: string) {
    const partnerId = await createUser(api, PARTNER, username, {
      email: `${username}@partner.test`,
      firstName: "One",
      lastName: "Admin",
      credentials: [{ type: "password", value: "partner-pass" }],
    });
    await signIn(alias, username);
    const first = await homeUser(username);
    assert.equal(first.user.firstName, "One");
    assert.deepEqual(first.user.attributes.partnerGivenName, ["One"]);
    assert.deepEqual(first.roles, ["imported", "partner-admin"], "every mapper runs at the first login");

    const partnerUser = await json(await api(`/admin/realms/${PARTNER}/users/${partnerId}`));
    const renamed = { ...partnerUser, firstName: "Two", lastName: "Other" };
    assert.equal(
      (await api(`/admin/realms/${PARTNER}/users/${partnerId}`, { method: "PUT", body: renamed })).status,
      204,
    );
    const imported = await json(await api(`/admin/realms/${HOME}/roles/imported`));
    const removed = await api(`${users}/${first.user.id}/role-mappings/realm`, { method: "DELETE", body: [imported] });
    assert.equal(removed.status, 204);

    await signIn(alias, username);
    return homeUser(username);
  }

  it("IMPORT: a later sign-in changes nothing", async () => {
    await providerWithMappers("sync-import", "IMPORT");
    const { user, roles } = await signInTwice("sync-import", "ida");
    assert.equal(user.firstName, "One");
    assert.equal(user.lastName, "Admin");
    assert.deepEqual(user.attributes.partnerGivenName, ["One"]);
    assert.deepEqual(
      roles,
      ["partner-admin"],
      "the claim no longer matches, the role stays; the removed one stays away",
    );
  });

  it("LEGACY: attribute importers update, claim-to-role takes the role away, hardcoded roles are not given back", async () => {
    await providerWithMappers("sync-legacy", "LEGACY");
    const { user, roles } = await signInTwice("sync-legacy", "leo");
    assert.equal(user.firstName, "One", "names are updated only by FORCE");
    assert.deepEqual(user.attributes.partnerGivenName, ["Two"]);
    assert.deepEqual(roles, []);
  });

  it("FORCE: names and every mapper updated at each sign-in", async () => {
    await providerWithMappers("sync-force", "FORCE");
    const { user, roles } = await signInTwice("sync-force", "fay");
    assert.equal(user.firstName, "Two");
    assert.equal(user.lastName, "Other");
    assert.deepEqual(user.attributes.partnerGivenName, ["Two"]);
    assert.deepEqual(roles, ["imported"], "the hardcoded role is given back, the claim's role taken away");
  });

  it("Hardcoded Group joins the user at each sign-in it runs; session note mappers put claims and values in the session", async () => {
    const alias = "sync-notes";
    await addPartnerProvider(server, api, { home: HOME, partner: PARTNER, alias, config: { syncMode: "LEGACY" } });
    const parent = await api(`/admin/realms/${HOME}/groups`, { method: "POST", body: { name: "partners" } });
    const child = await api(`/admin/realms/${HOME}/groups/${idFromLocation(parent)}/children`, {
      method: "POST",
      body: { name: "staff" },
    });
    assert.equal(child.status, 201);
    const path = `/admin/realms/${HOME}/identity-provider/instances/${alias}/mappers`;
    const claims = [
      { key: "family_name", value: "Adm.*" },
      { key: "given_name", value: "Nobody" },
    ];
    const mappers: [string, Record<string, string>][] = [
      ["oidc-hardcoded-group-idp-mapper", { group: "/partners/staff" }],
      ["oidc-user-session-note-idp-mapper", { claims: JSON.stringify(claims), "are.claim.values.regex": "true" }],
      [
        "hardcoded-user-session-attribute-idp-mapper",
        { attribute: "source", "attribute.value": "partner", syncMode: "IMPORT" },
      ],
    ];
    for (const [type, config] of mappers) {
      const body = { name: type, identityProviderMapper: type, config: { syncMode: "INHERIT", ...config } };
      assert.equal((await api(path, { method: "POST", body })).status, 201);
    }
    const [app] = await json<Json[]>(await api(`/admin/realms/${HOME}/clients?clientId=app`));
    for (const note of ["family_name", "given_name", "source"]) {
      const mapper = {
        name: `partner ${note}`,
        protocol: "openid-connect",
        protocolMapper: "oidc-usersessionmodel-note-mapper",
        config: { "user.session.note": note, "claim.name": `partner_${note}`, "access.token.claim": "true" },
      };
      const res = await api(`/admin/realms/${HOME}/clients/${app.id}/protocol-mappers/models`, {
        method: "POST",
        body: mapper,
      });
      assert.equal(res.status, 201);
    }
    await createUser(api, PARTNER, "nia", {
      email: "nia@partner.test",
      firstName: "Nia",
      lastName: "Admin",
      credentials: [{ type: "password", value: "partner-pass" }],
    });

    const signInForClaims = async () => {
      const options = { home: HOME, alias, clientId: "app", redirectUri: REDIRECT };
      const back = await signInThroughPartner(server, new RealmCookies(), options, "nia", "partner-pass");
      const code = new URL(back.headers.get("location") ?? "http://x/").searchParams.get("code");
      assert.ok(code, `signed in to the app: ${back.status}`);
      const tokens = await fetch(`${server.baseUrl}/realms/${HOME}/protocol/openid-connect/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ grant_type: "authorization_code", code, client_id: "app", redirect_uri: REDIRECT }),
      });
      assert.equal(tokens.status, 200);
      const { access_token } = (await tokens.json()) as { access_token: string };
      return JSON.parse(Buffer.from(access_token.split(".")[1]!, "base64url").toString("utf8")) as Json;
    };
    const groupsOf = async (id: string) =>
      (await json<Json[]>(await api(`${users}/${id}/groups`))).map((g) => g.path as string);

    const first = await signInForClaims();
    assert.equal(first.partner_family_name, "Admin", "the family name matched the regex: a session note");
    assert.equal(first.partner_given_name, undefined, "the given name did not match: no note");
    assert.equal(first.partner_source, "partner", "the hardcoded user session attribute");
    const { user } = await homeUser("nia");
    assert.deepEqual(await groupsOf(user.id), ["/partners/staff"], "the hardcoded group at the first login");

    const [staff] = await json<Json[]>(await api(`${users}/${user.id}/groups`));
    assert.equal((await api(`${users}/${user.id}/groups/${staff.id}`, { method: "DELETE" })).status, 204);
    const again = await signInForClaims();
    assert.equal(again.partner_family_name, "Admin", "LEGACY runs the session note mapper again");
    assert.equal(again.partner_source, "partner", "a hardcoded session attribute is set even when its mode is IMPORT");
    assert.deepEqual(await groupsOf(user.id), ["/partners/staff"], "LEGACY joins the group again");
  });

  it("Advanced Claim to Role / Group and External Role to Role read the access token and ID token; FORCE takes away what no longer applies", async () => {
    const alias = "sync-advanced";
    await addPartnerProvider(server, api, { home: HOME, partner: PARTNER, alias, config: { syncMode: "FORCE" } });
    for (const name of ["adv-role", "ext-role", "ext-legacy"])
      assert.equal((await api(`/admin/realms/${HOME}/roles`, { method: "POST", body: { name } })).status, 201);
    for (const name of ["advanced", "never"])
      assert.equal((await api(`/admin/realms/${HOME}/groups`, { method: "POST", body: { name } })).status, 201);
    assert.equal(
      (await api(`/admin/realms/${PARTNER}/roles`, { method: "POST", body: { name: "partner-lead" } })).status,
      201,
    );
    const partnerId = await createUser(api, PARTNER, "ava", {
      email: "ava@partner.test",
      firstName: "Ava",
      lastName: "Admin",
      credentials: [{ type: "password", value: "partner-pass" }],
    });
    const lead = await json(await api(`/admin/realms/${PARTNER}/roles/partner-lead`));
    const partnerRoles = `/admin/realms/${PARTNER}/users/${partnerId}/role-mappings/realm`;
    assert.equal((await api(partnerRoles, { method: "POST", body: [lead] })).status, 204);

    const claims = (entries: [string, string][]) => JSON.stringify(entries.map(([key, value]) => ({ key, value })));
    const mappers: [string, Record<string, string>][] = [
      [
        "oidc-advanced-role-idp-mapper",
        {
          // realm_access is in the access token only: Keycloak reads the validated access token first
          claims: claims([
            ["realm_access.roles", "partner-l.*"],
            ["family_name", "Ad.*"],
          ]),
          "are.claim.values.regex": "true",
          role: "adv-role",
        },
      ],
      [
        "oidc-advanced-group-idp-mapper",
        {
          claims: claims([
            ["family_name", "Admin"],
            ["given_name", "Ava"],
          ]),
          group: "/advanced",
        },
      ],
      [
        "oidc-advanced-group-idp-mapper",
        {
          claims: claims([
            ["family_name", "Admin"],
            ["given_name", "Nobody"],
          ]),
          group: "/never",
        },
      ],
      ["keycloak-oidc-role-to-role-idp-mapper", { "external.role": "partner-lead", role: "ext-role" }],
      [
        "keycloak-oidc-role-to-role-idp-mapper",
        { "external.role": "partner-lead", role: "ext-legacy", syncMode: "LEGACY" },
      ],
    ];
    const path = `/admin/realms/${HOME}/identity-provider/instances/${alias}/mappers`;
    for (const [type, config] of mappers) {
      const body = { name: `${type} ${config.role ?? config.group}`, identityProviderMapper: type, config };
      assert.equal(
        (await api(path, { method: "POST", body: { ...body, config: { syncMode: "INHERIT", ...config } } })).status,
        201,
      );
    }
    const mapped = async () => {
      const [user] = await json<Json[]>(await api(`${users}?username=ava&exact=true`));
      const roles = await json<Json[]>(await api(`${users}/${user.id}/role-mappings/realm`));
      const groups = await json<Json[]>(await api(`${users}/${user.id}/groups`));
      return {
        roles: roles
          .map((r) => r.name as string)
          .filter((name) => /^(adv|ext)-/.test(name))
          .sort(),
        groups: groups.map((g) => g.path as string),
      };
    };

    await signIn(alias, "ava");
    assert.deepEqual(
      await mapped(),
      {
        roles: ["adv-role", "ext-legacy", "ext-role"],
        groups: ["/advanced"],
      },
      "the first login: every mapper that applies; the group whose claims do not all match is not joined",
    );

    assert.equal((await api(partnerRoles, { method: "DELETE", body: [lead] })).status, 204);
    const partnerUser = await json(await api(`/admin/realms/${PARTNER}/users/${partnerId}`));
    const renamed = { ...partnerUser, lastName: "Other" };
    assert.equal(
      (await api(`/admin/realms/${PARTNER}/users/${partnerId}`, { method: "PUT", body: renamed })).status,
      204,
    );
    await signIn(alias, "ava");
    assert.deepEqual(
      await mapped(),
      { roles: ["ext-legacy"], groups: [] },
      "FORCE takes the roles and the group away; a LEGACY External Role to Role does nothing",
    );
  });
});
