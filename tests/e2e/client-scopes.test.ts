import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { adminFetch, adminToken, type TestServer } from "../support/server.ts";
import { startTarget } from "../support/target.ts";
import { launchBrowser, newPage, signIn, STEP_TIMEOUT } from "../support/browser.ts";
import { seriousAxeViolations } from "../support/axe.ts";
import { screenshot, waitForTable, withFailureShot } from "./organizations-support.ts";

const TIMEOUT = STEP_TIMEOUT;
const REALM = "/admin/realms/demo";

interface ScopeRep {
  id: string;
  name: string;
  protocolMappers?: { name: string; protocolMapper: string; config?: Record<string, string> }[];
}

describe("client scopes screens", () => {
  let server: TestServer;
  let browser: Browser;
  let api: ReturnType<typeof adminFetch>;

  before(async () => {
    server = await startTarget({ demoPages: true });
    browser = await launchBrowser();
    api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
  });

  after(async () => {
    await browser?.close();
    await server?.dispose();
  });

  const json = async <T>(path: string): Promise<T> => (await (await api(path)).json()) as T;
  const scopeNamed = async (name: string) =>
    (await json<ScopeRep[]>(`${REALM}/client-scopes`)).find((scope) => scope.name === name);

  async function openList(page: Page) {
    await page.goto(`${server.baseUrl}/admin/master/console/`);
    await signIn(page, { username: "admin", password: "admin" });
    await page.getByTestId("dashboard-title").waitFor();
    await page.goto(`${server.baseUrl}/admin/master/console/#/demo/client-scopes`);
    await waitForTable(page.getByRole("grid", { name: "Client scopes" }));
  }

  it("changes a scope's assigned type to Optional in the list", async () => {
    const { page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    await withFailureShot(page, "client-scopes-type", async () => {
      const defaults = await json<{ id: string; name: string }[]>(`${REALM}/default-default-client-scopes`);
      const scope = defaults.find((candidate) => candidate.name === "profile") ?? defaults[0]!;
      await openList(page);
      assert.deepEqual(await seriousAxeViolations(page, "kc-admin-console", "main"), [], "client scopes list");
      await screenshot(page, "client-scopes-list");

      await page.getByPlaceholder("Search for client scope").fill(scope.name);
      await page.keyboard.press("Enter");
      const typeSelect = page.getByRole("button", { name: `Assigned type of ${scope.name}` });
      await typeSelect.click();
      await page.getByRole("option", { name: "Optional" }).click();
      await page.getByText(`The assigned type of ${scope.name} is now Optional`).waitFor();
      await assert.doesNotReject(typeSelect.filter({ hasText: "Optional" }).waitFor());

      const optional = await json<{ id: string }[]>(`${REALM}/default-optional-client-scopes`);
      const stillDefault = await json<{ id: string }[]>(`${REALM}/default-default-client-scopes`);
      assert.ok(
        optional.some((entry) => entry.id === scope.id),
        "listed among the default optional scopes",
      );
      assert.ok(!stillDefault.some((entry) => entry.id === scope.id), "no longer a default scope");
    });
  });

  it("creates a scope with a hardcoded-claim mapper, keeps a duplicate name's form, deletes a scope", async () => {
    const { page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    await withFailureShot(page, "client-scopes-create", async () => {
      await openList(page);
      await page.getByRole("button", { name: "Create client scope" }).click();

      // A duplicate name: Keycloak's 409 message under the name, everything typed still there.
      await page.getByRole("textbox", { name: "Name", exact: true }).fill("profile");
      await page.getByRole("textbox", { name: "Description", exact: true }).fill("Billing data");
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("Client Scope profile already exists").first().waitFor();
      assert.equal(await page.getByRole("textbox", { name: "Description", exact: true }).inputValue(), "Billing data");

      await page.getByRole("textbox", { name: "Name", exact: true }).fill("billing");
      await page.getByRole("button", { name: "Type", exact: true }).click();
      await page.getByRole("option", { name: "Optional" }).click();
      await page.getByRole("textbox", { name: "Display Order" }).fill("7");
      assert.deepEqual(await seriousAxeViolations(page, "kc-admin-console", "main"), [], "create form");
      await screenshot(page, "client-scopes-create");
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByRole("heading", { level: 1, name: "billing" }).waitFor();
      const created = await scopeNamed("billing");
      assert.ok(created, "scope created");
      const optional = await json<{ id: string }[]>(`${REALM}/default-optional-client-scopes`);
      assert.ok(
        optional.some((entry) => entry.id === created.id),
        "created as an optional scope",
      );
      assert.deepEqual(await seriousAxeViolations(page, "kc-admin-console", "main"), [], "client scope details");

      await page.getByRole("tab", { name: "Mappers" }).click();
      await page.getByRole("button", { name: "Configure a new mapper" }).click();
      await page.getByRole("dialog", { name: "Add mapper" }).getByRole("button", { name: "Hardcoded claim" }).click();
      await page.getByRole("textbox", { name: "Name", exact: true }).fill("plan");
      await page.getByRole("textbox", { name: "Token Claim Name" }).fill("plan");
      await page.getByRole("textbox", { name: "Claim value" }).fill("gold");
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("Mapping successfully created").waitFor();
      const mappers = page.getByRole("grid", { name: "Mappers of billing" });
      await waitForTable(mappers);
      await mappers.getByRole("link", { name: "plan" }).waitFor();
      assert.deepEqual(await seriousAxeViolations(page, "kc-admin-console", "main"), [], "mappers tab");
      await screenshot(page, "client-scopes-mappers");
      const mapper = (await json<ScopeRep>(`${REALM}/client-scopes/${created.id}`)).protocolMappers?.[0];
      assert.equal(mapper?.protocolMapper, "oidc-hardcoded-claim-mapper");
      assert.equal(mapper?.config?.["claim.name"], "plan");
      assert.equal(mapper?.config?.["claim.value"], "gold");

      await page.goto(`${server.baseUrl}/admin/master/console/#/demo/client-scopes`);
      const list = page.getByRole("grid", { name: "Client scopes" });
      await waitForTable(list);
      await page.getByPlaceholder("Search for client scope").fill("billing");
      await page.keyboard.press("Enter");
      await list
        .getByRole("row", { name: /billing/ })
        .getByRole("button", { name: /actions/i })
        .click();
      await page.getByRole("menuitem", { name: "Delete" }).click();
      const confirm = page.getByRole("dialog", { name: /Delete client scope billing/ });
      await confirm.getByRole("button", { name: "Delete" }).click();
      await page.getByText("The client scope has been deleted").waitFor();
      assert.equal(await scopeNamed("billing"), undefined, "scope deleted");
    });
  });
});
