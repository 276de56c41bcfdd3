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

async function created(response: Promise<Response>, what: string, status = 201): Promise<Response> {
  const answer = await response;
  assert.equal(answer.status, status, `${what}: ${await answer.clone().text()}`);
  return answer;
}

/** A user in a realm with a permanent password and a verified email (when given). */
export function createPasswordUser(api: AdminApi, realm: string, user: PartnerUser): Promise<Response> {
  const { password, ...profile } = user;
  return created(
    api(`/admin/realms/${realm}/users`, {
      method: "POST",
      body: {
        ...profile,
        emailVerified: !!user.email,
        enabled: true,
        credentials: [{ type: "password", value: password, temporary: false }],
      },
    }),
    `user ${user.username}`,
  );
}

/**
 * A second realm acting as the external Keycloak OpenID Connect provider (made afresh): its own users, and a client
 * whose redirect URIs are the home realm's broker endpoints at `baseUrl`.
 */
export async function createPartnerRealm(api: AdminApi, baseUrl: string, partner: PartnerRealm): Promise<void> {
  await api(`/admin/realms/${partner.realm}`, { method: "DELETE" }); // one an earlier file left on a shared Keycloak
  await created(api("/admin/realms", { method: "POST", body: { realm: partner.realm, enabled: true } }), "realm");
  for (const user of partner.users) await createPasswordUser(api, partner.realm, user);
  await created(
    api(`/admin/realms/${partner.realm}/clients`, {
      method: "POST",
      body: {
        publicClient: false,
        standardFlowEnabled: true,
        redirectUris: [`${baseUrl}/realms/${partner.home}/broker/*`],
        ...partner.client,
      },
    }),
    "client",
  );
}

/** The provider settings the home realm's import-config reads from the partner's discovery document. */
export async function discoveredPartnerConfig(
  api: AdminApi,
  baseUrl: string,
  { home, partner, providerId }: { home: string; partner: string; providerId: "oidc" | "keycloak-oidc" },
): Promise<Record<string, string>> {
  const answer = await created(
    api(`/admin/realms/${home}/identity-provider/import-config`, {
      method: "POST",
      body: { providerId, fromUrl: `${baseUrl}/realms/${partner}/.well-known/openid-configuration` },
    }),
    "import-config",
    200,
  );
  return (await answer.json()) as Record<string, string>;
}
