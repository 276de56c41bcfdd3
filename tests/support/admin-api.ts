import { adminFetch, adminToken, startTestServer, type TestServer } from "./server.ts";

/** A parsed JSON body; tests read into it freely. */
export type Json = ReturnType<typeof JSON.parse>;

export type Api = (
  path: string,
  init?: { method?: string; body?: unknown; headers?: Record<string, string> },
) => Promise<Response>;

/** Admin API caller for the master admin that fetches a new token before the old one (60 s in master) runs out. */
export function masterAdmin(server: Pick<TestServer, "baseUrl">): Api {
  let token: { value: string; fetchedAt: number } | undefined;
  return async (path, init = {}) => {
    if (!token || Date.now() - token.fetchedAt > 30_000)
      token = { value: await adminToken(server.baseUrl), fetchedAt: Date.now() };
    return adminFetch(server.baseUrl, token.value)(path, init);
  };
}

/** A server without the demo realm and an admin API caller for it. */
export async function startAdminServer(): Promise<{ server: TestServer; api: Api }> {
  const server = await startTestServer({ args: ["--seed-demo", "false"] });
  return { server, api: masterAdmin(server) };
}

/**
 * Changes a realm's admin-cli client as an administrator would (read, change, PUT): `attributes` are merged into its
 * own, other fields replace. Throws with the server's answer unless it is 204.
 */
export async function updateAdminCli(
  api: Api,
  realm: string,
  { attributes, ...fields }: { attributes?: Record<string, string>; [field: string]: unknown },
): Promise<void> {
  const [client] = (await (await api(`/admin/realms/${realm}/clients?clientId=admin-cli`)).json()) as {
    id: string;
    attributes?: Record<string, string>;
  }[];
  const response = await api(`/admin/realms/${realm}/clients/${client.id}`, {
    method: "PUT",
    body: { ...client, ...fields, attributes: { ...client.attributes, ...attributes } },
  });
  if (response.status !== 204)
    throw new Error(`updating admin-cli failed: ${response.status} ${await response.text()}`);
}

/** admin-cli's attributes that make its access tokens full ones (Keycloak gives it lightweight tokens at first). */
export const FULL_ACCESS_TOKENS = { "client.use.lightweight.access.token.enabled": "false" };

/** The id at the end of a Location header. */
export function idFromLocation(res: Response): string {
  const location = res.headers.get("location");
  if (!location) throw new Error(`no Location header (status ${res.status})`);
  return decodeURIComponent(location.split("/").at(-1)!);
}

export const form = (fields: Record<string, string>) => ({
  body: new URLSearchParams(fields).toString(),
  headers: { "content-type": "application/x-www-form-urlencoded" },
});

/** The JSON body of a 2xx answer; throws with the status and body otherwise. */
export async function json<T = Json>(res: Response): Promise<T> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

async function createdId(res: Response, what: string): Promise<string> {
  if (res.status !== 201) throw new Error(`${what} create failed: ${res.status} ${await res.text()}`);
  return idFromLocation(res);
}

/** Creates a realm for one test file; extra fields go into the RealmRepresentation. */
export async function createRealm(api: Api, realm: string, extra: Record<string, unknown> = {}): Promise<void> {
  await createdId(await api("/admin/realms", { method: "POST", body: { realm, enabled: true, ...extra } }), "realm");
}

export async function createUser(
  api: Api,
  realm: string,
  username: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  return createdId(
    await api(`/admin/realms/${realm}/users`, { method: "POST", body: { username, enabled: true, ...extra } }),
    "user",
  );
}

export async function createClient(api: Api, realm: string, rep: Record<string, unknown>): Promise<string> {
  return createdId(await api(`/admin/realms/${realm}/clients`, { method: "POST", body: rep }), "client");
}

export async function createClientScope(api: Api, realm: string, rep: Record<string, unknown>): Promise<string> {
  return createdId(
    await api(`/admin/realms/${realm}/client-scopes`, { method: "POST", body: { protocol: "openid-connect", ...rep } }),
    "client scope",
  );
}

/** A complete profile for a test user: new realms require email, first and last name before a user may sign in. */
export const completeProfile = (username: string) => ({
  email: `${username}@example.com`,
  firstName: "Test",
  lastName: "User",
});
