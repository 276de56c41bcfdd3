import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import {
  checkAxeAndShoot,
  getJson,
  openConsoleTab,
  startSuite,
  stopSuite,
  toggle,
  type Json,
  type RealmSettingsSuite,
} from "./realm-settings-support.ts";
import { screenshot, withFailureShot } from "./organizations-support.ts";

const TARGET = "import-target";

describe("realm settings: partial export, then a previewed partial import into another realm", () => {
  let suite: RealmSettingsSuite;

  before(async () => {
    suite = await startSuite();
    // A real Keycloak outlives the run: a target left by an earlier run goes first.
    await suite.api(`/admin/realms/${TARGET}`, { method: "DELETE" });
    // The target already has a client named like one of demo's, beside its own built-in clients.
    assert.equal((await suite.api("/admin/realms", { method: "POST", body: { realm: TARGET } })).status, 201);
    const spa = await suite.api(`/admin/realms/${TARGET}/clients`, {
      method: "POST",
      body: { clientId: "spa", description: "kept by the import", publicClient: true },
    });
    assert.equal(spa.status, 201, await spa.text());
  });
  after(() => stopSuite(suite));
  const clientIdsOf = async (realm: string) =>
    new Set((await getJson<Json[]>(suite.api, `/admin/realms/${realm}/clients?max=1000`)).map((c) => c.clientId));

  it("exports demo's clients and roles, previews what the import adds and skips, and imports with Skip", async () => {
    const page = await openConsoleTab(suite, "general");
    await withFailureShot(page, "realm-settings-import-preview", async () => {
      await page.getByRole("button", { name: "Actions" }).click();
      await page.getByRole("menuitem", { name: "Partial export" }).click();
      const exportDialog = page.getByRole("dialog", { name: "Partial export" });
      await toggle(exportDialog.getByRole("switch", { name: "Include groups and roles" }));
      await toggle(exportDialog.getByRole("switch", { name: "Include clients" }));
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        exportDialog.getByRole("button", { name: "Export", exact: true }).click(),
      ]);
      const exportFile = readFileSync((await download.path())!);
      const exported = JSON.parse(exportFile.toString("utf8")) as {
        clients: Json[];
        roles: { realm: Json[] };
        users: Json[];
      };
      // As in Keycloak, the clients come with their service-account users.
      assert.deepEqual(exported.users.map((u) => [u.username, u.serviceAccountClientId]).sort(), [
        ["service-account-orders-service", "orders-service"],
        ["service-account-portal", "portal"],
      ]);

      // What the realm already has, from the admin API, is what the preview must say.
      const targetClients = new Set(
        (await getJson<Json[]>(suite.api, `/admin/realms/${TARGET}/clients?max=1000`)).map((c) => c.clientId),
      );
      const clientsExisting = exported.clients.filter((client) => targetClients.has(client.clientId)).length;
      const targetRoles = new Set(
        (await getJson<Json[]>(suite.api, `/admin/realms/${TARGET}/roles?max=1000`)).map((r) => r.name),
      );
      const rolesExisting = exported.roles.realm.filter((role) => targetRoles.has(role.name)).length;
      assert.ok(clientsExisting >= 1 && rolesExisting >= 1, "the target shares some clients and roles");

      await page.goto(`${suite.server.baseUrl}/admin/master/console/#/${TARGET}/realm-settings/general`);
      await page.getByRole("heading", { level: 1, name: TARGET }).waitFor();
      await page.getByRole("button", { name: "Actions" }).click();
      await page.getByRole("menuitem", { name: "Partial import" }).click();
      const importDialog = page.getByRole("dialog", { name: "Partial import" });
      await importDialog.locator("input[type=file]").setInputFiles({
        name: "realm-export.json",
        mimeType: "application/json",
        buffer: exportFile,
      });
      await importDialog.getByRole("checkbox", { name: /^Groups/ }).uncheck();
      const clientRoles = importDialog.getByRole("checkbox", { name: /^Client roles/ });
      await clientRoles.uncheck();

      const preview = importDialog.getByRole("grid", { name: "What the import will do" });
      const row = (resource: string) => preview.getByRole("row").filter({ hasText: resource });
      const cells = async (resource: string) => (await row(resource).locator("td").allInnerTexts()).slice(1);
      await row("Clients").waitFor();
      assert.deepEqual(await cells("Clients"), [
        String(exported.clients.length),
        String(exported.clients.length - clientsExisting),
        String(clientsExisting),
      ]);
      assert.deepEqual(await cells("Realm roles"), [
        String(exported.roles.realm.length),
        String(exported.roles.realm.length - rolesExisting),
        String(rolesExisting),
      ]);
      await importDialog.getByText("The import will fail: the realm already has some of these resources.").waitFor();

      await importDialog.getByRole("button", { name: "If a resource exists" }).click();
      await page.getByRole("option", { name: "Skip" }).click();
      await importDialog.getByText("Resources the realm already has will be skipped.").waitFor();
      await checkAxeAndShoot(page, "console", "realm-settings-import-preview");

      // demo's admin role is a composite of portal's client role "viewer", left out of the import: the server refuses
      // the whole import (Keycloak 26.7.3 in its words), nothing changes, and the dialog says why, choices kept.
      await importDialog.getByRole("button", { name: "Import", exact: true }).click();
      const refusal = importDialog.getByRole("alert").filter({ hasText: "Import failed" });
      await refusal.getByText("Import failed: Unable to find composite client role: viewer").waitFor();
      await checkAxeAndShoot(page, "console", "realm-settings-import-refused");
      assert.ok(!(await clientIdsOf(TARGET)).has("portal"), "nothing was imported");
      assert.equal(await clientRoles.isChecked(), false);

      // With the client roles (and without the service-account users, which each new client gets anyway: Keycloak 26.7.3
      // refuses demo's whole file with them, 409 'Duplicate resource error') the same file imports.
      await clientRoles.check();
      await refusal.waitFor({ state: "detached" });
      await importDialog.getByRole("checkbox", { name: /^Users/ }).uncheck();
      await importDialog.getByRole("button", { name: "Import", exact: true }).click();
      const results = importDialog.getByRole("grid", { name: "Import results" });
      await results.waitFor();
      await screenshot(page, "realm-settings-import-preview-results");
      const resultRows = await results
        .locator("tbody tr")
        .evaluateAll((rows) =>
          rows.map((row) => [...row.querySelectorAll("td")].map((cell) => cell.textContent?.trim() ?? "")),
        );
      assert.deepEqual(
        resultRows.find(([, type, name]) => type === "CLIENT" && name === "spa"),
        ["Skipped", "CLIENT", "spa"],
      );

      // Skipped means untouched: the target's own spa keeps its description; demo's other clients arrived.
      const [spa] = await getJson<Json[]>(suite.api, `/admin/realms/${TARGET}/clients?clientId=spa`);
      assert.equal(spa?.description, "kept by the import");
      const after = new Set(
        (await getJson<Json[]>(suite.api, `/admin/realms/${TARGET}/clients?max=1000`)).map((c) => c.clientId),
      );
      for (const client of exported.clients)
        assert.ok(after.has(client.clientId), `${String(client.clientId)} imported`);
      const [portal] = await getJson<Json[]>(suite.api, `/admin/realms/${TARGET}/clients?clientId=portal`);
      const account = await getJson<Json>(
        suite.api,
        `/admin/realms/${TARGET}/clients/${String(portal!.id)}/service-account-user`,
      );
      assert.equal(account.username, "service-account-portal");
    });
    await page.close();
  });
});
