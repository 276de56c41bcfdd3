import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { deflateRawSync, inflateRawSync } from "node:zlib";
import type KcAdminClient from "@keycloak/keycloak-admin-client";
import { UnmanagedAttributePolicy } from "@keycloak/keycloak-admin-client/lib/defs/userProfileMetadata.js";
import { SAML, type Profile } from "@node-saml/node-saml";
import type { TestServer } from "../support/server.ts";
import {
  type Api,
  completeProfile,
  createRealm,
  createUser,
  json,
  type Json,
  startAdminServer,
} from "../support/admin-api.ts";
import { keycloakAdminClient } from "../support/admin-client.ts";
import { certificatePem, testCertificate } from "../support/test-certificate.ts";
import { authUrl, CookieJar, get, submitLogin } from "./oidc-flow.ts";
import { decodeEntities, errorText, fieldValue } from "./login-forms.ts";

const REALM = "saml-idp";
const EMAIL = "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress";
const UNSPECIFIED = "urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified";
const TRANSIENT = "urn:oasis:names:tc:SAML:2.0:nameid-format:transient";
const PERSISTENT = "urn:oasis:names:tc:SAML:2.0:nameid-format:persistent";
const acsOf = (clientId: string) => `http://127.0.0.1:1/${clientId}/acs`;

