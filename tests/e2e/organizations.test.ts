import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { adminFetch, adminToken, type TestServer } from "../support/server.ts";
import { startTarget } from "../support/target.ts";
import { launchBrowser, newPage, signIn, STEP_TIMEOUT } from "../support/browser.ts";
import { markAdminCliAsConsoleClient, screenshot, waitForTable } from "./organizations-support.ts";
import { seriousAxeViolations } from "../support/axe.ts";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink.ts";

const TIMEOUT = STEP_TIMEOUT;
const ORGS = "/admin/realms/demo/organizations";

interface OrganizationRep {
  id: string;
  name: string;
  enabled: boolean;
  domains: { name: string }[];
  attributes?: Record<string, string[]>;
}

describe("organizations screens", () => {
  let server: TestServer;
  let browser: Browser;
  let api: ReturnType<typeof adminFetch>;
  let sink: SmtpSink;

  before(async () => {
    sink = await startSmtpSink();
    server = await startTarget({ demoPages: true });
    browser = await launchBrowser();
    api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
    await markAdminCliAsConsoleClient(api, "master");
    await markAdminCliAsConsoleClient(api, "demo");
    for (const alias of ["northwind-idp", "initech-idp"]) {
      const response = await api("/admin/realms/demo/identity-provider/instances", {
        method: "POST",
        body: {
          alias,
          displayName: alias,
          providerId: "oidc",
          enabled: true,
          config: {
            clientId: "x",
            clientSecret: "y",
            authorizationUrl: "https://idp.example.com/auth",
            tokenUrl: "https://idp.example.com/token",
          },
        },
      });
      assert.equal(response.status, 201, await response.text());
    }
  });

  after(async () => {
    await browser?.close();
    await server?.dispose();
    await sink?.close();
  });

  const findOrganization = async (name: string): Promise<OrganizationRep | undefined> => {
    const list = (await (
      await api(`${ORGS}?search=${encodeURIComponent(name)}&exact=true&briefRepresentation=false`)
    ).json()) as OrganizationRep[];
    return list.find((organization) => organization.name === name);
  };

  /** Create with two domains, add a member, link a provider; each checked through the admin API. */
  async function driveOrganizationScreens(
    page: Page,
    host: string,
    area: string,
    name: string,
    domains: [string, string],
    member: string,
    alias: string,
    shots: string,
  ) {
    try {
      return await driveSteps(page, host, area, name, domains, member, alias, shots);
    } catch (error) {
      await screenshot(page, `${shots}-failed`);
      throw error;
    }
  }

  async function driveSteps(
    page: Page,
    host: string,
    area: string,
    name: string,
    domains: [string, string],
    member: string,
    alias: string,
    shots: string,
  ) {
    const list = page.getByRole("grid", { name: "Organizations" });
    await waitForTable(list);
    await list.getByText("Acme", { exact: true }).waitFor();
    assert.deepEqual(await seriousAxeViolations(page, host, area), [], "organizations list");
    await screenshot(page, `${shots}-list`);

    await page.getByRole("button", { name: "Create organization" }).click();
    await page.getByRole("heading", { name: "Create organization" }).waitFor();
    await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
    await page.getByLabel("Domains 1").fill(domains[0]);
    await page.getByRole("button", { name: "Add another value" }).click();
    await page.getByLabel("Domains 2").fill(domains[1]);
    await page.getByLabel("Description").fill(`${name} from the e2e test`);
    await page.getByRole("textbox", { name: "Key 1" }).fill("tier");
    await page.getByRole("textbox", { name: "Value 1" }).fill("gold");
    assert.deepEqual(await seriousAxeViolations(page, host, area), [], "create form");
    await screenshot(page, `${shots}-create`);
    await page.getByRole("button", { name: "Save" }).click();

    await page.getByRole("tab", { name: "Settings", selected: true }).waitFor();
    const created = await findOrganization(name);
    assert.ok(created, "organization created");
    assert.deepEqual(created.domains.map((domain) => domain.name).sort(), [...domains].sort());
    assert.deepEqual(created.attributes, { tier: ["gold"] });
    assert.deepEqual(await seriousAxeViolations(page, host, area), [], "settings tab");
    await screenshot(page, `${shots}-settings`);

    await page.getByRole("tab", { name: "Members" }).click();
    await page.getByRole("button", { name: "Add member" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add members" });
    await dialog.getByRole("combobox", { name: "Users" }).fill(member);
    await page.getByRole("menuitem", { name: new RegExp(member) }).click();
    // The open menu may cover the title or the buttons: its toggle closes it.
    await dialog.getByRole("button", { name: "Menu toggle", expanded: true }).click();
    await dialog.getByRole("button", { name: "Add", exact: true }).click();
    const members = page.getByRole("grid", { name: "Members" });
    await members.getByText(member, { exact: true }).waitFor();
    const memberList = (await (await api(`${ORGS}/${created.id}/members`)).json()) as {
      username: string;
      membershipType: string;
    }[];
    assert.deepEqual(
      memberList.map((user) => user.username),
      [member],
    );
    assert.deepEqual(await seriousAxeViolations(page, host, area), [], "members tab");
    await screenshot(page, `${shots}-members`);

    await page.getByRole("tab", { name: "Identity providers" }).click();
    await page.getByRole("button", { name: "Link identity provider" }).first().click();
    const link = page.getByRole("dialog", { name: "Link identity provider" });
    await link.getByRole("combobox", { name: "Identity provider" }).fill(alias.slice(0, 5));
    await page.getByText(alias, { exact: true }).click();
    await link.getByRole("button", { name: "Domain" }).click();
    await page
      .getByRole("option", { name: domains[1] })
      .or(page.getByRole("menuitem", { name: domains[1] }))
      .click();
    await link.getByRole("switch", { name: "Redirect when email domain matches" }).focus();
    await page.keyboard.press("Space");
    assert.deepEqual(await seriousAxeViolations(page, host, area), [], "link dialog");
    await screenshot(page, `${shots}-link-idp`);
    await link.getByRole("button", { name: "Save" }).click();
    const providers = page.getByRole("grid", { name: "Linked identity providers" });
    await providers.getByText(alias, { exact: true }).first().waitFor();
    const linked = (await (await api(`${ORGS}/${created.id}/identity-providers`)).json()) as {
      alias: string;
      config: Record<string, string>;
    }[];
    assert.deepEqual(
      linked.map((provider) => provider.alias),
      [alias],
    );
    assert.equal(linked[0].config["kc.org.domain"], domains[1]);
    assert.equal(linked[0].config["kc.org.broker.redirect.mode.email-matches"], "true");
    await screenshot(page, `${shots}-identity-providers`);
    return created;
  }

  it("in the full console: create with two domains, add a member, link an identity provider", async () => {
    const { page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    await page.goto(`${server.baseUrl}/admin/master/console/`);
    await signIn(page, { username: "admin", password: "admin" });
    await page.getByTestId("dashboard-title").waitFor();
    await page.evaluate(() => (location.hash = "#/demo/organizations"));
    await driveOrganizationScreens(
      page,
      "kc-admin-console",
      "main",
      "Northwind",
      ["northwind.example.com", "northwind.example.org"],
      "frank.fischer",
      "northwind-idp",
      "console",
    );
    await page.close();
  });

  it("as <kc-organizations-admin> alone: the same, with kc-organization-… events", async () => {
    const { page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    const requests: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    await page.goto(`${server.baseUrl}/demo/test-elements/organizations.html`);
    const created = await driveOrganizationScreens(
      page,
      "kc-organizations-admin",
      ".kc-element-root",
      "Initech",
      ["initech.example.com", "initech.example.net"],
      "grace.garcia",
      "initech-idp",
      "element",
    );
    assert.equal(new URL(page.url()).hash, "", "the element never touches the host's address");
    assert.equal(
      requests.some((url) => url.includes("/protocol/openid-connect/auth")),
      false,
      "no sign-in redirect",
    );

    await page.getByRole("tab", { name: "Attributes" }).click();
    await page.getByRole("textbox", { name: "Value 1" }).fill("platinum");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Organization successfully saved.").waitFor();
    assert.deepEqual((await findOrganization("Initech"))?.attributes, { tier: ["platinum"] });

    await page.getByRole("button", { name: "Organization actions" }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    await page.getByRole("dialog", { name: "Delete organization?" }).getByRole("button", { name: "Delete" }).click();
    await page.getByRole("grid", { name: "Organizations" }).getByText("Acme", { exact: true }).waitFor();
    assert.equal(await findOrganization("Initech"), undefined);

    const events = (
      await page.evaluate(
        () => (window as unknown as { kcEvents: { type: string; detail: { id: string } }[] }).kcEvents,
      )
    ).filter((event) => event.type.startsWith("kc-organization"));
    assert.deepEqual(
      events.map((event) => event.type),
      ["kc-organization-created", "kc-organization-updated", "kc-organization-deleted"],
    );
    assert.ok(events.every((event) => event.detail.id === created.id));
    await page.close();
  });

  it("keeps the form and shows the server's message when a create fails", async () => {
    const { page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    await page.goto(`${server.baseUrl}/demo/test-elements/organizations.html`);
    await page.getByRole("button", { name: "Create organization" }).click();
    await page.getByRole("textbox", { name: "Name", exact: true }).fill("Acme");
    await page.getByLabel("Domains 1").fill("other.example.com");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText(/could not be created: A organization with the same name already exists/).waitFor();
    assert.equal(await page.getByRole("textbox", { name: "Name", exact: true }).inputValue(), "Acme");
    assert.equal(await page.getByLabel("Domains 1").inputValue(), "other.example.com");
    await page.close();
  });

  it("looks right in the dark theme", async () => {
    const { page } = await newPage(browser, { colorScheme: "dark" });
    page.setDefaultTimeout(TIMEOUT);
    await page.goto(`${server.baseUrl}/demo/test-elements/organizations.html?theme=dark`);
    await waitForTable(page.getByRole("grid", { name: "Organizations" }));
    assert.deepEqual(await seriousAxeViolations(page, "kc-organizations-admin"), [], "dark list");
    await screenshot(page, "element-dark-list");
    const acme = await findOrganization("Acme");
    await page.getByRole("link", { name: "Acme" }).click();
    await page.getByRole("tab", { name: "Members" }).click();
    await page.getByRole("grid", { name: "Members" }).getByText("alice.anderson", { exact: true }).waitFor();
    assert.ok(acme);
    await screenshot(page, "element-dark-members");
    await page.close();
  });

  it("the demo realm's login is identity-first; requiresUserMembership refuses a non-member of the email's organization", async () => {
    const query = new URLSearchParams({
      client_id: "security-admin-console",
      redirect_uri: `${server.baseUrl}/admin/demo/console/`,
      response_type: "code",
      scope: "openid",
      // the console's client requires PKCE
      code_challenge: createHash("sha256").update("identity-first-e2e-verifier-0123456789abcdef").digest("base64url"),
      code_challenge_method: "S256",
    });
    const loginUrl = `${server.baseUrl}/realms/demo/protocol/openid-connect/auth?${query}`;
    const { page, context } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    const password = page.getByLabel("Password", { exact: true });
    await page.goto(loginUrl);
    await page.getByLabel("Username or email").fill("alice.anderson");
    assert.equal(await password.count(), 0, "the first page asks for the username alone");
    await page.getByRole("button", { name: "Sign In" }).click();
    await password.waitFor();

    const step = (
      (await (await api("/admin/realms/demo/authentication/flows/browser/executions")).json()) as {
        id: string;
        providerId?: string;
      }[]
    ).find((e) => e.providerId === "organization");
    assert.ok(step, "the browser flow has the organization step");
    const config = await api(`/admin/realms/demo/authentication/executions/${step.id}/config`, {
      method: "POST",
      body: { alias: "e2e-org-membership", config: { requiresUserMembership: "true" } },
    });
    assert.equal(config.status, 201, await config.text());
    const configId = new URL(config.headers.get("location")!).pathname.split("/").at(-1)!;
    const user = await api("/admin/realms/demo/users", {
      method: "POST",
      body: { username: "acme.outsider", email: "outsider@acme.example.com", enabled: true },
    });
    assert.equal(user.status, 201, await user.text());
    const userId = new URL(user.headers.get("location")!).pathname.split("/").at(-1)!;
    try {
      await context.clearCookies();
      await page.goto(loginUrl);
      await page.getByLabel("Username or email").fill("outsider@acme.example.com");
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.getByText("User is not a member of the organization Acme").waitFor();
      assert.equal(await password.count(), 0, "no password page for the refused user");
    } finally {
      await api(`/admin/realms/demo/users/${userId}`, { method: "DELETE" });
      await api(`/admin/realms/demo/authentication/config/${configId}`, { method: "DELETE" });
      await page.close();
    }
  });

  it("shows helpdesk (no manage-realm) what is missing instead of calling the organizations API", async () => {
    const { page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    const calls: string[] = [];
    page.on("request", (request) => calls.push(new URL(request.url()).pathname));
    await page.goto(
      `${server.baseUrl}/demo/test-elements/organizations.html?token-realm=demo&username=helpdesk&password=helpdesk`,
    );
    const forbidden = page.getByTestId("forbidden");
    await forbidden.getByText("manage-realm", { exact: true }).waitFor();
    assert.match(
      await forbidden.getByTestId("forbidden-reason").innerText(),
      /Help Desk none of these for realm demo: manage-realm/,
    );
    assert.equal(await page.getByRole("button", { name: "Create organization" }).count(), 0);
    assert.deepEqual(
      calls.filter((path) => path.startsWith("/admin/realms/demo/organizations")),
      [],
    );
    await page.close();
  });

  it("invites by email and removes a member, in the element", async () => {
    const smtp = async (smtpServer: Record<string, string>) =>
      assert.equal((await api("/admin/realms/demo", { method: "PUT", body: { smtpServer } })).status, 204);
    await smtp({});
    const { page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    const acme = await findOrganization("Acme");
    assert.ok(acme);
    await page.goto(`${server.baseUrl}/demo/test-elements/organizations.html`);
    await page.getByRole("link", { name: "Acme" }).click();
    await page.getByRole("tab", { name: "Members" }).click();
    const members = page.getByRole("grid", { name: "Members" });
    await members.getByText("bob.brown", { exact: true }).waitFor();

    await page.getByRole("button", { name: "Invite member" }).click();
    const invite = page.getByRole("dialog", { name: "Invite member" });
    // Spec §4: the submit button waits for a valid form (an email that matches the pattern).
    const send = invite.getByRole("button", { name: "Send invitation" });
    assert.equal(await send.isDisabled(), true, "nothing typed yet");
    await invite.getByRole("textbox", { name: "Email", exact: true }).fill("not-an-email");
    assert.equal(await send.isDisabled(), true, "not an email address");
    await invite.getByRole("textbox", { name: "Email", exact: true }).fill("new.partner@acme.example.com");
    await send.and(page.locator(":enabled")).waitFor();
    await invite.getByRole("textbox", { name: "First name" }).fill("New");
    await invite.getByRole("textbox", { name: "Last name" }).fill("Partner");
    assert.deepEqual(await seriousAxeViolations(page, "kc-organizations-admin"), [], "invite dialog");
    await screenshot(page, "element-invite");
    // Without the realm's SMTP settings the server cannot send it: its error shows and the form stays as typed.
    await send.click();
    await page.getByText("Could not send invitation: Failed to send invite email").first().waitFor();
    assert.equal(await invite.getByRole("textbox", { name: "First name" }).inputValue(), "New");
    await smtp(sink.settings({ fromDisplayName: "Demo" }));
    await send.click();
    await page.getByText("Invitation has been sent.").waitFor();
    await invite.waitFor({ state: "detached" });
    const mail = await sink.waitFor((m) => m.recipients.includes("new.partner@acme.example.com"));
    assert.equal(mail.subject, "Invitation to join the Acme organization");
    await smtp({});
    const invitations = (await (await api(`${ORGS}/${acme.id}/invitations`)).json()) as {
      email: string;
      firstName?: string;
    }[];
    assert.ok(
      invitations.some(
        (invitation) => invitation.email === "new.partner@acme.example.com" && invitation.firstName === "New",
      ),
      JSON.stringify(invitations),
    );

    const bobRow = members.getByRole("row").filter({ hasText: "bob.brown" });
    await bobRow.getByRole("button", { name: /^Actions/ }).click();
    await page.getByRole("menuitem", { name: "Remove" }).click();
    await page.getByText("User left the organization").waitFor();
    await members.getByText("alice.anderson", { exact: true }).waitFor();
    assert.equal(await members.getByText("bob.brown", { exact: true }).count(), 0);
    const left = (await (await api(`${ORGS}/${acme.id}/members`)).json()) as { username: string }[];
    assert.deepEqual(left.map((user) => user.username).sort(), ["alice.anderson", "carol.chen"]);
    await page.close();
  });

  it("badges a disabled organization, and calls nothing while the realm has organizations off", async () => {
    const globex = await findOrganization("Globex");
    assert.ok(globex);
    assert.equal(
      (await api(`${ORGS}/${globex.id}`, { method: "PUT", body: { ...globex, enabled: false } })).status,
      204,
    );
    const { page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    await page.goto(`${server.baseUrl}/demo/test-elements/organizations.html`);
    const list = page.getByRole("grid", { name: "Organizations" });
    await list.getByRole("row").filter({ hasText: "Globex" }).getByText("Disabled", { exact: true }).waitFor();
    assert.equal(
      await list.getByRole("row").filter({ hasText: "Acme" }).getByText("Disabled", { exact: true }).count(),
      0,
    );

    await page.getByRole("textbox", { name: "Search" }).fill("northwind.example");
    await page.keyboard.press("Enter");
    await list.getByRole("row").filter({ hasText: "Acme" }).waitFor({ state: "detached" });
    await list.getByRole("row").filter({ hasText: "Northwind" }).waitFor();
    assert.deepEqual(
      await list.locator("tbody tr td[data-label='Name']").allInnerTexts(),
      ["Northwind"],
      "searched on the server by domain",
    );
    await page.getByRole("textbox", { name: "Search" }).fill("no such organization");
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Clear all filters" }).click();
    await list.getByRole("row").filter({ hasText: "Acme" }).waitFor();

    const realm = (await (await api("/admin/realms/demo")).json()) as Record<string, unknown>;
    assert.equal(
      (await api("/admin/realms/demo", { method: "PUT", body: { ...realm, organizationsEnabled: false } })).status,
      204,
    );
    try {
      const calls: string[] = [];
      page.on("request", (request) => calls.push(new URL(request.url()).pathname));
      await page.reload();
      await page.getByRole("heading", { name: "Organizations are turned off" }).waitFor();
      assert.deepEqual(
        calls.filter((path) => path.startsWith("/admin/realms/demo/organizations")),
        [],
      );
      assert.deepEqual(await seriousAxeViolations(page, "kc-organizations-admin"), [], "turned-off state");
    } finally {
      await api("/admin/realms/demo", { method: "PUT", body: { ...realm, organizationsEnabled: true } });
      await page.close();
    }
  });
});
