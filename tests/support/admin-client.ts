import KcAdminClient from "@keycloak/keycloak-admin-client";
import { adminToken, startTestServer } from "./server.ts";

/**
 * Keycloak's own admin client (`@keycloak/keycloak-admin-client`) signed in to `baseUrl` as `username` of
 * `authRealm` through admin-cli, addressing `realm`; a fresh token is fetched before each test's calls run out.
 */
export async function keycloakAdminClient(
  baseUrl: string,
  { realm = "master", authRealm = "master", username = "admin", password = "admin" } = {},
): Promise<KcAdminClient> {
  const client = new KcAdminClient({ baseUrl, realmName: realm });
  let fetchedAt = 0;
  let token = "";
  client.registerTokenProvider({
    getAccessToken: async () => {
      if (!token || Date.now() - fetchedAt > 30_000) {
        token = await adminToken(baseUrl, authRealm, username, password);
        fetchedAt = Date.now();
      }
      return token;
    },
  });
  return client;
}

/**
 * The status and error body of an admin client call: `success` (the status the call answers when it works, which the
 * admin client does not pass on) with an empty body, else the refusal's.
 */
export async function answerOf(
  call: Promise<unknown>,
  success = 200,
): Promise<{ status: number; body: Record<string, unknown> }> {
  try {
    await call;
    return { status: success, body: {} };
  } catch (error) {
    const { response, responseData } = error as { response?: Response; responseData?: Record<string, unknown> };
    return { status: response?.status ?? 0, body: responseData ?? {} };
  }
}

/** Status and body of the error the admin client throws for a refused call (throws if the call succeeded). */
export async function refusal(call: Promise<unknown>): Promise<{ status: number; body: Record<string, unknown> }> {
  const answer = await answerOf(call, -1);
  if (answer.status === -1) throw new Error("the call was not refused");
  return answer;
}

/**
 * A fresh realm for a test file that runs on either server: on the real Keycloak of `KC_TARGET=keycloak`
 * (`KC_REAL_URL`), else on an embedded server started for it without the demo seed. `dispose` removes the realm from
 * the Keycloak that outlives the file, or stops the embedded server.
 */
export async function realmOnTarget(realm: string): Promise<{ kc: KcAdminClient; dispose(): Promise<void> }> {
  const real = process.env.KC_TARGET === "keycloak" ? process.env.KC_REAL_URL : undefined;
  const server = real ? undefined : await startTestServer({ args: ["--seed-demo", "false"] });
  const baseUrl = real ?? server!.baseUrl;
  const kc = new KcAdminClient({ baseUrl, realmName: "master" });
  kc.setAccessToken(await adminToken(baseUrl));
  if (await kc.realms.findOne({ realm })) await kc.realms.del({ realm });
  await kc.realms.create({ realm, enabled: true });
  kc.setConfig({ realmName: realm });
  return {
    kc,
    dispose: async () => {
      if (server) await server.dispose();
      else await kc.realms.del({ realm });
    },
  };
}

/** The user the token tests sign in as: alice, password "pw", with a complete profile. */
export async function createAlice(kc: KcAdminClient): Promise<void> {
  await kc.users.create({
    username: "alice",
    enabled: true,
    firstName: "Alice",
    lastName: "Liddell",
    email: "alice@example.org",
    credentials: [{ type: "password", value: "pw", temporary: false }],
  });
}
