import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { adminFetch, adminToken, type TestServer } from "../support/server.ts";
import { onRealKeycloak, startTarget } from "../support/target.ts";
import { launchBrowser, newPage, signIn, STEP_TIMEOUT } from "../support/browser.ts";
import { otherSigningCertificate, startSamlIdp, type SamlIdp } from "../support/saml-idp.ts";
import { samlServiceProvider } from "../support/saml-sp.ts";
import { seriousAxeViolations, seriousPageViolations } from "../support/axe.ts";
import { markAdminCliAsConsoleClient, screenshot, withFailureShot } from "./organizations-support.ts";

const TIMEOUT = STEP_TIMEOUT;
const DEMO = "/admin/realms/demo";
const ALIAS = "saml-partner";
const DISPLAY_NAME = "Partner SAML";
const FILE_ALIAS = "saml-file";
const FILE_DISPLAY_NAME = "File SAML";
const UNSIGNED_ALIAS = "saml-unsigned";
const UNSIGNED_DISPLAY_NAME = "Unsigned SAML";
const SETTINGS_IMPORT_ALIAS = "saml-reimport";
const SLO_ALIAS = "saml-slo";
const SLO_DISPLAY_NAME = "Partner SAML logout";
const PASSWORD_PROTECTED = "urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport";

interface User {
  id: string;
  username: string;
  email?: string;
  firstName?: string;
  lastName?: string;
}

/**
 * SAML brokering in a real browser: an administrator adds a SAML provider from a samlify IdP's metadata URL in
 * the console, a user signs in to the account console through it, and a wrong signing certificate is refused.
 */
