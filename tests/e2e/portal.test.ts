import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Browser } from "playwright-core";
import { startTestServer, type TestServer } from "../support/server.ts";
import { launchBrowser, newPage, STEP_TIMEOUT } from "../support/browser.ts";
import { screenshot, waitForTable } from "./organizations-support.ts";
import { seriousAxeViolations, seriousPageViolations } from "../support/axe.ts";
import { fillPortalSignIn, PORTAL_VISITOR } from "../support/portal.ts";

const TIMEOUT = STEP_TIMEOUT;

/**
 * Issue 5: the portal demo embeds <kc-users-admin> with its own backend's token; the element never signs in itself.
 * Issue 8: that backend hands a token only to a visitor signed in to the portal.
 * Issue 10: <kc-clients-admin> and <kc-client-scopes-admin> run there with the same token.
 */
describe("portal demo page", () => {
  let server: TestServer;
  let browser: Browser;

  before(async () => {
    server = await startTestServer({ args: ["--demo-pages"] });
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it("sends a visitor without a portal session to the portal's sign-in page, and back after signing in", async () => {
    const { page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    await page.goto(`${server.baseUrl}/demo/portal/index.html`);
    await page.waitForURL((url) => url.pathname === "/demo/sign-in/index.html");
    assert.equal(new URL(page.url()).searchParams.get("next"), "/demo/portal/index.html");
    assert.deepEqual(await seriousPageViolations(page), [], "sign-in page");

    await fillPortalSignIn(page, { username: PORTAL_VISITOR.username, password: "wrong" });
    await page.getByRole("alert").filter({ hasText: "Invalid username or password." }).waitFor();
    assert.equal(new URL(page.url()).pathname, "/demo/sign-in/index.html", "a wrong password stays on the form");
    assert.equal(await page.getByLabel("Username or email").inputValue(), PORTAL_VISITOR.username, "input kept");
    await screenshot(page, "portal-sign-in-error");

    await fillPortalSignIn(page);
    await page.waitForURL((url) => url.pathname === "/demo/portal/index.html");
    await page.getByText(`Signed in as ${PORTAL_VISITOR.username}`).waitFor();
    const [cookie] = (await page.context().cookies()).filter((c) => c.name === "NORTHWIND_PORTAL_SESSION");
    assert.ok(cookie, "the portal's session cookie");
    assert.equal(cookie.httpOnly, true);
    assert.equal(cookie.sameSite, "Strict");
    assert.equal(cookie.path, "/demo/");
    await page.locator("kc-users-admin").getByRole("grid", { name: "Users" }).waitFor();

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL((url) => url.pathname === "/demo/sign-in/index.html");
    const token = await page.evaluate(async () => (await fetch("/demo/api/portal-token")).status);
    assert.equal(token, 401, "signed out: no token");
    await page.close();
  });

  it("lists the demo realm's users with the portal's token only: no login page, no sign-in redirect", async () => {
    const { page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    await page.goto(`${server.baseUrl}/demo/sign-in/index.html?next=%2Fdemo%2Fportal%2Findex.html`);
    await fillPortalSignIn(page);
    await page.waitForURL((url) => url.pathname === "/demo/portal/index.html");
    const signInCalls: string[] = [];
    const tokenCalls: string[] = [];
    const signInCode: string[] = [];
    const adminAuthorizations = new Set<string>();
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (/\/keycloak-sign-in-[\w-]+\.js$/.test(url.pathname)) signInCode.push(url.pathname);
      if (
        /\/protocol\/openid-connect\/(auth|login-status-iframe|3p-cookies)/.test(url.pathname) ||
        url.pathname.includes("/login-actions/")
      )
        signInCalls.push(url.pathname);
      if (url.pathname === "/demo/api/portal-token") tokenCalls.push(url.pathname);
      if (url.pathname.startsWith("/admin/")) adminAuthorizations.add(request.headers().authorization ?? "none");
    });
    const navigations: string[] = [];
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url());
    });

    await page.reload();
    const usersElement = page.locator("kc-users-admin");
    const users = usersElement.getByRole("grid", { name: "Users" });
    await waitForTable(users);
    await users.getByRole("link", { name: "alice.anderson" }).waitFor();
    assert.ok((await users.locator("tbody tr").count()) >= 5, "a page of demo users");

    assert.deepEqual(signInCalls, [], "the element's own sign-in stays off");
    assert.deepEqual(signInCode, [], "nor is its code (keycloak-js) loaded");
    assert.equal(await page.getByLabel("Username or email").count(), 0, "no login page");
    assert.deepEqual(
      navigations.map((url) => new URL(url).pathname),
      ["/demo/portal/index.html"],
      "the host page never navigates",
    );
    assert.ok(tokenCalls.length >= 1, "tokens come from the portal's backend");
    assert.ok(
      [...adminAuthorizations].every((header) => header.startsWith("Bearer ")),
      "every admin call carries the portal's bearer token",
    );

    assert.deepEqual(await seriousAxeViolations(page, "kc-users-admin"), [], "users panel");
    await screenshot(page, "portal-users-panel");

    await users.getByRole("link", { name: "alice.anderson" }).click();
    await usersElement.getByRole("heading", { level: 1, name: "alice.anderson" }).waitFor();
    assert.deepEqual(signInCalls, []);
    assert.match(page.url(), /\/demo\/portal\/index\.html$/, "memory routing: the portal's address is untouched");
    await page
      .getByRole("list")
      .filter({ has: page.locator(".portal-log-entry") })
      .locator("code", { hasText: "kc-navigate" })
      .first()
      .waitFor();
    await page.close();
  });

  it("lists the demo realm's clients and client scopes with the portal's token", async () => {
    const { page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    await page.goto(`${server.baseUrl}/demo/sign-in/index.html?next=%2Fdemo%2Fportal%2Findex.html`);
    await fillPortalSignIn(page);
    await page.waitForURL((url) => url.pathname === "/demo/portal/index.html");
    const signInCalls: string[] = [];
    page.on("request", (request) => {
      if (/\/protocol\/openid-connect\/auth/.test(new URL(request.url()).pathname)) signInCalls.push(request.url());
    });

    const clients = page.locator("kc-clients-admin").getByRole("grid", { name: "Clients list" });
    await waitForTable(clients);
    await clients.getByRole("row").filter({ hasText: "backend-api" }).waitFor();
    const scopes = page.locator("kc-client-scopes-admin").getByRole("grid", { name: "Client scopes" });
    await waitForTable(scopes);
    await scopes.getByRole("row").filter({ hasText: "profile" }).first().waitFor();
    assert.deepEqual(signInCalls, [], "the elements never sign in themselves");
    assert.equal(await page.getByTestId("forbidden").count(), 0, "no forbidden page");

    await page.locator("#clients-admin-panel").scrollIntoViewIfNeeded();
    await screenshot(page, "portal-clients-panel");
    await page.locator("#client-scopes-admin-panel").scrollIntoViewIfNeeded();
    await screenshot(page, "portal-client-scopes-panel");
    await page.close();
  });
});
