import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from "jose";
import type { Page } from "playwright-core";
import { seriousAxeViolations } from "../support/axe.ts";
import { newPage } from "../support/browser.ts";
import { markAdminCliAsConsoleClient, screenshot } from "./organizations-support.ts";
import {
  checkAxeAndShoot,
  getJson,
  openConsoleTab,
  openElementTab,
  putRealm,
  saveAndWait,
  startSuite,
  stopSuite,
  toggle,
  TIMEOUT,
  type RealmSettingsSuite,
} from "./realm-settings-support.ts";

interface KeyMetadata {
  providerId: string;
  kid: string;
  algorithm: string;
  status: string;
  certificate?: string;
}

const keysOf = async (suite: RealmSettingsSuite) =>
  (await getJson<{ keys: KeyMetadata[] }>(suite.api, "/admin/realms/demo/keys")).keys;

async function passwordGrantToken(suite: RealmSettingsSuite): Promise<string> {
  const response = await fetch(`${suite.server.baseUrl}/realms/demo/protocol/openid-connect/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "password",
      client_id: "admin-cli",
      username: "alice.anderson",
      password: "password",
    }),
  });
  assert.equal(response.status, 200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Opens "Add provider", picks `type` and waits for its form. */
async function openAddProvider(page: Page, type: string) {
  await page.getByRole("button", { name: "Add provider" }).click();
  const dialog = page.getByRole("dialog", { name: "Choose the type of key provider" });
  await dialog.getByRole("button", { name: type, exact: true }).click();
  return page.getByRole("dialog", { name: `Add ${type} provider` });
}

const providerRow = (page: Page, name: string) =>
  page.getByRole("grid", { name: "Providers" }).getByRole("row").filter({ hasText: name });

describe("realm settings: keys tab", () => {
  let suite: RealmSettingsSuite;

  before(async () => {
    suite = await startSuite();
  });
  after(() => stopSuite(suite));

  it("lists the realm's keys by status, with their certificate in a copyable dialog", async () => {
    const page = await openConsoleTab(suite, "keys");
    assert.match(page.url(), /#\/demo\/realm-settings\/keys$/);
    await page.getByRole("tab", { name: "Keys list", selected: true }).waitFor();
    const table = page.getByRole("grid", { name: "Keys list" });
    const rs256 = (await keysOf(suite)).find((key) => key.algorithm === "RS256" && key.status === "ACTIVE")!;
    const row = table.getByRole("row").filter({ hasText: rs256.kid });
    await row.waitFor();
    await row.getByText("rsa-generated").waitFor();
    await checkAxeAndShoot(page, "console", "realm-settings-keys-list");

    await row.getByRole("button", { name: `Certificate: ${rs256.kid}` }).click();
    const dialog = page.getByRole("dialog", { name: "Certificate" });
    assert.equal(await dialog.getByRole("textbox").inputValue(), rs256.certificate);
    await dialog.getByRole("button", { name: /^Copy to clipboard/ }).waitFor();
    await checkAxeAndShoot(page, "console", "realm-settings-keys-certificate");
    await dialog.getByRole("button", { name: "Close", exact: true }).first().click();
    await dialog.waitFor({ state: "hidden" });

    // No passive keys yet: the filter shows the empty state and can switch back.
    await page.getByRole("button", { name: "Filter by status" }).click();
    await page.getByRole("option", { name: "Passive keys" }).click();
    await page.getByText("No keys", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Filter by status" }).click();
    await page.getByRole("option", { name: "Active keys" }).click();
    await row.waitFor();
    await page.close();
  });

  it("adds an ecdsa-generated provider of a higher priority: new tokens are ES256, signed with its key", async () => {
    const page = await openConsoleTab(suite, "keys/providers");
    await page.getByRole("tab", { name: "Providers", selected: true }).waitFor();
    await providerRow(page, "rsa-generated").first().waitFor();
    const form = await openAddProvider(page, "ecdsa-generated");
    await form.getByRole("textbox", { name: "Name" }).fill("ec-signing");
    await form.getByRole("textbox", { name: "Priority" }).fill("500");
    await checkAxeAndShoot(page, "console", "realm-settings-keys-add-provider");
    await form.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("The provider has been saved successfully.").waitFor();
    await providerRow(page, "ec-signing").waitFor();
    await checkAxeAndShoot(page, "console", "realm-settings-keys-providers");

    const key = (await keysOf(suite)).find((candidate) => candidate.algorithm === "ES256")!;
    assert.ok(key, "an ES256 key exists");
    await page.getByRole("tab", { name: "Keys list" }).click();
    await page.getByRole("grid", { name: "Keys list" }).getByRole("row").filter({ hasText: key.kid }).waitFor();

    await putRealm(suite.api, "demo", { defaultSignatureAlgorithm: "ES256" });
    const token = await passwordGrantToken(suite);
    const header = decodeProtectedHeader(token);
    assert.equal(header.alg, "ES256");
    assert.equal(header.kid, key.kid);
    const jwks = await getJson<JSONWebKeySet>(suite.api, "/realms/demo/protocol/openid-connect/certs");
    await jwtVerify(token, createLocalJWKSet(jwks));
    await putRealm(suite.api, "demo", { defaultSignatureAlgorithm: "RS256" });
    await page.close();
  });

  it("edits a provider on its settings page (made passive) and deletes it", async () => {
    const page = await openConsoleTab(suite, "keys/providers");
    const form = await openAddProvider(page, "hmac-generated");
    await form.getByRole("textbox", { name: "Name" }).fill("hmac-to-edit");
    await form.getByRole("button", { name: "Save", exact: true }).click();
    await providerRow(page, "hmac-to-edit").waitFor();

    await providerRow(page, "hmac-to-edit").getByRole("link", { name: "hmac-to-edit" }).click();
    await page.getByRole("heading", { name: "hmac-to-edit", level: 1 }).waitFor();
    assert.match(page.url(), /\/realm-settings\/keys\/providers\/[^/]+\/hmac-generated\/settings$/);
    await toggle(page.getByRole("switch", { name: "Active" }));
    await page.getByRole("textbox", { name: "Priority" }).fill("7");
    await checkAxeAndShoot(page, "console", "realm-settings-keys-provider-settings");
    await saveAndWait(page, "The provider has been saved successfully.");
    const providers = await getJson<{ id: string; name: string; config: Record<string, string[]> }[]>(
      suite.api,
      "/admin/realms/demo/components?type=org.keycloak.keys.KeyProvider",
    );
    const stored = providers.find((provider) => provider.name === "hmac-to-edit")!;
    assert.deepEqual([stored.config.active, stored.config.priority], [["false"], ["7"]]);
    assert.equal((await keysOf(suite)).find((key) => key.providerId === stored.id)?.status, "PASSIVE");

    await page.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("tab", { name: "Providers", selected: true }).waitFor();
    const row = providerRow(page, "hmac-to-edit");
    await row.getByText("Passive").waitFor();
    await row.getByRole("button", { name: /^Actions/ }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    await page.getByRole("dialog", { name: "Delete key provider?" }).getByRole("button", { name: "Delete" }).click();
    await page.getByText("Success. The provider has been deleted.").waitFor();
    await row.waitFor({ state: "detached" });
    assert.ok(!(await keysOf(suite)).some((key) => key.providerId === stored.id));
    await page.close();
  });

  it("a failed save keeps the dialog's form as typed and shows the server's message", async () => {
    const page = await openConsoleTab(suite, "keys/providers");
    const form = await openAddProvider(page, "rsa");
    await form.getByRole("textbox", { name: "Name" }).fill("broken-rsa");
    await form.getByRole("textbox", { name: "Private RSA Key" }).fill("not a key");
    await form.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("Error saving provider: Failed to decode private key").waitFor();
    assert.equal(await form.getByRole("textbox", { name: "Name" }).inputValue(), "broken-rsa");
    assert.equal(await form.getByRole("textbox", { name: "Private RSA Key" }).inputValue(), "not a key");
    await page.close();
  });

  it("shows an administrator with only view-realm the keys and texts without any action", async () => {
    const { api } = suite;
    await markAdminCliAsConsoleClient(api, "demo");
    const created = await api("/admin/realms/demo/users", {
      method: "POST",
      body: {
        username: "keys-viewer",
        enabled: true,
        firstName: "Keys",
        lastName: "Viewer",
        email: "keys.viewer@demo.example",
        credentials: [{ type: "password", value: "viewer-pass", temporary: false }],
      },
    });
    assert.equal(created.status, 201, await created.text());
    const viewerId = created.headers.get("location")!.split("/").pop()!;
    const [management] = await getJson<{ id: string }[]>(api, "/admin/realms/demo/clients?clientId=realm-management");
    const viewRealm = await getJson(api, `/admin/realms/demo/clients/${management!.id}/roles/view-realm`);
    const mapped = await api(`/admin/realms/demo/users/${viewerId}/role-mappings/clients/${management!.id}`, {
      method: "POST",
      body: [viewRealm],
    });
    assert.equal(mapped.status, 204, await mapped.text());
    assert.equal(
      (
        await api("/admin/realms/demo/localization/en/realmName", {
          method: "PUT",
          body: "Demo realm",
          headers: { "content-type": "text/plain" }, // Keycloak takes only text/plain here (415 otherwise)
        })
      ).status,
      204,
    );

    const { page } = await newPage(suite.browser);
    page.setDefaultTimeout(TIMEOUT);
    await page.goto(
      `${suite.server.baseUrl}/demo/test-elements/realm-settings.html?token-realm=demo&username=keys-viewer&password=viewer-pass`,
    );
    await page.getByRole("tab", { name: "Keys", exact: true }).click();
    await page.getByRole("grid", { name: "Keys list" }).getByRole("row").nth(1).waitFor();
    await page.getByRole("tab", { name: "Providers" }).click();
    await providerRow(page, "rsa-generated").first().waitFor();
    assert.equal(await page.getByRole("button", { name: "Add provider" }).count(), 0);
    assert.equal(await page.getByRole("button", { name: /^Actions/ }).count(), 0);
    await providerRow(page, "rsa-generated").first().getByRole("link").click();
    const name = page.getByRole("textbox", { name: "Name" });
    await name.waitFor();
    assert.equal(await name.isDisabled(), true);
    assert.equal(await page.getByRole("button", { name: "Save", exact: true }).count(), 0);
    await page.getByRole("button", { name: "Cancel" }).click();

    await page.getByRole("tab", { name: "Localization", exact: true }).click();
    await page.getByRole("tab", { name: "Realm overrides" }).click();
    await page.getByRole("grid", { name: "Realm overrides" }).getByText("Demo realm").waitFor();
    assert.equal(await page.getByRole("button", { name: "Add translation" }).count(), 0);
    assert.equal(await page.getByRole("button", { name: /^Edit the translation/ }).count(), 0);
    await checkAxeAndShoot(page, "element", "realm-settings-localization-read-only");
    await page.close();
  });

  it("is keyboard usable and axe clean in the element, dark theme", async () => {
    const page = await openElementTab(suite, "keys", { theme: "dark" });
    await page.getByRole("tab", { name: "Keys list", selected: true }).waitFor();
    await page.getByRole("grid", { name: "Keys list" }).getByRole("row").nth(1).waitFor();
    await checkAxeAndShoot(page, "element", "realm-settings-keys-list-dark");
    const providersTab = page.getByRole("tab", { name: "Providers" });
    await providersTab.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("tab", { name: "Providers", selected: true }).waitFor();
    await providerRow(page, "rsa-generated").first().waitFor();
    await checkAxeAndShoot(page, "element", "realm-settings-keys-providers-dark");
    await page.getByRole("button", { name: "Add provider" }).focus();
    await page.keyboard.press("Enter");
    const chooser = page.getByRole("dialog", { name: "Choose the type of key provider" });
    await chooser.getByRole("button", { name: "eddsa-generated" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("dialog", { name: "Add eddsa-generated provider" }).waitFor();
    // The dialog alone: axe measures the links dimmed under its backdrop as if they were meant to be read.
    assert.deepEqual(await seriousAxeViolations(page, "kc-realm-settings-admin", ".pf-v6-c-backdrop"), []);
    await screenshot(page, "realm-settings-keys-add-dark");
    await page.keyboard.press("Escape");
    await page.close();
  });
});
