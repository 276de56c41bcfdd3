import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Browser, Locator, Page } from "playwright-core";
import { adminFetch, adminToken, type TestServer } from "../support/server.ts";
import { startTarget } from "../support/target.ts";
import { launchBrowser, newPage, signIn, STEP_TIMEOUT } from "../support/browser.ts";
import { markAdminCliAsConsoleClient, screenshot } from "./organizations-support.ts";
import { seriousAxeViolations } from "../support/axe.ts";
import { eventually } from "../support/eventually.ts";

const TIMEOUT = STEP_TIMEOUT;
const CLIENTS = "/admin/realms/demo/clients";
const HOST = "kc-admin-console";
const INNER = "main";

describe("client credentials, keys, service account, sessions and advanced tabs", () => {
  let server: TestServer;
  let browser: Browser;
  let api: ReturnType<typeof adminFetch>;
  let id = "";

  before(async () => {
    server = await startTarget({ demoPages: true });
    browser = await launchBrowser();
    api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
    await markAdminCliAsConsoleClient(api, "master");
    const created = await api(CLIENTS, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        clientId: "e2e-billing",
        protocol: "openid-connect",
        publicClient: false,
        serviceAccountsEnabled: true,
        standardFlowEnabled: true,
      }),
    });
    assert.equal(created.status, 201);
    id = created.headers.get("location")!.split("/").pop()!;
  });

  after(async () => {
    await browser?.close();
    await server?.dispose();
  });

  const json = async <T>(path: string): Promise<T> => (await (await api(path)).json()) as T;

  async function openTab(page: Page, tab: string, name: string) {
    await page.goto(`${server.baseUrl}/admin/master/console/#/demo/clients/${id}/${tab}`);
    await page.getByRole("tab", { name, selected: true }).waitFor();
  }

  async function checkTab(page: Page, name: string) {
    assert.deepEqual(await seriousAxeViolations(page, HOST, INNER), [], name);
    await screenshot(page, `client-${name}`);
  }

  it("regenerates the secret, generates keys, maps a service-account role and sets not before", async () => {
    const { page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    try {
      await page.goto(`${server.baseUrl}/admin/master/console/`);
      await signIn(page, { username: "admin", password: "admin" });
      await page.getByTestId("dashboard-title").waitFor();

      // Credentials: the secret is masked; regenerate after a confirmation shows the new one.
      await openTab(page, "credentials", "Credentials");
      const before = (await json<{ value: string }>(`${CLIENTS}/${id}/client-secret`)).value;
      const secretBox = page.getByRole("textbox", { name: "Client Secret" });
      for (let i = 0; i < 50 && (await secretBox.inputValue()) !== before; i++) await page.waitForTimeout(100);
      assert.equal(await secretBox.inputValue(), before);
      assert.equal(await secretBox.getAttribute("type"), "password");
      await checkTab(page, "credentials");
      await page.getByRole("button", { name: "Regenerate", exact: true }).click();
      const confirm = page.getByRole("dialog", { name: "Regenerate secret for this client?" });
      await confirm.getByRole("button", { name: "Regenerate" }).click();
      await page.getByText("Client secret regenerated").waitFor();
      const afterSecret = (await json<{ value: string }>(`${CLIENTS}/${id}/client-secret`)).value;
      assert.notEqual(afterSecret, before);
      await page.getByRole("button", { name: "Show secret" }).first().click();
      assert.equal(await secretBox.inputValue(), afterSecret);

      // Keys: generate new keys after a confirmation; the certificate shows and the server holds it.
      await openTab(page, "keys", "Keys");
      await page
        .getByText("No certificate")
        .or(page.getByRole("textbox", { name: "Certificate" }))
        .first()
        .waitFor();
      await checkTab(page, "keys");
      await page.getByRole("button", { name: "Generate RSA keys" }).click();
      await page
        .getByRole("dialog", { name: "Generate new keys?" })
        .getByRole("button", { name: "Generate RSA keys" })
        .click();
      await page.getByText("New key pair and certificate generated successfully").waitFor();
      const info = await json<{ certificate?: string }>(`${CLIENTS}/${id}/certificates/jwt.credential`);
      assert.ok(info.certificate, "the server holds a certificate");
      const certificateBox = page.getByRole("textbox", { name: "Certificate" });
      for (let i = 0; i < 50 && (await certificateBox.inputValue()) !== info.certificate; i++)
        await page.waitForTimeout(100);
      assert.equal(await certificateBox.inputValue(), info.certificate);

      // Service account roles: assign the realm role 'auditor' to the service-account user.
      await openTab(page, "serviceAccount", "Service account roles");
      await page.getByRole("switch", { name: "Hide inherited roles" }).waitFor();
      await checkTab(page, "service-account");
      await page.getByRole("button", { name: "Assign role" }).first().click();
      const assign = page.getByRole("dialog");
      await assign.getByRole("button", { name: "Realm roles" }).click();
      await assign.getByRole("row").filter({ hasText: "auditor" }).getByRole("checkbox").click();
      await assign.getByRole("button", { name: "Assign", exact: true }).click();
      await page
        .getByRole("grid", { name: "Assigned roles" })
        .getByRole("row")
        .filter({ hasText: "auditor" })
        .waitFor();
      const user = await json<{ id: string }>(`${CLIENTS}/${id}/service-account-user`);
      const realmMappings = await json<{ name: string }[]>(`/admin/realms/demo/users/${user.id}/role-mappings/realm`);
      assert.ok(
        realmMappings.some((role) => role.name === "auditor"),
        "the admin API lists auditor",
      );

      // Sessions: none yet.
      await openTab(page, "sessions", "Sessions");
      await page.getByText("No sessions").waitFor();
      await checkTab(page, "sessions");

      // Advanced: set "not before" to now.
      await openTab(page, "advanced", "Advanced");
      await page.getByRole("heading", { name: "Revocation" }).waitFor();
      await checkTab(page, "advanced");
      const started = Math.floor(Date.now() / 1000);
      await page.getByRole("button", { name: "Set to now" }).click();
      await page.getByText("Not Before set for client").waitFor();
      const saved = await json<{ notBefore?: number }>(`${CLIENTS}/${id}`);
      assert.ok((saved.notBefore ?? 0) >= started - 1, `notBefore ${saved.notBefore} is now`);
      assert.notEqual(await page.getByRole("textbox", { name: "Not Before" }).inputValue(), "None");

      // Advanced settings: only pushed authorization requests (RFC 9126) from now on.
      const advanced = page.getByRole("form", { name: "Advanced settings" });
      await advanced.getByText("Pushed authorization request required", { exact: true }).click();
      await advanced.getByRole("button", { name: "Save" }).click();
      await page.getByText("Client successfully updated").waitFor();
      const withPar = await json<{ attributes?: Record<string, string> }>(`${CLIENTS}/${id}`);
      assert.equal(withPar.attributes?.["require.pushed.authorization.requests"], "true", "PAR required saved");

      // Lightweight access tokens: the service account's token loses its roles, and userinfo refuses it until allowed.
      const attribute = async (name: string) =>
        (await json<{ attributes?: Record<string, string> }>(`${CLIENTS}/${id}`)).attributes?.[name];
      /** Turns a switch of a settings form on, saves, and waits for the client's attribute to read "true". */
      const switchOn = async (form: Locator, label: string, attributeName: string) => {
        await form.getByText(label, { exact: true }).click();
        await form.getByRole("button", { name: "Save" }).click();
        const saved = await eventually(
          () => attribute(attributeName),
          (value) => value === "true",
        );
        assert.equal(saved, "true", label);
      };
      await switchOn(advanced, "Always use lightweight access token", "client.use.lightweight.access.token.enabled");
      const { value: secret } = await json<{ value: string }>(`${CLIENTS}/${id}/client-secret`);
      const oidc = `${server.baseUrl}/realms/demo/protocol/openid-connect`;
      const grant = await fetch(`${oidc}/token`, {
        method: "POST",
        body: new URLSearchParams({
          grant_type: "client_credentials",
          client_id: "e2e-billing",
          client_secret: secret,
          scope: "openid",
        }),
      });
      assert.equal(grant.status, 200, await grant.clone().text());
      const { access_token: token } = (await grant.json()) as { access_token: string };
      const claims = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()) as Record<string, unknown>;
      assert.equal(claims.realm_access, undefined, "no roles in a lightweight token");
      const userinfo = () => fetch(`${oidc}/userinfo`, { headers: { authorization: `Bearer ${token}` } });
      assert.equal((await userinfo()).status, 401);
      await switchOn(
        page.getByRole("form", { name: "OpenID Connect Compatibility Modes" }),
        "Allow UserInfo with lightweight access token",
        "allow.userinfo.with.lightweight.access.token",
      );
      assert.equal((await userinfo()).status, 200);
    } catch (error) {
      await screenshot(page, "client-credentials-failure");
      throw error;
    }
  });

  it("shows no credentials or service account tab for a public client", async () => {
    const publicId = (await json<{ id: string }[]>(`${CLIENTS}?clientId=account-console`))[0]!.id;
    const { page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    await page.goto(`${server.baseUrl}/admin/master/console/`);
    await signIn(page, { username: "admin", password: "admin" });
    await page.getByTestId("dashboard-title").waitFor();
    await page.goto(`${server.baseUrl}/admin/master/console/#/demo/clients/${publicId}/settings`);
    await page.getByRole("tab", { name: "Advanced" }).waitFor();
    assert.equal(await page.getByRole("tab", { name: "Credentials" }).count(), 0);
    assert.equal(await page.getByRole("tab", { name: "Service account roles" }).count(), 0);
    assert.equal(await page.getByRole("tab", { name: "Keys" }).count(), 0);
    assert.equal(await page.getByRole("tab", { name: "Authorization" }).count(), 0);

    // A client with authorization services on shows its Authorization tab.
    const ordersId = (await json<{ id: string }[]>(`${CLIENTS}?clientId=orders-service`))[0]!.id;
    await page.goto(`${server.baseUrl}/admin/master/console/#/demo/clients/${ordersId}/settings`);
    await page.getByRole("tab", { name: "Authorization" }).click();
    await page.getByText("Policy enforcement mode").first().waitFor();
    await page.getByRole("tab", { name: "Resources" }).waitFor();
  });
});
