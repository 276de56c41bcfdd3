import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { type TestServer } from "../support/server.ts";
import { startTarget } from "../support/target.ts";
import { launchBrowser, newPage, signIn, STEP_TIMEOUT } from "../support/browser.ts";
import { seriousAxeViolations } from "../support/axe.ts";
import { masterAdminApi, type Api } from "./realm-settings-support.ts";
import { markAdminCliAsConsoleClient, screenshot } from "./organizations-support.ts";
import { eventually } from "../support/eventually.ts";

const TIMEOUT = STEP_TIMEOUT;
const REALM = "events-e2e";
const QUIET = "events-quiet";

/**
 * A picked file that records what is written to it; its writes wait while `kcHold` is set. The app only uses the
 * picker outside automation, so the page is told it is not automated. A string, as tsx's helpers are not in the page.
 */
const PICKED_FILE = `(() => {
  Object.defineProperty(Navigator.prototype, "webdriver", { get: () => false, configurable: true });
  window.kcFiles = [];
  window.kcHold = true;
  window.showSaveFilePicker = async ({ suggestedName }) => ({
    createWritable: async () => {
      const file = { name: suggestedName, chunks: [], state: "open" };
      window.kcFiles.push(file);
      return {
        write: async (chunk) => {
          while (window.kcHold) await new Promise((resolve) => setTimeout(resolve, 20));
          file.chunks.push(chunk);
        },
        close: async () => void (file.state = "closed"),
        abort: async () => void (file.state = "aborted"),
      };
    },
  });
})()`;

