import { adminFetch, adminToken, type TestServer } from "../support/server.ts";

/** A parsed JSON body; tests read into it freely. */
export type Json = ReturnType<typeof JSON.parse>;

export type Api = (path: string, init?: { method?: string; body?: unknown; headers?: Record<string, string> }) => Promise<Response>;

/** Admin API caller for the master admin, renewing its short-lived token. */
export function masterAdmin(server: TestServer): Api {
  let token: { value: string; at: number } | undefined;
  return async (path, init = {}) => {
    if (!token || Date.now() - token.at > 30_000) token = { value: await adminToken(server.baseUrl), at: Date.now() };
    return adminFetch(server.baseUrl, token.value)(path, init);
  };
}

export function idFromLocation(res: Response): string {
  const location = res.headers.get("location");
  if (!location) throw new Error(`no Location header (status ${res.status})`);
  return decodeURIComponent(location.split("/").at(-1)!);
}

export const form = (fields: Record<string, string>) => ({
  body: new URLSearchParams(fields).toString(),
  headers: { "content-type": "application/x-www-form-urlencoded" },
});

/** Creates a realm for one test file; extra fields go into the RealmRepresentation. */
export async function createRealm(api: Api, realm: string, extra: Record<string, unknown> = {}): Promise<void> {
  const res = await api("/admin/realms", { method: "POST", body: { realm, enabled: true, ...extra } });
  if (res.status !== 201) throw new Error(`realm create failed: ${res.status} ${await res.text()}`);
}

export async function createUser(api: Api, realm: string, username: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await api(`/admin/realms/${realm}/users`, { method: "POST", body: { username, enabled: true, ...extra } });
  if (res.status !== 201) throw new Error(`user create failed: ${res.status} ${await res.text()}`);
  return idFromLocation(res);
}

export async function json<T = Json>(res: Response): Promise<T> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.status}: ${text}`);
  return JSON.parse(text) as T;
}
