import { adminFetch, adminToken, type TestServer } from "../support/server.ts";

/** An admin API caller for master that fetches a new token before the old one (60 s in master) runs out. */
export function adminApi(server: TestServer) {
  let token: { value: string; fetchedAt: number } | undefined;
  return async (path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
    if (!token || Date.now() - token.fetchedAt > 30_000) token = { value: await adminToken(server.baseUrl), fetchedAt: Date.now() };
    return adminFetch(server.baseUrl, token.value)(path, init);
  };
}

export type AdminApi = ReturnType<typeof adminApi>;

/** The id at the end of a Location header. */
export function idFromLocation(res: Response): string {
  const location = res.headers.get("location");
  if (!location) throw new Error(`no Location header (status ${res.status})`);
  return decodeURIComponent(location.split("/").at(-1)!);
}

export async function createClient(api: AdminApi, realm: string, rep: Record<string, unknown>): Promise<string> {
  const res = await api(`/admin/realms/${realm}/clients`, { method: "POST", body: rep });
  if (res.status !== 201) throw new Error(`client create failed: ${res.status} ${await res.text()}`);
  return idFromLocation(res);
}

export async function createClientScope(api: AdminApi, realm: string, rep: Record<string, unknown>): Promise<string> {
  const res = await api(`/admin/realms/${realm}/client-scopes`, { method: "POST", body: { protocol: "openid-connect", ...rep } });
  if (res.status !== 201) throw new Error(`client scope create failed: ${res.status} ${await res.text()}`);
  return idFromLocation(res);
}