describe("events screens", () => {
  let server: TestServer;
  let browser: Browser;
  let api: Api;
  let context: BrowserContext;
  let console: Page;
  let carlId: string;

  const userEvents = (page = console) => page.getByRole("grid", { name: "User events" });
  const adminEvents = (page = console) => page.getByRole("grid", { name: "Admin events" });

  /** A wrong password typed into the real login page. */
  const failSignIn = async () => {
    const { context: visitor, page } = await newPage(browser);
    const auth = new URL(`${server.baseUrl}/realms/${REALM}/protocol/openid-connect/auth`);
    auth.search = new URLSearchParams({
      client_id: "app",
      redirect_uri: `${server.baseUrl}/e2e-callback`,
      response_type: "code",
      scope: "openid",
    }).toString();
    await page.goto(auth.toString());
    await signIn(page, { username: "carl", password: "not-his-password" });
    await page.getByText("Invalid username or password.").waitFor();
    await visitor.close();
  };

  before(async () => {
    server = await startTarget({ demoPages: true });
    browser = await launchBrowser();
    api = masterAdminApi(server.baseUrl);
    await markAdminCliAsConsoleClient(api, "master");
    for (const realm of [REALM, QUIET]) {
      await api(`/admin/realms/${realm}`, { method: "DELETE" }); // one an earlier run left on a reused Keycloak
      assert.equal((await api("/admin/realms", { method: "POST", body: { realm, enabled: true } })).status, 201);
    }
    const config = await api(`/admin/realms/${REALM}/events/config`, {
      method: "PUT",
      body: { eventsEnabled: true, adminEventsEnabled: true, adminEventsDetailsEnabled: true, eventsListeners: [] },
    });
    assert.equal(config.status, 204);
    const client = await api(`/admin/realms/${REALM}/clients`, {
      method: "POST",
      body: { clientId: "app", publicClient: true, redirectUris: [`${server.baseUrl}/*`] },
    });
    assert.equal(client.status, 201);
    const created = await api(`/admin/realms/${REALM}/users`, {
      method: "POST",
      body: {
        username: "carl",
        enabled: true,
        credentials: [{ type: "password", value: "carl-pw", temporary: false }],
      },
    });
    carlId = created.headers.get("location")!.split("/").at(-1)!;
    await failSignIn();
    const updated = await api(`/admin/realms/${REALM}/users/${carlId}`, {
      method: "PUT",
      body: { username: "carl", firstName: "Carlotta" },
    });
    assert.equal(updated.status, 204);

    ({ context, page: console } = await newPage(browser));
    console.setDefaultTimeout(TIMEOUT);
    await console.goto(`${server.baseUrl}/admin/master/console/#/${REALM}/events`);
    await signIn(console, { username: "admin", password: "admin" });
    await console.getByRole("heading", { name: "Events", level: 1, exact: true }).waitFor();
  });

  after(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it("finds a LOGIN_ERROR by the user's username, shows the username and the details, and keeps the search in the address", async () => {
    await userEvents().getByRole("row").filter({ hasText: "LOGIN_ERROR" }).waitFor();
    const form = console.getByRole("form", { name: "Search events" });
    await form.getByLabel("User", { exact: true }).fill("carl");
    await form.getByRole("combobox", { name: "Event type" }).fill("LOGIN_ERR");
    await console.getByRole("menuitem", { name: "LOGIN_ERROR", exact: true }).click();
    await form.getByRole("combobox", { name: "Event type" }).press("Escape");
    await form.getByRole("button", { name: "Search events" }).click();
    await console.waitForURL((url) => url.hash.includes("user=carl") && url.hash.includes("type=LOGIN_ERROR"));
    const row = userEvents().getByRole("row").filter({ hasText: "LOGIN_ERROR" });
    await row.getByRole("link", { name: "carl" }).waitFor();
    const carlRows = () => userEvents().locator("tbody tr").filter({ hasText: "carl" }).count();
    assert.equal(await eventually(carlRows, (count) => count === 1), 1);
    const overview = console.getByRole("table", { name: "Matching events per type and hour" });
    await overview.getByRole("columnheader", { name: "LOGIN_ERROR" }).waitFor();
    // The overview of the unfiltered list shows the same column until the filtered one arrives.
    const overviewCells = () =>
      overview
        .locator("tbody td")
        .allInnerTexts()
        .then((cells) => cells.join(","));
    assert.equal(await eventually(overviewCells, (cells) => cells === "1"), "1");
    await console.getByText("1 matching events counted").waitFor();
    await row.locator("td.pf-v6-c-table__toggle button").click();
    await userEvents().getByRole("grid", { name: "Details" }).getByText("invalid_user_credentials").waitFor();
    assert.deepEqual(await seriousAxeViolations(console, "kc-admin-console", "main"), []);
    await screenshot(console, "events-user-search");

    const bookmarked = console.url();
    const second = await context.newPage();
    second.setDefaultTimeout(TIMEOUT);
    await second.goto(bookmarked);
    await userEvents(second)
      .getByRole("row")
      .filter({ hasText: "LOGIN_ERROR" })
      .getByRole("link", { name: "carl" })
      .waitFor();
    assert.equal(
      await second.getByRole("form", { name: "Search events" }).getByLabel("User", { exact: true }).inputValue(),
      "carl",
    );
    await second.close();

    await form.getByRole("button", { name: "Reset search" }).click();
    await console.waitForURL((url) => !url.hash.includes("user=carl"));
    await console.goBack();
    await console.waitForURL((url) => url.hash.includes("user=carl"));
    assert.equal(
      await console.getByRole("form", { name: "Search events" }).getByLabel("User", { exact: true }).inputValue(),
      "carl",
    );
  });

  it("exports the search as CSV with the same rows as its pages, usernames resolved", async () => {
    await console.goto(`${server.baseUrl}/admin/master/console/#/${REALM}/events/user-events?client=app`);
    await userEvents().getByRole("row").filter({ hasText: "LOGIN_ERROR" }).first().waitFor();
    const shown = await userEvents()
      .locator("tbody tr")
      .evaluateAll((rows) =>
        rows
          .map((row) => [...row.querySelectorAll("td")].map((cell) => (cell.textContent ?? "").trim()))
          .filter((cells) => cells.length === 6)
          .map(([, , user, type, ip, client]) => [type, user, client, ip].join(",")),
      );
    assert.ok(shown.length >= 1);
    const [download] = await Promise.all([
      console.waitForEvent("download"),
      console.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    assert.equal(download.suggestedFilename(), `${REALM}-user-events.csv`);
    const lines = (await readFile((await download.path())!, "utf8")).trim().split("\n");
    assert.equal(lines[0], "time,type,username,userId,clientId,ipAddress,sessionId,error,details");
    const exported = lines.slice(1).map((line) => {
      const [, type, username, , clientId, ip] = line.split(",");
      return [type, username, clientId, ip].join(",");
    });
    assert.deepEqual(exported, shown);
    await console.getByText(`Exported ${shown.length} events`).waitFor();
  });

  it("with Live on, shows a new event without a reload", async () => {
    await console.goto(`${server.baseUrl}/admin/master/console/#/${REALM}/events/user-events?type=LOGIN_ERROR`);
    const errors = userEvents().locator("tbody tr").filter({ hasText: "LOGIN_ERROR" });
    await errors.first().waitFor();
    const before = await errors.count();
    const live = console.getByRole("switch", { name: "Live" });
    // PatternFly's switch input sits under its toggle: flipped as a keyboard user does.
    await live.focus();
    await live.press("Space");
    assert.equal(await live.isChecked(), true);
    await failSignIn();
    await errors.nth(before).waitFor();
    await live.press("Space");
    assert.equal(await live.isChecked(), false);
  });

  it("shows an admin update of a user with the admin's name, its auth details and the new value in the representation", async () => {
    await console.getByRole("tab", { name: "Admin events" }).click();
    const form = console.getByRole("form", { name: "Search admin events" });
    await form.getByLabel("Resource path").fill("users/*");
    await form.getByRole("button", { name: "Search admin events" }).click();
    await console.waitForURL((url) => url.hash.includes("resourcePath=users"));
    // the user's row: until the search's page arrives the grid still lists other UPDATEs (the realm's) by admin
    const row = adminEvents()
      .getByRole("row")
      .filter({ hasText: "UPDATE" })
      .filter({ hasText: `users/${carlId}` });
    await row.getByText("admin", { exact: true }).waitFor();
    assert.match(await row.innerText(), new RegExp(`users/${carlId}[\\s\\S]*USER[\\s\\S]*UPDATE`));
    await row.getByRole("button", { name: /Actions/ }).click();
    await console.getByRole("menuitem", { name: "Representation" }).click();
    const dialog = console.getByRole("dialog", { name: "Representation" });
    await dialog.getByText('"firstName": "Carlotta"').waitFor();
    assert.deepEqual(await seriousAxeViolations(console, "kc-admin-console", "main"), []);
    await screenshot(console, "events-admin-representation");
    await dialog.getByRole("button", { name: "Close" }).last().click();
    await row.getByRole("button", { name: /Actions/ }).click();
    await console.getByRole("menuitem", { name: "Auth" }).click();
    const auth = console.getByRole("dialog", { name: "Authorization of the admin event" });
    await auth.getByText("master", { exact: true }).waitFor();
    await auth.getByText(/^admin \(/).waitFor();
    await auth.getByRole("button", { name: "Close" }).last().click();
  });

  it("streams an export to the file the administrator picks, and a cancel discards it", async () => {
    const { context: picking, page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    try {
      await page.goto(`${server.baseUrl}/admin/master/console/#/${REALM}/events/user-events?client=app`);
      await signIn(page, { username: "admin", password: "admin" });
      await userEvents(page).getByRole("row").filter({ hasText: "LOGIN_ERROR" }).first().waitFor();
      await page.evaluate(PICKED_FILE);
      const files = () =>
        page.evaluate("window.kcFiles") as Promise<{ name: string; chunks: string[]; state: string }[]>;
      const exportReads: string[] = [];
      page.on("request", (request) => {
        if (/\/events\?.*max=500/.test(request.url())) exportReads.push(request.url());
      });
      await page.getByRole("button", { name: "Export CSV" }).click();
      await page.getByRole("progressbar", { name: /^Exporting/ }).waitFor();
      await page.getByRole("button", { name: "Cancel" }).click();
      await page.evaluate("window.kcHold = false");
      await page.getByText("Export cancelled").waitFor();
      const [cancelled] = await files();
      assert.equal(cancelled!.state, "aborted", "a cancelled export discards its file");
      assert.deepEqual(cancelled!.chunks, ["time,type,username,userId,clientId,ipAddress,sessionId,error,details\n"]);
      assert.deepEqual(exportReads, [], "a cancel stops the export before its next read");

      await page.getByRole("button", { name: "Export CSV" }).click();
      await page
        .getByText(/Exported \d+ events/)
        .first()
        .waitFor();
      const written = (await files())[1]!;
      assert.equal(written.name, `${REALM}-user-events.csv`);
      assert.equal(written.state, "closed");
      assert.ok(written.chunks.length >= 2, "the header and each page are written as they come");
      const lines = written.chunks.join("").trim().split("\n");
      assert.equal(lines[0], "time,type,username,userId,clientId,ipAddress,sessionId,error,details");
      assert.ok(lines.slice(1).some((line) => line.includes(",LOGIN_ERROR,carl,")));
      assert.equal(exportReads.length, 1, "one read of 500 holds this search");
    } finally {
      await picking.close();
    }
  });

  it("with Live on, shows a new admin event without a reload", async () => {
    await console.goto(`${server.baseUrl}/admin/master/console/#/${REALM}/events/admin-events?resourceTypes=USER`);
    const updates = adminEvents().locator("tbody tr").filter({ hasText: "UPDATE" });
    await updates.first().waitFor();
    const before = await updates.count();
    const live = console.getByRole("switch", { name: "Live" });
    await live.focus();
    await live.press("Space");
    assert.equal(await live.isChecked(), true);
    const updated = await api(`/admin/realms/${REALM}/users/${carlId}`, { method: "PUT", body: { lastName: "Live" } });
    assert.equal(updated.status, 204);
    await updates.nth(before).waitFor();
    await live.press("Space");
    assert.equal(await live.isChecked(), false);
  });

  it("says saving is off and links to the realm's event settings", async () => {
    await console.goto(`${server.baseUrl}/admin/master/console/#/${QUIET}/events/user-events`);
    await console.getByText("Saving user events turned off").waitFor();
    assert.deepEqual(await seriousAxeViolations(console, "kc-admin-console", "main"), []);
    await console.getByRole("button", { name: "Open the event settings" }).click();
    await console.waitForURL((url) => url.hash.endsWith(`/${QUIET}/realm-settings/events`));
  });

  it("runs as <kc-events-admin> on a host page, dark theme included", async () => {
    const { page } = await newPage(browser, { colorScheme: "dark" });
    page.setDefaultTimeout(TIMEOUT);
    await page.goto(`${server.baseUrl}/demo/test-elements/events.html?realm=${REALM}&theme=dark`);
    await userEvents(page).getByRole("row").filter({ hasText: "LOGIN_ERROR" }).first().waitFor();
    assert.deepEqual(await seriousAxeViolations(page, "kc-events-admin"), []);
    await screenshot(page, "events-element-dark");
    await page.getByRole("tab", { name: "Admin events" }).click();
    await adminEvents(page).getByRole("row").filter({ hasText: "UPDATE" }).first().waitFor();
    assert.deepEqual(await seriousAxeViolations(page, "kc-events-admin"), []);
    // Every label of the overview chart (axis and legend) lies inside the drawn chart: none is cut off.
    const charts = page.locator(".kc-events-overview-chart svg");
    await charts.first().waitFor({ state: "attached" });
    const cut = await charts.evaluateAll((svgs) =>
      svgs.flatMap((svg) => {
        const box = svg.getBoundingClientRect();
        if (box.width === 0) return [];
        return [...svg.querySelectorAll("text")]
          .filter((text) => {
            const r = text.getBoundingClientRect();
            return r.width > 0 && (r.left < box.left - 1 || r.right > box.right + 1 || r.bottom > box.bottom + 1);
          })
          .map((text) => text.textContent);
      }),
    );
    await screenshot(page, "events-element-dark-admin");
    assert.deepEqual(cut, []);
    await page.close();
  });
});
