import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type KcAdminClient from "@keycloak/keycloak-admin-client";
import type { TestServer } from "../support/server.ts";
import { createRealm, startAdminServer } from "../support/admin-api.ts";
import { keycloakAdminClient, refusal } from "../support/admin-client.ts";

/**
 * What the conformance sequences "identity provider import and keys" and "sub-component types" found the embedded
 * server answering unlike Keycloak 26.7.3, checked through @keycloak/keycloak-admin-client as the console calls it.
 */
const REALM = "conformance-brokering";
const LDAP_MAPPER = "org.keycloak.storage.ldap.mappers.LDAPStorageMapper";

describe("identity provider import-config, reload-keys and sub-component types as Keycloak answers them", () => {
  let server: TestServer;
  let kc: KcAdminClient;
  let issuer: string;

  before(async () => {
    let api;
    ({ server, api } = await startAdminServer());
    await createRealm(api, REALM);
    kc = await keycloakAdminClient(server.baseUrl, { realm: REALM });
    issuer = `${server.baseUrl}/realms/${REALM}`;
  });
  after(async () => server?.dispose());

  it("imports an OIDC discovery document without a sync mode, and refuses a missing or unknown provider", async () => {
    const fromUrl = `${issuer}/.well-known/openid-configuration`;
    const config = await kc.identityProviders.importFromUrl({ providerId: "oidc", fromUrl });
    assert.equal(config.issuer, issuer);
    assert.equal(config.syncMode, undefined, "Keycloak 26.7.3 answers no syncMode for an OIDC document");
    const imported = await fetch(`${server.baseUrl}/admin/realms/${REALM}/identity-provider/import-config`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${await kc.getAccessToken()}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({ providerId: "oidc", fromUrl }),
    });
    assert.equal(imported.headers.get("cache-control"), null, "Keycloak's import-config has no @NoCache");
    assert.deepEqual(await refusal(kc.identityProviders.importFromUrl({ fromUrl } as never)), {
      status: 400,
      body: { error: "HTTP 400 Bad Request" },
    });
    const unknown = await refusal(kc.identityProviders.importFromUrl({ providerId: "conf-no-such", fromUrl }));
    assert.equal(unknown.status, 400, "Keycloak answers 500 here; no input gets a 500 from the embedded server");
    assert.match(String(unknown.body.errorMessage), /'conf-no-such'/);
  });

  it("reloads keys only of an OIDC provider whose JWKS URL serves keys", async () => {
    const oidc = (alias: string, config: Record<string, string>) =>
      kc.identityProviders.create({
        alias,
        providerId: "oidc",
        config: {
          authorizationUrl: `${issuer}/protocol/openid-connect/auth`,
          tokenUrl: `${issuer}/protocol/openid-connect/token`,
          clientId: "console",
          clientSecret: "s3cret",
          clientAuthMethod: "client_secret_post",
          ...config,
        },
      });
    await oidc("with-jwks", { useJwksUrl: "true", jwksUrl: `${issuer}/protocol/openid-connect/certs` });
    await oidc("dead-jwks", { useJwksUrl: "true", jwksUrl: `${issuer}/no-such-keys` });
    await oidc("no-jwks", {});
    assert.equal(await kc.identityProviders.reloadKeys({ alias: "with-jwks" }), true);
    assert.equal(await kc.identityProviders.reloadKeys({ alias: "dead-jwks" }), false);
    assert.equal(await kc.identityProviders.reloadKeys({ alias: "no-jwks" }), false);
    assert.deepEqual(await refusal(kc.identityProviders.reloadKeys({ alias: "missing" })), {
      status: 404,
      body: { error: "HTTP 404 Not Found" },
    });
  });

  it("lists sub-component types of an existing parent, refusing a missing parent or type in Keycloak's words", async () => {
    const [key] = await kc.components.find({ type: "org.keycloak.keys.KeyProvider" });
    const types = await kc.components.listSubComponents({ id: key!.id!, type: LDAP_MAPPER });
    assert.ok(types.some((type) => type.id === "user-attribute-ldap-mapper"));
    assert.deepEqual(
      await refusal(kc.components.listSubComponents({ id: "00000000-0000-0000-0000-000000000000", type: LDAP_MAPPER })),
      { status: 404, body: { error: "Could not find parent component" } },
    );
    assert.deepEqual(await refusal(kc.components.listSubComponents({ id: key!.id!, type: "" })), {
      status: 400,
      body: { error: "must specify a subtype" },
    });
  });
});
