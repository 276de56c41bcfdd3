import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Recorder } from "./exchange.ts";
import type { Sequence } from "./sequences.ts";

/** Sequences of an identity provider's import-config and reload-keys, refusals included. */

/**
 * A small OpenID provider metadata host on 127.0.0.1 that both servers can fetch: `/discovery` a fixed document,
 * `/not-json` an HTML page, anything else 404.
 */
async function metadataHost(): Promise<{ origin: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    if (req.url === "/discovery") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          issuer: `${origin}/issuer`,
          authorization_endpoint: `${origin}/auth`,
          token_endpoint: `${origin}/token`,
          userinfo_endpoint: `${origin}/userinfo`,
          end_session_endpoint: `${origin}/logout`,
          introspection_endpoint: `${origin}/introspect`,
          jwks_uri: `${origin}/jwks`,
          response_types_supported: ["code"],
          subject_types_supported: ["public"],
          id_token_signing_alg_values_supported: ["RS256"],
        }),
      );
    } else if (req.url === "/saml") {
      res.writeHead(200, { "content-type": "application/samlmetadata+xml" });
      res.end(samlDescriptor(origin));
    } else if (req.url === "/not-json") {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<html><body>not a discovery document</body></html>");
    } else {
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("not found");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A SAML IdP's entity descriptor: a signing key, POST sign-on, redirect logout, e-mail NameID. */
const samlDescriptor = (origin: string) => `<?xml version="1.0" encoding="UTF-8"?>
<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${origin}/saml-idp">
  <IDPSSODescriptor WantAuthnRequestsSigned="true" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <KeyDescriptor use="signing">
      <ds:KeyInfo><ds:X509Data><ds:X509Certificate>MIIBconformancecertificate</ds:X509Certificate></ds:X509Data></ds:KeyInfo>
    </KeyDescriptor>
    <SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${origin}/saml-idp/logout"/>
    <NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</NameIDFormat>
    <SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${origin}/saml-idp/sso"/>
  </IDPSSODescriptor>
</EntityDescriptor>`;

/** import-config's answer with its keys sorted (Keycloak builds it from a hash map). */
const sortedConfig = (body: unknown) =>
  body && typeof body === "object" && !Array.isArray(body)
    ? Object.fromEntries(Object.entries(body).sort(([a], [b]) => a.localeCompare(b)))
    : body;

export const BROKERING_SEQUENCES: Record<string, Sequence> = {
  async "identity provider import and keys"(r) {
    const base = r.admin.baseUrl;
    const host = await metadataHost();
    r.knownPlace(host.origin, "<metadata-host>");
    try {
      await r.step(
        "import own realm's discovery",
        (a) =>
          a.identityProviders.importFromUrl({
            providerId: "oidc",
            fromUrl: `${base}/realms/demo/.well-known/openid-configuration`,
          }),
        sortedConfig,
      );
      await r.step(
        "import served discovery",
        (a) => a.identityProviders.importFromUrl({ providerId: "oidc", fromUrl: `${host.origin}/discovery` }),
        sortedConfig,
      );
      await r.step(
        "import as keycloak-oidc",
        (a) => a.identityProviders.importFromUrl({ providerId: "keycloak-oidc", fromUrl: `${host.origin}/discovery` }),
        sortedConfig,
      );
      await r.step(
        "import SAML descriptor",
        (a) => a.identityProviders.importFromUrl({ providerId: "saml", fromUrl: `${host.origin}/saml` }),
        sortedConfig,
      );
      await r.step("import missing document", (a) =>
        a.identityProviders.importFromUrl({ providerId: "oidc", fromUrl: `${host.origin}/missing` }),
      );
      await r.step("import not JSON", (a) =>
        a.identityProviders.importFromUrl({ providerId: "oidc", fromUrl: `${host.origin}/not-json` }),
      );
      await r.step("import without provider", (a) =>
        a.identityProviders.importFromUrl({ fromUrl: `${host.origin}/discovery` } as never),
      );
      await r.step("import unknown provider", (a) =>
        a.identityProviders.importFromUrl({ providerId: "conf-no-such", fromUrl: `${host.origin}/discovery` }),
      );

      const oidcProvider = (alias: string, keys: Record<string, string>) =>
        r.admin.identityProviders.create({
          alias,
          providerId: "oidc",
          config: {
            authorizationUrl: `${base}/realms/demo/protocol/openid-connect/auth`,
            tokenUrl: `${base}/realms/demo/protocol/openid-connect/token`,
            clientId: "console",
            clientSecret: "s3cret",
            clientAuthMethod: "client_secret_post",
            ...keys,
          },
        });
      await oidcProvider("conf-keys", {
        validateSignature: "true",
        useJwksUrl: "true",
        jwksUrl: `${base}/realms/demo/protocol/openid-connect/certs`,
      });
      await oidcProvider("conf-no-keys", {});
      await r.step("reload keys from a JWKS URL", (a) => a.identityProviders.reloadKeys({ alias: "conf-keys" }));
      await r.step("reload keys without a JWKS URL", (a) => a.identityProviders.reloadKeys({ alias: "conf-no-keys" }));
      await r.step("reload keys of a missing provider", (a) =>
        a.identityProviders.reloadKeys({ alias: "conf-missing" }),
      );
    } finally {
      await r.admin.identityProviders.del({ alias: "conf-keys" }).catch(() => undefined);
      await r.admin.identityProviders.del({ alias: "conf-no-keys" }).catch(() => undefined);
      await host.close();
    }
  },
};

/** The LDAP provider the sub-component sequence creates: a directory nobody answers on (creating it reads none). */
const ldapProvider = (parentId: string) => ({
  name: "conf-ldap",
  providerId: "ldap",
  providerType: "org.keycloak.storage.UserStorageProvider",
  parentId,
  config: {
    enabled: ["true"],
    vendor: ["other"],
    connectionUrl: ["ldap://127.0.0.1:1"],
    bindDn: ["cn=admin,dc=example,dc=org"],
    bindCredential: ["secret"],
    authType: ["simple"],
    usersDn: ["ou=people,dc=example,dc=org"],
    usernameLDAPAttribute: ["uid"],
    rdnLDAPAttribute: ["uid"],
    uuidLDAPAttribute: ["entryUUID"],
    userObjectClasses: ["inetOrgPerson, organizationalPerson"],
    editMode: ["READ_ONLY"],
    searchScope: ["1"],
    pagination: ["false"],
    importEnabled: ["true"],
    syncRegistrations: ["false"],
    batchSizeForSync: ["1000"],
    fullSyncPeriod: ["-1"],
    changedSyncPeriod: ["-1"],
    cachePolicy: ["DEFAULT"],
  },
});

/** Sub-component types by id, each with its property names and types (labels and help texts are compared elsewhere). */
const typeShapes = (body: unknown) =>
  Array.isArray(body)
    ? (body as { id: string; properties?: { name: string; type: string }[] }[])
        .map((t) => ({ id: t.id, properties: (t.properties ?? []).map((p) => `${p.name}:${p.type}`).sort() }))
        .sort((a, b) => a.id.localeCompare(b.id))
    : body;

const typeNames = (body: unknown) => (Array.isArray(body) ? (body as { id: string }[]).map((t) => t.id).sort() : body);

/** Sub-component types of the LDAP mappers (the console's user federation), refusals included. */
async function subComponentTypes(r: Recorder) {
  const realm = await r.admin.realms.findOne({ realm: "demo" });
  await r.admin.components.create(ldapProvider(realm!.id!));
  const [ldap] = await r.admin.components.find({ name: "conf-ldap", type: "org.keycloak.storage.UserStorageProvider" });
  const [key] = await r.admin.components.find({ type: "org.keycloak.keys.KeyProvider", name: "rsa-generated" });
  r.knownId(ldap!.id!);
  try {
    await r.step(
      "LDAP mapper types",
      (a) =>
        a.components.listSubComponents({ id: ldap!.id!, type: "org.keycloak.storage.ldap.mappers.LDAPStorageMapper" }),
      typeShapes,
    );
    await r.step(
      "LDAP mapper type names",
      (a) =>
        a.components.listSubComponents({ id: ldap!.id!, type: "org.keycloak.storage.ldap.mappers.LDAPStorageMapper" }),
      typeNames,
    );
    await r.step("unknown type", (a) => a.components.listSubComponents({ id: ldap!.id!, type: "conf.no.such.Type" }));
    await r.step(
      "key provider's mapper types",
      (a) =>
        a.components.listSubComponents({ id: key!.id!, type: "org.keycloak.storage.ldap.mappers.LDAPStorageMapper" }),
      typeNames,
    );
    await r.step("missing component", (a) =>
      a.components.listSubComponents({
        id: "00000000-0000-0000-0000-000000000000",
        type: "org.keycloak.storage.ldap.mappers.LDAPStorageMapper",
      }),
    );
    await r.fetch("without type", `/admin/realms/demo/components/${ldap!.id!}/sub-component-types`, {
      headers: { authorization: `Bearer ${r.admin.accessToken}` },
    });
  } finally {
    await r.admin.components.del({ id: ldap!.id! });
  }
}

BROKERING_SEQUENCES["sub-component types"] = subComponentTypes;

/** Mapper types by id: name, category and each property's name and type (help texts are compared elsewhere). */
const mapperTypeShapes = (body: unknown) =>
  body && typeof body === "object"
    ? Object.fromEntries(
        Object.entries(
          body as Record<string, { name: string; category: string; properties?: { name: string; type: string }[] }>,
        )
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([id, t]) => [
            id,
            { name: t.name, category: t.category, properties: (t.properties ?? []).map((p) => `${p.name}:${p.type}`) },
          ]),
      )
    : body;

