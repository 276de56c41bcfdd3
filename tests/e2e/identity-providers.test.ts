import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { adminFetch, adminToken, type TestServer } from "../support/server.ts";
import { startTarget } from "../support/target.ts";
import { launchBrowser, newPage, signIn, STEP_TIMEOUT } from "../support/browser.ts";
import { seriousAxeViolations } from "../support/axe.ts";
import { typeProfileAttribute } from "../support/attribute-picker.ts";
import { markAdminCliAsConsoleClient, screenshot, waitForTable } from "./organizations-support.ts";

const TIMEOUT = STEP_TIMEOUT;
const IDPS = "/admin/realms/demo/identity-provider/instances";
const PARTNER = "partner";

describe("identity providers screens", () => {
  let server: TestServer;
  let browser: Browser;
  let api: ReturnType<typeof adminFetch>;

  before(async () => {
    server = await startTarget({ demoPages: true });
    browser = await launchBrowser();
    api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
    await markAdminCliAsConsoleClient(api, "master");
    await api(`/admin/realms/${PARTNER}`, { method: "DELETE" }); // one an earlier run left on a reused Keycloak
    const realm = await api("/admin/realms", { method: "POST", body: { realm: PARTNER, enabled: true } });
    assert.equal(realm.status, 201, await realm.text());
  });

  after(async () => {
    await browser?.close();
    await server?.dispose();
  });

  async function addKeycloakOidcProvider(page: Page, host: string, area: string, shots: string) {
    const catalogue = page.getByRole("region", { name: "No identity providers in this realm" });
    await catalogue.getByText("Social login").waitFor();
    await catalogue.getByText("GitHub", { exact: true }).waitFor();
    assert.deepEqual(await seriousAxeViolations(page, host, area), [], "empty list: the catalogue");
    await screenshot(page, `${shots}-catalogue`);
    await catalogue.getByRole("button", { name: "Keycloak OpenID Connect" }).click();
    await page.getByRole("heading", { name: "Add Keycloak OpenID Connect provider" }).waitFor();

    const alias = page.getByRole("textbox", { name: "Alias" });
    await alias.fill("partner idp");
    const discovery = page.getByRole("textbox", { name: "Discovery endpoint" });
    await discovery.fill(`${server.baseUrl}/admin/master/console/`);
    await page.getByRole("button", { name: "Import" }).click();
    await page.getByText("Cannot parse the JSON").waitFor();
    assert.equal(await alias.inputValue(), "partner idp", "a refused import keeps the form");
    assert.equal(await page.getByRole("textbox", { name: "Authorization URL" }).inputValue(), "");

    await discovery.fill(`${server.baseUrl}/realms/${PARTNER}/.well-known/openid-configuration`);
    await discovery.press("Enter");
    await page.getByText("The provider's metadata was read.").waitFor();
    const issuer = `${server.baseUrl}/realms/${PARTNER}`;
    assert.equal(
      await page.getByRole("textbox", { name: "Authorization URL" }).inputValue(),
      `${issuer}/protocol/openid-connect/auth`,
    );
    await page.getByRole("textbox", { name: "Client ID" }).fill("broker");
    await page.getByLabel("Client Secret").fill("broker-secret");
    await page.getByRole("textbox", { name: "Display name" }).fill("Partner");
    assert.deepEqual(await seriousAxeViolations(page, host, area), [], "add form");
    await screenshot(page, `${shots}-add`);

    await page.getByRole("button", { name: "Add", exact: true }).click();
    await page.getByText("Use letters, digits and . _ ~ - only (no spaces).").waitFor();
    await alias.fill("partner");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await page.getByRole("tab", { name: "Settings", selected: true }).waitFor();
    const saved = (await (await api(`${IDPS}/partner`)).json()) as {
      providerId: string;
      displayName: string;
      config: Record<string, string>;
    };
    assert.equal(saved.providerId, "keycloak-oidc");
    assert.equal(saved.displayName, "Partner");
    assert.equal(saved.config.tokenUrl, `${issuer}/protocol/openid-connect/token`);
    assert.equal(saved.config.jwksUrl, `${issuer}/protocol/openid-connect/certs`);
    assert.equal(saved.config.clientId, "broker");
    assert.equal(saved.config.clientSecret, "**********");
    await page
      .getByRole("textbox", { name: "Redirect URI" })
      .or(page.getByText(`${server.baseUrl}/realms/demo/broker/partner/endpoint`))
      .first()
      .waitFor();
    assert.deepEqual(await seriousAxeViolations(page, host, area), [], "settings tab");
    await screenshot(page, `${shots}-settings`);
  }

  it("in the full console: catalogue, add by discovery, refusals, list and delete", async () => {
    const { page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    try {
      await page.goto(`${server.baseUrl}/admin/master/console/`);
      await signIn(page, { username: "admin", password: "admin" });
      await page.getByTestId("dashboard-title").waitFor();
      await page.evaluate(() => (location.hash = "#/demo/identity-providers"));
      await addKeycloakOidcProvider(page, "kc-admin-console", "main", "idp-console");

      // A duplicate alias: Keycloak's 409 message, the form kept.
      await page.evaluate(() => (location.hash = "#/demo/identity-providers/github/add"));
      await page.getByRole("heading", { name: "Add GitHub provider" }).waitFor();
      await page.getByRole("textbox", { name: "Alias" }).fill("partner");
      await page.getByRole("textbox", { name: "Client ID" }).fill("gh");
      await page.getByRole("button", { name: "Add", exact: true }).click();
      await page.getByText(/Identity Provider partner already exists/).waitFor();
      assert.equal(await page.getByRole("textbox", { name: "Client ID" }).inputValue(), "gh");
      await page.getByRole("textbox", { name: "Alias" }).fill("github");
      await page.getByRole("button", { name: "Add", exact: true }).click();
      await page.getByRole("tab", { name: "Settings", selected: true }).waitFor();

      await page.evaluate(() => (location.hash = "#/demo/identity-providers"));
      const list = page.getByRole("grid", { name: "Identity providers" });
      await waitForTable(list);
      await list.getByRole("link", { name: "Partner" }).waitFor();
      await list.getByText("Keycloak OpenID Connect").waitFor();

      // Display order: a keyboard move, a drag, and a keyboard move again; saved as config.guiOrder.
      await page.getByRole("button", { name: "Manage display order" }).click();
      const order = page.getByRole("dialog", { name: "Manage display order" });
      await order.getByRole("button", { name: "Move Partner up" }).focus();
      await page.keyboard.press("Enter");
      await order.getByTestId("idp-order-partner").dragTo(order.getByTestId("idp-order-github"));
      await order.getByRole("button", { name: "Move Partner up" }).focus();
      await page.keyboard.press("Enter");
      assert.deepEqual(await seriousAxeViolations(page, "kc-admin-console", "main"), [], "display order dialog");
      await screenshot(page, "idp-console-display-order");
      await order.getByRole("button", { name: "Save" }).click();
      await order.waitFor({ state: "detached" });
      const guiOrder = async (alias: string) =>
        ((await (await api(`${IDPS}/${alias}`)).json()) as { config: Record<string, string> }).config.guiOrder;
      assert.deepEqual([await guiOrder("partner"), await guiOrder("github")], ["0", "1"]);
      await page
        .getByRole("searchbox", { name: /Search/ })
        .or(page.getByPlaceholder("Search for provider"))
        .first()
        .fill("git");
      await page.keyboard.press("Enter");
      await list.getByRole("link", { name: "partner" }).waitFor({ state: "detached" });
      await list.getByRole("link", { name: "github" }).waitFor();
      assert.deepEqual(await seriousAxeViolations(page, "kc-admin-console", "main"), [], "list");
      await screenshot(page, "idp-console-list");

      await list
        .getByRole("button", { name: /Kebab toggle|Actions/ })
        .first()
        .click();
      await page.getByRole("menuitem", { name: "Delete" }).click();
      const confirm = page.getByRole("dialog", { name: "Delete provider?" });
      await confirm.getByText(/'github'/).waitFor();
      await confirm.getByRole("button", { name: "Delete" }).click();
      await page.getByText("Provider successfully deleted.").waitFor();
      assert.equal((await api(`${IDPS}/github`)).status, 404);
    } catch (error) {
      await screenshot(page, "idp-console-failed");
      throw error;
    } finally {
      await page.close();
    }
  });

  it("mappers: add an attribute importer through the dynamic form, edit it, and its values round-trip", async () => {
    const { page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    try {
      await page.goto(`${server.baseUrl}/admin/master/console/`);
      await signIn(page, { username: "admin", password: "admin" });
      await page.getByTestId("dashboard-title").waitFor();
      await page.evaluate(() => (location.hash = "#/demo/identity-providers/keycloak-oidc/partner/mappers"));
      await page.getByRole("button", { name: "Add mapper" }).first().click();
      await page.getByRole("textbox", { name: "Name" }).fill("nickname");
      await page.getByRole("button", { name: "Mapper type" }).click();
      await page.getByRole("option", { name: /^Attribute Importer/ }).click();
      await page.getByRole("textbox", { name: "Claim" }).fill("given_name");
      await typeProfileAttribute(page, "User Attribute Name", "nickname");
      assert.deepEqual(await seriousAxeViolations(page, "kc-admin-console", "main"), [], "add mapper");
      await screenshot(page, "idp-console-add-mapper");
      await page.getByRole("button", { name: "Add", exact: true }).click();
      const mappers = page.getByRole("grid", { name: "Mappers" });
      // The type's name, as Keycloak's console shows it, not its id.
      const row = mappers.getByRole("row").filter({ has: page.getByRole("link", { name: "nickname" }) });
      await row.getByText("Attribute Importer", { exact: true }).waitFor();
      assert.doesNotMatch(await row.innerText(), /oidc-user-attribute-idp-mapper/);
      await mappers.getByRole("link", { name: "nickname" }).click();
      assert.equal(await page.getByRole("textbox", { name: "Claim" }).inputValue(), "given_name");
      assert.equal(await page.getByRole("combobox", { name: "User Attribute Name" }).inputValue(), "nickname");
      await page.getByRole("button", { name: "Sync mode override" }).click();
      await page.getByRole("option", { name: "Force" }).click();
      await page.getByRole("textbox", { name: "Claim" }).fill("family_name");
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("Mapper saved successfully.").waitFor();
      const [saved] = (await (await api(`${IDPS}/partner/mappers`)).json()) as {
        name: string;
        identityProviderMapper: string;
        config: Record<string, string>;
      }[];
      assert.equal(saved.identityProviderMapper, "oidc-user-attribute-idp-mapper");
      // Keycloak 26.7's attribute importer also has the switch "Allow Nullable Property", saved off.
      assert.deepEqual(saved.config, {
        claim: "family_name",
        "user.attribute": "nickname",
        syncMode: "FORCE",
        "allow.nullable.property": "false",
      });
    } catch (error) {
      await screenshot(page, "idp-console-mapper-failed");
      throw error;
    } finally {
      await page.close();
    }
  });

  it("as <kc-identity-providers-admin> on a host page with a host token, in the dark theme", async () => {
    const { page } = await newPage(browser, { colorScheme: "dark" });
    page.setDefaultTimeout(TIMEOUT);
    try {
      await page.goto(`${server.baseUrl}/demo/test-elements/identity-providers.html?theme=dark`);
      const list = page.getByRole("grid", { name: "Identity providers" });
      await waitForTable(list);
      await list.getByRole("link", { name: "Partner" }).waitFor();
      assert.deepEqual(await seriousAxeViolations(page, "kc-identity-providers-admin"), [], "dark list");
      await screenshot(page, "idp-element-dark-list");
      await list.getByRole("link", { name: "Partner" }).click();
      await page.getByRole("tab", { name: "Settings", selected: true }).waitFor();
      assert.deepEqual(await seriousAxeViolations(page, "kc-identity-providers-admin"), [], "dark settings");
      await screenshot(page, "idp-element-dark-settings");
      // Fine-grained admin permissions v2 (Keycloak 26's default) has no per-provider switch: no Permissions tab,
      // and the server refuses the v1 call as Keycloak 26.7.3 does.
      const tabs = page.getByRole("tab");
      assert.deepEqual(await tabs.allInnerTexts(), ["Settings", "Mappers"]);
      assert.equal((await api(`${IDPS}/partner/management/permissions`)).status, 501);
      await page.getByRole("tab", { name: "Mappers" }).focus();
      await page.keyboard.press("Enter");
      await page.getByRole("tab", { name: "Mappers", selected: true }).waitFor();
      await page.getByRole("button", { name: "Add mapper" }).first().waitFor();
      assert.deepEqual(await seriousAxeViolations(page, "kc-identity-providers-admin"), [], "dark mappers");
      await screenshot(page, "idp-element-dark-mappers");
    } catch (error) {
      await screenshot(page, "idp-element-failed");
      throw error;
    } finally {
      await page.close();
    }
  });
});
