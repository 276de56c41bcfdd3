import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { adminFetch, adminToken, type TestServer } from "../support/server.ts";
import { startTarget } from "../support/target.ts";
import { launchBrowser, newPage, signIn, STEP_TIMEOUT } from "../support/browser.ts";
import { markAdminCliAsConsoleClient, screenshot, withFailureShot } from "./organizations-support.ts";
import { seriousAxeViolations } from "../support/axe.ts";

const TIMEOUT = STEP_TIMEOUT;
const CLIENTS = "/admin/realms/demo/clients";
const HOST = "kc-admin-console";
const INNER = "main";

interface ClientRep {
  id: string;
  clientId: string;
  consentRequired?: boolean;
  frontchannelLogout?: boolean;
  attributes?: Record<string, string>;
}

describe("SAML client wizard and the settings tab's sections", () => {
  let server: TestServer;
  let browser: Browser;
  let api: ReturnType<typeof adminFetch>;

  before(async () => {
    server = await startTarget({ demoPages: true });
    browser = await launchBrowser();
    api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
    await markAdminCliAsConsoleClient(api, "master");
  });

  after(async () => {
    await browser?.close();
    await server?.dispose();
  });

  const findClient = async (clientId: string): Promise<ClientRep | undefined> => {
    const list = (await (await api(`${CLIENTS}?clientId=${encodeURIComponent(clientId)}`)).json()) as ClientRep[];
    return list[0];
  };

  async function signInToConsole(page: Page) {
    await page.goto(`${server.baseUrl}/admin/master/console/`);
    await signIn(page, { username: "admin", password: "admin" });
    await page.getByTestId("dashboard-title").waitFor();
  }

  /** The heading's distance from the top of the window, in pixels. */
  const topOf = async (page: Page, heading: string) =>
    (await page.getByRole("heading", { level: 2, name: heading, exact: true }).boundingBox())!.y;

  /** The heading's top once smooth scrolling has stopped. */
  async function settledTop(page: Page, heading: string): Promise<number> {
    let last = await topOf(page, heading);
    for (let i = 0; i < 40; i++) {
      await page.waitForTimeout(100);
      const now = await topOf(page, heading);
      if (now === last && i > 2) return now;
      last = now;
    }
    return last;
  }

  it("creates a SAML client, sets name ID format and signed assertions, and jumps between sections", async () => {
    const { page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    const entityId = "https://sp.example.com/saml/metadata";
    await withFailureShot(page, "client-saml", async () => {
      await signInToConsole(page);
      await page.goto(`${server.baseUrl}/admin/master/console/#/demo/clients/add-client`);
      await page.getByRole("heading", { level: 1, name: "Create client" }).waitFor();
      await page.getByRole("button", { name: "Client type", exact: true }).click();
      await page.getByRole("option", { name: "SAML", exact: true }).click();
      await page.getByRole("textbox", { name: "Client ID", exact: true }).fill(entityId);
      await page.getByRole("button", { name: "Next" }).click();
      // SAML has no capability step (as Keycloak's wizard): the next step asks for SAML's login settings.
      await page.getByRole("textbox", { name: "IDP-Initiated SSO URL name" }).fill("sp-example");
      await page.getByRole("textbox", { name: "IDP Initiated SSO Relay State" }).fill("/home");
      assert.equal(await page.getByRole("button", { name: "Capability config" }).count(), 0);
      assert.deepEqual(await seriousAxeViolations(page, HOST, INNER), [], "wizard, SAML login settings");
      await screenshot(page, "client-saml-wizard-login");
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("Client created successfully").waitFor();
      await page.getByRole("heading", { level: 1, name: entityId }).waitFor();
      const created = await findClient(entityId);
      assert.ok(created, "SAML client created");
      assert.equal(created.attributes?.saml_idp_initiated_sso_relay_state, "/home");
      assert.equal(created.attributes?.saml_name_id_format, "username");

      // Settings: SAML capabilities and signature sections, with the server's defaults.
      const nameIdFormat = page.getByRole("button", { name: "Name ID format", exact: true });
      assert.equal((await nameIdFormat.textContent())?.trim(), "username");
      const signAssertions = page.getByRole("switch", { name: "Sign assertions" });
      assert.equal(await signAssertions.isChecked(), false);
      assert.equal(await page.getByRole("switch", { name: "Sign documents" }).isChecked(), true);
      assert.equal(await page.getByRole("switch", { name: "Force POST binding" }).isChecked(), true);
      assert.deepEqual(await seriousAxeViolations(page, HOST, INNER), [], "SAML settings tab");
      await screenshot(page, "client-saml-settings");

      await nameIdFormat.click();
      await page.getByRole("option", { name: "email", exact: true }).click();
      await signAssertions.focus();
      await page.keyboard.press("Space");
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("Client successfully updated").waitFor();
      const saved = await findClient(entityId);
      assert.equal(saved?.attributes?.saml_name_id_format, "email");
      assert.equal(saved?.attributes?.["saml.assertion.signature"], "true");
      assert.equal(saved?.attributes?.["saml.server.signature"], "true");
      assert.equal(saved?.attributes?.["saml.signature.algorithm"], "RSA_SHA256");

      await page.reload();
      await page.getByRole("heading", { level: 1, name: entityId }).waitFor();
      assert.equal(
        (await page.getByRole("button", { name: "Name ID format", exact: true }).textContent())?.trim(),
        "email",
      );
      assert.equal(await page.getByRole("switch", { name: "Sign assertions" }).isChecked(), true);
      assert.equal(await page.getByRole("switch", { name: "Front channel logout" }).isChecked(), true);

      // Jump links: a real click brings each section's heading to the top of the page.
      const jumpLinks = page.getByRole("navigation", { name: "Jump to section" });
      const titles = await jumpLinks.getByRole("link").allTextContents();
      assert.deepEqual(titles, [
        "General settings",
        "Access settings",
        "SAML capabilities",
        "Signature and Encryption",
        "Login settings",
        "Logout settings",
      ]);
      const logoutTopBefore = await topOf(page, "Logout settings");
      // The last section cannot reach the top of the panel; the panel scrolls to its end and shows it.
      await jumpLinks.getByRole("link", { name: "Logout settings" }).click();
      const logoutTop = await settledTop(page, "Logout settings");
      const viewport = page.viewportSize()!.height;
      assert.ok(logoutTop < logoutTopBefore, `Logout settings moved up (${logoutTopBefore} → ${logoutTop})`);
      assert.ok(logoutTop > 0 && logoutTop < viewport - 100, `Logout settings in view (${logoutTop})`);
      assert.equal(await page.getByRole("switch", { name: "Front channel logout" }).isVisible(), true);
      await screenshot(page, "client-saml-jump-logout");
      // A middle section comes to the top of the panel, JUMP_LINK_OFFSET (100 px) below the panel's top.
      await jumpLinks.getByRole("link", { name: "SAML capabilities" }).click();
      const samlTop = await settledTop(page, "SAML capabilities");
      const panelTop = (await page.locator("main.pf-v6-c-page__main").boundingBox())!.y;
      assert.ok(
        Math.abs(samlTop - panelTop - 100) < 20,
        `SAML capabilities at the top (${samlTop}, panel ${panelTop})`,
      );
      await screenshot(page, "client-saml-jump-saml");
    });
    await page.close();
  });

  it("sets consent required and a front channel logout URL on an OIDC client", async () => {
    const created = await api(CLIENTS, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ clientId: "e2e-consent-app", redirectUris: ["https://app.example.com/*"] }),
    });
    assert.equal(created.status, 201);
    const id = created.headers.get("location")!.split("/").pop()!;
    const { page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    await withFailureShot(page, "client-oidc-logout", async () => {
      await signInToConsole(page);
      await page.goto(`${server.baseUrl}/admin/master/console/#/demo/clients/${id}/settings`);
      await page.getByRole("heading", { level: 1, name: "e2e-consent-app" }).waitFor();
      const displayOnScreen = page.getByRole("switch", { name: "Display client on screen" });
      assert.equal(await displayOnScreen.isDisabled(), true);
      await page.getByRole("button", { name: "Login theme", exact: true }).click();
      await page.getByRole("option", { name: "keycloak.v2", exact: true }).click();
      await page.getByRole("switch", { name: "Consent required" }).focus();
      await page.keyboard.press("Space");
      assert.equal(await displayOnScreen.isDisabled(), false);

      // Off for a client the admin API created (as Keycloak leaves it); its URL field shows once it is on.
      const frontChannel = page.getByRole("switch", { name: "Front channel logout" });
      assert.equal(await frontChannel.isChecked(), false);
      await frontChannel.click({ force: true });
      // A front channel logout URL that is no http(s) URL is refused before saving, and the text stays.
      const logoutUrl = page.getByRole("textbox", { name: "Front-channel logout URL" });
      await logoutUrl.fill("app.example.com/logout");
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("Front-channel logout URL is not a valid URL").waitFor();
      await page.waitForTimeout(300);
      assert.equal(await page.getByRole("button", { name: "Save" }).isEnabled(), true, "Save stays enabled");
      assert.equal(await logoutUrl.inputValue(), "app.example.com/logout");
      assert.equal((await findClient("e2e-consent-app"))?.consentRequired, false);
      await screenshot(page, "client-oidc-logout-error");

      await logoutUrl.fill("https://app.example.com/logout");
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("Client successfully updated").waitFor();
      const saved = await findClient("e2e-consent-app");
      assert.equal(saved?.consentRequired, true);
      assert.equal(saved?.attributes?.login_theme, "keycloak.v2");
      assert.equal(saved?.frontchannelLogout, true);
      assert.equal(saved?.attributes?.["frontchannel.logout.url"], "https://app.example.com/logout");
      assert.equal(saved?.attributes?.saml_name_id_format, undefined, "no SAML attributes on an OIDC client");

      await page.reload();
      await page.getByRole("heading", { level: 1, name: "e2e-consent-app" }).waitFor();
      assert.equal(await page.getByRole("switch", { name: "Consent required" }).isChecked(), true);
      assert.equal(
        await page.getByRole("textbox", { name: "Front-channel logout URL" }).inputValue(),
        "https://app.example.com/logout",
      );
      assert.deepEqual(await seriousAxeViolations(page, HOST, INNER), [], "OIDC settings tab");
      await screenshot(page, "client-oidc-settings");
    });
    await page.close();
  });
});