/** A service provider descriptor's endpoints and NameID format, each element's attributes sorted by name. */
const descriptorEndpoints = (body: unknown) =>
  typeof body === "string"
    ? [...body.matchAll(/<md:(SingleLogoutService|AssertionConsumerService|NameIDFormat)\b([^>]*?)\/?>([^<]*)/g)].map(
        ([, element, attributes, text]) => ({
          element,
          attributes: Object.fromEntries(
            [...attributes!.matchAll(/(\w+)="([^"]*)"/g)]
              .map(([, n, v]) => [n!, v!])
              .sort(([a], [b]) => a!.localeCompare(b!)),
          ),
          text,
        }),
      )
    : body;

/**
 * Identity provider fidelity: a changed alias refused on update, the mapper types of each provider kind, the SAML
 * service provider descriptor's bindings, and the event of a SAML response that is not XML.
 */
BROKERING_SEQUENCES["identity provider fidelity"] = async (r) => {
  const base = r.admin.baseUrl;
  const oidcConfig = {
    authorizationUrl: `${base}/realms/demo/protocol/openid-connect/auth`,
    tokenUrl: `${base}/realms/demo/protocol/openid-connect/token`,
    clientId: "console",
  };
  const created: string[] = [];
  const create = async (alias: string, providerId: string, config: Record<string, string>) => {
    await r.admin.identityProviders.create({ alias, providerId, config });
    created.push(alias);
  };
  const eventsConfig = await r.admin.realms.getConfigEvents({ realm: "demo" });
  try {
    await create("conf-fixed", "oidc", oidcConfig);
    await create("conf-kc", "keycloak-oidc", oidcConfig);
    await create("conf-saml", "saml", { singleSignOnServiceUrl: "https://saml.example.com/sso" });
    await create("conf-saml-post", "saml", {
      singleSignOnServiceUrl: "https://saml.example.com/sso",
      postBindingLogout: "true",
      postBindingAuthnRequest: "true",
      postBindingResponse: "true",
      nameIDPolicyFormat: "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress",
    });
    await r.step("update with another alias", (a) =>
      a.identityProviders.update(
        { alias: "conf-fixed" },
        { alias: "conf-other", providerId: "oidc", config: oidcConfig },
      ),
    );
    await r.step("update with another alias and a bad body", (a) =>
      a.identityProviders.update({ alias: "conf-fixed" }, { alias: "conf-other", providerId: "conf-no-such" }),
    );
    await r.step("after the refused update", (a) => a.identityProviders.findOne({ alias: "conf-fixed" }));
    for (const alias of ["conf-fixed", "conf-kc", "conf-saml"])
      await r.step(`mapper types of ${alias}`, (a) => a.identityProviders.findMapperTypes({ alias }), mapperTypeShapes);
    for (const alias of ["conf-saml", "conf-saml-post"])
      await r.fetch(
        `descriptor of ${alias}`,
        `/realms/demo/broker/${alias}/endpoint/descriptor`,
        {},
        descriptorEndpoints,
      );

    await r.admin.realms.updateConfigEvents(
      { realm: "demo" },
      { ...eventsConfig, eventsEnabled: true, enabledEventTypes: ["IDENTITY_PROVIDER_RESPONSE_ERROR"] },
    );
    await r.admin.realms.clearEvents({ realm: "demo" });
    // not recorded: the error pages are each server's own HTML; the events they leave are compared
    for (const document of ["this is not xml", "<x/>"])
      await fetch(`${base}/realms/demo/broker/conf-saml/endpoint`, {
        method: "POST",
        body: new URLSearchParams({ SAMLResponse: Buffer.from(document).toString("base64") }),
      });
    await r.step(
      "events of responses that are not SAML",
      (a) => a.realms.findEvents({ realm: "demo", type: "IDENTITY_PROVIDER_RESPONSE_ERROR" }),
      (body) =>
        Array.isArray(body)
          ? (body as { type: string; error?: string; details?: unknown; clientId?: string }[]).map((e) => ({
              type: e.type,
              error: e.error,
              details: e.details,
              clientId: e.clientId,
            }))
          : body,
    );
  } finally {
    await r.admin.realms.updateConfigEvents({ realm: "demo" }, eventsConfig).catch(() => undefined);
    for (const alias of created) await r.admin.identityProviders.del({ alias }).catch(() => undefined);
  }
};
