import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Browser, Page } from "playwright-core";
import { adminFetch, adminToken, freePort, type TestServer } from "../support/server.ts";
import { startTarget } from "../support/target.ts";
import { launchBrowser, newPage, signIn, STEP_TIMEOUT } from "../support/browser.ts";
import { markAdminCliAsConsoleClient, screenshot, waitForTable } from "./organizations-support.ts";
import { seriousAxeViolations } from "../support/axe.ts";
import { installKnownKey, signWith } from "../support/forged-tokens.ts";

const root = resolve(import.meta.dirname, "../..");
const TIMEOUT = STEP_TIMEOUT;
const PORTAL_CLIENT = "my-portal";
const USERS = "/admin/realms/demo/users";

interface KcError {
  target: string;
  stage: string;
  status?: number;
  message: string;
}

/**
 * A product team's page: keycloak-js signs in through the team's own public client, then hands the
 * token to `<kc-users-admin>` loaded from the server. `order=before` sets `tokenProvider` before the
 * element connects; `order=after` appends the element first and sets it once signed in, as a
 * framework effect does. `provider=throws|expired` gives a token provider that fails or an expired
 * token the server rejects, without signing in.
 */
const PORTAL_PAGE = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>Product portal</title><script type="module" src="/portal.js"></script></head>
  <body><h1>Product portal</h1><main id="slot"></main></body>
</html>`;

const PORTAL_SCRIPT = `
import Keycloak from "/keycloak.js";
const config = await (await fetch("/config.json")).json();
const params = new URLSearchParams(location.search);
window.kcErrors = [];
document.addEventListener("kc-error", (event) =>
  window.kcErrors.push({ target: event.target.localName, ...event.detail }),
);
const slot = document.getElementById("slot");
/** A token as a lapsed session leaves it: issued by master for my-portal with this page's origin, long expired. */
const expiredToken = () => config.expiredToken;
const usersElement = document.createElement("kc-users-admin");
usersElement.setAttribute("realm", "demo");
usersElement.setAttribute("server-url", config.serverUrl);
const loadElements = () => import(config.serverUrl + "/elements/loader.js");

