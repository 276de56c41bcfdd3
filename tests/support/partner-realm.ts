import assert from "node:assert/strict";
import type { adminFetch } from "./server.ts";

type AdminApi = ReturnType<typeof adminFetch>;

export interface PartnerUser {
  username: string;
  password: string;
  email?: string;
  firstName?: string;
  lastName?: string;
}

export interface PartnerRealm {
  /** The partner realm's name. */
  realm: string;
  /** The realm that brokers to the partner (its broker endpoints are the client's redirect URIs). */
  home: string;
  users: PartnerUser[];
  /** The partner's client for the home realm's broker: confidential, standard flow; more fields merged in. */
  client: { clientId: string } & Record<string, unknown>;
}

/** Sends an admin request and asserts its status (201 unless told); `what` names it in the failure. */
export async function expectStatus(response: Promise<Response>, status = 201, what = "request"): Promise<Response> {
  const answer = await response;
  assert.equal(answer.status, status, `${what}: ${await answer.clone().text()}`);
  return answer;
}

/** A user in a realm with a permanent password and a verified email (when given). */
export function createPasswordUser(api: AdminApi, realm: string, user: PartnerUser): Promise<Response> {
  const { password, ...profile } = user;
  return expectStatus(
    api(`/admin/realms/${realm}/users`, {
      method: "POST",
      body: {
        ...profile,
        emailVerified: !!user.email,
        enabled: true,
        credentials: [{ type: "password", value: password, temporary: false }],
      },
    }),
    201,
    `user ${user.username}`,
  );
}

/**
 * A second realm acting as the external Keycloak OpenID Connect provider (made afresh): its own users, and a client
 * whose redirect URIs are the home realm's broker endpoints at `baseUrl`.
 */
export async function createPartnerRealm(api: AdminApi, baseUrl: string, partner: PartnerRealm): Promise<void> {
  await api(`/admin/realms/${partner.realm}`, { method: "DELETE" }); // one an earlier file left on a shared Keycloak
  await expectStatus(
    api("/admin/realms", { method: "POST", body: { realm: partner.realm, enabled: true } }),
    201,
    "realm",
  );
  // Partner users may lack names on purpose (the home realm's review asks for them): the partner never asks at its sign-in.
  const verifyProfile = `/admin/realms/${partner.realm}/authentication/required-actions/VERIFY_PROFILE`;
  const action = (await (await expectStatus(api(verifyProfile), 200, "VERIFY_PROFILE")).json()) as Record<
    string,
    unknown
  >;
  await expectStatus(
    api(verifyProfile, { method: "PUT", body: { ...action, enabled: false } }),
    204,
    "VERIFY_PROFILE off",
  );
  for (const user of partner.users) await createPasswordUser(api, partner.realm, user);
  await expectStatus(
    api(`/admin/realms/${partner.realm}/clients`, {
      method: "POST",
      body: {
        publicClient: false,
        standardFlowEnabled: true,
        redirectUris: [`${baseUrl}/realms/${partner.home}/broker/*`],
        ...partner.client,
      },
    }),
    201,
    "client",
  );
}

/** The provider settings the home realm's import-config reads from the partner's discovery document. */
export async function discoveredPartnerConfig(
  api: AdminApi,
  baseUrl: string,
  { home, partner, providerId }: { home: string; partner: string; providerId: "oidc" | "keycloak-oidc" },
): Promise<Record<string, string>> {
  const answer = await expectStatus(
    api(`/admin/realms/${home}/identity-provider/import-config`, {
      method: "POST",
      body: { providerId, fromUrl: `${baseUrl}/realms/${partner}/.well-known/openid-configuration` },
    }),
    200,
    "import-config",
  );
  return (await answer.json()) as Record<string, string>;
}

/** An OpenID Connect provider that is configured but never contacted (list, picker and ordering tests). */
export function unreachableOidcProvider(alias: string, config: Record<string, string> = {}) {
  return {
    alias,
    displayName: alias,
    providerId: "oidc",
    enabled: true,
    config: {
      clientId: "x",
      clientSecret: "y",
      authorizationUrl: "https://idp.example.com/auth",
      tokenUrl: "https://idp.example.com/token",
      ...config,
    },
  };
}
