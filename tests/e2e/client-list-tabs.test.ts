import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { adminFetch, adminToken, type TestServer } from "../support/server.ts";
import { startTarget } from "../support/target.ts";
import { launchBrowser, newPage, signIn, STEP_TIMEOUT } from "../support/browser.ts";
import { markAdminCliAsConsoleClient, screenshot, withFailureShot } from "./organizations-support.ts";
import { seriousAxeViolations } from "../support/axe.ts";
import { certificatePem } from "../support/test-certificate.ts";

const TIMEOUT = STEP_TIMEOUT;
const HOST = "kc-admin-console";
const INNER = "main";
const REALM = "/admin/realms/demo";

const SP_METADATA = `<?xml version="1.0" encoding="UTF-8"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://e2e-sp.example.com/metadata">
  <md:SPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:AssertionConsumerService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="https://e2e-sp.example.com/acs" index="0"/>
  </md:SPSSODescriptor>
</md:EntityDescriptor>`;

describe("clients list tabs: initial access tokens, client registration, SAML import, key import", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let api: ReturnType<typeof adminFetch>;

  const console = (hash: string) => `${server.baseUrl}/admin/master/console/#/demo/${hash}`;
  const noSeriousViolations = async (what: string) =>
    assert.deepEqual(await seriousAxeViolations(page, HOST, INNER), [], what);

  before(async () => {
    server = await startTarget({ demoPages: true });
    browser = await launchBrowser();
    api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
    await markAdminCliAsConsoleClient(api, "master");
    ({ page } = await newPage(browser));
    page.setDefaultTimeout(TIMEOUT);
    await page.goto(`${server.baseUrl}/admin/master/console/`);
    await signIn(page, { username: "admin", password: "admin" });
    await page.getByTestId("dashboard-title").waitFor();
  });

  after(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it("creates an initial access token, shows it once, lists it and deletes it", async () => {
    await withFailureShot(page, "initial-access-token", async () => {
      await page.goto(console("clients/initial-access-token"));
      await page.getByText("No initial access tokens").waitFor();
      await noSeriousViolations("initial access tokens (empty)");
      await page.getByRole("button", { name: "Create" }).first().click();
      await page.getByRole("heading", { level: 1, name: "Create initial access token" }).waitFor();
      await page.getByRole("spinbutton", { name: "Count" }).fill("3");
      await noSeriousViolations("create initial access token");
      await screenshot(page, "initial-access-token-create");
      await page.getByRole("button", { name: "Save" }).click();
      const modal = page.getByRole("dialog", { name: "Initial access token details" });
      await modal.waitFor();
      await modal.getByText("can not be retrieved later").waitFor();
      const token = await modal.getByRole("textbox", { name: "Initial access token" }).inputValue();
      // a signed JWT, as Keycloak issues it; its jti is the id the list shows
      assert.match(token, /^[\w-]+\.[\w-]+\.[\w-]+$/);
      const { jti, typ } = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()) as {
        jti: string;
        typ: string;
      };
      assert.equal(typ, "InitialAccessToken");
      await noSeriousViolations("new token modal");
      await screenshot(page, "initial-access-token-modal");
      await modal.locator("footer").getByRole("button", { name: "Close" }).click();

      const row = page.getByRole("row").filter({ hasText: jti });
      await row.waitFor();
      assert.match(await row.innerText(), /\b3\s+3\b/);
      await screenshot(page, "initial-access-token-list");
      await row.getByRole("button", { name: /actions/i }).click();
      await page.getByRole("menuitem", { name: "Delete" }).click();
      await page
        .getByRole("dialog", { name: /Delete initial access token\?/ })
        .getByRole("button", { name: "Delete" })
        .click();
      await page.getByText("Initial access token deleted successfully").first().waitFor();
      await page.getByText("No initial access tokens").waitFor();
      assert.deepEqual(await (await api(`${REALM}/clients-initial-access`)).json(), []);
    });
  });

  it("adds an anonymous client registration policy, edits it and deletes it", async () => {
    await withFailureShot(page, "client-registration", async () => {
      await page.goto(console("clients/client-registration/anonymous"));
      await page.getByRole("tab", { name: "Anonymous access polices", selected: true }).waitFor();
      await page.getByRole("row").filter({ hasText: "Trusted Hosts" }).waitFor();
      await noSeriousViolations("client registration (anonymous)");
      await screenshot(page, "client-registration-anonymous");
      await page.getByRole("button", { name: "Create client policy" }).click();
      const chooser = page.getByRole("dialog", { name: "Choose a policy provider" });
      await noSeriousViolations("choose a policy provider");
      await chooser.getByRole("button", { name: "max-clients" }).click();
      await page.getByRole("heading", { level: 1, name: "Create client policy" }).waitFor();
      await page.getByRole("textbox", { name: "Name", exact: true }).fill("E2E max clients");
      await page.getByRole("textbox", { name: /Max Clients Per Realm/ }).fill("7");
      await noSeriousViolations("create client policy");
      await screenshot(page, "client-registration-policy-create");
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("New client policy created successfully").first().waitFor();
      await page.getByRole("heading", { level: 1, name: "E2E max clients" }).waitFor();

      await page.getByRole("textbox", { name: /Max Clients Per Realm/ }).fill("9");
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("Client policy updated successfully").first().waitFor();
      const policies = (await (
        await api(`${REALM}/components?type=org.keycloak.services.clientregistration.policy.ClientRegistrationPolicy`)
      ).json()) as { name: string; subType: string; config: Record<string, string[]> }[];
      const stored = policies.find((policy) => policy.name === "E2E max clients");
      assert.equal(stored?.subType, "anonymous");
      assert.deepEqual(stored?.config["max-clients"], ["9"]);
      await screenshot(page, "client-registration-policy-edit");

      await page.goto(console("clients/client-registration/anonymous"));
      const row = page.getByRole("row").filter({ hasText: "E2E max clients" });
      await row.getByRole("button", { name: /actions/i }).click();
      await page.getByRole("menuitem", { name: "Delete" }).click();
      await page
        .getByRole("dialog", { name: /Delete client registration policy\?/ })
        .getByRole("button", { name: "Delete" })
        .click();
      await page.getByText("Client registration policy deleted successfully").first().waitFor();
      await row.waitFor({ state: "detached" });
    });
  });

  it("imports a SAML entity descriptor and opens the new SAML client", async () => {
    await withFailureShot(page, "import-saml", async () => {
      await page.goto(console("clients/import-client"));
      await page.locator('input[type="file"]').setInputFiles({
        name: "sp-metadata.xml",
        mimeType: "text/xml",
        buffer: Buffer.from(SP_METADATA),
      });
      const clientId = page.getByRole("textbox", { name: "Client ID", exact: true });
      await page.waitForFunction(
        (element) => (element as HTMLInputElement).value === "https://e2e-sp.example.com/metadata",
        await clientId.elementHandle(),
      );
      await noSeriousViolations("import client (SAML file read)");
      await screenshot(page, "client-import-saml");
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("Client imported successfully").first().waitFor();
      await page.getByRole("heading", { level: 1, name: "https://e2e-sp.example.com/metadata" }).waitFor();
      const [client] = (await (
        await api(`${REALM}/clients?clientId=${encodeURIComponent("https://e2e-sp.example.com/metadata")}`)
      ).json()) as { protocol: string; redirectUris: string[] }[];
      assert.equal(client?.protocol, "saml");
      assert.deepEqual(client?.redirectUris, ["https://e2e-sp.example.com/acs"]);
    });
  });

  it("imports a PEM certificate on an OIDC client's Keys tab", async () => {
    await withFailureShot(page, "import-key", async () => {
      assert.equal((await api(`${REALM}/clients`, { method: "POST", body: { clientId: "e2e-keys" } })).status, 201);
      const [client] = (await (await api(`${REALM}/clients?clientId=e2e-keys`)).json()) as { id: string }[];
      const generated = await (
        await api(`${REALM}/clients/${client!.id}/certificates/jwt.credential/generate`, { method: "POST" })
      ).json();
      // A fresh client to import into: its certificate field starts empty.
      assert.equal((await api(`${REALM}/clients`, { method: "POST", body: { clientId: "e2e-keys-2" } })).status, 201);
      const [target] = (await (await api(`${REALM}/clients?clientId=e2e-keys-2`)).json()) as { id: string }[];
      await page.goto(console(`clients/${target!.id}/keys`));
      const certificate = page.getByRole("textbox", { name: "Certificate" });
      await certificate.waitFor();
      assert.equal(await certificate.inputValue(), "");
      await page.getByRole("button", { name: "Import key" }).click();
      const dialog = page.getByRole("dialog", { name: "Import key" });
      await dialog.locator('input[type="file"]').setInputFiles({
        name: "cert.pem",
        mimeType: "application/x-pem-file",
        buffer: Buffer.from(certificatePem(generated.certificate)),
      });
      await noSeriousViolations("import key dialog");
      await screenshot(page, "client-keys-import");
      await dialog.getByRole("button", { name: "Import key" }).click();
      await page.getByText("New certificate imported").first().waitFor();
      await page.waitForFunction(([element, value]) => (element as HTMLTextAreaElement).value === value, [
        await certificate.elementHandle(),
        generated.certificate,
      ] as const);
      await screenshot(page, "client-keys-imported");
    });
  });
});
