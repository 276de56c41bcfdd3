import assert from "node:assert/strict";
import type { adminFetch } from "./server.ts";

type Api = ReturnType<typeof adminFetch>;

export interface PartnerUser {
  username: string;
  password: string;
  email: string;
  firstName: string;
  lastName?: string;
}

/** Sends an admin request and asserts its status (201 unless told). */
export async function expectStatus(response: Promise<Response>, status = 201): Promise<Response> {
  const answer = await response;
  assert.equal(answer.status, status, await answer.clone().text());
  return answer;
}

/**
 * A second realm of the same server as an external Keycloak OpenID Connect provider: its users, and a confidential
 * client `{brokerRealm}-broker` (secret `broker-secret`) accepting the broker's redirect URIs.
 */
export async function createPartnerRealm(
  api: Api,
  baseUrl: string,
  { realm, brokerRealm, users }: { realm: string; brokerRealm: string; users: PartnerUser[] },
): Promise<{ clientId: string; clientSecret: string }> {
  await expectStatus(api("/admin/realms", { method: "POST", body: { realm, enabled: true } }));
  for (const { password, ...user } of users)
    await expectStatus(
      api(`/admin/realms/${realm}/users`, {
        method: "POST",
        body: {
          ...user,
          emailVerified: true,
          enabled: true,
          credentials: [{ type: "password", value: password, temporary: false }],
        },
      }),
    );
  const clientId = `${brokerRealm}-broker`;
  const clientSecret = "broker-secret";
  await expectStatus(
    api(`/admin/realms/${realm}/clients`, {
      method: "POST",
      body: {
        clientId,
        publicClient: false,
        secret: clientSecret,
        standardFlowEnabled: true,
        redirectUris: [`${baseUrl}/realms/${brokerRealm}/broker/*`],
      },
    }),
  );
  return { clientId, clientSecret };
}

/** The partner realm's discovery document as import-config reads it for a Keycloak OpenID Connect provider. */
export async function discoverPartner(
  api: Api,
  baseUrl: string,
  { realm, brokerRealm }: { realm: string; brokerRealm: string },
): Promise<Record<string, string>> {
  const answer = await expectStatus(
    api(`/admin/realms/${brokerRealm}/identity-provider/import-config`, {
      method: "POST",
      body: { providerId: "keycloak-oidc", fromUrl: `${baseUrl}/realms/${realm}/.well-known/openid-configuration` },
    }),
    200,
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
