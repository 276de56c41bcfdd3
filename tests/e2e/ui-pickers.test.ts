import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { resolve } from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import { adminFetch, adminToken, startTestServer, type TestServer } from "../support/server.ts";
import { launchBrowser, newPage } from "../support/browser.ts";
import { signInToPortal } from "../support/portal.ts";
import { seriousAxeViolations } from "../support/axe.ts";

// The catalogue's Pickers tab (realm demo, the portal's service token) against the real server:
// the assign-role dialog pages client roles of 1,000 clients with one request per page, the group
// picker pages each level on its own, and the client picker shows an exact match first.

const TIMEOUT = 30_000;
const SCREENSHOTS = resolve(import.meta.dirname, "../../screenshots");
const REALM = "demo";
const CLIENT_COUNT = 1000;
const CONCURRENCY = 20;
const LOOKALIKE_COUNT = 25;
const CHILD_COUNT = 12;

type Api = ReturnType<typeof adminFetch>;

async function inBatches<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
  for (let start = 0; start < items.length; start += CONCURRENCY)
    await Promise.all(items.slice(start, start + CONCURRENCY).map(work));
}

async function created(api: Api, path: string, body: unknown): Promise<string> {
  const response = await api(path, { method: "POST", body });
  assert.equal(response.status, 201, `${path}: ${response.status} ${await response.text()}`);
  return response.headers.get("location")!.split("/").at(-1)!;
}

async function json<T>(api: Api, path: string): Promise<T> {
  const response = await api(path);
  assert.equal(response.ok, true, `${path}: ${response.status}`);
  return (await response.json()) as T;
}

/** The portal's service account also needs to read clients for the client picker. */
async function letPortalReadClients(api: Api) {
  const [account] = await json<{ id: string }[]>(
    api,
    `/admin/realms/${REALM}/users?username=service-account-portal&exact=true`,
  );
  const [management] = await json<{ id: string }[]>(api, `/admin/realms/${REALM}/clients?clientId=realm-management`);
  const roles = await Promise.all(
    ["view-clients", "query-clients"].map((name) =>
      json(api, `/admin/realms/${REALM}/clients/${management.id}/roles/${name}`),
    ),
  );
  const response = await api(`/admin/realms/${REALM}/users/${account.id}/role-mappings/clients/${management.id}`, {
    method: "POST",
    body: roles,
  });
  assert.equal(response.status, 204);
}

async function seed(api: Api) {
  await letPortalReadClients(api);
  const bulk = Array.from({ length: CLIENT_COUNT }, (_, index) => `bulk-${String(index).padStart(4, "0")}`);
  await inBatches(bulk, async (clientId) => {
    const id = await created(api, `/admin/realms/${REALM}/clients`, { clientId });
    await created(api, `/admin/realms/${REALM}/clients/${id}/roles`, {
      name: "bulk-role",
      description: `Role of ${clientId}`,
    });
  });
  const lookalikes = [
    "zz-target",
    ...Array.from({ length: LOOKALIKE_COUNT }, (_, index) => `aa-zz-target-${String(index).padStart(2, "0")}`),
  ];
  await inBatches(
    lookalikes,
    async (clientId) => void (await created(api, `/admin/realms/${REALM}/clients`, { clientId })),
  );
  const parent = await created(api, `/admin/realms/${REALM}/groups`, { name: "pick-parent" });
  const children = Array.from({ length: CHILD_COUNT }, (_, index) => `child-${String(index).padStart(2, "0")}`);
  await inBatches(
    children,
    async (name) => void (await created(api, `/admin/realms/${REALM}/groups/${parent}/children`, { name })),
  );
  const userId = await created(api, `/admin/realms/${REALM}/users`, { username: "picker-user", enabled: true });
  return { userId };
}

