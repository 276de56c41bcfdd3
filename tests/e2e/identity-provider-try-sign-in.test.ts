import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Browser, Locator, Page } from "playwright-core";
import { adminFetch, adminToken, type TestServer } from "../support/server.ts";
import { startTarget } from "../support/target.ts";
import { launchBrowser, newPage, signIn, STEP_TIMEOUT } from "../support/browser.ts";
import { seriousAxeViolations } from "../support/axe.ts";
import { createPartnerRealm, discoveredPartnerConfig, expectStatus } from "../support/partner-realm.ts";
import { markAdminCliAsConsoleClient, screenshot, withFailureShot } from "./organizations-support.ts";

const TIMEOUT = STEP_TIMEOUT;
const PARTNER = "partner";
const DEMO = "/admin/realms/demo";

/**
 * ★ Try sign-in: from a provider's page the administrator signs in through it in a new tab (a second realm of the
 * same server, embedded or real Keycloak, is the external Keycloak OpenID Connect provider) and the dialog shows what the sign-in produced,
 * or why it failed.
 */
describe("Try sign-in on an identity provider", () => {
  let server: TestServer;
  let browser: Browser;
  let api: ReturnType<typeof adminFetch>;

  before(async () => {
    server = await startTarget({ demoPages: true });
    browser = await launchBrowser();
    api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
    // the element's host page signs in with admin-cli
    await markAdminCliAsConsoleClient(api, "master");
    const clientId = "demo-broker";
    const clientSecret = "broker-secret";
    await createPartnerRealm(api, server.baseUrl, {
      realm: PARTNER,
      home: "demo",
      users: [
        { username: "tess", password: "tess-password", email: "tess@partner.test", firstName: "Tess", lastName: "Try" },
      ],
      client: { clientId, secret: clientSecret },
    });
    const discovered = await discoveredPartnerConfig(api, server.baseUrl, {
      home: "demo",
      partner: PARTNER,
      providerId: "keycloak-oidc",
    });
    await expectStatus(api(DEMO, { method: "PUT", body: { eventsEnabled: true, enabledEventTypes: [] } }), 204);
    for (const role of ["partner-member", "partner-admin"])
      await expectStatus(api(`${DEMO}/roles`, { method: "POST", body: { name: role } }));
    const config = {
      ...discovered,
      clientId,
      clientSecret,
      clientAuthMethod: "client_secret_post",
      syncMode: "IMPORT",
    };
    for (const [alias, displayName, extra] of [
      ["partner", "Partner Keycloak", {}],
      ["partner-impostor", "Partner with the wrong issuer", { issuer: "https://impostor.test/realms/partner" }],
    ] as const)
      await expectStatus(
        api(`${DEMO}/identity-provider/instances`, {
          method: "POST",
          body: { alias, displayName, providerId: "keycloak-oidc", enabled: true, config: { ...config, ...extra } },
        }),
      );
    const mapper = (name: string, type: string, mapperConfig: Record<string, string>) =>
      expectStatus(
        api(`${DEMO}/identity-provider/instances/partner/mappers`, {
          method: "POST",
          body: {
            name,
            identityProviderAlias: "partner",
            identityProviderMapper: type,
            config: { syncMode: "INHERIT", ...mapperConfig },
          },
        }),
      );
    await mapper("members", "oidc-role-idp-mapper", {
      claim: "preferred_username",
      "claim.value": "tess",
      role: "partner-member",
    });
    await mapper("admins", "oidc-role-idp-mapper", {
      claim: "preferred_username",
      "claim.value": "someone-else",
      role: "partner-admin",
    });
    await mapper("nickname", "oidc-user-attribute-idp-mapper", { claim: "given_name", "user.attribute": "nickname" });
  });

  after(async () => {
    await browser?.close();
    await server?.dispose();
  });

  async function openSignInTab(page: Page, dialog: Locator, link: string): Promise<Page> {
    const [tab] = await Promise.all([
      page.context().waitForEvent("page"),
      dialog.getByRole("link", { name: link }).click(),
    ]);
    tab.setDefaultTimeout(TIMEOUT);
    return tab;
  }

  /** Opens the sign-in tab from the dialog and signs in there as the partner's user. */
  async function signInInNewTab(page: Page, dialog: Locator): Promise<Page> {
    const tab = await openSignInTab(page, dialog, "Open sign-in in a new tab");
    await tab.getByLabel("Username or email").waitFor();
    assert.match(tab.url(), new RegExp(`/realms/${PARTNER}/`), "straight to the partner realm's own login page");
    await signIn(tab, { username: "tess", password: "tess-password" });
    return tab;
  }

  const mapperRow = (dialog: Locator, name: string) =>
    dialog.getByRole("grid", { name: "Mappers" }).getByRole("row").filter({ hasText: name });

  it("a first sign-in creates the user; the dialog shows the link, the attributes, the roles and which mappers set them", async () => {
    const { page, context } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    await withFailureShot(page, "try-sign-in", async () => {
      await page.goto(
        `${server.baseUrl}/admin/master/console/#/demo/identity-providers/keycloak-oidc/partner/settings`,
      );
      await signIn(page, { username: "admin", password: "admin" });
      await page.getByRole("tab", { name: "Settings", selected: true }).waitFor();
      await page.getByRole("button", { name: "Try sign-in" }).click();
      const dialog = page.getByRole("dialog", { name: "Try sign-in with Partner Keycloak" });
      await dialog.getByText("It is a real sign-in").waitFor();
      assert.deepEqual(await seriousAxeViolations(page, "kc-admin-console", "main"), [], "try sign-in dialog");

      const tab = await signInInNewTab(page, dialog);
      await tab.getByRole("heading", { name: "Personal info" }).waitFor();
      await tab.close();

      await dialog.getByText("First sign-in: user tess was created and linked.").waitFor();
      const details = async (term: string) =>
        (
          await dialog
            .getByRole("term")
            .filter({ hasText: new RegExp(`^${term}$`) })
            .locator("xpath=..")
            .innerText()
        )
          .replace(term, "")
          .trim();
      assert.equal(await details("Email"), "tess@partner.test");
      assert.equal(await details("Username at the provider"), "tess");
      assert.equal(await details("nickname"), "Tess", "the attribute importer's value");
      assert.match(await details("Roles"), /partner-member/);
      assert.doesNotMatch(await details("Roles"), /partner-admin/);
      assert.match(await mapperRow(dialog, "members").innerText(), /Role partner-member\s+Set/);
      assert.match(await mapperRow(dialog, "admins").innerText(), /Role partner-admin\s+Not set/);
      assert.match(await mapperRow(dialog, "nickname").innerText(), /Attribute nickname = Tess\s+Set/);
      await screenshot(page, "try-sign-in-result");
      assert.deepEqual(await seriousAxeViolations(page, "kc-admin-console", "main"), [], "try sign-in result");

      // A second try reuses the link: a sign-in, not a first one. Keycloak forwards prompt=login, so the partner asks
      // tess to re-authenticate (her username fixed); the embedded broker does not yet, and the partner's SSO session
      // lets her through.
      const again = await openSignInTab(page, dialog, "Try again");
      await withFailureShot(again, "try-sign-in-again", async () => {
        const password = again.getByLabel("Password", { exact: true });
        await password.or(again.getByRole("heading", { name: "Personal info" })).waitFor();
        if (await password.isVisible()) {
          // Keycloak's re-authentication page shows the username without an input to label
          const username = again.getByLabel("Username or email");
          if ((await username.count()) && (await username.isEditable())) await username.fill("tess");
          await password.fill("tess-password");
          await again.getByRole("button", { name: "Sign In" }).click();
        }
        await again.getByRole("heading", { name: "Personal info" }).waitFor();
      });
      await again.close();
      await dialog.getByText("Signed in as tess.").waitFor();
      await dialog.getByRole("button", { name: "Close" }).last().click();
      await dialog.waitFor({ state: "hidden" });
    });
    await context.close();
  });

  it("a failing sign-in shows the provider's error, in the dark theme, as <kc-identity-providers-admin>", async () => {
    const { page, context } = await newPage(browser, { colorScheme: "dark" });
    page.setDefaultTimeout(TIMEOUT);
    await withFailureShot(page, "try-sign-in-error", async () => {
      await page.goto(`${server.baseUrl}/demo/test-elements/identity-providers.html?theme=dark`);
      await page.getByRole("link", { name: "Partner with the wrong issuer" }).click();
      await page.getByRole("tab", { name: "Settings", selected: true }).waitFor();
      await page.getByRole("button", { name: "Try sign-in" }).click();
      const dialog = page.getByRole("dialog", { name: "Try sign-in with Partner with the wrong issuer" });
      const tab = await signInInNewTab(page, dialog);
      await tab.getByText("Unexpected error when authenticating with identity provider").waitFor();
      await tab.close();
      await dialog.getByText("The sign-in through Partner with the wrong issuer failed").waitFor();
      await dialog.getByText(/IDENTITY_PROVIDER_LOGIN_ERROR/).waitFor();
      await screenshot(page, "try-sign-in-error-dark");
      assert.deepEqual(await seriousAxeViolations(page, "kc-identity-providers-admin"), [], "dark try sign-in error");
    });
    await context.close();
  });
});
