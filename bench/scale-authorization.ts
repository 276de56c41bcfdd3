/**
 * Client authorization on the `scale` realm: the client `authz-scale` with 5,000 resources, 200 scopes, 2,000
 * policies and 20,000 permissions (demo/server/src/seed/scale-authorization.ts).
 *
 * - Decisions: one user evaluated against every resource through `policy/evaluate` (ms, median), one page of
 *   10 resources as the evaluate tab asks for "all resources", and the same
 *   user's UMA grant for every resource on the token endpoint; both must count the same granted resources.
 * - Screens (in the signed-in console): each authorization tab's first page and a search, from the list
 *   response's end to the rows in the shadow root, one request per page; expanding a scope reads one page of its
 *   permissions. Target: under 300 ms.
 *
 *   node --import tsx bench/scale-authorization.ts
 */
import type { Page } from "playwright-core";
import { adminFetch, adminToken } from "../tests/support/server.ts";
import { signIn } from "../tests/support/browser.ts";
import { median } from "./first-paint.ts";
import { SCALE_REALM, runAlone } from "./scale-server.ts";
import { type Samples, record, timeRows } from "./rows-shown.ts";

const CLIENT = "authz-scale";
const USER = "user-000003";
const PASSWORD = "bench-password";
const TOKEN_CLIENT = "bench-authz-portal";
const CONSOLE_HOST = "kc-admin-console";
const DECISION_SAMPLES = Number(process.env.BENCH_AUTHZ_SAMPLES ?? 5);

type Api = ReturnType<typeof adminFetch>;

async function scaleClient(api: Api): Promise<string> {
  const [client] = (await (await api(`/admin/realms/${SCALE_REALM}/clients?clientId=${CLIENT}`)).json()) as {
    id: string;
  }[];
  if (!client) throw new Error(`client ${CLIENT} missing from the scale realm`);
  return client.id;
}

/** A password for one scale user and a public client to sign in with, so the token endpoint can be asked. */
async function userWithPassword(api: Api): Promise<string> {
  const realm = `/admin/realms/${SCALE_REALM}`;
  const created = await api(`${realm}/clients`, {
    method: "POST",
    body: { clientId: TOKEN_CLIENT, publicClient: true, directAccessGrantsEnabled: true, standardFlowEnabled: false },
  });
  if (created.status !== 201 && created.status !== 409)
    throw new Error(`token client: ${created.status} ${await created.text()}`);
  const [user] = (await (await api(`${realm}/users?username=${USER}&exact=true`)).json()) as { id: string }[];
  const reset = await api(`${realm}/users/${user!.id}/reset-password`, {
    method: "PUT",
    body: { type: "password", value: PASSWORD, temporary: false },
  });
  if (reset.status !== 204) throw new Error(`password: ${reset.status} ${await reset.text()}`);
  return user!.id;
}

async function timed<T>(call: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await call();
  return { ms: performance.now() - started, value };
}

const line = (label: string, values: number[], extra = "") =>
  console.log(
    `${label.padEnd(44)} median ${median(values).toFixed(0).padStart(6)} ms   max ${Math.max(...values)
      .toFixed(0)
      .padStart(6)} ms   ${extra}`,
  );

