import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { adminFetch, adminToken, startTestServer, type TestServer } from "../support/server.ts";
import { launchBrowser, newPage, signIn, STEP_TIMEOUT } from "../support/browser.ts";
import { watchTroubles, type Trouble } from "../support/console-troubles.ts";
import { ensureUpstreamBuild, serveUpstreamConsole, type UpstreamConsole } from "../../bench/upstream-harness.ts";
import { root } from "../../bench/bundle-size.ts";
import { eventually } from "../support/eventually.ts";

/**
 * Keycloak's own console (npm @keycloak/keycloak-admin-ui 26.7.4, built once into bench/upstream-console/dist, which
 * git ignores) served same-origin in front of the embedded server: for each area it opens the list, one item and
 * its tabs, and saves one change where the area has a form. Any answer of 400 or more, console error, crash screen
 * or raw message key fails the screen.
 */
const TIMEOUT = STEP_TIMEOUT;
const REALM = "demo";

/**
 * Requests Keycloak refuses the same way: the email tab looks the signed-in administrator (of master) up among the
 * current realm's users, which answers 404 in Keycloak too.
 */
let adminUserId = "";
const expectedRefusal = (path: string) => adminUserId !== "" && path === `/admin/realms/${REALM}/users/${adminUserId}`;

/**
 * PatternFly 5 logs this when a Modal mounts without a title: a SAML client's Keys and Credentials tabs mount their
 * confirm dialogs with an empty title until a key is picked, whatever the server answered.
 */
const untitledModal = (text: string) => text === "Modal: Specify at least one of: title, aria-label, aria-labelledby.";

/** A text node that is a message key, not its English text: one camelCase token such as `realmSettings`. */
const RAW_KEY = /^[a-z]+(?:[A-Z][a-z0-9]+){1,}$/;

/** The demo seed has no identity provider and no user federation: one of each, so both areas have an item to open. */
let kerberosId = "";
/** Clients the suite opens by address (the clients list pages before reaching them). */
const clientIds = new Map<string, string>();
async function seedProviders(api: ReturnType<typeof adminFetch>): Promise<void> {
  const created = async (path: string, body: unknown) => {
    const response = await api(path, { method: "POST", body });
    assert.equal(response.status, 201, `${path}: ${await response.text()}`);
    return response.headers.get("location")!.split("/").pop()!;
  };
  await created(`/admin/realms/${REALM}/identity-provider/instances`, {
    alias: "partner-oidc",
    displayName: "Partner",
    providerId: "oidc",
    enabled: true,
    config: {
      authorizationUrl: "https://partner.example/auth",
      tokenUrl: "https://partner.example/token",
      clientId: "console",
      clientSecret: "secret",
      clientAuthMethod: "client_secret_post",
    },
  });
  const realm = (await (await api(`/admin/realms/${REALM}`)).json()) as { id: string };
  kerberosId = await created(`/admin/realms/${REALM}/components`, {
    name: "kerberos",
    providerId: "kerberos",
    providerType: "org.keycloak.storage.UserStorageProvider",
    parentId: realm.id,
    config: {
      kerberosRealm: ["EXAMPLE.COM"],
      serverPrincipal: ["HTTP/host.example.com@EXAMPLE.COM"],
      keyTab: ["/etc/krb5.keytab"],
      enabled: ["true"],
      priority: ["0"],
      cachePolicy: ["DEFAULT"],
    },
  });
}

