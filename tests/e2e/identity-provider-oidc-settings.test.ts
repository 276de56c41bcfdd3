import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { adminFetch, adminToken, type TestServer } from "../support/server.ts";
import { startTarget } from "../support/target.ts";
import { launchBrowser, newPage, signIn, STEP_TIMEOUT } from "../support/browser.ts";
import { seriousAxeViolations } from "../support/axe.ts";
import { markAdminCliAsConsoleClient, screenshot, waitForTable, withFailureShot } from "./organizations-support.ts";
import { createPartnerRealm, discoveredPartnerConfig } from "../support/partner-realm.ts";

const TIMEOUT = STEP_TIMEOUT;
const PARTNER = "partner";
const DEMO = "/admin/realms/demo";
const ALIAS = "partner-oidc";
const DISPLAY_NAME = "Partner (signed JWT)";

/**
 * An OIDC provider's client authentication, signature validation and PKCE set in the settings tab, then used by a
 * real sign-in: the partner realm's client only accepts a JWT signed with the demo realm's key (checked through the
 * demo realm's JWKS) and requires PKCE, and the broker checks the partner's ID token with the pasted public key.
 */
describe("OpenID Connect provider settings: client authentication, signatures, PKCE", () => {
  let server: TestServer;
  let browser: Browser;
  let api: ReturnType<typeof adminFetch>;
  let partnerKey: string;

  const ok = async (response: Promise<Response>, status = 201) => {
    const answer = await response;
    assert.equal(answer.status, status, await answer.clone().text());
    return answer;
  };
  const savedConfig = async () =>
    ((await (await api(`${DEMO}/identity-provider/instances/${ALIAS}`)).json()) as { config: Record<string, string> })
      .config;

  before(async () => {
    server = await startTarget({ demoPages: true });
    browser = await launchBrowser();
    api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
    // the element's host page signs in with admin-cli
    await markAdminCliAsConsoleClient(api, "master");
    await createPartnerRealm(api, server.baseUrl, {
      realm: PARTNER,
      home: "demo",
      users: [
        {
          username: "jodie",
          password: "jo-password",
          email: "jodie@partner.test",
          firstName: "Jo",
          lastName: "Signed",
        },
      ],
      client: {
        clientId: "demo-jwt-broker",
        clientAuthenticatorType: "client-jwt",
        attributes: {
          "use.jwks.url": "true",
          "jwks.url": `${server.baseUrl}/realms/demo/protocol/openid-connect/certs`,
          "pkce.code.challenge.method": "S256",
        },
      },
    });
    const keys = (await (await api(`/admin/realms/${PARTNER}/keys`)).json()) as {
      keys: { algorithm: string; status: string; publicKey?: string }[];
    };
    partnerKey = keys.keys.find((k) => k.algorithm === "RS256" && k.status === "ACTIVE")!.publicKey!;
    const discovered = await discoveredPartnerConfig(api, server.baseUrl, {
      home: "demo",
      partner: PARTNER,
      providerId: "oidc",
    });
    await ok(
      api(`${DEMO}/identity-provider/instances`, {
        method: "POST",
        body: {
          alias: ALIAS,
          displayName: DISPLAY_NAME,
          providerId: "oidc",
          enabled: true,
          config: {
            ...discovered,
            clientId: "demo-jwt-broker",
            clientSecret: "unused",
            clientAuthMethod: "client_secret_post",
            syncMode: "IMPORT",
          },
        },
      }),
    );
  });

  after(async () => {
    await browser?.close();
    await server?.dispose();
  });

  async function choose(page: Page, select: string, option: string) {
    await page.getByRole("button", { name: select, exact: true }).click();
    await page.getByRole("option", { name: option, exact: true }).click();
    await page.getByRole("option", { name: option, exact: true }).waitFor({ state: "detached" });
  }

  it("sets private_key_jwt, a pasted validating key and PKCE in the console; a sign-in then uses all three", async () => {
    const { page, context } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    await withFailureShot(page, "oidc-settings", async () => {
      await page.goto(`${server.baseUrl}/admin/master/console/#/demo/identity-providers/oidc/${ALIAS}/settings`);
      await signIn(page, { username: "admin", password: "admin" });
      await page.getByRole("tab", { name: "Settings", selected: true }).waitFor();

      // the JWT fields only show for the JWT methods; X.509 headers only for the private key
      assert.equal(await page.getByRole("combobox", { name: "Client assertion signature algorithm" }).count(), 0);
      await choose(page, "Client authentication", "JWT signed with private key");
      // 13 algorithms: a typeahead select
      const algorithm = page.getByRole("combobox", { name: "Client assertion signature algorithm" });
      await algorithm.fill("RS2");
      await page.getByRole("option", { name: "RS256", exact: true }).click();
      await page
        .getByRole("textbox", { name: "Client assertion audience" })
        .fill(`${server.baseUrl}/realms/${PARTNER}`);
      await page.getByRole("switch", { name: "Add X.509 Headers to the JWT" }).waitFor();

      // signatures: the imported JWKS URL, then a pasted key instead
      assert.equal(await page.getByRole("switch", { name: "Validate Signatures" }).isChecked(), true);
      assert.equal(await page.getByRole("switch", { name: "Use JWKS URL" }).isChecked(), true);
      await page.getByRole("textbox", { name: "JWKS URL" }).waitFor();
      await page.getByRole("switch", { name: "Use JWKS URL" }).click({ force: true });
      await page.getByRole("textbox", { name: "JWKS URL" }).waitFor({ state: "detached" });
      const pasted = page.getByRole("textbox", { name: "Validating public key", exact: true });
      await pasted.fill("not a key");
      await page.getByRole("switch", { name: "Use PKCE" }).click({ force: true });
      await choose(page, "PKCE Method", "S256");
      await page.getByText("Paste a PEM public key or certificate, or a JWKS (JSON with a keys list).").waitFor();
      assert.equal(await page.getByRole("button", { name: "Save" }).isDisabled(), true, "no save with a broken key");
      assert.equal(await page.getByRole("switch", { name: "Use PKCE" }).isChecked(), true, "the form is kept");

      await pasted.fill(`-----BEGIN PUBLIC KEY-----\n${partnerKey}\n-----END PUBLIC KEY-----`);
      await page.getByRole("textbox", { name: "Validating public key id" }).waitFor();
      // sign-out: Keycloak's defaults, then back-channel logout on
      assert.equal(
        await page.getByRole("switch", { name: "Send 'id_token_hint' in logout requests" }).isChecked(),
        true,
      );
      assert.equal(await page.getByRole("switch", { name: "Send 'client_id' in logout requests" }).isChecked(), false);
      await page.getByRole("switch", { name: "Backchannel logout" }).click({ force: true });
      // what the sign-in passes on from the client's request
      await page.getByRole("switch", { name: "Pass max_age" }).click({ force: true });
      await page.getByRole("switch", { name: "Pass current locale" }).click({ force: true });
      await choose(page, "Prompt", "Login");
      await page.getByRole("switch", { name: "Accepts prompt=none forward from client" }).click({ force: true });
      await page.getByRole("textbox", { name: "Forwarded query parameters" }).fill("audience_hint");
      await page.getByRole("switch", { name: "Store tokens" }).click({ force: true });
      await page.getByRole("switch", { name: "Stored tokens readable" }).click({ force: true });
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("Provider successfully updated").waitFor();
      await pasted.scrollIntoViewIfNeeded();
      await screenshot(page, "oidc-settings-signed-jwt");
      assert.deepEqual(await seriousAxeViolations(page, "kc-admin-console", "main"), [], "OIDC settings");
    });
    await context.close();

    const saved = (await (await api(`${DEMO}/identity-provider/instances/${ALIAS}`)).json()) as Record<string, unknown>;
    assert.equal(saved.storeToken, true);
    assert.equal(saved.addReadTokenRoleOnCreate, true);
    const config = await savedConfig();
    assert.equal(config.clientAuthMethod, "private_key_jwt");
    assert.equal(config.clientAssertionSigningAlg, "RS256");
    assert.equal(config.clientAssertionAudience, `${server.baseUrl}/realms/${PARTNER}`);
    assert.equal(config.validateSignature, "true");
    assert.equal(config.useJwksUrl, "false");
    assert.match(config.publicKeySignatureVerifier ?? "", /BEGIN PUBLIC KEY/);
    assert.equal(config.pkceEnabled, "true");
    assert.equal(config.pkceMethod, "S256");
    assert.equal(config.backchannelSupported, "true");
    assert.deepEqual(
      [
        config.passMaxAge,
        config.uiLocales,
        config.prompt,
        config.acceptsPromptNoneForwardFromClient,
        config.forwardParameters,
      ],
      ["true", "true", "login", "true", "audience_hint"],
    );

    const visitor = await newPage(browser);
    visitor.page.setDefaultTimeout(TIMEOUT);
    // the login's locale (here the demo realm's KEYCLOAK_LOCALE cookie, sent to the broker only) goes as ui_locales
    await visitor.context.addCookies([
      {
        name: "KEYCLOAK_LOCALE",
        value: "de",
        domain: new URL(server.baseUrl).hostname,
        path: `/realms/demo/broker/${ALIAS}/login`,
      },
    ]);
    await withFailureShot(visitor.page, "oidc-settings-sign-in", async () => {
      await visitor.page.goto(`${server.baseUrl}/realms/demo/account`);
      const toPartner = visitor.page.waitForRequest((r) =>
        r.url().includes(`/realms/${PARTNER}/protocol/openid-connect/auth`),
      );
      await visitor.page.getByRole("link", { name: DISPLAY_NAME }).click();
      assert.equal(new URL((await toPartner).url()).searchParams.get("ui_locales"), "de");
      await visitor.page.getByLabel("Username or email").waitFor();
      await signIn(visitor.page, { username: "jodie", password: "jo-password" });
      await visitor.page.getByRole("heading", { name: "Personal info" }).waitFor();
    });
    const users = (await (await api(`${DEMO}/users?idpAlias=${ALIAS}`)).json()) as { id: string; username: string }[];
    assert.deepEqual(
      users.map((u) => u.username),
      ["jodie"],
    );
    const [partnerUser] = (await (await api(`/admin/realms/${PARTNER}/users?username=jodie&exact=true`)).json()) as {
      id: string;
    }[];
    const partnerSessions = async () =>
      ((await (await api(`/admin/realms/${PARTNER}/users/${partnerUser!.id}/sessions`)).json()) as unknown[]).length;
    assert.equal(await partnerSessions(), 1);
    await withFailureShot(visitor.page, "oidc-settings-sign-out", async () => {
      // signing out as an application does (the account consoles of the two servers place their button differently)
      const signOut = new URLSearchParams({
        client_id: "account-console",
        post_logout_redirect_uri: `${server.baseUrl}/realms/demo/account/`,
      });
      await visitor.page.goto(`${server.baseUrl}/realms/demo/protocol/openid-connect/logout?${signOut}`);
      await visitor.page.getByRole("button", { name: "Logout" }).click();
      await visitor.page.getByLabel("Username or email").waitFor();
    });
    await visitor.context.close();
    assert.equal(await partnerSessions(), 0, "Backchannel logout: signing out of demo signed out of the partner too");
    const composite = (await (await api(`${DEMO}/users/${users[0]!.id}/role-mappings`)).json()) as {
      clientMappings?: Record<string, { mappings: { name: string }[] }>;
    };
    assert.deepEqual(
      composite.clientMappings?.broker?.mappings.map((role) => role.name),
      ["read-token"],
      "Stored tokens readable: the new user may read the stored tokens",
    );
  });

  it("the OIDC settings in the dark theme, as <kc-identity-providers-admin>", async () => {
    const { page, context } = await newPage(browser, { colorScheme: "dark" });
    page.setDefaultTimeout(TIMEOUT);
    await withFailureShot(page, "oidc-settings-dark", async () => {
      await page.goto(`${server.baseUrl}/demo/test-elements/identity-providers.html?theme=dark`);
      const list = page.getByRole("grid", { name: "Identity providers" });
      await waitForTable(list);
      await list.getByRole("link", { name: DISPLAY_NAME }).click();
      await page.getByRole("tab", { name: "Settings", selected: true }).waitFor();
      await page.getByRole("textbox", { name: "Validating public key", exact: true }).waitFor();
      await page.getByRole("button", { name: "PKCE Method", exact: true }).scrollIntoViewIfNeeded();
      assert.deepEqual(await seriousAxeViolations(page, "kc-identity-providers-admin"), [], "dark OIDC settings");
      await screenshot(page, "oidc-settings-dark");
    });
    await context.close();
  });
});
