/**
 * The clients screens on the `scale` realm (2,000 clients with a role each), in the full console signed in as
 * the master admin: the clients list (`#/scale/clients`) page by page, and the role assignment dialog of a
 * client's service account user paging every client's roles through ui-ext. Each page is timed from its
 * request's response to its rows, and each page must cost one request.
 */
import type { Page } from "playwright-core";
import { adminFetch, adminToken } from "../tests/support/server.ts";
import { signIn } from "../tests/support/browser.ts";
import { SCALE_REALM } from "./scale-server.ts";
import { type Samples, record, timeRows } from "./rows-shown.ts";

const CONSOLE_HOST = "kc-admin-console";
const PAGE_SIZE = 10;
const SERVICE_CLIENT = "bench-service-account";
/** The admin client asks `/clients/?first=…&max=…` for a page of the list. */
const LIST_REQUEST = "/clients/?first=";

type Api = ReturnType<typeof adminFetch>;

async function consoleApi(baseUrl: string): Promise<Api> {
  return adminFetch(baseUrl, await adminToken(baseUrl));
}

/** Signs in to the console (once per browser page) and waits for the dashboard. */
export async function signedInConsole(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/admin/master/console/`);
  const username = page.getByLabel("Username or email");
  const dashboard = page.getByTestId("dashboard-title");
  await Promise.race([username.waitFor(), dashboard.waitFor()]);
  if (await username.isVisible()) await signIn(page, { username: "admin", password: "admin" });
  await dashboard.waitFor();
}

/** A route of the scale realm in the signed-in console (a same-document navigation). */
export const openRoute = (page: Page, baseUrl: string, hash: string) =>
  page.goto(`${baseUrl}/admin/master/console/#/${SCALE_REALM}/${hash}`).then(() => undefined);

/** Fails the bench line when a page cost more than one request. */
function oneRequest(label: string, requests: number) {
  if (requests !== 1) throw new Error(`${label}: ${requests} requests for one page`);
}

export async function clientsList(page: Page, baseUrl: string, samples: Samples, pages: number) {
  const api = await consoleApi(baseUrl);
  const firstOfPage = async (n: number) => {
    const rows = (await (await api(`/admin/realms/${SCALE_REALM}/clients?first=${n * PAGE_SIZE}&max=1`)).json()) as {
      clientId: string;
    }[];
    return rows[0]!.clientId;
  };
  const label = "clients: list page (console)";
  const grid = page.getByRole("grid", { name: "Clients list" });
  await signedInConsole(page, baseUrl);
  const opened = await timeRows(page, CONSOLE_HOST, await firstOfPage(0), LIST_REQUEST, () =>
    openRoute(page, baseUrl, "clients"),
  );
  record(samples, label, opened.ms);
  await grid.waitFor();
  for (let n = 1; n <= pages; n++) {
    const expected = await firstOfPage(n);
    const next = page.getByRole("button", { name: "Go to next page" }).first();
    const timing = await timeRows(page, CONSOLE_HOST, expected, LIST_REQUEST, () => next.click());
    oneRequest(label, timing.requests);
    record(samples, label, timing.ms);
  }
}

/** A confidential client with a service account in the scale realm; the service account user's id. */
async function serviceAccountUser(api: Api): Promise<string> {
  const base = `/admin/realms/${SCALE_REALM}/clients`;
  const created = await api(base, {
    method: "POST",
    body: { clientId: SERVICE_CLIENT, publicClient: false, serviceAccountsEnabled: true, standardFlowEnabled: false },
  });
  if (created.status !== 201 && created.status !== 409)
    throw new Error(`service account client: ${created.status} ${await created.text()}`);
  const [client] = (await (await api(`${base}?clientId=${SERVICE_CLIENT}`)).json()) as { id: string }[];
  const user = (await (await api(`${base}/${client!.id}/service-account-user`)).json()) as { id: string };
  return user.id;
}

/**
 * The service-account roles tab is not in the console yet, so the service account user's Role mapping tab is
 * measured: the same RoleMapping table and AssignRoleDialog, asking the same ui-ext available-roles endpoint.
 */
export async function serviceAccountRoles(page: Page, baseUrl: string, samples: Samples, pages: number) {
  const api = await consoleApi(baseUrl);
  const userId = await serviceAccountUser(api);
  const available = `/ui-ext/available-roles/users/${userId}`;
  const firstOfPage = async (n: number) => {
    const rows = (await (
      await api(`/admin/realms/${SCALE_REALM}${available}?first=${n * PAGE_SIZE}&max=${PAGE_SIZE}`)
    ).json()) as { role: string; client: string }[];
    return rows[0]!.client;
  };
  await signedInConsole(page, baseUrl);
  await openRoute(page, baseUrl, `users/${userId}/role-mapping`);
  const label = "service account: assign client roles";
  // The dialog opens on the client roles of every client.
  const assign = page.getByRole("button", { name: "Assign role" }).first();
  await assign.waitFor();
  const opened = await timeRows(page, CONSOLE_HOST, await firstOfPage(0), available, () => assign.click());
  const dialog = page.getByRole("dialog");
  oneRequest(label, opened.requests);
  record(samples, label, opened.ms);
  for (let n = 1; n <= pages; n++) {
    const expected = await firstOfPage(n);
    const next = dialog.getByRole("button", { name: "Go to next page" }).first();
    const timing = await timeRows(page, CONSOLE_HOST, expected, available, () => next.click());
    oneRequest(label, timing.requests);
    record(samples, label, timing.ms);
  }
}