describe("Keycloak's console 26.7.4 against the embedded server", () => {
  let server: TestServer;
  let upstream: UpstreamConsole;
  let browser: Browser;
  let page: Page;
  let screen = "sign-in";
  let troubles: Trouble[] = [];
  const visited: string[] = [];

  before(async () => {
    ensureUpstreamBuild();
    server = await startTestServer();
    const api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
    const [admin] = (await (await api("/admin/realms/master/users?username=admin&exact=true")).json()) as {
      id: string;
    }[];
    adminUserId = admin!.id;
    await seedProviders(api);
    // One signed-in demo user, so the sessions list has a row to open.
    const people = (await (await api(`/admin/realms/${REALM}/users?max=20`)).json()) as {
      username: string;
      enabled: boolean;
      requiredActions: string[];
    }[];
    const person = people.find((user) => user.enabled && user.requiredActions.length === 0)!;
    await adminToken(server.baseUrl, REALM, person.username, "password");
    for (const clientId of ["orders-service", "https://sp.example.com/saml"]) {
      const [client] = (await (
        await api(`/admin/realms/${REALM}/clients?clientId=${encodeURIComponent(clientId)}`)
      ).json()) as { id: string }[];
      clientIds.set(clientId, client!.id);
    }
    upstream = await serveUpstreamConsole(server.baseUrl);
    browser = await launchBrowser();
    ({ page } = await newPage(browser));
    page.setDefaultTimeout(TIMEOUT);
    troubles = watchTroubles(page, {
      origin: upstream.origin,
      screen: () => screen,
      expected: expectedRefusal,
      expectedConsole: untitledModal,
    });
    await page.goto(`${upstream.origin}/admin/master/console/#/${REALM}`);
    await signIn(page, { username: "admin", password: "admin" });
    await page.getByRole("navigation").first().waitFor();
  });

  after(async () => {
    console.log(`Keycloak's console: ${visited.length} screens inspected:\n${visited.join("\n")}`);
    await browser?.close();
    await upstream?.stop();
    await server?.dispose();
  });

  /** Waits for the page to settle, then records crash screens and raw message keys on it. */
  async function inspect(name: string): Promise<void> {
    visited.push(name);
    await page.waitForLoadState("networkidle").catch(() => undefined);
    await page
      .locator(".pf-v5-c-spinner, [role=progressbar]")
      .first()
      .waitFor({ state: "hidden", timeout: 5_000 })
      .catch(() => undefined);
    const crashed = await page.getByText(/something went wrong|somethingWentWrong/i).count();
    if (crashed) troubles.push({ screen: name, what: "crash screen" });
    // The console's own words: headings, labels, buttons, tabs, column heads, alerts (data such as attribute
    // names may be camelCase).
    const keys = await page.evaluate((pattern) => {
      const found = new Set<string>();
      const own =
        "h1,h2,h3,h4,label,legend,button,[role=tab],th,.pf-v5-c-alert__title,.pf-v5-c-empty-state__title-text";
      for (const element of document.querySelectorAll(own)) {
        const text = (element as HTMLElement).innerText?.trim() ?? "";
        if (new RegExp(pattern).test(text)) found.add(text);
      }
      return [...found];
    }, RAW_KEY.source);
    for (const key of keys) troubles.push({ screen: name, what: `raw message key: ${key}` });
  }

  async function open(name: string, hash: string): Promise<void> {
    screen = name;
    await page.goto(`${upstream.origin}/admin/master/console/#/${REALM}/${hash}`);
    await page
      .locator("main table tbody tr, main .pf-v5-c-empty-state, main form, main [role=tabpanel], main .pf-v5-c-card")
      .first()
      .waitFor()
      .catch(() => troubles.push({ screen: name, what: "no table, form or empty state within the timeout" }));
    await inspect(name);
  }

  /** Opens the first item link of the list's table (or the one named), then each of the item's tabs. */
  async function openFirstItem(name: string, linkText?: string): Promise<void> {
    screen = `${name}: item`;
    const links = page.locator("main table tbody tr td a");
    const link = linkText ? links.getByText(linkText, { exact: true }).first() : links.first();
    await link.waitFor();
    const listAddress = page.url();
    await link.click();
    await page.waitForURL((address) => address.href !== listAddress);
    // Every item screen here has tabs; they render once the item has loaded.
    await page.getByRole("tab").first().waitFor();
    await page.waitForLoadState("networkidle").catch(() => undefined);
    await inspect(screen);
    await openTabs(`${name}: item`);
    assert.equal(report(name), "", "opening one item and its tabs");
  }

  /** Clicks each visible tab on the screen (in order), inspecting each; returns their labels. */
  async function openTabs(name: string, skipTabs: string[] = []): Promise<string[]> {
    const tabs = page.getByRole("tab");
    const count = await tabs.count();
    const labels: string[] = [];
    for (let index = 0; index < count; index++) {
      // A crash screen takes the tabs away: what caused it is in the report.
      if ((await tabs.count()) <= index) break;
      const tab = tabs.nth(index);
      const label = (await tab.innerText()).trim();
      if (!label || skipTabs.includes(label) || !(await tab.isVisible())) continue;
      labels.push(label);
      screen = `${name} tab ${label}`;
      // The default timeout: on a busy machine a tab can stay covered while the previous one's content loads.
      const refused = await tab.click().then(
        (): string | undefined => undefined,
        (error: Error) => error.message.split("\n")[0],
      );
      if (refused !== undefined) {
        troubles.push({ screen, what: `the tab could not be opened: ${refused}` });
        break;
      }
      await inspect(screen);
    }
    return labels;
  }

  /** Fills the form on screen, presses its Save button and waits for the console's success alert. */
  async function save(name: string, fill: () => Promise<void>, success: RegExp, button = "Save"): Promise<void> {
    screen = name;
    await fill();
    // Tabs visited before stay mounted, hidden: the Save button is the one on screen.
    await page.getByRole("button", { name: button, exact: true }).filter({ visible: true }).first().click();
    await page
      .getByText(success)
      .first()
      .waitFor()
      .catch(async (error: Error) => {
        await page.screenshot({
          path: join(root, `screenshots/upstream-console-failed-${name.replace(/\W+/g, "-")}.png`),
        });
        throw new Error(
          `${name}: ${success} never shown; seen: ${report(name) || "nothing"} (${error.message.split("\n")[0]})`,
        );
      });
    await inspect(name);
  }

  const report = (prefix: string) =>
    troubles
      .filter((t) => t.screen.startsWith(prefix))
      .map((t) => `${t.screen} — ${t.what}`)
      .join("\n");

  it("realm settings: every tab opens and the general tab saves", async () => {
    for (const tab of [
      "general",
      "login",
      "email",
      "themes",
      "keys",
      "events",
      "localization",
      "security-defenses",
      "sessions",
      "tokens",
      "client-policies",
      "user-profile",
      "user-registration",
    ])
      await open(`realm settings ${tab}`, `realm-settings/${tab}`);
    await open("realm settings save", "realm-settings/general");
    await page.locator('input[name="displayName"]').fill("Demo realm (upstream)");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText(/realm successfully updated/i).waitFor();
    await page.screenshot({ path: join(root, "screenshots/upstream-console-realm-settings.png") });
    assert.equal(report("realm settings"), "");
  });

  it("clients: list, one client and its tabs, save", async () => {
    await open("clients", "clients");
    await openFirstItem("clients");
    screen = "clients: save";
    await page.getByRole("tab", { name: "Settings", exact: true }).click();
    await page
      .locator('input[name="description"], textarea[name="description"]')
      .first()
      .fill("Saved by Keycloak's console");
    await page.getByRole("button", { name: "Save", exact: true }).first().click();
    await page
      .getByText(/client successfully updated/i)
      .first()
      .waitFor();
    assert.equal(report("clients"), "");
  });

  it("clients: a confidential client with authorization services and a SAML client, each tab", async () => {
    await open("clients confidential", `clients/${clientIds.get("orders-service")}/settings`);
    await openTabs("clients confidential");
    screen = "clients confidential: authorization";
    await page.getByRole("tab", { name: "Authorization", exact: true }).click();
    await inspect(screen);
    const topTabs = await page
      .getByRole("tab")
      .evaluateAll((tabs) =>
        tabs.filter((tab) => !tab.closest("[role=tabpanel]")).map((tab) => tab.textContent!.trim()),
      );
    const authorizationTabs = await openTabs("clients confidential: authorization", topTabs);
    assert.ok(authorizationTabs.length >= 4, `authorization tabs: ${authorizationTabs.join(", ")}`);
    await open("clients saml", `clients/${clientIds.get("https://sp.example.com/saml")}/settings`);
    await openTabs("clients saml");
    assert.equal(report("clients "), "");
  });

  it("users: list, one user and its tabs, save", async () => {
    await open("users", "users");
    // With a user-storage provider (the Kerberos one) Keycloak's console lists users only after a search.
    await page.getByPlaceholder("Search user").fill("*");
    await page.getByPlaceholder("Search user").press("Enter");
    await openFirstItem("users");
    screen = "users: save";
    await page.getByRole("tab", { name: "Details", exact: true }).click();
    await page.locator('input[name="firstName"]').fill("Saved");
    await page.getByRole("button", { name: "Save", exact: true }).first().click();
    await page
      .getByText(/the user has been saved/i)
      .first()
      .waitFor();
    assert.equal(report("users"), "");
  });

  /** The description field of the form on screen (an input or a text area, depending on the area). */
  const fillDescription = (text: string) => async () => {
    await page.locator('input[name="description"], textarea[name="description"]').first().fill(text);
  };

  it("client scopes: list, one scope and its tabs, save", async () => {
    await open("client scopes", "client-scopes");
    await openFirstItem("client scopes");
    await page.getByRole("tab", { name: "Settings", exact: true }).click();
    await save("client scopes: save", fillDescription("Saved by Keycloak's console"), /client scope updated/i);
    assert.equal(report("client scopes"), "");
  });

  it("realm roles: list, one role and its tabs, save", async () => {
    await open("realm roles", "roles");
    await openFirstItem("realm roles", "auditor");
    await page.getByRole("tab", { name: "Details", exact: true }).click();
    await save("realm roles: save", fillDescription("Saved by Keycloak's console"), /the role has been saved/i);
    assert.equal(report("realm roles"), "");
  });

  it("groups: list, one group and its tabs, save an attribute", async () => {
    await open("groups", "groups");
    await openFirstItem("groups");
    await page.getByRole("tab", { name: "Attributes", exact: true }).click();
    await save(
      "groups: save",
      async () => {
        const add = page.getByRole("button", { name: "Add attributes", exact: true });
        await add.waitFor();
        const keys = page.locator('input[name^="attributes."][name$=".key"]');
        // The form shows one empty row for a group without attributes: fill that, or add a row after the last one.
        await keys.first().waitFor();
        const rows = await keys.count();
        const free = (await keys.nth(rows - 1).inputValue()) === "";
        if (!free) {
          await add.click();
          await keys.nth(rows).waitFor();
        }
        const row = free ? rows - 1 : rows;
        await keys.nth(row).fill("saved-by");
        await page.locator('input[name^="attributes."][name$=".value"]').nth(row).fill("keycloak-console");
      },
      /group updated/i,
    );
    assert.equal(report("groups"), "");
  });

  it("identity providers: list, one provider and its tabs, save", async () => {
    await open("identity providers", "identity-providers");
    await openFirstItem("identity providers");
    await page.getByRole("tab", { name: "Settings", exact: true }).click();
    await save(
      "identity providers: save",
      async () => page.locator('input[name="displayName"]').fill("Partner (saved)"),
      /provider successfully updated/i,
    );
    assert.equal(report("identity providers"), "");
  });

  it("organizations: list, one organization and its tabs, save", async () => {
    await open("organizations", "organizations");
    await openFirstItem("organizations");
    await page.getByRole("tab", { name: "Settings", exact: true }).click();
    await save(
      "organizations: save",
      fillDescription("Saved by Keycloak's console"),
      /organization successfully saved/i,
    );
    assert.equal(report("organizations"), "");
  });

  it("authentication: the browser flow, required actions (one toggled), policies and each of their tabs", async () => {
    await open("authentication", "authentication");
    screen = "authentication: browser flow";
    await page.locator("main table tbody tr td a").getByText("browser", { exact: true }).click();
    await page.getByRole("heading", { name: "browser", exact: true }).waitFor();
    await inspect(screen);
    await open("authentication required actions", "authentication/required-actions");
    screen = "authentication required actions: toggle";
    const row = page.locator("main table tbody tr").filter({ hasText: "Terms and Conditions" });
    await row.locator(".pf-v5-c-switch").first().click();
    await page
      .getByText(/updated required action successfully/i)
      .first()
      .waitFor();
    await inspect(screen);
    await open("authentication policies", "authentication/policies");
    const policies = await openTabs("authentication policies", ["Flows", "Required actions", "Policies"]);
    assert.ok(policies.length >= 4, `policy tabs: ${policies.join(", ")}`);
    assert.equal(report("authentication"), "");
  });

  it("user federation: list and the Kerberos provider", async () => {
    await open("user federation", "user-federation");
    await open("user federation: kerberos", `user-federation/kerberos/${kerberosId}`);
    await save(
      "user federation: save",
      async () => {
        // The form resets to the loaded provider once it arrives: typing before that leaves Save disabled.
        const name = page.locator('input[name="name"]');
        assert.equal(
          await eventually(
            () => name.inputValue(),
            (value) => value === "kerberos",
          ),
          "kerberos",
        );
        await name.fill("kerberos-saved");
      },
      /user federation provider successfully saved/i,
    );
    assert.equal(report("user federation"), "");
  });

  it("sessions: list and the signed-in user's session", async () => {
    await open("sessions", "sessions");
    await openFirstItem("sessions");
    assert.equal(report("sessions"), "");
  });

  it("events: opens, with each tab", async () => {
    await open("events", "events");
    await openTabs("events");
    assert.equal(report("events"), "");
  });
});