const failing = params.get("provider");
if (failing) {
  usersElement.tokenProvider =
    failing === "throws"
      ? () => { throw new Error("The portal session has expired"); }
      : { getAccessToken: async () => expiredToken() };
  slot.append(usersElement);
  await loadElements();
} else {
  const keycloak = new Keycloak({ url: config.serverUrl, realm: "master", clientId: config.clientId });
  const tokenProvider = {
    async getAccessToken() {
      await keycloak.updateToken(5);
      return keycloak.token;
    },
  };
  if (params.get("order") === "after") {
    slot.append(usersElement);
    await loadElements();
    await customElements.whenDefined("kc-users-admin");
    // Longer than the grace an element on the server's own origin gives before signing in itself.
    await new Promise((resolve) => setTimeout(resolve, 600));
    window.waitedForProvider = Boolean(
      usersElement.shadowRoot.querySelector('[aria-label="Waiting for the page to hand over a token"]'),
    );
    await keycloak.init({ onLoad: "login-required", pkceMethod: "S256", responseMode: "query", checkLoginIframe: false });
    usersElement.tokenProvider = tokenProvider;
  } else {
    await keycloak.init({ onLoad: "login-required", pkceMethod: "S256", responseMode: "query", checkLoginIframe: false });
    await loadElements();
    usersElement.tokenProvider = tokenProvider;
    slot.append(usersElement);
  }
}
`;

/** The product team's own web server, on another origin (another port) than the identity server. */
function startPortalServer(port: number, config: object): Promise<Server> {
  const portal = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://portal").pathname;
    const send = (type: string, body: string | Buffer) =>
      res.writeHead(200, { "content-type": type, "cache-control": "no-store" }).end(body);
    if (path === "/") return send("text/html", PORTAL_PAGE);
    if (path === "/portal.js") return send("text/javascript", PORTAL_SCRIPT);
    if (path === "/config.json") return send("application/json", JSON.stringify(config));
    if (path === "/keycloak.js")
      return send("text/javascript", readFileSync(resolve(root, "node_modules/keycloak-js/lib/keycloak.js")));
    res.writeHead(404).end();
  });
  return new Promise((ok) => portal.listen(port, "127.0.0.1", () => ok(portal)));
}

describe("embedding <kc-users-admin> on a product team's page with its own client", () => {
  let server: TestServer;
  let portal: Server;
  let browser: Browser;
  let portalUrl: string;
  let api: ReturnType<typeof adminFetch>;
  /** What the file adds to master, removed again: a real Keycloak's master outlives the file. */
  const masterLeftovers: string[] = [];

  const createUser = async (realm: string, body: Record<string, unknown>) => {
    const res = await api(`/admin/realms/${realm}/users`, { method: "POST", body: { enabled: true, ...body } });
    assert.equal(res.status, 201, await res.text());
    return res.headers.get("location")!.split("/").at(-1)!;
  };

  before(async () => {
    server = await startTarget({ demoPages: true });
    const port = await freePort();
    portalUrl = `http://127.0.0.1:${port}`;
    api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
    // The test pages take master's admin-cli tokens, which are lightweight (no roles): who-am-I must answer them.
    await markAdminCliAsConsoleClient(api, "master");
    // A plain public client as a product team creates it: no security.admin.console attribute.
    const created = await api("/admin/realms/master/clients", {
      method: "POST",
      body: {
        clientId: PORTAL_CLIENT,
        publicClient: true,
        standardFlowEnabled: true,
        redirectUris: [`${portalUrl}/*`],
        webOrigins: [portalUrl],
      },
    });
    assert.equal(created.status, 201, await created.text());
    masterLeftovers.push(new URL(created.headers.get("location")!, server.baseUrl).pathname);
    const viewerId = await createUser("master", {
      username: "portal-viewer",
      firstName: "Pat",
      lastName: "Viewer",
      email: "pat.viewer@example.com",
      credentials: [{ type: "password", value: "viewer-pass", temporary: false }],
    });
    masterLeftovers.push(`/admin/realms/master/users/${viewerId}`);
    await createUser("demo", { username: "embed-edit-me", firstName: "Edna", lastName: "Before" });
    await createUser("demo", { username: "embed-delete-me", firstName: "Dell", lastName: "Gone" });
    // Signed with a master key the test holds, as the server would have signed it: only a verified token's origins
    // count for CORS, and a 401 takes them from an expired one.
    const now = Math.floor(Date.now() / 1000);
    const expiredToken = await signWith(await installKnownKey(api, "master"), {
      iss: `${server.baseUrl}/realms/master`,
      azp: PORTAL_CLIENT,
      typ: "Bearer",
      sub: "lapsed-session",
      iat: now - 600,
      exp: now - 300,
      "allowed-origins": [portalUrl],
    });
    portal = await startPortalServer(port, { serverUrl: server.baseUrl, clientId: PORTAL_CLIENT, expiredToken });
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    if (portal) await new Promise((ok) => portal.close(ok));
    for (const path of masterLeftovers) await api(path, { method: "DELETE" });
    await server?.dispose();
  });

  const kcErrors = (page: Page) => page.evaluate(() => (window as unknown as { kcErrors: KcError[] }).kcErrors);

  /** Opens the portal, signs in on the server's login page through my-portal, and comes back. */
  async function openPortal(query: string, user = { username: "admin", password: "admin" }) {
    const { page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    const consoleSignIns: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith("/protocol/openid-connect/auth") && url.searchParams.get("client_id") !== PORTAL_CLIENT)
        consoleSignIns.push(request.url());
    });
    await page.goto(`${portalUrl}/?${query}`);
    await signIn(page, user);
    await page.waitForURL((url) => url.origin === portalUrl);
    return { page, consoleSignIns };
  }

  async function expectRefusedNotice(page: Page) {
    const notice = page.locator("kc-users-admin").getByTestId("who-am-i-refused");
    await notice.waitFor();
    const text = await notice.innerText();
    assert.match(text, /Who-am-I refused tokens of client 'my-portal'/);
    assert.match(text, /security\.admin\.console/);
    assert.match(text, /security-admin-console/);
    return notice;
  }

  it("sets tokenProvider after the element connected: the admin lists, edits and deletes users", async () => {
    const { page, consoleSignIns } = await openPortal("order=after");
    const element = page.locator("kc-users-admin");
    const users = element.getByRole("grid", { name: "Users" });
    await waitForTable(users);
    assert.equal(await page.evaluate(() => (window as { waitedForProvider?: boolean }).waitedForProvider), true);
    assert.deepEqual(consoleSignIns, [], "the element never started a sign-in of its own");
    const notice = await expectRefusedNotice(page);
    await screenshot(page, "embedding-notice");
    assert.deepEqual(await seriousAxeViolations(page, "kc-users-admin"), [], "list with the notice");
    // Realm texts may fail on another origin: /resources/{realm}/admin/{locale} answers without CORS headers.
    const errors = (await kcErrors(page)).filter(({ stage }) => stage !== "translations");
    assert.deepEqual(
      errors.map(({ target, stage, status }) => ({ target, stage, status })),
      [{ target: "kc-users-admin", stage: "who-am-I", status: 403 }],
      "who-am-I's refusal is reported, nothing else failed",
    );
    assert.match(errors[0]!.message, /\S/);

    await element
      .getByRole("searchbox")
      .or(element.getByPlaceholder(/Search/))
      .first()
      .fill("embed-");
    await element
      .getByRole("searchbox")
      .or(element.getByPlaceholder(/Search/))
      .first()
      .press("Enter");
    await users.getByRole("link", { name: "embed-edit-me" }).click();
    await element.getByRole("heading", { level: 1, name: "embed-edit-me" }).waitFor();
    await element.getByLabel("Last name", { exact: true }).fill("After");
    await element.getByRole("button", { name: "Save" }).click();
    await element.getByText("The user has been saved").waitFor();
    const [edited] = (await (await api(`${USERS}?username=embed-edit-me&exact=true`)).json()) as { lastName: string }[];
    assert.equal(edited!.lastName, "After");

    await element.getByRole("link", { name: "Users" }).click();
    await waitForTable(users);
    await element
      .getByRole("searchbox")
      .or(element.getByPlaceholder(/Search/))
      .first()
      .fill("embed-delete-me");
    await element
      .getByRole("searchbox")
      .or(element.getByPlaceholder(/Search/))
      .first()
      .press("Enter");
    await users.getByRole("link", { name: "embed-delete-me" }).click();
    await element.getByRole("heading", { level: 1, name: "embed-delete-me" }).waitFor();
    await element
      .getByRole("button", { name: "Actions" })
      .or(element.getByRole("button", { name: "Kebab toggle" }))
      .first()
      .click();
    await element.getByRole("menuitem", { name: "Delete user" }).click();
    await element.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await element.getByText("The user has been deleted").waitFor();
    const left = (await (await api(`${USERS}?username=embed-delete-me&exact=true`)).json()) as unknown[];
    assert.deepEqual(left, []);

    await notice.getByRole("button", { name: /Close/ }).click();
    await notice.waitFor({ state: "detached" });
    assert.match(page.url(), new RegExp(`^${portalUrl}/`), "the portal's page never left");
    await page.close();
  });

  it("sets tokenProvider before the element connected: the admin lists users", async () => {
    const { page, consoleSignIns } = await openPortal("order=before");
    const users = page.locator("kc-users-admin").getByRole("grid", { name: "Users" });
    await waitForTable(users);
    await users.getByRole("link", { name: "alice.anderson" }).waitFor();
    await expectRefusedNotice(page);
    assert.deepEqual(consoleSignIns, []);
    await page.close();
  });

  it("on the server's own origin, a provider handed over just after the element started wins over its own sign-in", async () => {
    const { page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    const signIns: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.endsWith("/protocol/openid-connect/auth")) signIns.push(request.url());
    });
    await page.goto(`${server.baseUrl}/demo/test-elements/users.html?realm=demo&provider-after=100`);
    await waitForTable(page.locator("kc-users-admin").getByRole("grid", { name: "Users" }));
    assert.deepEqual(signIns, [], "no keycloak-js sign-in of the element's own");
    assert.match(page.url(), /\/demo\/test-elements\/users\.html\?/, "the page never navigated");
    await page.close();
  });

  it("tells a user without management roles that they are not allowed, and why", async () => {
    const { page } = await openPortal("order=after", { username: "portal-viewer", password: "viewer-pass" });
    const element = page.locator("kc-users-admin");
    const forbidden = element.getByTestId("forbidden");
    await forbidden.waitFor();
    assert.match(await forbidden.innerText(), /query-users/);
    assert.equal(
      await element.getByTestId("forbidden-reason").innerText(),
      "The access token from client 'my-portal' gives Pat Viewer none of these roles for realm demo: query-users.",
    );
    await screenshot(page, "embedding-not-allowed");
    assert.deepEqual(await seriousAxeViolations(page, "kc-users-admin"), [], "not allowed");
    assert.equal(await element.getByRole("grid", { name: "Users" }).count(), 0);
    await page.close();
  });

  it("reports a token provider that throws as kc-error at stage token", async () => {
    const { page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    await page.goto(`${portalUrl}/?provider=throws`);
    await page.waitForFunction(() => ((window as unknown as { kcErrors?: unknown[] }).kcErrors?.length ?? 0) > 0);
    const [failure] = await kcErrors(page);
    assert.equal(failure!.target, "kc-users-admin");
    assert.equal(failure!.stage, "token");
    assert.equal(failure!.status, undefined);
    assert.match(failure!.message, /The portal session has expired/);
    await page
      .locator("kc-users-admin")
      .getByText(/The portal session has expired/)
      .waitFor();
    await page.close();
  });

  const EXPIRED = "reports an expired token the server rejects as kc-error at stage token with status 401";
  it(EXPIRED, async () => {
    const { page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    await page.goto(`${portalUrl}/?provider=expired`);
    await page.waitForFunction(() => ((window as unknown as { kcErrors?: unknown[] }).kcErrors?.length ?? 0) > 0);
    const [failure] = await kcErrors(page);
    assert.deepEqual({ stage: failure!.stage, status: failure!.status }, { stage: "token", status: 401 });
    await page.close();
  });
});