describe("pickers and role mapping against the server", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let api: Api;
  let userId: string;
  const requests: string[] = [];

  before(async () => {
    // embedded server only (not on KC_TARGET=keycloak): the catalogue page signs in through the demo portal's backend
    server = await startTestServer({ args: ["--demo-pages"] });
    api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
    ({ userId } = await seed(api));
    browser = await launchBrowser();
    ({ page } = await newPage(browser, { viewport: { width: 1280, height: 1000 } }));
    page.setDefaultTimeout(TIMEOUT);
    page.on("request", (request) => requests.push(request.url()));
    await signInToPortal(page, server.baseUrl, "/demo/catalogue/index.html");
    await page.getByRole("tab", { name: "Pickers" }).click();
    await page.locator("#catalogue-user-picker").waitFor();
  });

  after(async () => {
    await browser?.close();
    await server?.dispose();
  });

  const menuItems = () => page.locator(".pf-v6-c-menu .pf-v6-c-menu__item");
  const dialog = () => page.locator(".pf-v6-c-modal-box");
  const dialogRows = (box: Locator) => box.locator("tbody tr");

  it("client picker: the exact match comes first even when the search page would not hold it", async () => {
    const searched = await json<{ clientId: string }[]>(
      api,
      `/admin/realms/${REALM}/clients?clientId=zz-target&search=true&first=0&max=20`,
    );
    assert.notEqual(
      searched[0]?.clientId,
      "zz-target",
      "the plain search already puts it first: the test proves nothing",
    );
    await page.locator("#catalogue-client-picker").click();
    await page.keyboard.type("zz-target");
    await menuItems()
      .first()
      .filter({ hasText: /^zz-target$/ })
      .waitFor();
    assert.equal((await menuItems().first().innerText()).trim(), "zz-target");
    await menuItems().first().click();
    await page.getByTestId("chosen-clients").filter({ hasText: "zz-target" }).waitFor();
  });

  it("assign-role dialog: one request per page of client roles across 1,000 clients", async () => {
    await page.locator("#catalogue-user-picker").click();
    await page.keyboard.type("picker-user");
    await menuItems().filter({ hasText: "picker-user" }).first().click();
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Assign role" }).first().click();
    const box = dialog();
    await box.waitFor();
    await dialogRows(box).nth(9).waitFor();
    requests.length = 0;
    const seen = new Set<string>();
    const pages = 4;
    for (let index = 1; index <= pages; index += 1) {
      const before = await dialogRows(box).first().innerText();
      await box.getByRole("button", { name: "Go to next page" }).last().click();
      await page.waitForFunction(
        ([text]) => {
          const row = document.querySelector("#catalogue")?.shadowRoot?.querySelector(".pf-v6-c-modal-box tbody tr");
          return row && (row as HTMLElement).innerText !== text;
        },
        [before] as const,
      );
      await dialogRows(box).nth(9).waitFor();
      for (const text of await dialogRows(box).allInnerTexts()) seen.add(text);
    }
    const pageRequests = requests.filter((url) => url.includes(`/ui-ext/available-roles/users/${userId}`));
    const perClient = requests.filter((url) =>
      /\/clients\/[^/?]+\/roles|\/role-mappings\/clients\/[^/?]+\/available/.test(url),
    );
    assert.equal(pageRequests.length, pages, `one request per page, got:\n${pageRequests.join("\n")}`);
    assert.equal(perClient.length, 0, `no request per client, got:\n${perClient.join("\n")}`);
    assert.equal(seen.size, pages * 10, "every page shows ten new roles");
    for (const url of pageRequests) assert.match(url, /first=\d+&max=11/);
  });

  it("assign-role dialog: realm roles not yet mapped, searched", async () => {
    const box = dialog();
    await box.getByRole("button", { name: "Realm roles" }).click();
    await dialogRows(box).filter({ hasText: "auditor" }).waitFor();
    await box.getByRole("textbox", { name: "Search" }).fill("audit");
    await box.getByRole("textbox", { name: "Search" }).press("Enter");
    await page.waitForFunction(
      () =>
        document.querySelector("#catalogue")?.shadowRoot?.querySelectorAll(".pf-v6-c-modal-box tbody tr").length === 1,
    );
    assert.match(await dialogRows(box).first().innerText(), /auditor/);
    await box.getByRole("button", { name: "Client roles" }).click();
    await dialogRows(box).nth(9).waitFor();
  });

  it("assign-role dialog: the roles of one client chosen in the client filter", async () => {
    const box = dialog();
    requests.length = 0;
    await box.getByRole("combobox", { name: "Client" }).fill("bulk-0500");
    await menuItems().filter({ hasText: "bulk-0500" }).first().click();
    await page.waitForFunction(() => {
      const rows = [
        ...(document
          .querySelector("#catalogue")
          ?.shadowRoot?.querySelectorAll<HTMLElement>(".pf-v6-c-modal-box tbody tr") ?? []),
      ];
      return rows.length === 1 && rows[0].innerText.includes("bulk-0500");
    });
    assert.match(await dialogRows(box).first().innerText(), /bulk-role/);
    assert.ok(
      requests.some((url) => /\/role-mappings\/clients\/[^/?]+\/available/.test(url)),
      `the client's own roles were asked for:\n${requests.join("\n")}`,
    );
    // Back to every client's roles through the role-kind toggle.
    await box.getByRole("button", { name: "Realm roles" }).click();
    await dialogRows(box).filter({ hasText: "auditor" }).waitFor();
    await box.getByRole("button", { name: "Client roles" }).click();
    await dialogRows(box).nth(9).waitFor();
  });

  it("assign-role dialog: searches on the server and assigns the chosen client role", async () => {
    const box = dialog();
    requests.length = 0;
    await box.getByRole("textbox", { name: "Search" }).fill("bulk-0999");
    await box.getByRole("textbox", { name: "Search" }).press("Enter");
    await dialogRows(box).filter({ hasText: "bulk-0999" }).waitFor();
    assert.equal(await dialogRows(box).count(), 1);
    assert.ok(requests.some((url) => url.includes("/ui-ext/available-roles/") && url.includes("search=bulk-0999")));
    await dialogRows(box).first().locator('input[type="checkbox"]').check();
    await box.getByTestId("assign-roles").click();
    await box.waitFor({ state: "detached" });
    await page.locator("tbody tr").filter({ hasText: "bulk-0999" }).first().waitFor();
    const mappings = await json<{ clientMappings?: Record<string, { mappings: { name: string }[] }> }>(
      api,
      `/admin/realms/${REALM}/users/${userId}/role-mappings`,
    );
    assert.deepEqual(
      mappings.clientMappings?.["bulk-0999"]?.mappings.map((role) => role.name),
      ["bulk-role"],
    );
  });

  it("role mapping: inherited roles shown when 'Hide inherited roles' is off, unassign after a confirmation", async () => {
    await page.getByText("Hide inherited roles").click();
    await page.locator("tbody tr").filter({ hasText: "True" }).first().waitFor();
    await page.getByText("Hide inherited roles").click();
    const row = page.locator("tbody tr").filter({ hasText: "bulk-0999" }).first();
    await row.locator('input[type="checkbox"]').check();
    await page.getByRole("button", { name: "Unassign", exact: true }).click();
    await page.getByTestId("confirm").click();
    await row.waitFor({ state: "detached" });
    const mappings = await json<{ clientMappings?: Record<string, unknown> }>(
      api,
      `/admin/realms/${REALM}/users/${userId}/role-mappings`,
    );
    assert.equal(mappings.clientMappings?.["bulk-0999"], undefined);
  });

  it("group picker: each level pages on its own, breadcrumbs go back to the page left, search shows paths", async () => {
    const top = await json<{ name: string }[]>(api, `/admin/realms/${REALM}/groups?first=0&max=100`);
    const parentPage = Math.floor(top.findIndex((group) => group.name === "pick-parent") / 10);
    await page.locator("#catalogue-group-picker").click();
    const box = dialog();
    await dialogRows(box).first().waitFor();
    requests.length = 0;
    for (let index = 0; index < parentPage; index += 1) {
      await box.getByRole("button", { name: "Next page" }).click();
      await dialogRows(box)
        .filter({ hasText: top[(index + 1) * 10].name })
        .waitFor();
    }
    await box.getByRole("button", { name: "Open pick-parent" }).click();
    await dialogRows(box).filter({ hasText: "child-00" }).waitFor();
    assert.equal(await dialogRows(box).count(), 10);
    await box.getByRole("button", { name: "Next page" }).click();
    await dialogRows(box).filter({ hasText: "child-11" }).waitFor();
    assert.deepEqual(
      (await dialogRows(box).allInnerTexts()).map((text) => text.trim()),
      ["child-10", "child-11"],
    );
    await dialogRows(box).filter({ hasText: "child-11" }).locator("input").check();
    const childRequests = requests.filter((url) => url.includes("/children"));
    assert.equal(childRequests.length, 2, childRequests.join("\n"));
    assert.ok(childRequests.every((url) => /first=\d+&max=11/.test(url)));
    await box.getByRole("button", { name: "Groups", exact: true }).click();
    await dialogRows(box).filter({ hasText: "pick-parent" }).waitFor();
    await box
      .getByRole("searchbox")
      .or(box.getByRole("textbox", { name: "Search groups" }))
      .first()
      .fill("child-0");
    await box
      .getByRole("searchbox")
      .or(box.getByRole("textbox", { name: "Search groups" }))
      .first()
      .press("Enter");
    await dialogRows(box).filter({ hasText: "/pick-parent/child-00" }).waitFor();
    await box.getByRole("button", { name: "Select", exact: true }).click();
    await page.getByTestId("chosen-groups").filter({ hasText: "/pick-parent/child-11" }).waitFor();
  });

  it("catalogue: every tab, light and dark, without serious accessibility violations", async () => {
    for (const theme of ["light", "dark"]) {
      await page.goto(`${server.baseUrl}/demo/catalogue/index.html?theme=${theme}`);
      for (const tab of ["Tables", "Form", "Dialogs", "Pickers"]) {
        await page.getByRole("tab", { name: tab }).click();
        await page.getByRole("tab", { name: tab, selected: true }).waitFor();
        await page
          .locator("kc-ui-catalogue .pf-v6-c-spinner")
          .first()
          .waitFor({ state: "detached" })
          .catch(() => undefined);
        assert.deepEqual(await seriousAxeViolations(page, "kc-ui-catalogue"), [], `${tab} (${theme})`);
        await page.screenshot({ path: `${SCREENSHOTS}/catalogue-${tab.toLowerCase()}-${theme}.png`, fullPage: true });
      }
    }
  });
});
