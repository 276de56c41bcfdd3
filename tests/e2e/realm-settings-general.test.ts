import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  checkAxeAndShoot,
  getJson,
  getRealm,
  openConsoleTab,
  openElementTab,
  saveAndWait,
  toggle,
  startSuite,
  stopSuite,
  TIMEOUT,
  type Json,
  type RealmSettingsSuite,
} from "./realm-settings-support.ts";
import { newPage, signIn } from "../support/browser.ts";
import { markAdminCliAsConsoleClient, screenshot } from "./organizations-support.ts";

describe("realm settings: header and general tab", () => {
  let suite: RealmSettingsSuite;

  before(async () => {
    suite = await startSuite();
  });
  after(() => stopSuite(suite));

  it("changes the general settings, keeps them after a reload, and the realm selector shows the new display name", async () => {
    const page = await openConsoleTab(suite, "general");
    const form = page.getByRole("form", { name: "General" });
    await form.getByRole("textbox", { name: "Display name", exact: true }).fill("Northwind Traders");
    const html = '<b class="brand">Northwind</b> Traders';
    await form.getByRole("textbox", { name: "HTML Display name" }).fill(html);
    await form.getByRole("textbox", { name: "Frontend URL" }).fill("https://id.northwind.example");
    await form.getByRole("button", { name: "Require SSL", exact: true }).click();
    await page.getByRole("option", { name: "All requests" }).click();
    await form.getByRole("textbox", { name: "ACR 1" }).fill("gold");
    await form.getByRole("textbox", { name: "LoA 1" }).fill("2");
    await toggle(form.getByRole("switch", { name: "User-managed access" }));
    await form.getByRole("button", { name: "Unmanaged Attributes", exact: true }).click();
    await page.getByRole("option", { name: "Only administrators can view" }).click();
    await checkAxeAndShoot(page, "console", "realm-settings-general-edited");
    await saveAndWait(page);

    const realm = await getRealm(suite.api);
    assert.equal(realm.displayName, "Northwind Traders");
    assert.equal(realm.displayNameHtml, html);
    assert.equal(realm.sslRequired, "all");
    assert.equal(realm.userManagedAccessAllowed, true);
    const attributes = realm.attributes as Record<string, string>;
    assert.equal(attributes.frontendUrl, "https://id.northwind.example");
    assert.deepEqual(JSON.parse(attributes["acr.loa.map"]!), { gold: 2 });
    const profile = await getJson(suite.api, "/admin/realms/demo/users/profile");
    assert.equal(profile.unmanagedAttributePolicy, "ADMIN_VIEW");

    await page.getByTestId("realm-selector").filter({ hasText: "Northwind Traders" }).waitFor();
    assert.equal(await page.locator("b.brand").count(), 0, "the HTML display name is never rendered as HTML");

    await page.reload();
    await page.getByRole("tab", { name: "General", selected: true }).waitFor();
    const reloaded = page.getByRole("form", { name: "General" });
    await reloaded
      .getByRole("textbox", { name: "HTML Display name" })
      .and(page.locator(`[value='${html}']`))
      .waitFor();
    assert.equal(
      await reloaded.getByRole("textbox", { name: "Display name", exact: true }).inputValue(),
      "Northwind Traders",
    );
    assert.equal(await reloaded.getByRole("textbox", { name: "ACR 1" }).inputValue(), "gold");
    assert.equal(await reloaded.getByRole("textbox", { name: "LoA 1" }).inputValue(), "2");
    assert.equal(await reloaded.getByRole("switch", { name: "User-managed access" }).isChecked(), true);
    assert.equal(await reloaded.getByRole("button", { name: "Require SSL", exact: true }).innerText(), "All requests");
    assert.equal(
      await reloaded.getByRole("button", { name: "Unmanaged Attributes", exact: true }).innerText(),
      "Only administrators can view",
    );
    await page.getByTestId("realm-selector").filter({ hasText: "Northwind Traders" }).waitFor();
    await page.close();
  });

  it("keeps what was typed before the user profile arrived (a slow server)", async () => {
    const { page } = await newPage(suite.browser);
    page.setDefaultTimeout(TIMEOUT);
    let releaseProfile = () => {};
    const profileHeld = new Promise<void>((release) => (releaseProfile = release));
    await page.route(/\/admin\/realms\/demo\/users\/profile$/, async (route) => {
      await profileHeld;
      await route.continue();
    });
    await page.goto(`${suite.server.baseUrl}/admin/master/console/#/demo/realm-settings/general`);
    await signIn(page, { username: "admin", password: "admin" });
    const form = page.getByRole("form", { name: "General" });
    const displayName = form.getByRole("textbox", { name: "Display name", exact: true });
    await displayName.fill("Typed before the profile");
    releaseProfile();
    await form.getByRole("button", { name: "Unmanaged Attributes", exact: true, disabled: false }).waitFor();
    assert.equal(await displayName.inputValue(), "Typed before the profile");
    await page.close();
  });

  it("keeps what was typed and shows the server's message when the save fails", async () => {
    const created = await suite.api("/admin/realms", { method: "POST", body: { realm: "e2e-gone", enabled: true } });
    assert.equal(created.status, 201);
    const page = await openConsoleTab(suite, "general", "e2e-gone");
    const form = page.getByRole("form", { name: "General" });
    await form.getByRole("textbox", { name: "Display name", exact: true }).fill("Never stored");
    assert.equal((await suite.api("/admin/realms/e2e-gone", { method: "DELETE" })).status, 204);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("Realm could not be updated: Realm not found.").waitFor();
    assert.equal(await form.getByRole("textbox", { name: "Display name", exact: true }).inputValue(), "Never stored");
    await page.close();
  });

  it("turns the realm off and on from the header, after asking", async () => {
    const page = await openElementTab(suite, "general");
    const header = page.getByRole("switch", { name: "Enabled", exact: true });
    await toggle(header);
    const dialog = page.getByRole("dialog", { name: "Disable realm?" });
    await dialog.getByRole("button", { name: "Disable" }).click();
    await page.getByText("Realm successfully updated").first().waitFor();
    assert.equal((await getRealm(suite.api)).enabled, false);
    await page.getByText("Disabled", { exact: true }).first().waitFor();
    const shown = await page.getByText("Realm successfully updated").count();
    await toggle(header);
    await page.getByText("Realm successfully updated").nth(shown).waitFor();
    assert.equal((await getRealm(suite.api)).enabled, true);
    await page.close();
  });

  it("exports the realm with its clients, and imports users from a file", async () => {
    const page = await openElementTab(suite, "general");
    await page.getByRole("button", { name: "Actions" }).click();
    await page.getByRole("menuitem", { name: "Partial export" }).click();
    const exportDialog = page.getByRole("dialog", { name: "Partial export" });
    await toggle(exportDialog.getByRole("switch", { name: "Include clients" }));
    await exportDialog.getByText("Export with caution").waitFor();
    await checkAxeAndShoot(page, "element", "realm-settings-partial-export");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      exportDialog.getByRole("button", { name: "Export", exact: true }).click(),
    ]);
    assert.equal(download.suggestedFilename(), "realm-export.json");
    const exported = JSON.parse(await streamText(await download.createReadStream())) as Json;
    assert.equal(exported.realm, "demo");
    assert.ok((exported.clients as Json[]).some((client) => client.clientId === "spa"));
    await page.getByText("Realm successfully exported.").waitFor();

    await page.getByRole("button", { name: "Actions" }).click();
    await page.getByRole("menuitem", { name: "Partial import" }).click();
    const importDialog = page.getByRole("dialog", { name: "Partial import" });
    const file = {
      users: [
        { username: "imported.one", enabled: true },
        { username: "imported.two", enabled: true },
      ],
      groups: [{ name: "imported-group" }],
    };
    await importDialog.locator("input[type=file]").setInputFiles({
      name: "users.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify(file)),
    });
    await importDialog.getByRole("checkbox", { name: "Users (2)" }).waitFor();
    await importDialog.getByRole("checkbox", { name: "Groups (1)" }).uncheck();
    await importDialog.getByRole("button", { name: "If a resource exists" }).click();
    await page.getByRole("option", { name: "Skip" }).click();
    await checkAxeAndShoot(page, "element", "realm-settings-partial-import");
    await importDialog.getByRole("button", { name: "Import", exact: true }).click();
    await importDialog
      .getByRole("grid", { name: "Import results" })
      .or(importDialog.getByRole("table"))
      .first()
      .waitFor();
    await importDialog.getByText("imported.two").waitFor();
    await screenshot(page, "realm-settings-partial-import-results");
    const users = await getJson<Json[]>(suite.api, "/admin/realms/demo/users?username=imported.&max=10");
    assert.deepEqual(users.map((user) => user.username).sort(), ["imported.one", "imported.two"]);
    const groups = await getJson<Json[]>(suite.api, "/admin/realms/demo/groups?search=imported-group");
    assert.equal(groups.length, 0, "unchecked groups are not imported");
    await importDialog.getByRole("button", { name: "Close" }).first().click();
    await page.close();
  });

  it("deletes a realm only after its name is typed, and never offers it for master", async () => {
    assert.equal((await suite.api("/admin/realms", { method: "POST", body: { realm: "e2e-doomed" } })).status, 201);
    const page = await openConsoleTab(suite, "general", "e2e-doomed");
    await page.getByRole("button", { name: "Actions" }).click();
    await page.getByRole("menuitem", { name: "Delete realm" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete realm?" });
    const remove = dialog.getByRole("button", { name: "Delete" });
    assert.equal(await remove.isDisabled(), true);
    await dialog.getByRole("textbox", { name: "Type e2e-doomed to confirm" }).fill("e2e-doome");
    assert.equal(await remove.isDisabled(), true);
    await dialog.getByRole("textbox", { name: "Type e2e-doomed to confirm" }).fill("e2e-doomed");
    await checkAxeAndShoot(page, "console", "realm-settings-delete");
    await remove.click();
    await page.getByText("The realm has been deleted").waitFor();
    await page.getByTestId("dashboard-title").waitFor();
    assert.equal((await suite.api("/admin/realms/e2e-doomed")).status, 404);

    await page.evaluate(() => (location.hash = "#/master/realm-settings/general"));
    await page.getByRole("tab", { name: "General", selected: true }).waitFor();
    await page.getByRole("button", { name: "Actions" }).click();
    await page.getByRole("menuitem", { name: "Partial export" }).waitFor();
    assert.equal(await page.getByRole("menuitem", { name: "Delete realm" }).count(), 0);
    await page.close();
  });

  it("renames a realm in the general tab and the console's address follows the new name", async () => {
    assert.equal((await suite.api("/admin/realms", { method: "POST", body: { realm: "e2e-old-name" } })).status, 201);
    const page = await openConsoleTab(suite, "general", "e2e-old-name");
    const form = page.getByRole("form", { name: "General" });
    const name = form.getByRole("textbox", { name: "Realm name", exact: true });
    await name.fill("e2e-new-name");
    await form.getByRole("button", { name: "Save" }).click();
    await page.getByText("Realm successfully updated").first().waitFor();
    await page.waitForURL(/#\/e2e-new-name\/realm-settings\/general$/);
    await page
      .getByRole("form", { name: "General" })
      .getByRole("textbox", { name: "Realm name", exact: true })
      .waitFor();
    assert.equal(
      await page
        .getByRole("form", { name: "General" })
        .getByRole("textbox", { name: "Realm name", exact: true })
        .inputValue(),
      "e2e-new-name",
    );
    assert.equal((await suite.api("/admin/realms/e2e-old-name")).status, 404);
    assert.equal((await suite.api("/admin/realms/e2e-new-name")).status, 200);
    await page.close();
  });

  it("shows an administrator with only view-realm the settings read-only, without actions", async () => {
    const { api } = suite;
    await markAdminCliAsConsoleClient(api, "demo");
    const created = await api("/admin/realms/demo/users", {
      method: "POST",
      body: {
        username: "realm-viewer",
        enabled: true,
        firstName: "Realm",
        lastName: "Viewer",
        email: "realm.viewer@demo.example",
        credentials: [{ type: "password", value: "viewer-pass", temporary: false }],
      },
    });
    assert.equal(created.status, 201, await created.text());
    const viewerId = created.headers.get("location")!.split("/").pop()!;
    const [management] = await getJson<Json[]>(api, "/admin/realms/demo/clients?clientId=realm-management");
    const viewRealm = await getJson(api, `/admin/realms/demo/clients/${management!.id as string}/roles/view-realm`);
    const mapped = await api(`/admin/realms/demo/users/${viewerId}/role-mappings/clients/${management!.id as string}`, {
      method: "POST",
      body: [viewRealm],
    });
    assert.equal(mapped.status, 204, await mapped.text());

    const { page } = await newPage(suite.browser);
    page.setDefaultTimeout(TIMEOUT);
    await page.goto(
      `${suite.server.baseUrl}/demo/test-elements/realm-settings.html?token-realm=demo&username=realm-viewer&password=viewer-pass`,
    );
    const form = page.getByRole("form", { name: "General" });
    const displayName = form.getByRole("textbox", { name: "Display name", exact: true });
    await displayName.waitFor();
    assert.equal(await displayName.isDisabled(), true);
    assert.equal(await form.getByRole("switch", { name: "User-managed access" }).isDisabled(), true);
    assert.equal(await page.getByRole("button", { name: "Save", exact: true }).count(), 0);
    assert.equal(await page.getByRole("button", { name: "Actions" }).count(), 0);
    assert.equal(await page.getByRole("switch", { name: "Enabled", exact: true }).count(), 0);
    await page.getByRole("tab", { name: "Login" }).click();
    assert.equal(await page.getByRole("switch", { name: "User registration" }).isDisabled(), true);
    await checkAxeAndShoot(page, "element", "realm-settings-read-only");
    await page.close();
  });

  it("has no serious axe violations in the dark theme", async () => {
    const page = await openElementTab(suite, "general", { theme: "dark" });
    await checkAxeAndShoot(page, "element", "realm-settings-general-dark");
    await page.close();
  });
});

async function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString("utf8");
}