describe("SAML brokering", () => {
  let server: TestServer;
  let browser: Browser;
  let idp: SamlIdp;
  let api: ReturnType<typeof adminFetch>;

  before(async () => {
    server = await startTarget({ demoPages: true });
    browser = await launchBrowser();
    api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
    // the element's host page signs in with admin-cli
    await markAdminCliAsConsoleClient(api, "master");
    idp = await startSamlIdp({
      sam: { password: "sam-pass", email: "sam@idp.test", firstName: "Sam", lastName: "Saml" },
      wes: { password: "wes-pass", email: "wes@idp.test", firstName: "Wes", lastName: "Wrong" },
      lou: { password: "lou-pass", email: "lou@idp.test", firstName: "Lou", lastName: "Logout" },
      ivy: { password: "ivy-pass", email: "ivy@idp.test", firstName: "Ivy", lastName: "Initiated" },
    });
    idp.trustServiceProvider(`${server.baseUrl}/realms/demo/broker/${ALIAS}/endpoint/descriptor`);
    const events = await api(DEMO, {
      method: "PUT",
      body: {
        eventsEnabled: true,
        enabledEventTypes: ["IDENTITY_PROVIDER_FIRST_LOGIN", "IDENTITY_PROVIDER_RESPONSE_ERROR"],
      },
    });
    assert.equal(events.status, 204);
  });

  after(async () => {
    await browser?.close();
    await idp?.close();
    await server?.dispose();
  });

  const usersByEmail = async (email: string) =>
    (await (await api(`${DEMO}/users?email=${encodeURIComponent(email)}&exact=true`)).json()) as User[];

  async function openConsole(page: Page, hash: string) {
    await page.goto(`${server.baseUrl}/admin/master/console/`);
    await signIn(page, { username: "admin", password: "admin" });
    await page.getByTestId("dashboard-title").waitFor();
    await page.evaluate((target) => (location.hash = target), hash);
  }

  async function throughIdp(page: Page, username: string, password: string, provider = DISPLAY_NAME) {
    await page.goto(`${server.baseUrl}/realms/demo/account`);
    await page.getByRole("link", { name: provider }).click();
    await page.getByRole("heading", { name: "Partner SAML sign-in" }).waitFor();
    await page.getByLabel("IdP username").fill(username);
    await page.getByLabel("IdP password").fill(password);
    await page.getByRole("button", { name: "Sign in to the partner" }).click();
  }

  /** Signs out as an application does (the account consoles of the two servers place their button differently). */
  async function signOutOfAccount(page: Page) {
    const query = new URLSearchParams({
      client_id: "account-console",
      post_logout_redirect_uri: `${server.baseUrl}/realms/demo/account/`,
    });
    await page.goto(`${server.baseUrl}/realms/demo/protocol/openid-connect/logout?${query}`);
    await page.getByRole("button", { name: "Logout" }).click();
  }

  /** A SAML provider of the IdP at this metadata URL, saved through the API, with first and last name importers. */
  async function createSamlProvider(
    alias: string,
    displayName: string,
    metadataUrl: string,
    config: Record<string, string> = {},
  ) {
    const imported = await api(`${DEMO}/identity-provider/import-config`, {
      method: "POST",
      body: { providerId: "saml", fromUrl: metadataUrl },
    });
    const importedConfig = (await imported.json()) as Record<string, string>;
    assert.equal(importedConfig.validateSignature, "true");
    const created = await api(`${DEMO}/identity-provider/instances`, {
      method: "POST",
      body: {
        alias,
        displayName,
        providerId: "saml",
        enabled: true,
        trustEmail: true,
        config: {
          ...importedConfig,
          nameIDPolicyFormat: "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress",
          ...config,
        },
      },
    });
    assert.equal(created.status, 201);
    for (const attribute of ["firstName", "lastName"])
      assert.equal(
        (
          await api(`${DEMO}/identity-provider/instances/${alias}/mappers`, {
            method: "POST",
            body: {
              name: attribute,
              identityProviderAlias: alias,
              identityProviderMapper: "saml-user-attribute-idp-mapper",
              config: { "attribute.name": attribute, "user.attribute": attribute, syncMode: "INHERIT" },
            },
          })
        ).status,
        201,
      );
  }

  it("an administrator adds the provider from the IdP's metadata URL; a user signs in through it and the link shows", async () => {
    const { page, context } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    await withFailureShot(page, "saml-add", async () => {
      await openConsole(page, "#/demo/identity-providers/saml/add");
      await page.getByRole("heading", { name: "Add SAML provider" }).waitFor();
      await page.getByRole("textbox", { name: "Alias" }).fill(ALIAS);
      await page.getByRole("textbox", { name: "Display name" }).fill(DISPLAY_NAME);
      await page.getByRole("textbox", { name: "SAML entity descriptor" }).fill(idp.metadataUrl);
      await page.getByRole("button", { name: "Import" }).click();
      const sso = page.getByRole("textbox", { name: "Single Sign-On service URL" });
      await page.waitForFunction((el) => (el as HTMLInputElement | null)?.value !== "", await sso.elementHandle());
      assert.equal(await sso.inputValue(), `${idp.url}/sso`);
      assert.equal(await page.getByRole("textbox", { name: "Identity provider entity ID" }).inputValue(), idp.entityId);
      assert.equal(
        (await page.getByRole("textbox", { name: "Validating X509 certificates" }).inputValue()).replace(/\s+/g, ""),
        idp.signingCertificate,
      );
      assert.equal(await page.getByRole("switch", { name: "Validate Signatures" }).isChecked(), true);
      // the IdP signs the assertion when the SP descriptor asks for it
      for (const name of ["Want Assertions signed", "Want AuthnRequests signed"]) {
        const toggle = page.getByRole("switch", { name });
        await toggle.click({ force: true });
        assert.equal(await toggle.isChecked(), true, name);
      }
      await page.getByRole("switch", { name: "Want AuthnRequests signed" }).scrollIntoViewIfNeeded();
      await screenshot(page, "saml-add-form");
      await page.getByRole("button", { name: "Add", exact: true }).click();
      await page.getByRole("tab", { name: "Settings", selected: true }).waitFor();
      const metadata = page.getByRole("link", { name: "SAML 2.0 Service Provider Metadata" });
      assert.equal(
        await metadata.getAttribute("href"),
        `${server.baseUrl}/realms/demo/broker/${ALIAS}/endpoint/descriptor`,
      );
      const certificates = page.getByRole("list", { name: "Signing certificates" });
      await certificates.getByText(/CN=127\.0\.0\.1, valid until/).waitFor();
      await metadata.scrollIntoViewIfNeeded();
      await screenshot(page, "saml-settings");
      assert.deepEqual(await seriousAxeViolations(page, "kc-admin-console", "main"), [], "SAML settings");
    });
    await context.close();
    const created = (await (await api(`${DEMO}/identity-provider/instances/${ALIAS}`)).json()) as {
      config: Record<string, string>;
    };
    assert.equal(created.config.wantAssertionsSigned, "true");
    for (const [name, attribute] of [
      ["first name", "firstName"],
      ["last name", "lastName"],
    ])
      assert.equal(
        (
          await api(`${DEMO}/identity-provider/instances/${ALIAS}/mappers`, {
            method: "POST",
            body: {
              name,
              identityProviderAlias: ALIAS,
              identityProviderMapper: "saml-user-attribute-idp-mapper",
              config: { "attribute.name": attribute, "user.attribute": attribute, syncMode: "INHERIT" },
            },
          })
        ).status,
        201,
      );

    const user = await newPage(browser);
    user.page.setDefaultTimeout(TIMEOUT);
    await withFailureShot(user.page, "saml-sign-in", async () => {
      await throughIdp(user.page, "sam", "sam-pass");
      await user.page.getByRole("heading", { name: "Personal info" }).waitFor();
      await screenshot(user.page, "saml-account");
    });
    await user.context.close();
    assert.deepEqual(
      idp.requests.map((r) => [r.binding, r.signed]),
      [["post", true]],
      "one signed AuthnRequest, by the POST binding the IdP's metadata names first",
    );
    const [sam] = await usersByEmail("sam@idp.test");
    assert.ok(sam, "the brokered user was created");
    // the flow's start names the NameID and the IdP's session (its SessionIndex), as on Keycloak 26.7.3
    const [start] = (await (await api(`${DEMO}/events?type=IDENTITY_PROVIDER_FIRST_LOGIN`)).json()) as {
      userId?: string;
      details?: Record<string, string>;
    }[];
    assert.deepEqual(
      [start?.userId, start?.details?.identity_provider, start?.details?.identity_provider_identity],
      [undefined, ALIAS, "sam@idp.test"],
    );
    assert.match(start?.details?.identity_provider_broker_session_id ?? "", new RegExp(`^${ALIAS}\\..`));
    assert.equal(sam.firstName, "Sam");
    assert.equal(sam.lastName, "Saml");

    const admin = await newPage(browser);
    admin.page.setDefaultTimeout(TIMEOUT);
    await withFailureShot(admin.page, "saml-links", async () => {
      await openConsole(admin.page, `#/demo/users/${sam.id}/identity-provider-links`);
      const linked = admin.page.getByRole("grid", { name: /Linked identity providers/i });
      await linked.getByRole("row", { name: new RegExp(`${ALIAS}.*sam@idp\\.test`) }).waitFor();
      await screenshot(admin.page, "saml-user-links");
    });
    await admin.context.close();
  });

  it("with another signing certificate configured, the sign-in ends on Keycloak's error page and creates no user", async () => {
    const { page, context } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    await withFailureShot(page, "saml-wrong-certificate", async () => {
      await openConsole(page, `#/demo/identity-providers/saml/${ALIAS}/settings`);
      const certificates = page.getByRole("textbox", { name: "Validating X509 certificates" });
      await certificates.fill(otherSigningCertificate());
      // the test certificates are valid for two days: the expiry warning shows
      await page.getByText("A signing certificate expires within 30 days").waitFor();
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("Provider successfully updated").waitFor();
      await certificates.scrollIntoViewIfNeeded();
      await screenshot(page, "saml-certificate-warning");
      assert.deepEqual(
        await seriousAxeViolations(page, "kc-admin-console", "main"),
        [],
        "SAML settings with the expiry warning",
      );
    });
    await context.close();

    const user = await newPage(browser);
    user.page.setDefaultTimeout(TIMEOUT);
    await withFailureShot(user.page, "saml-refused", async () => {
      await throughIdp(user.page, "wes", "wes-pass");
      await user.page.getByRole("heading", { name: "We are sorry..." }).waitFor();
      await user.page.getByText("Invalid signature in response from identity provider.").waitFor();
      await screenshot(user.page, "saml-refused");
    });
    await user.context.close();
    assert.deepEqual(await usersByEmail("wes@idp.test"), [], "no user was created");
    // Keycloak 26.7.3's SAML endpoint saves this event with the error alone (no client, no details), as ours does
    const errors = (await (await api(`${DEMO}/events?type=IDENTITY_PROVIDER_RESPONSE_ERROR`)).json()) as {
      clientId?: string;
      error: string;
      details?: Record<string, string>;
    }[];
    assert.ok(
      errors.some((e) => e.error === "invalid_signature" && !e.clientId && !e.details),
      `the error alone, no client or details: ${JSON.stringify(errors)}`,
    );
  });

  it("an IdP that does not sign is refused until the administrator turns Validate Signatures off", async () => {
    const plain = await startSamlIdp(
      { una: { password: "una-pass", email: "una@idp.test", firstName: "Una", lastName: "Signed" } },
      { signResponses: false },
    );
    try {
      plain.trustServiceProvider(`${server.baseUrl}/realms/demo/broker/${UNSIGNED_ALIAS}/endpoint/descriptor`);
      await createSamlProvider(UNSIGNED_ALIAS, UNSIGNED_DISPLAY_NAME, plain.metadataUrl);

      const refused = await newPage(browser);
      refused.page.setDefaultTimeout(TIMEOUT);
      await withFailureShot(refused.page, "saml-unsigned-refused", async () => {
        await throughIdp(refused.page, "una", "una-pass", UNSIGNED_DISPLAY_NAME);
        await refused.page.getByRole("heading", { name: "We are sorry..." }).waitFor();
        await refused.page.getByText("Invalid signature in response from identity provider.").waitFor();
      });
      await refused.context.close();
      assert.deepEqual(await usersByEmail("una@idp.test"), [], "no user while signatures are validated");

      const admin = await newPage(browser);
      admin.page.setDefaultTimeout(TIMEOUT);
      await withFailureShot(admin.page, "saml-validation-off", async () => {
        await openConsole(admin.page, `#/demo/identity-providers/saml/${UNSIGNED_ALIAS}/settings`);
        const certificates = admin.page.getByRole("textbox", { name: "Validating X509 certificates" });
        await certificates.waitFor();
        const validate = admin.page.getByRole("switch", { name: "Validate Signatures" });
        await validate.click({ force: true });
        assert.equal(await validate.isChecked(), false);
        // as in Keycloak's console, the certificates only show while signatures are validated
        await certificates.waitFor({ state: "detached" });
        await admin.page.getByRole("button", { name: "Save" }).click();
        await admin.page.getByText("Provider successfully updated").waitFor();
      });
      await admin.context.close();
      const saved = (await (await api(`${DEMO}/identity-provider/instances/${UNSIGNED_ALIAS}`)).json()) as {
        config: Record<string, string>;
      };
      assert.equal(saved.config.validateSignature, "false");

      const user = await newPage(browser);
      user.page.setDefaultTimeout(TIMEOUT);
      await withFailureShot(user.page, "saml-unsigned-sign-in", async () => {
        await throughIdp(user.page, "una", "una-pass", UNSIGNED_DISPLAY_NAME);
        await user.page.getByRole("heading", { name: "Personal info" }).waitFor();
      });
      await user.context.close();
      const [una] = await usersByEmail("una@idp.test");
      assert.equal(una?.lastName, "Signed", "the unsigned assertion's attributes reached the new user");
    } finally {
      await plain.close();
    }
  });

  it("single logout in the browser: signing out of the account ends the IdP's session too, and signing out at the IdP ends ours", async () => {
    await createSamlProvider(SLO_ALIAS, SLO_DISPLAY_NAME, idp.metadataUrl, {
      // its own entity ID: the IdP tells the service providers apart by it
      entityId: `${server.baseUrl}/realms/demo/${SLO_ALIAS}`,
      postBindingLogout: "false",
      backchannelSupported: "false",
      wantAuthnRequestsSigned: "true",
    });
    idp.trustServiceProvider(`${server.baseUrl}/realms/demo/broker/${SLO_ALIAS}/endpoint/descriptor`);
    const sessionsOfLou = async () => {
      const [lou] = await usersByEmail("lou@idp.test");
      return lou ? ((await (await api(`${DEMO}/users/${lou.id}/sessions`)).json()) as unknown[]) : [];
    };
    const { page, context } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    await withFailureShot(page, "saml-single-logout", async () => {
      await throughIdp(page, "lou", "lou-pass", SLO_DISPLAY_NAME);
      await page.getByRole("heading", { name: "Personal info" }).waitFor();
      assert.ok(idp.signedIn().includes("lou"), "signed in at the IdP");
      assert.equal((await sessionsOfLou()).length, 1);

      // signing out of the account goes through the IdP's Single Logout Service (redirect binding) and back
      const sentBefore = idp.logouts.length;
      await signOutOfAccount(page);
      await page.getByRole("link", { name: SLO_DISPLAY_NAME }).waitFor();
      assert.deepEqual(
        idp.logouts.slice(sentBefore).map((m) => [m.kind, m.binding, m.nameID]),
        [["LogoutRequest", "redirect", "lou@idp.test"]],
      );
      assert.ok(!idp.signedIn().includes("lou"), "the IdP's session ended");
      assert.deepEqual(await sessionsOfLou(), []);
      // signed out of both: the IdP asks for the password again
      await throughIdp(page, "lou", "lou-pass", SLO_DISPLAY_NAME);
      await page.getByRole("heading", { name: "Personal info" }).waitFor();
      assert.equal((await sessionsOfLou()).length, 1);

      // signing out at the IdP sends our endpoint its LogoutRequest; the session ends and the IdP gets its answer
      await page.goto(`${idp.url}/logout`);
      await page.getByRole("button", { name: "Sign out of the partner" }).click();
      await page.getByRole("heading", { name: "Signed out at the partner" }).waitFor();
      assert.deepEqual(
        idp.logouts.slice(-1).map((m) => [m.kind, m.binding, m.status]),
        [["LogoutResponse", "redirect", "urn:oasis:names:tc:SAML:2.0:status:Success"]],
      );
      assert.deepEqual(await sessionsOfLou(), []);
      await page.goto(`${server.baseUrl}/realms/demo/account`);
      await page.getByRole("link", { name: SLO_DISPLAY_NAME }).waitFor();
      await screenshot(page, "saml-signed-out-at-idp");
    });
    await context.close();
  });

  it("reads the descriptor from a file on the add page and saves the signing, authentication and AuthnContext fields", async () => {
    const descriptor = await (await fetch(idp.metadataUrl)).text();
    const { page, context } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    await withFailureShot(page, "saml-file-add", async () => {
      await openConsole(page, "#/demo/identity-providers/saml/add");
      await page.getByRole("heading", { name: "Add SAML provider" }).waitFor();
      await page.getByRole("textbox", { name: "Alias" }).fill(FILE_ALIAS);
      await page.getByRole("textbox", { name: "Display name" }).fill(FILE_DISPLAY_NAME);
      const chooser = page.waitForEvent("filechooser");
      await page.getByRole("button", { name: "Browse" }).click();
      await (
        await chooser
      ).setFiles({ name: "partner-idp.xml", mimeType: "application/xml", buffer: Buffer.from(descriptor) });
      await page.getByText("The provider's metadata was read.").waitFor();
      assert.equal(
        await page.getByRole("textbox", { name: "Import config from file" }).inputValue(),
        "partner-idp.xml",
      );
      assert.equal(
        await page.getByRole("textbox", { name: "Single Sign-On service URL" }).inputValue(),
        `${idp.url}/sso`,
      );
      assert.equal(await page.getByRole("textbox", { name: "Identity provider entity ID" }).inputValue(), idp.entityId);

      // signature algorithm and key name only matter, and only show, when AuthnRequests are signed
      assert.equal(await page.getByRole("button", { name: "Signature algorithm" }).count(), 0);
      await page.getByRole("switch", { name: "Want AuthnRequests signed" }).click({ force: true });
      await page.getByRole("button", { name: "Signature algorithm" }).click();
      await page.getByRole("option", { name: "RSA_SHA512", exact: true }).click();
      await page.getByRole("button", { name: "SAML signature key name" }).click();
      await page.getByRole("option", { name: "CERT_SUBJECT" }).click();
      for (const name of [
        "Want Assertions signed",
        "Want Assertions encrypted",
        "Force authentication",
        "Pass subject",
      ])
        await page.getByRole("switch", { name }).click({ force: true });
      const skew = page.getByRole("textbox", { name: "Allowed clock skew" });
      await skew.fill("half a minute");
      await page.getByRole("button", { name: "Add", exact: true }).click();
      await page.getByText("Give a whole number of seconds (0 or more).").waitFor();
      assert.equal(await page.getByRole("switch", { name: "Pass subject" }).isChecked(), true, "the form is kept");
      await skew.fill("30");
      await page.getByText("Give a whole number of seconds (0 or more).").waitFor({ state: "detached" });
      await page.getByRole("button", { name: "Comparison" }).click();
      await page.getByRole("option", { name: "Minimum" }).click();
      await page.getByRole("textbox", { name: "AuthnContext ClassRefs 1" }).fill(PASSWORD_PROTECTED);
      await page.getByRole("textbox", { name: "AuthnContext ClassRefs 1" }).scrollIntoViewIfNeeded();
      await screenshot(page, "saml-file-add-form");
      assert.deepEqual(await seriousAxeViolations(page, "kc-admin-console", "main"), [], "SAML add form, all fields");
      await page.getByRole("button", { name: "Add", exact: true }).click();
      await page.getByRole("tab", { name: "Settings", selected: true }).waitFor();
      // the saved values come back into the settings form
      assert.equal(
        await page.getByRole("textbox", { name: "AuthnContext ClassRefs 1" }).inputValue(),
        PASSWORD_PROTECTED,
      );
      assert.equal(await page.getByRole("switch", { name: "Force authentication" }).isChecked(), true);
    });
    await context.close();
    const created = (await (await api(`${DEMO}/identity-provider/instances/${FILE_ALIAS}`)).json()) as {
      config: Record<string, string>;
    };
    assert.equal(created.config.singleSignOnServiceUrl, `${idp.url}/sso`);
    assert.equal(created.config.signatureAlgorithm, "RSA_SHA512");
    assert.equal(created.config.xmlSigKeyInfoKeyNameTransformer, "CERT_SUBJECT");
    assert.equal(created.config.wantAssertionsEncrypted, "true");
    assert.equal(created.config.forceAuthn, "true");
    assert.equal(created.config.loginHint, "true");
    assert.equal(created.config.allowedClockSkew, "30");
    assert.equal(created.config.authnContextComparisonType, "minimum");
    assert.equal(created.config.authnContextClassRefs, JSON.stringify([PASSWORD_PROTECTED]));
  });

  it("the SAML settings in the dark theme, as <kc-identity-providers-admin>", async () => {
    const { page, context } = await newPage(browser, { colorScheme: "dark" });
    page.setDefaultTimeout(TIMEOUT);
    await withFailureShot(page, "saml-dark", async () => {
      await page.goto(`${server.baseUrl}/demo/test-elements/identity-providers.html?theme=dark`);
      await page.getByRole("link", { name: FILE_DISPLAY_NAME }).click();
      await page.getByRole("tab", { name: "Settings", selected: true }).waitFor();
      await page.getByRole("textbox", { name: "AuthnContext ClassRefs 1" }).waitFor();
      assert.deepEqual(await seriousAxeViolations(page, "kc-identity-providers-admin"), [], "dark SAML settings");
      await screenshot(page, "saml-dark-settings");
      await page.getByRole("list", { name: "Signing certificates" }).scrollIntoViewIfNeeded();
      await screenshot(page, "saml-dark-certificates");
    });
    await context.close();
  });

  it("first broker login's review and confirm-link pages in the dark colour scheme", async () => {
    idp.trustServiceProvider(`${server.baseUrl}/realms/demo/broker/${FILE_ALIAS}/endpoint/descriptor`);
    const current = (await (await api(`${DEMO}/identity-provider/instances/${FILE_ALIAS}`)).json()) as {
      config: Record<string, string>;
    };
    // the test IdP neither encrypts assertions nor signs with RSA-SHA512 key names: sign-ins take the plain settings
    const { authnContextClassRefs: _refs, ...config } = current.config;
    const updated = await api(`${DEMO}/identity-provider/instances/${FILE_ALIAS}`, {
      method: "PUT",
      body: { ...current, config: { ...config, wantAssertionsEncrypted: "false", signatureAlgorithm: "RSA_SHA256" } },
    });
    assert.equal(updated.status, 204);
    const flow = "first%20broker%20login";
    const executions = (await (await api(`${DEMO}/authentication/flows/${flow}/executions`)).json()) as {
      providerId?: string;
      authenticationConfig?: string;
    }[];
    const review = executions.find((e) => e.providerId === "idp-review-profile");
    assert.ok(review?.authenticationConfig, "the review profile step has its config");
    const reviewConfig = (await (await api(`${DEMO}/authentication/config/${review.authenticationConfig}`)).json()) as {
      config: Record<string, string>;
    };
    const always = await api(`${DEMO}/authentication/config/${review.authenticationConfig}`, {
      method: "PUT",
      body: { ...reviewConfig, config: { ...reviewConfig.config, "update.profile.on.first.login": "on" } },
    });
    assert.equal(always.status, 204);

    const { page, context } = await newPage(browser, { colorScheme: "dark" });
    page.setDefaultTimeout(TIMEOUT);
    await withFailureShot(page, "saml-first-login-dark", async () => {
      await throughIdp(page, "sam", "sam-pass", FILE_DISPLAY_NAME);
      await page.getByRole("heading", { name: "Update Account Information" }).waitFor();
      await page.getByLabel("First name").fill("Sam");
      await page.getByLabel("Last name").fill("Saml");
      // on real Keycloak these are its own theme's pages, not ours
      if (!onRealKeycloak()) assert.deepEqual(await seriousPageViolations(page), [], "review profile, dark");
      await screenshot(page, "saml-review-dark");
      await page.getByRole("button", { name: "Submit" }).click();
      // sam@idp.test already has an account (linked to the first provider): the broker asks before linking
      await page.getByRole("heading", { name: "Account already exists" }).waitFor();
      if (!onRealKeycloak()) assert.deepEqual(await seriousPageViolations(page), [], "confirm link, dark");
      await screenshot(page, "saml-confirm-link-dark");
    });
    await context.close();
  });

  it("re-reads a saved provider's descriptor from a file on its settings page and saves it with Keycloak 26.7.3's other SAML settings", async () => {
    const created = await api(`${DEMO}/identity-provider/instances`, {
      method: "POST",
      body: {
        alias: SETTINGS_IMPORT_ALIAS,
        providerId: "saml",
        config: {
          idpEntityId: "urn:old-partner",
          singleSignOnServiceUrl: "https://old-partner.invalid/sso",
          entityId: `${server.baseUrl}/realms/demo`,
          validateSignature: "false",
        },
      },
    });
    assert.equal(created.status, 201);
    const descriptor = await (await fetch(idp.metadataUrl)).text();
    const { page, context } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    await withFailureShot(page, "saml-settings-import", async () => {
      await openConsole(page, `#/demo/identity-providers/saml/${SETTINGS_IMPORT_ALIAS}/settings`);
      const ssoUrl = page.getByRole("textbox", { name: "Single Sign-On service URL" });
      await ssoUrl.waitFor();
      assert.equal(await ssoUrl.inputValue(), "https://old-partner.invalid/sso");
      const chooser = page.waitForEvent("filechooser");
      await page.getByRole("button", { name: "Browse" }).click();
      await (
        await chooser
      ).setFiles({ name: "partner-idp.xml", mimeType: "application/xml", buffer: Buffer.from(descriptor) });
      await page.getByText("The provider's metadata was read.").waitFor();
      assert.equal(await ssoUrl.inputValue(), `${idp.url}/sso`);
      assert.equal(await page.getByRole("textbox", { name: "Identity provider entity ID" }).inputValue(), idp.entityId);
      // Keycloak 26.7.3's other SAML settings: the encryption algorithm only shows while assertions are encrypted
      assert.equal(await page.getByRole("button", { name: "Encryption Algorithm" }).count(), 0);
      // the descriptor's Single Logout Service takes HTTP-POST
      assert.equal(await page.getByRole("switch", { name: "HTTP-POST binding logout" }).isChecked(), true);
      for (const name of ["Want Assertions encrypted", "Backchannel logout", "Sign service provider metadata"]) {
        // by keyboard: a switch can show fields that move the next one while a pointer would aim at it
        await page.getByRole("switch", { name }).focus();
        await page.keyboard.press("Space");
        await page.getByRole("switch", { name, checked: true }).waitFor();
      }
      await page.getByRole("button", { name: "Encryption Algorithm" }).click();
      await page.getByRole("option", { name: "RSA1_5" }).click();
      await page.getByRole("textbox", { name: "Artifact Resolution service URL" }).fill(`${idp.url}/artifact`);
      await page.getByRole("textbox", { name: "Attribute Consuming Service Index" }).fill("2");
      await page.getByRole("textbox", { name: "Attribute Consuming Service Name" }).fill("Partner attributes");
      await page.getByRole("textbox", { name: "AuthnContext DeclRefs 1" }).fill("urn:partner:decl:strong");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await page.getByText("Provider successfully updated").waitFor();
      await page.reload();
      await page.getByRole("textbox", { name: "AuthnContext DeclRefs 1" }).waitFor();
      assert.equal(
        await page.getByRole("textbox", { name: "AuthnContext DeclRefs 1" }).inputValue(),
        "urn:partner:decl:strong",
        "the saved decl refs come back into the form",
      );
      assert.equal(await page.getByRole("button", { name: "Encryption Algorithm" }).textContent(), "RSA1_5");
      await page.getByRole("textbox", { name: "Attribute Consuming Service Name" }).scrollIntoViewIfNeeded();
      await screenshot(page, "saml-settings-import");
      assert.deepEqual(await seriousAxeViolations(page, "kc-admin-console", "main"), [], "SAML settings after import");
    });
    await context.close();
    const saved = (await (await api(`${DEMO}/identity-provider/instances/${SETTINGS_IMPORT_ALIAS}`)).json()) as {
      config: Record<string, string>;
    };
    assert.equal(saved.config.singleSignOnServiceUrl, `${idp.url}/sso`);
    assert.equal(saved.config.idpEntityId, idp.entityId);
    assert.ok(saved.config.signingCertificate, "the descriptor's signing certificate was saved");
    assert.equal(saved.config.entityId, `${server.baseUrl}/realms/demo`, "fields the descriptor lacks are kept");
    assert.equal(saved.config.wantAssertionsEncrypted, "true");
    assert.equal(saved.config.encryptionAlgorithm, "RSA1_5");
    assert.equal(saved.config.backchannelSupported, "true");
    assert.equal(saved.config.postBindingLogout, "true");
    assert.equal(saved.config.signSpMetadata, "true");
    assert.equal(saved.config.artifactResolutionServiceUrl, `${idp.url}/artifact`);
    assert.equal(saved.config.attributeConsumingServiceIndex, "2");
    assert.equal(saved.config.attributeConsumingServiceName, "Partner attributes");
    assert.equal(saved.config.authnContextDeclRefs, JSON.stringify(["urn:partner:decl:strong"]));
  });

  it("IdP-initiated SSO: the IdP's unsolicited response signs the user in, and the SAML app gets a Response signed by the realm", async () => {
    const alias = "saml-idp-initiated";
    await createSamlProvider(alias, "Partner SAML, IdP-initiated", idp.metadataUrl, { postBindingResponse: "true" });
    const descriptorUrl = `${server.baseUrl}/realms/demo/broker/${alias}/endpoint/descriptor`;
    idp.trustServiceProvider(descriptorUrl);
    const acsUrl = "http://127.0.0.1:65000/saml-app/acs";
    const client = await api(`${DEMO}/clients`, {
      method: "POST",
      body: {
        clientId: "saml-app",
        protocol: "saml",
        attributes: {
          saml_idp_initiated_sso_url_name: "saml-app",
          saml_idp_initiated_sso_relay_state: "home",
          saml_assertion_consumer_url_post: acsUrl,
          saml_name_id_format: "email",
          "saml.server.signature": "true",
          "saml.assertion.signature": "true",
        },
      },
    });
    assert.equal(client.status, 201);
    const { keys } = (await (await api(`${DEMO}/keys`)).json()) as {
      keys: { algorithm: string; certificate?: string }[];
    };
    const sp = samlServiceProvider({
      entityId: "saml-app",
      acsUrl,
      idpEntityId: `${server.baseUrl}/realms/demo`,
      idpCertificate: keys.find((k) => k.algorithm === "RS256")!.certificate!,
      wantAssertionsSigned: true,
    });
    const endpoint = `${server.baseUrl}/realms/demo/broker/${alias}/endpoint/clients/saml-app`;
    const unsolicited = await idp.unsolicitedResponse(descriptorUrl, "ivy", endpoint);

    const { page, context } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    let posted: URLSearchParams | undefined;
    // the SAML app: what the browser posts to its assertion consumer URL
    await page.route(acsUrl, async (route) => {
      posted = new URLSearchParams(route.request().postData() ?? "");
      await route.fulfill({
        contentType: "text/html",
        body: '<!doctype html><html lang="en"><title>SAML app</title><h1>Signed in to the SAML app</h1></html>',
      });
    });
    await withFailureShot(page, "saml-idp-initiated", async () => {
      // the IdP's page auto-posts its unsolicited response to the broker
      await page.setContent(
        `<form method="post" action="${endpoint}"><input type="hidden" name="SAMLResponse" value="${unsolicited}"><button>Continue</button></form>`,
      );
      await page.getByRole("button", { name: "Continue" }).click();
      // an earlier test set the first broker login to always review the profile
      const review = page.getByRole("heading", { name: "Update Account Information" });
      const signedIn = page.getByRole("heading", { name: "Signed in to the SAML app" });
      await review.or(signedIn).waitFor();
      if (await review.isVisible()) await page.getByRole("button", { name: "Submit" }).click();
      await signedIn.waitFor();
    });
    await context.close();
    assert.ok(posted, "the browser posted to the app's assertion consumer URL");
    assert.equal(posted.get("RelayState"), "home", "the client's IdP-initiated SSO relay state");
    const profile = await sp.validate(posted.get("SAMLResponse") ?? "");
    assert.deepEqual(
      [profile.nameID, profile.nameIDFormat, profile.issuer],
      ["ivy@idp.test", "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress", `${server.baseUrl}/realms/demo`],
    );
    const [ivy] = await usersByEmail("ivy@idp.test");
    assert.ok(ivy, "the first broker login created the user");
    const links = (await (await api(`${DEMO}/users/${ivy.id}/federated-identity`)).json()) as {
      identityProvider: string;
    }[];
    assert.deepEqual(
      links.map((l) => l.identityProvider),
      [alias],
    );
  });
});
