import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, Page } from "playwright-core";
import { adminFetch, adminToken, type TestServer } from "../support/server.ts";
import { startTarget } from "../support/target.ts";
import { launchBrowser, newPage, signIn, STEP_TIMEOUT } from "../support/browser.ts";
import { seriousAxeViolations } from "../support/axe.ts";
import { typeProfileAttribute } from "../support/attribute-picker.ts";
import { screenshot, waitForTable, withFailureShot } from "./organizations-support.ts";

const TIMEOUT = STEP_TIMEOUT;
const REALM = "/admin/realms/demo";
const HOST = "kc-admin-console";
const INNER = "main";
const CLIENT_ID = "e2e-payroll";
const SECRET = "payroll-secret-1";

interface Named {
  id: string;
  name: string;
}

const decodeJwt = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString("utf8")) as Record<string, unknown>;

describe("a client's client scopes, dedicated scope and evaluate tab", () => {
  let server: TestServer;
  let browser: Browser;
  let api: ReturnType<typeof adminFetch>;
  let clientUuid: string;
  let doraId: string;
  /**
   * The client's own web site: its sign-in callback, and the sector identifier documents (JSON arrays of redirect
   * URIs) that the identity server fetches.
   */
  let clientSite: Server;
  let clientSiteBase: string;
  const callbacks: string[] = [];

  const json = async <T>(path: string): Promise<T> => (await (await api(path)).json()) as T;
  const created = async (path: string, body: unknown): Promise<string> => {
    const response = await api(path, { method: "POST", body });
    assert.equal(response.status, 201, await response.text());
    return response.headers.get("location")!.split("/").pop()!;
  };

  before(async () => {
    clientSite = createServer((req, res) => {
      if (req.url?.startsWith("/callback")) {
        callbacks.push(`${clientSiteBase}${req.url}`);
        res.writeHead(200, { "content-type": "text/plain" });
        res.end("signed in");
        return;
      }
      const documents: Record<string, string[]> = {
        "/one-host.json": ["https://one.example.com/*"],
        "/both-hosts.json": ["https://one.example.com/*", "https://two.example.com/*"],
      };
      const document = documents[req.url ?? ""];
      res.writeHead(document ? 200 : 404, { "content-type": "application/json" });
      res.end(JSON.stringify(document ?? { error: "not found" }));
    });
    await new Promise<void>((resolve) => clientSite.listen(0, "127.0.0.1", resolve));
    clientSiteBase = `http://127.0.0.1:${(clientSite.address() as AddressInfo).port}`;
    server = await startTarget({ demoPages: true });
    browser = await launchBrowser();
    api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
    // Keycloak 26 keeps attributes outside the user profile only when unmanaged attributes are enabled.
    const profile = await json<Record<string, unknown>>(`${REALM}/users/profile`);
    const enabled = await api(`${REALM}/users/profile`, {
      method: "PUT",
      body: { ...profile, unmanagedAttributePolicy: "ENABLED" },
    });
    assert.ok(enabled.ok, await enabled.text());
    clientUuid = await created(`${REALM}/clients`, {
      clientId: CLIENT_ID,
      secret: SECRET,
      publicClient: false,
      directAccessGrantsEnabled: true,
      redirectUris: [`${clientSiteBase}/*`],
    });
    const user = (username: string, password: string) => ({
      username,
      enabled: true,
      email: `${username}@example.com`,
      emailVerified: true,
      firstName: username,
      lastName: "Tester",
      credentials: [{ type: "password", value: password, temporary: false }],
    });
    doraId = await created(`${REALM}/users`, user("dora", "pw-dora-1"));
    await created(`${REALM}/users`, { ...user("eli", "pw-eli-1"), attributes: { department: ["audit"] } });
    await created(`${REALM}/roles`, { name: "payroll-viewer", description: "Reads payslips" });
  });

  after(async () => {
    await browser?.close();
    await server?.dispose();
    await new Promise((resolve) => clientSite?.close(resolve));
  });

  async function openConsole(page: Page, route: string) {
    await page.goto(`${server.baseUrl}/admin/master/console/`);
    await signIn(page, { username: "admin", password: "admin" });
    await page.getByTestId("dashboard-title").waitFor();
    await page.goto(`${server.baseUrl}/admin/master/console/#/demo/${route}`);
  }

  async function pickUser(page: Page, label: string, username: string) {
    const box = page.getByRole("combobox", { name: label });
    await box.click();
    await box.fill(username);
    await page.locator(".pf-v6-c-menu .pf-v6-c-menu__item").filter({ hasText: username }).first().click();
  }

  it("sets up the client's scopes, adds a user-attribute mapper to the dedicated scope and sees the claim in evaluate and in a real token", async () => {
    const { page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    await withFailureShot(page, "client-dedicated-scope", async () => {
      await openConsole(page, `clients/${clientUuid}/clientScopes`);
      const scopes = page.getByRole("grid", { name: "Client scopes" });
      await waitForTable(scopes);
      await scopes.getByRole("link", { name: `${CLIENT_ID}-dedicated` }).waitFor();
      await scopes.getByRole("link", { name: "email", exact: true }).waitFor();
      assert.deepEqual(await seriousAxeViolations(page, HOST, INNER), [], "client scopes tab");
      await screenshot(page, "client-scopes-tab");

      // Inline type change: email becomes an optional scope of this client.
      await scopes.getByRole("button", { name: "Default, Assigned type of email" }).click();
      await page.getByRole("option", { name: "Optional" }).click();
      await page.getByText("Scope mapping updated").first().waitFor();
      await scopes.getByRole("button", { name: "Optional, Assigned type of email" }).waitFor();
      const optional = await json<Named[]>(`${REALM}/clients/${clientUuid}/optional-client-scopes`);
      assert.ok(
        optional.some((scope) => scope.name === "email"),
        "email is optional now",
      );

      // Remove phone, then add it back as a default scope through the dialog.
      await scopes
        .getByRole("row", { name: /phone/ })
        .getByRole("button", { name: /actions/i })
        .click();
      await page.getByRole("menuitem", { name: "Remove" }).click();
      await page
        .getByRole("dialog", { name: /Delete client scope phone/ })
        .getByRole("button", { name: "Delete" })
        .click();
      await page.getByText("Scope mapping successfully removed").waitFor();
      await page.getByRole("button", { name: "Add client scope" }).click();
      const add = page.getByRole("dialog", { name: `Add client scopes to ${CLIENT_ID}` });
      await add.getByRole("row", { name: /phone/ }).getByRole("checkbox").click();
      assert.deepEqual(await seriousAxeViolations(page, HOST, INNER), [], "add client scope dialog");
      await add.getByRole("button", { name: "Add", exact: true }).click();
      // The menu opens inside the dialog, so it is found by role there (not hidden with the rest of the element).
      await add.getByRole("menuitem", { name: "Default", exact: true }).waitFor();
      await add.getByRole("menuitem", { name: "Default", exact: true }).click();
      await add.waitFor({ state: "detached" });
      await scopes.getByRole("button", { name: "Default, Assigned type of phone" }).waitFor();
      const defaults = await json<Named[]>(`${REALM}/clients/${clientUuid}/default-client-scopes`);
      assert.ok(
        defaults.some((scope) => scope.name === "phone"),
        "phone is a default scope again",
      );

      // The dedicated scope: a User Attribute mapper by configuration.
      await scopes.getByRole("link", { name: `${CLIENT_ID}-dedicated` }).click();
      await page.getByRole("heading", { level: 1, name: `${CLIENT_ID}-dedicated` }).waitFor();
      await page.getByRole("button", { name: "Configure a new mapper" }).click();
      await page.getByRole("dialog", { name: "Add mapper" }).getByRole("button", { name: "User Attribute" }).click();
      await page.getByRole("textbox", { name: "Name", exact: true }).fill("department");
      // Keycloak 26.7's User Attribute is a picker of the realm's profile attributes that takes a typed name too.
      await typeProfileAttribute(page, "User Attribute", "department");
      await page.getByRole("textbox", { name: "Token Claim Name" }).fill("department");
      const accessTokenSwitch = page.getByRole("switch", { name: "Add to access token" });
      assert.equal(await accessTokenSwitch.isChecked(), true, "Add to access token is on");
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("Mapping successfully created").waitFor();
      const mappers = page.getByRole("grid", { name: `Mappers of ${CLIENT_ID}-dedicated` });
      await waitForTable(mappers);
      await mappers.getByRole("link", { name: "department" }).waitFor();
      assert.deepEqual(await seriousAxeViolations(page, HOST, INNER), [], "dedicated mappers");
      await screenshot(page, "client-dedicated-mappers");
      const stored = await json<{ protocolMapper: string; config: Record<string, string> }[]>(
        `${REALM}/clients/${clientUuid}/protocol-mappers/models`,
      );
      assert.equal(stored[0]?.protocolMapper, "oidc-usermodel-attribute-mapper");
      assert.equal(stored[0]?.config["claim.name"], "department");

      // The user gets the attribute through the admin API.
      const dora = await json<Record<string, unknown>>(`${REALM}/users/${doraId}`);
      const updated = await api(`${REALM}/users/${doraId}`, {
        method: "PUT",
        body: { ...dora, attributes: { department: ["payroll-ops"] } },
      });
      assert.equal(updated.status, 204, await updated.text());

      // Evaluate: the generated access token of dora carries the claim.
      await page.goto(`${server.baseUrl}/admin/master/console/#/demo/clients/${clientUuid}/clientScopes/evaluate`);
      await page.getByRole("tab", { name: "Evaluate", selected: true }).waitFor();
      const evaluatedMappers = page.getByRole("grid", { name: "Effective protocol mappers" });
      await waitForTable(evaluatedMappers);
      // Keycloak 26.7 gives the token over 20 mappers (more than a page): find the new one by name.
      await page.getByPlaceholder("Search for mapper").fill("department");
      await page.getByPlaceholder("Search for mapper").press("Enter");
      await evaluatedMappers
        .getByRole("row")
        .filter({ hasText: "department" })
        .filter({ hasText: `${CLIENT_ID}-dedicated` })
        .first()
        .waitFor();
      await pickUser(page, "User", "dora");
      await page.getByRole("tab", { name: "Generated access token" }).click();
      const accessToken = page.getByTestId("generated-accessToken");
      await accessToken.filter({ hasText: '"department": "payroll-ops"' }).waitFor();
      assert.deepEqual(await seriousAxeViolations(page, HOST, INNER), [], "evaluate tab");
      await accessToken.scrollIntoViewIfNeeded();
      await screenshot(page, "client-evaluate");

      // Compare with eli: the line diff shows both departments.
      // The switch's visible toggle covers its input: click the switch as a user does.
      await page.getByRole("switch", { name: "Compare" }).locator("xpath=..").click();
      await pickUser(page, "Compare with user", "eli");
      const diff = page.getByTestId("token-diff");
      await diff.locator("del").filter({ hasText: '"department": "payroll-ops"' }).waitFor();
      await diff.locator("ins").filter({ hasText: '"department": "audit"' }).waitFor();
      // Claims that differ on every token (exp, iat, jti, ...) stay out of the diff unless asked for.
      assert.equal(await diff.getByText('"jti"').count(), 0, "jti is left out of the diff");
      const showVolatile = page.getByRole("checkbox", { name: "Show claims that differ on every token" });
      await showVolatile.check();
      await diff.locator("ins").filter({ hasText: '"jti"' }).waitFor();
      await showVolatile.uncheck();
      await diff.getByText('"jti"').waitFor({ state: "detached" });
      assert.deepEqual(await seriousAxeViolations(page, HOST, INNER), [], "evaluate compare");
      await diff.scrollIntoViewIfNeeded();
      await screenshot(page, "client-evaluate-compare");

      // A real sign-in: dora signs in on the login page (code flow), the client exchanges the code.
      const login = await newPage(browser);
      const callback = `${clientSiteBase}/callback`;
      const authorize = new URL(`${server.baseUrl}/realms/demo/protocol/openid-connect/auth`);
      authorize.search = new URLSearchParams({
        client_id: CLIENT_ID,
        redirect_uri: callback,
        response_type: "code",
        scope: "openid",
        state: "dedicated-scope-test",
      }).toString();
      await login.page.goto(authorize.toString());
      await signIn(login.page, { username: "dora", password: "pw-dora-1" });
      await login.page.getByText("signed in").waitFor();
      const redirectedTo = callbacks.at(-1) ?? "";
      const code = new URL(redirectedTo).searchParams.get("code");
      assert.ok(code, `a code in ${redirectedTo}`);
      const tokenResponse = await fetch(`${server.baseUrl}/realms/demo/protocol/openid-connect/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code,
          redirect_uri: callback,
          client_id: CLIENT_ID,
          client_secret: SECRET,
        }),
      });
      const tokens = (await tokenResponse.json()) as { access_token?: string; id_token?: string };
      assert.equal(tokenResponse.status, 200, JSON.stringify(tokens));
      assert.equal(decodeJwt(tokens.access_token!).department, "payroll-ops");
      await login.context.close();
    });
  });

  it("switches off full scope and adds a role scope mapping to the dedicated scope", async () => {
    const { page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    await withFailureShot(page, "client-dedicated-full-scope", async () => {
      await openConsole(page, `clients/${clientUuid}/clientScopes/dedicated/scope`);
      const fullScope = page.getByRole("switch", { name: "Full scope allowed" });
      assert.equal(await fullScope.isChecked(), true);
      await fullScope.locator("xpath=..").click();
      await page.getByText("Client successfully updated").waitFor();
      const client = await json<{ fullScopeAllowed?: boolean }>(`${REALM}/clients/${clientUuid}`);
      assert.equal(client.fullScopeAllowed, false);

      await page.getByRole("button", { name: "Assign role" }).first().click();
      const assign = page.getByRole("dialog");
      await assign.getByRole("button", { name: "Realm roles" }).click();
      await assign.getByRole("row").filter({ hasText: "payroll-viewer" }).getByRole("checkbox").click();
      await assign.getByRole("button", { name: "Assign", exact: true }).click();
      await page
        .getByRole("grid", { name: "Assigned roles" })
        .getByRole("row")
        .filter({ hasText: "payroll-viewer" })
        .waitFor();
      const realmScope = await json<{ name: string }[]>(`${REALM}/clients/${clientUuid}/scope-mappings/realm`);
      assert.deepEqual(
        realmScope.map((role) => role.name),
        ["payroll-viewer"],
      );
      assert.deepEqual(await seriousAxeViolations(page, HOST, INNER), [], "dedicated scope tab");
      await screenshot(page, "client-dedicated-scope");
    });
  });
  it("keeps a pairwise mapper's form and shows the server's message on Sector Identifier URI", async () => {
    // Redirect URIs on two hosts: Keycloak then requires a sector identifier URI for pairwise subjects.
    const twoHosts = await created(`${REALM}/clients`, {
      clientId: "pairwise-two-hosts",
      publicClient: true,
      redirectUris: ["https://one.example.com/*", "https://two.example.com/*"],
    });
    const { page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    await withFailureShot(page, "client-pairwise-mapper", async () => {
      await openConsole(page, `clients/${twoHosts}/clientScopes/dedicated`);
      await page.getByRole("button", { name: "Configure a new mapper" }).click();
      await page
        .getByRole("dialog", { name: "Add mapper" })
        .getByRole("button", { name: "Pairwise subject identifier" })
        .click();
      await page.getByRole("textbox", { name: "Name", exact: true }).fill("pairwise sub");
      await page.getByRole("textbox", { name: "Salt" }).fill("pepper");
      await page.getByRole("button", { name: "Save" }).click();
      const message =
        "Without a configured Sector Identifier URI, client redirect URIs must not contain multiple host components.";
      const sector = page.getByRole("textbox", { name: "Sector Identifier URI" });
      // The message stands as the field's helper text and the field is marked invalid.
      await page.locator(".pf-v6-c-form__group").filter({ has: sector }).getByText(message).waitFor();
      assert.equal(await sector.getAttribute("aria-invalid"), "true");
      assert.equal(await page.getByRole("textbox", { name: "Name", exact: true }).inputValue(), "pairwise sub");
      assert.equal(await page.getByRole("textbox", { name: "Salt" }).inputValue(), "pepper");
      const stored = await json<unknown[]>(`${REALM}/clients/${twoHosts}/protocol-mappers/models`);
      assert.equal(stored.length, 0, "nothing was stored");

      // The server fetches the sector identifier document: one that misses a redirect URI of the client is refused.
      await sector.fill(`${clientSiteBase}/one-host.json`);
      await page.getByRole("button", { name: "Save" }).click();
      await page
        .locator(".pf-v6-c-form__group")
        .filter({ has: sector })
        .getByText("Client redirect URIs does not match redirect URIs fetched from the Sector Identifier URI.")
        .waitFor();
      assert.equal((await json<unknown[]>(`${REALM}/clients/${twoHosts}/protocol-mappers/models`)).length, 0);

      // With a document listing both hosts the same form saves.
      await sector.fill(`${clientSiteBase}/both-hosts.json`);
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("Mapping successfully created").waitFor();
      const [pairwise] = await json<{ config: Record<string, string> }[]>(
        `${REALM}/clients/${twoHosts}/protocol-mappers/models`,
      );
      assert.equal(pairwise?.config.sectorIdentifierUri, `${clientSiteBase}/both-hosts.json`);
      assert.deepEqual(await seriousAxeViolations(page, HOST, INNER), [], "pairwise mapper");
    });
  });
});
