import assert from "node:assert/strict";
import type { TestServer } from "../support/server.ts";
import { type Api, createClient, createRealm, json, masterAdmin, startAdminServer } from "../support/admin-api.ts";
import { authUrl, CookieJar, get, submitLogin } from "./oidc-flow.ts";

export const PARTNER_CLIENT = "home-broker";
export const PARTNER_SECRET = "broker-secret";

/** The server a brokering test runs on: only its URL matters to the helpers here. */
export type Target = Pick<TestServer, "baseUrl">;

/**
 * The server of a brokering test that runs on either server: the real Keycloak of `KC_TARGET=keycloak` (`KC_REAL_URL`),
 * its realms named here removed before and after; else an embedded server started for the file.
 */
export async function brokeringTarget(
  realms: string[],
): Promise<{ target: Target; api: Api; dispose(): Promise<void> }> {
  const real = process.env.KC_TARGET === "keycloak" ? process.env.KC_REAL_URL : undefined;
  if (!real) {
    const { server, api } = await startAdminServer();
    return { target: server, api, dispose: () => server.dispose() };
  }
  const target = { baseUrl: real };
  const api = masterAdmin(target);
  const removeRealms = async () => {
    for (const realm of realms) await api(`/admin/realms/${realm}`, { method: "DELETE" });
  };
  await removeRealms();
  return { target, api, dispose: removeRealms };
}

/**
 * A home realm brokering to a second realm of the same server as a Keycloak OpenID Connect provider (found by its
 * discovery URL), the partner's confidential client taking the home realm's broker endpoints as redirect URIs.
 */
export async function createPartnerBroker(
  server: Target,
  api: Api,
  { home, partner, alias, homeRealm = {}, config = {}, provider = {} }: PartnerBrokerOptions,
): Promise<void> {
  await createRealm(api, home, homeRealm);
  await createRealm(api, partner);
  await createClient(api, partner, {
    clientId: PARTNER_CLIENT,
    publicClient: false,
    secret: PARTNER_SECRET,
    redirectUris: [`${server.baseUrl}/realms/${home}/broker/*`],
    attributes: { "post.logout.redirect.uris": "+" },
  });
  await addPartnerProvider(server, api, { home, partner, alias, config, provider });
}

/** One more Keycloak OpenID Connect provider of the home realm for the partner realm's broker client. */
export async function addPartnerProvider(
  server: Target,
  api: Api,
  { home, partner, alias, config = {}, provider = {} }: Omit<PartnerBrokerOptions, "homeRealm">,
): Promise<void> {
  const discovered = await json<Record<string, string>>(
    await api(`/admin/realms/${home}/identity-provider/import-config`, {
      method: "POST",
      body: {
        providerId: "keycloak-oidc",
        fromUrl: `${server.baseUrl}/realms/${partner}/.well-known/openid-configuration`,
      },
    }),
  );
  const created = await api(`/admin/realms/${home}/identity-provider/instances`, {
    method: "POST",
    body: {
      alias,
      providerId: "keycloak-oidc",
      ...provider,
      config: {
        ...discovered,
        clientId: PARTNER_CLIENT,
        clientSecret: PARTNER_SECRET,
        clientAuthMethod: "client_secret_post",
        ...config,
      },
    },
  });
  assert.equal(created.status, 201);
}

export interface PartnerBrokerOptions {
  home: string;
  partner: string;
  alias: string;
  homeRealm?: Record<string, unknown>;
  /** The provider's own fields beside its config (storeToken, displayName, ...). */
  provider?: Record<string, unknown>;
  config?: Record<string, string>;
}

/** Cookies kept per realm, as a browser keeps them by path: the two realms share a host and the cookies' names. */
export class RealmCookies {
  private readonly jars = new Map<string, CookieJar>();
  for(url: string): CookieJar {
    const realm = /\/realms\/([^/]+)\//.exec(new URL(url).pathname)?.[1] ?? "";
    if (!this.jars.has(realm)) this.jars.set(realm, new CookieJar());
    return this.jars.get(realm)!;
  }
  /** A GET in the browser's cookies for that URL, redirects not followed. */
  get(url: string): Promise<Response> {
    return get(url, this.for(url));
  }
}

