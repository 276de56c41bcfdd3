import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { adminFetch, adminToken } from "../support/server.ts";
import { startTarget, type Target } from "../support/target.ts";
import { declarativeUiKeycloak } from "../support/keycloak-extension.ts";
import { launchBrowser, newPage, signIn, STEP_TIMEOUT } from "../support/browser.ts";
import { seriousAxeViolations } from "../support/axe.ts";
import { eventually } from "../support/eventually.ts";
import { markAdminCliAsConsoleClient, screenshot, withFailureShot } from "./organizations-support.ts";

const TIMEOUT = STEP_TIMEOUT;
const PAGE_TYPE = "org.keycloak.services.ui.extend.UiPageProvider";
const TAB_TYPE = "org.keycloak.services.ui.extend.UiTabProvider";

interface Component {
  id: string;
  name: string;
  providerId: string;
  parentId: string;
  config: Record<string, string[]>;
}

describe("custom pages (declarative UI feature on)", () => {
  let server: Target;
  let browser: Browser;
  let api: ReturnType<typeof adminFetch>;

  before(async () => {
    // On real Keycloak: its own, built with the declarative UI on and the test extension's providers installed.
    server = await startTarget({
      demoPages: true,
      embeddedArgs: ["--features", "declarative-ui"],
      keycloakVariant: declarativeUiKeycloak,
    });
    browser = await launchBrowser();
    api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
    await markAdminCliAsConsoleClient(api, "master");
  });

  after(async () => {
    await browser?.close();
    await server?.dispose();
  });

  const notices = async () =>
    (await (await api(`/admin/realms/demo/components?type=${encodeURIComponent(PAGE_TYPE)}`)).json()) as Component[];

  const tabComponents = async () =>
    (await (await api(`/admin/realms/demo/components?type=${encodeURIComponent(TAB_TYPE)}`)).json()) as Component[];

  const clientUuid = async (clientId: string) =>
    ((await (await api(`/admin/realms/demo/clients?clientId=${clientId}`)).json()) as { id: string }[])[0]!.id;

  const expectNoViolations = async (page: Page, label: string) =>
    assert.deepEqual(await seriousAxeViolations(page, "kc-admin-console", "main"), [], label);

  it("lists the provider's page in the navigation, adds a notice through the form and edits it", async () => {
    const { page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    await withFailureShot(page, "custom-pages", async () => {
      await page.goto(`${server.baseUrl}/admin/master/console/#/demo`);
      await signIn(page, { username: "admin", password: "admin" });
      const navigation = page.getByRole("navigation", { name: "Navigation" });
      await navigation.getByRole("link", { name: "Realm notices", exact: true }).click();
      await page.getByRole("heading", { name: "Realm notices" }).waitFor();
      await page.getByText("Notices shown to the administrators of this realm.").first().waitFor();
      await page.getByText("There are no items").waitFor();
      await expectNoViolations(page, "empty list");

      await page.getByRole("button", { name: "Create item" }).first().click();
      assert.match(page.url(), /#\/demo\/page-section\/realm-notices\/add$/);
      await page.getByRole("textbox", { name: "Name" }).fill("maintenance");
      await page.getByRole("textbox", { name: "Message" }).fill("Down on Sunday");
      await page.getByRole("switch", { name: "Pinned" }).locator("xpath=..").click();
      await expectNoViolations(page, "add form");
      await screenshot(page, "custom-pages-add");
      await page.getByRole("button", { name: "Save" }).click();
      await page.waitForURL(/#\/demo\/page-section\/realm-notices\/[0-9a-f-]{36}$/);

      const [stored] = await notices();
      assert.equal(stored.name, "maintenance");
      assert.equal(stored.providerId, "realm-notices");
      assert.deepEqual(stored.config.message, ["Down on Sunday"]);
      assert.deepEqual(stored.config.pinned, ["true"]);
      assert.deepEqual(stored.config.severity, ["info"]);
      const realm = (await (await api("/admin/realms/demo")).json()) as { id: string };
      assert.equal(stored.parentId, realm.id);

      await page.getByRole("button", { name: "Cancel" }).click();
      const list = page.getByRole("grid", { name: "Realm notices" });
      const row = list.getByRole("row").filter({ hasText: "maintenance" });
      await row.getByText("Down on Sunday").waitFor();
      await expectNoViolations(page, "list");
      await screenshot(page, "custom-pages-list");

      await row.getByRole("link", { name: "maintenance" }).click();
      const message = page.getByRole("textbox", { name: "Message" });
      await message.waitFor();
      assert.equal(await message.inputValue(), "Down on Sunday");
      await message.fill("Down on Saturday");
      const updated = page.waitForResponse((r) => r.request().method() === "PUT" && r.url().includes("/components/"));
      await page.getByRole("button", { name: "Save" }).click();
      assert.equal((await updated).status(), 204);
      await page.getByText("Saved successfully").first().waitFor();
      const [edited] = await notices();
      assert.equal(edited.id, stored.id);
      assert.deepEqual(edited.config.message, ["Down on Saturday"]);
      assert.deepEqual(edited.config.pinned, ["true"]);

      await page.getByRole("button", { name: "Cancel" }).click();
      const editedRow = page
        .getByRole("grid", { name: "Realm notices" })
        .getByRole("row")
        .filter({ hasText: "maintenance" });
      await editedRow.getByText("Down on Saturday").waitFor();
      await editedRow.getByRole("button", { name: /^Actions/ }).click();
      await page.getByRole("menuitem", { name: "Delete" }).click();
      await page.getByRole("dialog", { name: "Delete item?" }).getByRole("button", { name: "Delete" }).click();
      await page.getByText("There are no items").waitFor();
      assert.deepEqual(await notices(), []);
    });
    await page.context().close();
  });

  it("runs as <kc-custom-pages-admin> on a host page with the host's token, dark theme included, and saves an item", async () => {
    const { page } = await newPage(browser, { colorScheme: "dark" });
    page.setDefaultTimeout(TIMEOUT);
    await withFailureShot(page, "custom-pages-element", async () => {
      // No provider attribute: the element opens the first page provider the server reports.
      await page.goto(`${server.baseUrl}/demo/test-elements/custom-pages.html?realm=demo&theme=dark`);
      await page.getByRole("heading", { name: "Realm notices" }).waitFor();
      await page.getByText("There are no items").waitFor();
      assert.deepEqual(await seriousAxeViolations(page, "kc-custom-pages-admin"), [], "element, empty list");
      await page.getByRole("button", { name: "Create item" }).first().click();
      await page.getByRole("textbox", { name: "Name" }).fill("element-notice");
      await page.getByRole("textbox", { name: "Message" }).fill("Saved from a host page");
      assert.deepEqual(await seriousAxeViolations(page, "kc-custom-pages-admin"), [], "element, form");
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("Saved successfully").first().waitFor();
      const saved = (await notices()).find((item) => item.name === "element-notice");
      assert.deepEqual(saved?.config.message, ["Saved from a host page"]);
      await screenshot(page, "custom-pages-element-dark");
      await page.getByRole("button", { name: "Cancel" }).click();
      await page
        .getByRole("grid", { name: "Realm notices" })
        .getByRole("row")
        .filter({ hasText: "element-notice" })
        .getByText("Saved from a host page")
        .waitFor();
      assert.deepEqual(await seriousAxeViolations(page, "kc-custom-pages-admin"), [], "element, list");
      assert.equal((await api(`/admin/realms/demo/components/${saved!.id}`, { method: "DELETE" })).status, 204);
    });
    await page.context().close();
  });

  it("adds the tab providers' tabs to realm settings and to each client, saving one component per realm and per client", async () => {
    const { page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    await withFailureShot(page, "custom-tabs", async () => {
      await page.goto(`${server.baseUrl}/admin/master/console/#/demo/realm-settings/general`);
      await signIn(page, { username: "admin", password: "admin" });
      await page.getByRole("tab", { name: "Support contacts" }).click();
      await page.waitForURL(/#\/demo\/realm-settings\/support-contacts$/);
      await page.getByText("Who the realm's users contact for help.").waitFor();
      await page.getByRole("textbox", { name: "Support email" }).fill("help@example.com");
      await page.getByRole("switch", { name: "On call at night" }).locator("xpath=..").click();
      await expectNoViolations(page, "realm settings tab");
      await screenshot(page, "custom-tab-realm-settings");
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("Saved successfully").first().waitFor();
      const [contacts] = await tabComponents();
      assert.equal(contacts?.providerId, "support-contacts");
      assert.deepEqual(contacts.config.email, ["help@example.com"]);
      assert.deepEqual(contacts.config.onCall, ["true"]);
      assert.equal(contacts.name, "support-contacts");
      const realm = (await (await api("/admin/realms/demo")).json()) as { id: string };
      assert.equal(contacts.parentId, realm.id);

      // Opened again from its address, the tab shows what was saved; a second save updates the same component.
      await page.reload();
      const email = page.getByRole("textbox", { name: "Support email" });
      await page.getByRole("tab", { name: "Support contacts", selected: true }).waitFor();
      assert.equal(
        await eventually(
          () => email.inputValue(),
          (value) => value !== "",
        ),
        "help@example.com",
      );
      await page.getByRole("textbox", { name: "Support hours" }).fill("9-17");
      await page.getByRole("button", { name: "Save" }).click();
      const hoursSaved = await eventually(tabComponents, (stored) => stored[0]?.config.hours?.[0] === "9-17");
      assert.deepEqual(
        hoursSaved.map((item) => [item.id, item.config.hours]),
        [[contacts.id, ["9-17"]]],
      );

      const portal = await clientUuid("portal");
      await page.goto(`${server.baseUrl}/admin/master/console/#/demo/clients/${portal}/settings`);
      await page.getByRole("tab", { name: "Owner" }).click();
      await page.waitForURL(new RegExp(`#/demo/clients/${portal}/owner$`));
      await page.getByRole("textbox", { name: "Owning team" }).fill("Payments");
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("Saved successfully").first().waitFor();
      await expectNoViolations(page, "client tab");
      await screenshot(page, "custom-tab-client");

      // Another client's tab is its own: empty until saved.
      const spa = await clientUuid("spa");
      await page.goto(`${server.baseUrl}/admin/master/console/#/demo/clients/${spa}/owner`);
      await page.getByRole("tab", { name: "Owner", selected: true }).waitFor();
      const team = page.getByRole("textbox", { name: "Owning team" });
      await team.waitFor();
      assert.equal(await team.inputValue(), "");
      const owners = (await tabComponents()).filter((item) => item.providerId === "client-owner");
      assert.deepEqual(
        owners.map((item) => [item.name, item.config.team]),
        [[`client-owner/${portal}`, ["Payments"]]],
      );

      // Deleting a client in the console deletes what its tabs kept (Keycloak itself leaves realm components).
      const created = await api("/admin/realms/demo/clients", { method: "POST", body: { clientId: "retired-app" } });
      assert.equal(created.status, 201);
      const retired = await clientUuid("retired-app");
      await page.goto(`${server.baseUrl}/admin/master/console/#/demo/clients/${retired}/owner`);
      await page.getByRole("textbox", { name: "Owning team" }).fill("Legacy");
      await page.getByRole("button", { name: "Save" }).click();
      await eventually(tabComponents, (stored) => stored.some((item) => item.name === `client-owner/${retired}`));
      await page.getByRole("button", { name: "Actions", exact: true }).click();
      await page.getByRole("menuitem", { name: "Delete" }).click();
      await page.getByRole("dialog", { name: "Delete retired-app ?" }).getByRole("button", { name: "Delete" }).click();
      await page.getByText("The client has been deleted").waitFor();
      const left = await eventually(tabComponents, (stored) => stored.every((item) => !item.name.endsWith(retired)));
      assert.deepEqual(
        left.filter((item) => item.providerId === "client-owner").map((item) => item.name),
        [`client-owner/${portal}`],
      );
    });
    await page.context().close();
  });

  it("has no serious axe violations in dark mode", async () => {
    const { page } = await newPage(browser, { colorScheme: "dark" });
    page.setDefaultTimeout(TIMEOUT);
    await withFailureShot(page, "custom-pages-dark", async () => {
      await page.goto(`${server.baseUrl}/admin/master/console/#/demo/page-section/realm-notices`);
      await signIn(page, { username: "admin", password: "admin" });
      // The console page's element follows its theme attribute (light unless told).
      await page.locator("kc-admin-console").evaluate((element) => element.setAttribute("theme", "dark"));
      await page.getByText("There are no items").waitFor();
      await expectNoViolations(page, "dark empty list");
      await screenshot(page, "custom-pages-dark-list");
      await page.getByRole("button", { name: "Create item" }).first().click();
      await page.getByRole("textbox", { name: "Message" }).waitFor();
      await expectNoViolations(page, "dark form");
      await screenshot(page, "custom-pages-dark-add");
      await page.goto(`${server.baseUrl}/admin/master/console/#/demo/realm-settings/support-contacts`);
      await page.getByRole("textbox", { name: "Support email" }).waitFor();
      await expectNoViolations(page, "dark realm settings tab");
      await screenshot(page, "custom-tab-dark");
    });
    await page.context().close();
  });
});