/** SAML clients signing users in through the realm's SSO endpoint, driven by node-saml service providers over HTTP. */
describe("SAML identity provider: SP-initiated SSO", () => {
  let server: TestServer;
  let api: Api;
  let kc: KcAdminClient;
  let endpoint: string;
  let realmCertificate: string;
  const spKey = testCertificate();
  const spCertificate = spKey.cert.replace(/-----[^-]+-----|\s/g, "");

  before(async () => {
    ({ server, api } = await startAdminServer());
    await createRealm(api, REALM, { eventsEnabled: true });
    kc = await keycloakAdminClient(server.baseUrl, { realm: REALM });
    endpoint = `${server.baseUrl}/realms/${REALM}/protocol/saml`;
    const { keys } = await json<{ keys: { algorithm: string; certificate?: string }[] }>(
      await api(`/admin/realms/${REALM}/keys`),
    );
    realmCertificate = keys.find((k) => k.algorithm === "RS256")!.certificate!;
    const profile = await kc.users.getProfile();
    await kc.users.updateProfile({ ...profile, unmanagedAttributePolicy: UnmanagedAttributePolicy.Enabled });
    for (const name of ["sue", "tim"])
      await createUser(api, REALM, name, {
        ...completeProfile(name),
        attributes: { dept: ["eng", "ops"] },
        credentials: [{ type: "password", value: `${name}-pass`, temporary: false }],
      });
  });

  after(async () => {
    await server?.stop();
  });

  async function samlClient(clientId: string, attributes: Record<string, string>, extra: Record<string, unknown> = {}) {
    const { id } = await kc.clients.create({
      clientId,
      protocol: "saml",
      redirectUris: [`http://127.0.0.1:1/${clientId}/*`],
      attributes: {
        saml_assertion_consumer_url_post: acsOf(clientId),
        "saml.client.signature": "false",
        "saml.server.signature": "true",
        ...attributes,
      },
      ...extra,
    });
    return id;
  }

  /** node-saml as the client's service provider: it sends AuthnRequests and validates the realm's Responses. */
  function sp(clientId: string, options: Record<string, unknown> = {}) {
    return new SAML({
      entryPoint: endpoint,
      issuer: clientId,
      callbackUrl: acsOf(clientId),
      audience: clientId,
      idpIssuer: `${server.baseUrl}/realms/${REALM}`,
      idpCert: certificatePem(realmCertificate),
      wantAuthnResponseSigned: true,
      wantAssertionsSigned: false,
      validateInResponseTo: "never" as never,
      identifierFormat: null,
      ...options,
    });
  }

  /** The Response a page auto-posts to the assertion consumer URL, with its RelayState. */
  function posted(page: string, acsUrl: string) {
    const action = decodeEntities(/<form name="saml-post-binding"[^>]*action="([^"]+)"/.exec(page)?.[1] ?? "");
    assert.equal(action, acsUrl, `the Response is posted to the assertion consumer URL:\n${page}`);
    const SAMLResponse = fieldValue(page, "SAMLResponse");
    return {
      SAMLResponse,
      RelayState: fieldValue(page, "RelayState"),
      xml: Buffer.from(SAMLResponse, "base64").toString(),
    };
  }

  /** Signs in on the login page the endpoint answers, and returns the page that posts the Response. */
  async function signIn(url: string, jar: CookieJar, username = "sue") {
    const login = await get(url, jar);
    const html = await login.text();
    assert.equal(login.status, 200, html);
    const res = await submitLogin(server.baseUrl, html, jar, username, `${username}-pass`);
    const page = await res.text();
    assert.equal(res.status, 200, page);
    return page;
  }

  const eventsOf = async (type: string) =>
    (await json<Json[]>(await api(`/admin/realms/${REALM}/events?type=${type}&max=100`))) as {
      clientId?: string;
      error?: string;
      details?: Record<string, string>;
    }[];

  async function validate(saml: SAML, samlResponse: string): Promise<Profile> {
    const { profile } = await saml.validatePostResponseAsync({ SAMLResponse: samlResponse });
    assert.ok(profile);
    return profile;
  }

  it("HTTP-Redirect AuthnRequest: the login page, then a signed Response answering it posted to the ACS with the RelayState; the SSO session answers the next one", async () => {
    await samlClient("sp-basic", {});
    const saml = sp("sp-basic");
    const jar = new CookieJar();
    const url = await saml.getAuthorizeUrlAsync("relay-1", undefined, {});
    const page = await signIn(url, jar);
    const answer = posted(page, acsOf("sp-basic"));
    assert.equal(answer.RelayState, "relay-1");
    const requestId = /ID="([^"]+)"/.exec(
      inflateRawSync(Buffer.from(new URL(url).searchParams.get("SAMLRequest")!, "base64")).toString(),
    )![1];
    assert.match(answer.xml, new RegExp(`InResponseTo="${requestId}"`));
    const profile = await validate(saml, answer.SAMLResponse);
    assert.deepEqual([profile.nameID, profile.nameIDFormat], ["sue", UNSPECIFIED]);
    const [login] = await eventsOf("LOGIN");
    assert.equal(login?.clientId, "sp-basic");
    assert.deepEqual(
      [login?.details?.auth_method, login?.details?.redirect_uri, login?.details?.username],
      ["saml", acsOf("sp-basic"), "sue"],
    );

    const again = await get(await saml.getAuthorizeUrlAsync("relay-2", undefined, {}), jar);
    const sso = posted(await again.text(), acsOf("sp-basic"));
    assert.equal(sso.RelayState, "relay-2");
    assert.equal((await validate(saml, sso.SAMLResponse)).nameID, "sue", "no login page the second time");
  });

  it("HTTP-POST AuthnRequest to a client that requires signed requests: refused unsigned or signed by another key, accepted signed by the client's key", async () => {
    await samlClient("sp-signed", { "saml.client.signature": "true", "saml.signing.certificate": spCertificate });
    const post = async (saml: SAML) => {
      const fields = (await saml.getAuthorizeMessageAsync("relay-post", undefined, {})) as Record<string, string>;
      const res = await fetch(endpoint, { method: "POST", redirect: "manual", body: new URLSearchParams(fields) });
      return { status: res.status, html: await res.text() };
    };
    const options = {
      authnRequestBinding: "HTTP-POST",
      skipRequestCompression: true,
      signatureAlgorithm: "sha256",
      digestAlgorithm: "sha256",
    };
    // Keycloak 26.7.3 forbids SHA-1 in XML signatures (secure validation), even by the client's own key
    const sha1 = { ...options, digestAlgorithm: "sha1", privateKey: spKey.key };
    for (const variant of [{ ...options }, { ...options, privateKey: testCertificate().key }, sha1]) {
      const refused = await post(sp("sp-signed", variant));
      assert.equal(refused.status, 400);
      assert.equal(errorText(refused.html), "Invalid requester");
    }
    const errors = await eventsOf("LOGIN_ERROR");
    assert.deepEqual(
      errors.slice(0, 3).map((e) => [e.clientId, e.error]),
      [
        [undefined, "invalid_signature"],
        [undefined, "invalid_signature"],
        [undefined, "invalid_signature"],
      ],
      "as Keycloak 26.7.3, no client named",
    );
    // Keycloak 26.7.3 answers an accepted POST with a redirect to the flow's URL, which shows the login page
    const fields = await sp("sp-signed", { ...options, privateKey: spKey.key }).getAuthorizeMessageAsync(
      "rp",
      undefined,
      {},
    );
    const accepted = await fetch(endpoint, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams(fields as Record<string, string>),
    });
    assert.equal(accepted.status, 302);
    const flowUrl = new URL(accepted.headers.get("location")!);
    assert.equal(flowUrl.pathname, `/realms/${REALM}/login-actions/authenticate`);
    assert.equal(flowUrl.searchParams.get("client_id"), "sp-signed");
    const postedPage = await signIn(flowUrl.toString(), new CookieJar());
    assert.equal(posted(postedPage, acsOf("sp-signed")).RelayState, "rp");

    const redirectSigned = sp("sp-signed", { privateKey: spKey.key, signatureAlgorithm: "sha256" });
    const page = await signIn(await redirectSigned.getAuthorizeUrlAsync("r", undefined, {}), new CookieJar());
    assert.equal((await validate(sp("sp-signed"), posted(page, acsOf("sp-signed")).SAMLResponse)).nameID, "sue");
  });

  it("refusals: no SAMLRequest, an unknown issuer, a disabled client, an OIDC client, an ACS URL the client does not have, each a page and a LOGIN_ERROR", async () => {
    await samlClient("sp-acs", {}, { redirectUris: ["http://127.0.0.1:1/sp-acs/other/*"] });
    await samlClient("sp-off", {}, { enabled: false });
    await kc.clients.create({ clientId: "oidc-app", redirectUris: ["http://127.0.0.1:1/oidc-app/*"] });
    const cases: [string, string, string][] = [
      [endpoint, "Invalid Request", "saml_token_not_found"],
      [await sp("sp-off").getAuthorizeUrlAsync("", undefined, {}), "Login requester not enabled", "client_disabled"],
      [await sp("oidc-app").getAuthorizeUrlAsync("", undefined, {}), "Wrong client protocol.", "invalid_client"],
      [await sp("nobody").getAuthorizeUrlAsync("", undefined, {}), "Invalid Request", "client_not_found"],
      [
        await sp("sp-acs", { callbackUrl: "http://elsewhere.test/acs" }).getAuthorizeUrlAsync("", undefined, {}),
        "Invalid redirect uri",
        "invalid_redirect_uri",
      ],
      // Keycloak 26.7.3: the client's ACS POST URL is no valid ACS URL in a request unless a redirect URI allows it
      [
        await sp("sp-acs", { callbackUrl: acsOf("sp-acs") }).getAuthorizeUrlAsync("", undefined, {}),
        "Invalid redirect uri",
        "invalid_redirect_uri",
      ],
    ];
    for (const [url, message, error] of cases) {
      const res = await get(url, new CookieJar());
      assert.equal(res.status, 400, error);
      assert.equal(errorText(await res.text()), message, error);
      const [event] = await eventsOf("LOGIN_ERROR");
      assert.equal(event?.error, error);
      assert.equal(event?.clientId, undefined, "Keycloak 26.7.3 names no client");
    }
    // without an ACS URL in the request, the client's ACS POST URL
    const fallback = await signIn(
      await sp("sp-acs", { disableRequestAcsUrl: true }).getAuthorizeUrlAsync("", undefined, {}),
      new CookieJar(),
    );
    posted(fallback, acsOf("sp-acs"));
    // a valid redirect URI is an acceptable ACS URL
    const other = "http://127.0.0.1:1/sp-acs/other/acs";
    const page = await signIn(
      await sp("sp-acs", { callbackUrl: other }).getAuthorizeUrlAsync("", undefined, {}),
      new CookieJar(),
    );
    posted(page, other);
  });

  it("IsPassive without a session: a Response with status NoPassive to the ACS; with one, the user's assertion; ForceAuthn asks again", async () => {
    await samlClient("sp-passive", {});
    const saml = sp("sp-passive", { passive: true });
    const res = await get(await saml.getAuthorizeUrlAsync("relay-p", undefined, {}), new CookieJar());
    const answer = posted(await res.text(), acsOf("sp-passive"));
    assert.equal(answer.RelayState, "relay-p");
    assert.match(
      answer.xml,
      /<samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Responder"><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:NoPassive"\/>/,
    );
    assert.doesNotMatch(answer.xml, /<saml:Assertion/);

    const jar = new CookieJar();
    await signIn(await sp("sp-passive").getAuthorizeUrlAsync("", undefined, {}), jar);
    const passive = await get(await saml.getAuthorizeUrlAsync("", undefined, {}), jar);
    assert.equal((await validate(saml, posted(await passive.text(), acsOf("sp-passive")).SAMLResponse)).nameID, "sue");
    // ForceAuthn: the login page again despite the session, as Keycloak's "Please re-authenticate"
    const forced = await get(await sp("sp-passive", { forceAuthn: true }).getAuthorizeUrlAsync("", undefined, {}), jar);
    assert.match(await forced.text(), /id="kc-form-login"/);
  });

  it("NameID formats: the NameIDPolicy's unless the client forces its own; a persistent id kept per user and client", async () => {
    await samlClient("sp-persistent", { saml_name_id_format: "persistent" });
    await samlClient("sp-forced", { saml_name_id_format: "email", saml_force_name_id_format: "true" });
    const jar = new CookieJar();
    const nameIdOf = async (clientId: string, identifierFormat: string | null) => {
      const saml = sp(clientId, { identifierFormat });
      const res = await get(await saml.getAuthorizeUrlAsync("", undefined, {}), jar);
      const html = await res.text();
      const page = /kc-form-login/.test(html)
        ? await (await submitLogin(server.baseUrl, html, jar, "sue", "sue-pass")).text()
        : html;
      const profile = await validate(saml, posted(page, acsOf(clientId)).SAMLResponse);
      return [profile.nameID, profile.nameIDFormat];
    };
    const [persistent, format] = await nameIdOf("sp-persistent", null);
    assert.equal(format, PERSISTENT);
    assert.match(persistent!, /^G-[0-9a-f-]{36}$/);
    assert.deepEqual(await nameIdOf("sp-persistent", null), [persistent, PERSISTENT], "the same id next time");
    const [sue] = await kc.users.find({ username: "sue", exact: true });
    assert.deepEqual(sue?.attributes?.["saml.persistent.name.id.for.sp-persistent"], [persistent]);
    assert.deepEqual(await nameIdOf("sp-persistent", EMAIL), ["sue@example.com", EMAIL]);
    const [transient] = await nameIdOf("sp-persistent", TRANSIENT);
    assert.notEqual(transient, (await nameIdOf("sp-persistent", TRANSIENT))[0], "a new transient id each login");
    assert.deepEqual(await nameIdOf("sp-forced", TRANSIENT), ["sue@example.com", EMAIL], "the client's forced format");
  });

  it("attribute statements from the client's SAML mappers and the role_list scope, with their names, friendly names and name formats", async () => {
    const id = await samlClient("sp-attrs", {});
    const mappers: [string, string, Record<string, string>][] = [
      [
        "email",
        "saml-user-property-mapper",
        {
          "user.attribute": "email",
          "friendly.name": "mail",
          "attribute.name": "urn:oid:0.9.2342.19200300.100.1.3",
          "attribute.nameformat": "URI Reference",
        },
      ],
      [
        "dept",
        "saml-user-attribute-mapper",
        {
          "user.attribute": "dept",
          "friendly.name": "department",
          "attribute.name": "dept",
          "attribute.nameformat": "Basic",
        },
      ],
      [
        "fixed",
        "saml-hardcode-attribute-mapper",
        { "attribute.value": "v1", "attribute.name": "tier", "attribute.nameformat": "Unspecified" },
      ],
      [
        "groups",
        "saml-group-membership-mapper",
        { "full.path": "true", single: "true", "attribute.name": "member", "attribute.nameformat": "Basic" },
      ],
    ];
    for (const [name, protocolMapper, config] of mappers)
      await kc.clients.addProtocolMapper({ id }, { name, protocol: "saml", protocolMapper, config });
    const group = await kc.groups.create({ name: "team" });
    const [sue] = await kc.users.find({ username: "sue", exact: true });
    await kc.users.addToGroup({ id: sue!.id!, groupId: group.id });
    await kc.roles.create({ name: "staff" });
    const staff = await kc.roles.findOneByName({ name: "staff" });
    await kc.users.addRealmRoleMappings({ id: sue!.id!, roles: [{ id: staff!.id!, name: "staff" }] });

    const page = await signIn(await sp("sp-attrs").getAuthorizeUrlAsync("", undefined, {}), new CookieJar());
    const { xml, SAMLResponse } = posted(page, acsOf("sp-attrs"));
    const profile = await validate(sp("sp-attrs"), SAMLResponse);
    assert.equal(profile["urn:oid:0.9.2342.19200300.100.1.3"], "sue@example.com");
    assert.deepEqual(profile.dept, ["eng", "ops"]);
    assert.equal(profile.tier, "v1");
    assert.equal(profile.member, "/team");
    assert.ok((profile.Role as string[]).includes("staff"), JSON.stringify(profile.Role));
    assert.match(
      xml,
      /<saml:Attribute FriendlyName="mail" Name="urn:oid:0.9.2342.19200300.100.1.3" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:uri">/,
    );
    assert.match(
      xml,
      /<saml:Attribute Name="tier" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:unspecified">/,
    );
    // the role list's "Single Role Attribute" is off: one Role attribute per role
    const roleAttributes = [...xml.matchAll(/<saml:Attribute Name="Role" [^>]*>(.*?)<\/saml:Attribute>/g)];
    assert.ok(roleAttributes.length > 1);
    for (const [, values] of roleAttributes) assert.equal(values!.match(/<saml:AttributeValue/g)?.length, 1, values);
  });

  it("a client that does not force the POST binding gets the Response by redirect when the AuthnRequest asks for it, its query signed", async () => {
    await samlClient("sp-redirect", {
      "saml.force.post.binding": "false",
      saml_assertion_consumer_url_redirect: acsOf("sp-redirect"),
    });
    const saml = sp("sp-redirect");
    const url = new URL(await saml.getAuthorizeUrlAsync("relay-r", undefined, {}));
    const xml = inflateRawSync(Buffer.from(url.searchParams.get("SAMLRequest")!, "base64"))
      .toString()
      .replace("bindings:HTTP-POST", "bindings:HTTP-Redirect");
    url.searchParams.set("SAMLRequest", deflateRawSync(xml).toString("base64"));
    const jar = new CookieJar();
    const login = await get(url.toString(), jar);
    const res = await submitLogin(server.baseUrl, await login.text(), jar, "tim", "tim-pass");
    assert.equal(res.status, 302);
    const location = new URL(res.headers.get("location")!);
    assert.equal(`${location.origin}${location.pathname}`, acsOf("sp-redirect"));
    assert.equal(location.searchParams.get("RelayState"), "relay-r");
    assert.ok(location.searchParams.get("Signature"), "the query is signed");
    const response = inflateRawSync(Buffer.from(location.searchParams.get("SAMLResponse")!, "base64")).toString();
    assert.match(response, /<saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified">tim</);
  });

  it("a second realm brokering to this one through SAML (the embedded server as the SP) signs the user in there", async () => {
    const spRealm = "saml-sp";
    const alias = "upstream";
    const app = "http://127.0.0.1:1/app/callback";
    await createRealm(api, spRealm);
    await api(`/admin/realms/${spRealm}/clients`, {
      method: "POST",
      body: { clientId: "app", publicClient: true, redirectUris: [app] },
    });
    const brokerEndpoint = `${server.baseUrl}/realms/${spRealm}/broker/${alias}/endpoint`;
    const id = await samlClient(
      `${server.baseUrl}/realms/${spRealm}`,
      { saml_assertion_consumer_url_post: brokerEndpoint },
      { redirectUris: [`${brokerEndpoint}*`] },
    );
    for (const property of ["email", "firstName", "lastName"])
      await kc.clients.addProtocolMapper(
        { id },
        {
          name: property,
          protocol: "saml",
          protocolMapper: "saml-user-property-mapper",
          config: { "user.attribute": property, "attribute.name": property, "attribute.nameformat": "Basic" },
        },
      );
    const spAdmin = await keycloakAdminClient(server.baseUrl, { realm: spRealm });
    await spAdmin.identityProviders.create({
      alias,
      providerId: "saml",
      enabled: true,
      trustEmail: true,
      config: {
        singleSignOnServiceUrl: endpoint,
        idpEntityId: `${server.baseUrl}/realms/${REALM}`,
        signingCertificate: realmCertificate,
        validateSignature: "true",
        postBindingResponse: "true",
        postBindingAuthnRequest: "false",
        nameIDPolicyFormat: UNSPECIFIED,
        principalType: "SUBJECT",
        syncMode: "IMPORT",
      },
    });
    for (const property of ["email", "firstName", "lastName"])
      await spAdmin.identityProviders.createMapper({
        alias,
        identityProviderMapper: {
          name: property,
          identityProviderAlias: alias,
          identityProviderMapper: "saml-user-attribute-idp-mapper",
          config: { "attribute.name": property, "user.attribute": property, syncMode: "INHERIT" },
        },
      });

    const spJar = new CookieJar();
    const start = new URL(authUrl(server.baseUrl, spRealm, { clientId: "app", redirectUri: app }));
    start.searchParams.set("kc_idp_hint", alias);
    let toIdp = await get(start.toString(), spJar);
    while (toIdp.status === 302 && !toIdp.headers.get("location")!.startsWith(endpoint))
      toIdp = await get(new URL(toIdp.headers.get("location")!, server.baseUrl).toString(), spJar);
    assert.equal(toIdp.status, 302, await toIdp.clone().text());
    const authnRequest = toIdp.headers.get("location")!;
    assert.ok(authnRequest.startsWith(`${endpoint}?SAMLRequest=`), authnRequest);
    const page = await signIn(authnRequest, new CookieJar(), "tim");
    const answer = posted(page, brokerEndpoint);
    let res = await fetch(brokerEndpoint, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: spJar.header() },
      body: new URLSearchParams({ SAMLResponse: answer.SAMLResponse, RelayState: answer.RelayState }),
    });
    spJar.store(res);
    for (let hops = 0; hops < 5 && res.status === 302 && !res.headers.get("location")!.startsWith(app); hops++) {
      res = await get(new URL(res.headers.get("location")!, server.baseUrl).toString(), spJar);
    }
    assert.equal(res.status, 302, await res.clone().text());
    assert.ok(new URL(res.headers.get("location")!).searchParams.get("code"), "the app gets its code");
    const [imported] = await spAdmin.users.find({ username: "tim", exact: true });
    assert.deepEqual([imported?.email, imported?.firstName], ["tim@example.com", completeProfile("tim").firstName]);
  });
});