/**
 * From the home realm's login page through the provider's button and the partner's login form: the home realm's first
 * answer to the partner's redirect back.
 */
export async function signInThroughPartner(
  server: Target,
  cookies: RealmCookies,
  { home, alias, clientId, redirectUri, codeChallenge }: SignInOptions,
  username: string,
  password: string,
): Promise<Response> {
  const login = await cookies.get(authUrl(server.baseUrl, home, { clientId, redirectUri, codeChallenge }));
  const href = new RegExp(`href="([^"]*/broker/${alias}/login[^"]*)"`).exec(await login.text())?.[1];
  assert.ok(href, "the provider's button");
  const toPartner = await cookies.get(new URL(href.replace(/&amp;/g, "&"), server.baseUrl).toString());
  assert.equal(toPartner.status, 303);
  const partnerUrl = toPartner.headers.get("location")!;
  const partnerPage = await cookies.get(partnerUrl);
  const back = await submitLogin(server.baseUrl, await partnerPage.text(), cookies.for(partnerUrl), username, password);
  assert.equal(back.status, 302, await back.clone().text());
  return cookies.get(new URL(back.headers.get("location")!, server.baseUrl).toString());
}

export interface SignInOptions {
  home: string;
  alias: string;
  clientId: string;
  redirectUri: string;
  codeChallenge?: string;
}

/** Hard-coded claims in the tokens and user info the partner's broker client gets: [name, value, JSON type label]. */
export async function addPartnerClaims(
  api: Api,
  partner: string,
  claims: [name: string, value: string, jsonType: "String" | "JSON"][],
): Promise<void> {
  const [client] = await json<{ id: string }[]>(
    await api(`/admin/realms/${partner}/clients?clientId=${PARTNER_CLIENT}`),
  );
  for (const [name, value, jsonType] of claims) {
    const added = await api(`/admin/realms/${partner}/clients/${client!.id}/protocol-mappers/models`, {
      method: "POST",
      body: {
        name: `claim ${name}`,
        protocol: "openid-connect",
        protocolMapper: "oidc-hardcoded-claim-mapper",
        config: {
          "claim.name": name,
          "claim.value": value,
          "jsonType.label": jsonType,
          "id.token.claim": "true",
          "access.token.claim": "true",
          "userinfo.token.claim": "true",
        },
      },
    });
    assert.equal(added.status, 201, await added.text());
  }
}

/** The home realm ready for mappers to write: a public app to sign in to, unmanaged attributes on, realm roles. */
export async function prepareHomeRealm(api: Api, home: string, redirectUri: string, roles: string[]): Promise<void> {
  await createClient(api, home, { clientId: "app", publicClient: true, redirectUris: [redirectUri] });
  const profile = await json(await api(`/admin/realms/${home}/users/profile`));
  const unmanaged = { ...profile, unmanagedAttributePolicy: "ENABLED" };
  assert.equal((await api(`/admin/realms/${home}/users/profile`, { method: "PUT", body: unmanaged })).status, 200);
  for (const name of roles)
    assert.equal((await api(`/admin/realms/${home}/roles`, { method: "POST", body: { name } })).status, 201);
}

/** Identity provider mappers on `alias`, each [type, config], named by its type and first setting. */
export async function addBrokerMappers(
  api: Api,
  home: string,
  alias: string,
  mappers: [type: string, config: Record<string, string>][],
): Promise<void> {
  for (const [type, config] of mappers) {
    const created = await api(`/admin/realms/${home}/identity-provider/instances/${alias}/mappers`, {
      method: "POST",
      body: {
        name: `${type} ${Object.values(config)[0]}`,
        identityProviderAlias: alias,
        identityProviderMapper: type,
        config: { syncMode: "INHERIT", ...config },
      },
    });
    assert.equal(created.status, 201, await created.text());
  }
}
