import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  checkAxeAndShoot,
  getJson,
  getRealm,
  openConsoleTab,
  openElementTab,
  setTime,
  startSuite,
  stopSuite,
  toggle,
  type Json,
  type RealmSettingsSuite,
} from "./realm-settings-support.ts";

describe("realm settings: events tab", () => {
  let suite: RealmSettingsSuite;

  before(async () => {
    suite = await startSuite();
  });
  after(() => stopSuite(suite));

  it("configures user and admin events and the listeners through events/config, and keeps them", async () => {
    const page = await openConsoleTab(suite, "events");
    const form = page.getByRole("form", { name: "Events" });
    // The demo realm is seeded saving user and admin events, with representations.
    assert.equal(await form.getByRole("switch", { name: "Save events" }).isChecked(), true);
    await setTime(form, "Expiration", "3", "Days");
    await form.getByText("LOGOUT", { exact: true }).waitFor();
    await form.getByRole("button", { name: "Remove LOGOUT", exact: true }).click();
    await form.getByRole("button", { name: "Add saved types" }).click();
    const dialog = page.getByRole("dialog", { name: "Add saved types" });
    const search = dialog.getByRole("combobox", { name: "Event saved type" });
    await search.fill("REFRESH_TOKEN_ERR");
    await page
      .getByRole("menuitem", { name: "REFRESH_TOKEN_ERROR" })
      .or(page.getByRole("option", { name: "REFRESH_TOKEN_ERROR" }))
      .click();
    // The open menu covers the dialog's buttons: a click on its title closes it.
    await dialog.getByRole("heading", { name: "Add saved types" }).click();
    await dialog.getByRole("button", { name: "Add", exact: true }).click();
    await form.getByRole("button", { name: "Remove REFRESH_TOKEN_ERROR" }).waitFor();

    assert.equal(await form.getByRole("switch", { name: "Save admin events" }).isChecked(), true);
    await toggle(form.getByRole("switch", { name: "Include representation" }));
    await setTime(form, "Admin events expiration", "2", "Days");
    const listeners = form.getByRole("button", { name: "Event listeners", exact: true });
    await listeners.click();
    await page
      .getByRole("menuitem", { name: "email" })
      .or(page.getByRole("option", { name: "email" }))
      .click();
    await page.keyboard.press("Escape");
    await checkAxeAndShoot(page, "console", "realm-settings-events");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("Successfully saved configuration").waitFor();

    const config = await getJson(suite.api, "/admin/realms/demo/events/config");
    assert.equal(config.eventsEnabled, true);
    assert.equal(config.eventsExpiration, 3 * 86400);
    const saved = config.enabledEventTypes as string[];
    assert.ok(
      saved.includes("REFRESH_TOKEN_ERROR") && saved.includes("LOGIN") && !saved.includes("LOGOUT"),
      saved.join(),
    );
    assert.equal(config.adminEventsEnabled, true);
    assert.equal(config.adminEventsDetailsEnabled, false);
    assert.deepEqual([...(config.eventsListeners as string[])].sort(), ["email", "jboss-logging"]);
    assert.equal(((await getRealm(suite.api)).attributes as Record<string, string>).adminEventsExpiration, "172800");

    await page.reload();
    const reloaded = page.getByRole("form", { name: "Events" });
    await reloaded.getByRole("switch", { name: "Save events" }).waitFor();
    assert.equal(await reloaded.getByRole("switch", { name: "Save events" }).isChecked(), true);
    assert.equal(await reloaded.getByRole("spinbutton", { name: "Expiration", exact: true }).inputValue(), "3");
    assert.equal(
      await reloaded.getByRole("spinbutton", { name: "Admin events expiration", exact: true }).inputValue(),
      "2",
    );
    await reloaded.getByRole("button", { name: "Remove REFRESH_TOKEN_ERROR" }).waitFor();
    assert.equal(await reloaded.getByRole("button", { name: "Remove LOGOUT", exact: true }).count(), 0);

    // A failed sign-in is stored as a user event; clearing removes it.
    await fetch(`${suite.server.baseUrl}/realms/demo/protocol/openid-connect/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "password",
        client_id: "admin-cli",
        username: "helpdesk",
        password: "wrong",
      }),
    });
    assert.ok((await getJson<Json[]>(suite.api, "/admin/realms/demo/events?max=5")).length > 0);
    await reloaded.getByRole("button", { name: "Clear user events" }).click();
    await page.getByRole("dialog", { name: "Clear user events" }).getByRole("button", { name: "Clear" }).click();
    await page.getByText("The user events have been cleared").waitFor();
    assert.deepEqual(await getJson<Json[]>(suite.api, "/admin/realms/demo/events?max=5"), []);
    await reloaded.getByRole("button", { name: "Clear admin events" }).click();
    await page.getByRole("dialog", { name: "Clear admin events" }).getByRole("button", { name: "Clear" }).click();
    await page.getByText("The admin events have been cleared").waitFor();
    assert.deepEqual(await getJson<Json[]>(suite.api, "/admin/realms/demo/admin-events?max=5"), []);
    await page.close();
  });

  it("keeps the form and shows the server's message when the save fails", async () => {
    assert.equal((await suite.api("/admin/realms", { method: "POST", body: { realm: "e2e-gone" } })).status, 201);
    const page = await openConsoleTab(suite, "events", "e2e-gone");
    const form = page.getByRole("form", { name: "Events" });
    await toggle(form.getByRole("switch", { name: "Save events" }));
    await setTime(form, "Expiration", "5", "Hours");
    assert.equal((await suite.api("/admin/realms/e2e-gone", { method: "DELETE" })).status, 204);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("Could not save event configuration: Realm not found.").waitFor();
    assert.equal(await form.getByRole("spinbutton", { name: "Expiration", exact: true }).inputValue(), "5");
    await page.close();
  });

  it("has no serious axe violations in the dark theme", async () => {
    const page = await openElementTab(suite, "events", { theme: "dark" });
    await page.getByRole("switch", { name: "Save events" }).waitFor();
    await checkAxeAndShoot(page, "element", "realm-settings-events-dark");
    await page.close();
  });
});