/** Evaluate and UMA for one user against every resource; true when both count the same granted resources. */
export async function benchAuthorizationDecisions(baseUrl: string): Promise<boolean> {
  const api = adminFetch(baseUrl, await adminToken(baseUrl));
  const id = await scaleClient(api);
  const userId = await userWithPassword(api);
  const evaluateTimes: number[] = [];
  let evaluated = { results: 0, granted: 0, bytes: 0 };
  for (let i = 0; i < DECISION_SAMPLES; i++) {
    const { ms, value } = await timed(async () => {
      const res = await api(`/admin/realms/${SCALE_REALM}/clients/${id}/authz/resource-server/policy/evaluate`, {
        method: "POST",
        body: { userId, resources: [], entitlements: false, context: { attributes: {} }, roleIds: [] },
      });
      if (!res.ok) throw new Error(`evaluate: ${res.status} ${await res.text()}`);
      return res.text();
    });
    const body = JSON.parse(value) as { results: { status: string }[] };
    evaluated = {
      results: body.results.length,
      granted: body.results.filter((r) => r.status === "PERMIT").length,
      bytes: value.length,
    };
    evaluateTimes.push(ms);
  }
  line(
    "evaluate one user against every resource",
    evaluateTimes,
    `${evaluated.granted} of ${evaluated.results} granted, ${(evaluated.bytes / 1e6).toFixed(1)} MB`,
  );

  // What the evaluate tab asks for "all resources": one page of 10 resources, each named.
  const authz = `/admin/realms/${SCALE_REALM}/clients/${id}/authz/resource-server`;
  const pageTimes: number[] = [];
  let pageBytes = 0;
  for (let i = 0; i < DECISION_SAMPLES; i++) {
    const { ms, value } = await timed(async () => {
      const listed = await api(`${authz}/resource?first=${i * 10}&max=11&deep=false`);
      const page = ((await listed.json()) as { _id: string; name: string }[]).slice(0, 10);
      const resources = page.map(({ _id, name }) => ({ _id, name, scopes: [] }));
      const res = await api(`${authz}/policy/evaluate`, {
        method: "POST",
        body: { userId, resources, entitlements: false, context: { attributes: {} }, roleIds: [] },
      });
      if (!res.ok) throw new Error(`evaluate a page: ${res.status} ${await res.text()}`);
      return res.text();
    });
    pageBytes = value.length;
    pageTimes.push(ms);
  }
  line("evaluate one page of 10 resources (the tab)", pageTimes, `${(pageBytes / 1e3).toFixed(0)} kB`);

  const tokenUrl = `${baseUrl}/realms/${SCALE_REALM}/protocol/openid-connect/token`;
  const form = (fields: Record<string, string>, token?: string) =>
    fetch(tokenUrl, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: new URLSearchParams(fields),
    });
  const signedIn = await form({ grant_type: "password", client_id: TOKEN_CLIENT, username: USER, password: PASSWORD });
  if (!signedIn.ok) throw new Error(`password grant: ${signedIn.status} ${await signedIn.text()}`);
  const { access_token: token } = (await signedIn.json()) as { access_token: string };
  const umaTimes: number[] = [];
  let granted = 0;
  for (let i = 0; i < DECISION_SAMPLES; i++) {
    const { ms, value } = await timed(async () => {
      const res = await form(
        { grant_type: "urn:ietf:params:oauth:grant-type:uma-ticket", audience: CLIENT, response_mode: "permissions" },
        token,
      );
      if (!res.ok) throw new Error(`UMA grant: ${res.status} ${await res.text()}`);
      return (await res.json()) as unknown[];
    });
    granted = value.length;
    umaTimes.push(ms);
  }
  const same = granted === evaluated.granted;
  line(
    "UMA grant for every resource (token endpoint)",
    umaTimes,
    `${granted} resources granted   ${same ? "same as evaluate" : "DIFFERENT from evaluate"}`,
  );
  return same;
}

async function signedInConsole(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/admin/master/console/`);
  const username = page.getByLabel("Username or email");
  const dashboard = page.getByTestId("dashboard-title");
  await Promise.race([username.waitFor(), dashboard.waitFor()]);
  if (await username.isVisible()) await signIn(page, { username: "admin", password: "admin" });
  await dashboard.waitFor();
}

/** A page asks once, or not at all when the query cache already holds it (then nothing is measured). */
function onePage(label: string, requests: number) {
  if (requests > 1) throw new Error(`${label}: ${requests} requests for one page`);
}

/** Per tab: its address, the list request, the first row, and a search with the row it finds. */
const TABS = [
  {
    tab: "resources",
    request: "/resource-server/resource?",
    first: "resource-0000",
    search: (i: number) => `resource-04${i}1`,
  },
  { tab: "scopes", request: "/resource-server/scope?", first: "scope-000", search: (i: number) => `scope-1${i}2` },
  {
    tab: "policies",
    request: "/resource-server/policy?",
    first: "policy-0000",
    search: (i: number) => `policy-13${i}7`,
  },
  {
    tab: "permissions",
    request: "/resource-server/permission?",
    first: "resource-permission-00000",
    search: (i: number) => `scope-permission-04${i}42`,
  },
];

/** The authorization tabs of `authz-scale` in the console; samples per tab as the other screens. */
export async function authorizationScreens(page: Page, baseUrl: string, samples: Samples, count: number) {
  const api = adminFetch(baseUrl, await adminToken(baseUrl));
  const id = await scaleClient(api);
  await signedInConsole(page, baseUrl);
  const open = (tab: string) =>
    page
      .goto(`${baseUrl}/admin/master/console/#/${SCALE_REALM}/clients/${id}/authorization/${tab}`)
      .then(() => undefined);
  for (let i = 0; i < count; i++) {
    for (const { tab, request, first, search: term } of TABS) {
      const search = term(i % 10);
      const opened = await timeRows(page, CONSOLE_HOST, first, request, () => open(tab));
      onePage(`authorization ${tab}: first page`, opened.requests);
      record(samples, `authorization ${tab}: first page`, opened.ms);
      const box = page.getByPlaceholder(/^Search/).first();
      await box.fill(search);
      const found = await timeRows(page, CONSOLE_HOST, search, `name=${search}`, () => box.press("Enter"));
      onePage(`authorization ${tab}: search`, found.requests);
      record(samples, `authorization ${tab}: search`, found.ms);
    }
    await open("scopes");
    await page.getByRole("link", { name: "scope-000", exact: true }).waitFor();
    const expand = page
      .getByRole("row")
      .filter({ hasText: "scope-000" })
      .getByRole("button", { name: /Details|Expand/ })
      .first();
    const detail = await timeRows(page, CONSOLE_HOST, "scope-permission-00000", "/permissions?", () => expand.click());
    onePage("authorization: a scope's permissions", detail.requests);
    record(samples, "authorization: a scope's permissions", detail.ms);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runAlone(benchAuthorizationDecisions);
