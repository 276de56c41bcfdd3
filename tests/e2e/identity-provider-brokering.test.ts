import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { adminFetch, adminToken, type TestServer } from "../support/server.ts";
import { startTarget } from "../support/target.ts";
import { launchBrowser, newPage, signIn, STEP_TIMEOUT } from "../support/browser.ts";
import { screenshot } from "./organizations-support.ts";
import { createPartnerRealm, createPasswordUser, discoveredPartnerConfig } from "../support/partner-realm.ts";

const TIMEOUT = STEP_TIMEOUT;
const PARTNER = "partner";
const DEMO = "/admin/realms/demo";

interface Event {
  type: string;
  userId?: string;
  details?: Record<string, string>;
}

interface User {
  id: string;
  username: string;
  email?: string;
  firstName?: string;
  attributes?: Record<string, string[]>;
}

/**
 * Brokering to a second realm of the same server (embedded or real Keycloak) as an external Keycloak OpenID Connect
 * provider: its own user and a confidential client with the broker's redirect URI.
 */
describe("OpenID Connect brokering to a second realm", () => {
  let server: TestServer;
  let browser: Browser;
  let api: ReturnType<typeof adminFetch>;

  const ok = async (response: Promise<Response>, status = 201) => {
    const answer = await response;
    assert.equal(answer.status, status, await answer.clone().text());
    return answer;
  };

  before(async () => {
    server = await startTarget();
    browser = await launchBrowser();
    api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
    // Lee has an account in both realms with the same email: the first broker login confirms and links it.
    const lee = { username: "lee", email: "lee@partner.test", firstName: "Lee", lastName: "Both" };
    await createPartnerRealm(api, server.baseUrl, {
      realm: PARTNER,
      home: "demo",
      users: [
        { username: "pat", password: "pat-password", email: "pat@partner.test", firstName: "Pat" },
        { ...lee, password: "lee-partner-password" },
      ],
      client: { clientId: "demo-broker", secret: "broker-secret" },
    });
    await createPasswordUser(api, "demo", { ...lee, password: "lee-local-password" });
    await ok(api(`${DEMO}/roles`, { method: "POST", body: { name: "partner-member" } }));
    await ok(api(DEMO, { method: "PUT", body: { eventsEnabled: true, enabledEventTypes: [] } }), 204);
    const discovered = await discoveredPartnerConfig(api, server.baseUrl, {
      home: "demo",
      partner: PARTNER,
      providerId: "keycloak-oidc",
    });
    await ok(
      api(`${DEMO}/identity-provider/instances`, {
        method: "POST",
        body: {
          alias: "partner",
          displayName: "Partner Keycloak",
          providerId: "keycloak-oidc",
          enabled: true,
          trustEmail: true,
          config: {
            ...discovered,
            clientId: "demo-broker",
            clientSecret: "broker-secret",
            clientAuthMethod: "client_secret_post",
            pkceEnabled: "true",
            pkceMethod: "S256",
            syncMode: "IMPORT",
          },
        },
      }),
    );
    const mapper = (name: string, type: string, config: Record<string, string>) =>
      ok(
        api(`${DEMO}/identity-provider/instances/partner/mappers`, {
          method: "POST",
          body: { name, identityProviderAlias: "partner", identityProviderMapper: type, config },
        }),
      );
    await mapper("members", "oidc-role-idp-mapper", {
      claim: "preferred_username",
      "claim.value": "pat",
      role: "partner-member",
      syncMode: "INHERIT",
    });
    await mapper("nickname", "oidc-user-attribute-idp-mapper", {
      claim: "given_name",
      "user.attribute": "nickname",
      syncMode: "INHERIT",
    });
  });

  after(async () => {
    await browser?.close();
    await server?.dispose();
  });

  const brokeredUsers = async () =>
    (await (await api(`${DEMO}/users?idpAlias=partner&briefRepresentation=false`)).json()) as User[];
  const eventsOf = async (type: string) =>
    (await (await api(`${DEMO}/events?type=${type}&max=100`)).json()) as (Event & { error?: string })[];
  const logins = async (userId: string) =>
    (await (await api(`${DEMO}/events?type=LOGIN&user=${userId}`)).json()) as Event[];
  const eventTypes = async () =>
    ((await (await api(`${DEMO}/events?max=50`)).json()) as { type: string }[]).map((e) => e.type);

  /**
   * Pat's first broker login, as Keycloak 26.7.3 records it: one IDENTITY_PROVIDER_FIRST_LOGIN without the user, a
   * review submit's UPDATE_PROFILE (IDP_REVIEW) even when refused, REGISTER for the new user, and a LOGIN naming the
   * provider (same-millisecond events may come in any order on Keycloak: counted, not ordered).
   */
  async function assertFirstLoginEvents(userId: string) {
    const events = ((await (await api(`${DEMO}/events?client=account-console&max=100`)).json()) as Event[]).filter(
      (e) => e.details?.identity_provider === "partner" && e.details?.identity_provider_identity === "pat",
    );
    const ofType = (type: string) => events.filter((e) => e.type === type);
    const starts = ofType("IDENTITY_PROVIDER_FIRST_LOGIN");
    assert.equal(starts.length, 1, JSON.stringify(events));
    assert.equal(starts[0]!.userId, undefined, "the flow's start names no user");
    const reviews = ofType("UPDATE_PROFILE").map((e) => [e.details?.context, e.details?.updated_email ?? null]);
    assert.deepEqual(
      reviews.sort(),
      [
        ["IDP_REVIEW", null],
        ["IDP_REVIEW", "pat@partner.test"],
      ],
      "the refused review submit and the accepted one",
    );
    const [register] = ofType("REGISTER");
    assert.deepEqual(
      [register?.userId, register?.details?.register_method, register?.details?.email, register?.details?.username],
      [userId, "broker", "pat@partner.test", "pat"],
    );
    const [login] = ofType("LOGIN");
    assert.equal(login?.userId, userId);
    assert.equal(login?.details?.redirect_uri, undefined, "a first broker login's LOGIN names no redirect URI");
    const codeIds = (byReview: boolean) =>
      events.filter((e) => (e.type === "UPDATE_PROFILE") === byReview).map((e) => e.details?.code_id);
    assert.deepEqual(
      [...new Set(codeIds(false))],
      [login?.details?.code_id],
      "the flow's start, REGISTER and LOGIN name, as code_id, the session the login started",
    );
    const reviewIds = codeIds(true);
    assert.equal(
      new Set([...reviewIds, login?.details?.code_id]).size,
      3,
      "each review submit has a code_id of its own",
    );
  }

  async function signInThroughPartner(page: Page, username = "pat", password = "pat-password", landed = true) {
    await page.goto(`${server.baseUrl}/realms/demo/account`);
    await page.getByRole("link", { name: "Partner Keycloak" }).waitFor();
    await screenshot(page, "broker-login-page");
    await page.getByRole("link", { name: "Partner Keycloak" }).click();
    await page.getByLabel("Username or email").waitFor();
    assert.match(page.url(), new RegExp(`/realms/${PARTNER}/`), "the partner realm's own login page");
    await signIn(page, { username, password });
    if (landed) await page.getByRole("heading", { name: "Personal info" }).waitFor();
  }

  it("first login creates and links the user, mappers set a role and an attribute; the second reuses the link", async () => {
    const { page, context } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    try {
      await signInThroughPartner(page, "pat", "pat-password", false);
      // Review profile ("missing": Pat has no last name, which the user profile requires).
      await page.getByRole("heading", { name: "Update Account Information" }).waitFor();
      assert.equal(await page.getByLabel("Username").inputValue(), "pat");
      assert.equal(await page.getByLabel("Email").inputValue(), "pat@partner.test");
      assert.equal(await page.getByLabel("First name").inputValue(), "Pat");
      assert.equal(await page.getByLabel("Last name").inputValue(), "");
      // as on Keycloak 26.7.3, nothing is marked until the form is sent
      assert.equal(await page.getByText("Please specify this field.").count(), 0);
      await page.getByLabel("First name").fill("Patricia");
      await page.getByRole("button", { name: "Submit" }).click();
      await page.getByText("Please specify this field.").waitFor();
      await screenshot(page, "broker-review-profile");
      assert.equal(await page.getByLabel("First name").inputValue(), "Patricia", "what was typed is kept");
      assert.equal(await page.getByLabel("Last name").getAttribute("aria-invalid"), "true");
      await page.getByLabel("Last name").fill("Partner");
      await page.getByRole("button", { name: "Submit" }).click();
      await page.getByRole("heading", { name: "Personal info" }).waitFor();
      await screenshot(page, "broker-account");
      const [user] = (await brokeredUsers()) as (User & { lastName?: string })[];
      assert.ok(user, "a user linked to the partner provider");
      assert.equal(user.username, "pat");
      assert.equal(user.email, "pat@partner.test");
      assert.equal(user.firstName, "Patricia");
      assert.equal(user.lastName, "Partner");
      assert.deepEqual(user.attributes?.nickname, ["Pat"]);
      const roles = (await (await api(`${DEMO}/users/${user.id}/role-mappings/realm`)).json()) as { name: string }[];
      assert.ok(
        roles.some((role) => role.name === "partner-member"),
        "the claim-to-role mapper granted the role",
      );
      const links = (await (await api(`${DEMO}/users/${user.id}/federated-identity`)).json()) as {
        identityProvider: string;
        userName: string;
      }[];
      assert.deepEqual(
        links.map((link) => [link.identityProvider, link.userName]),
        [["partner", "pat"]],
      );
      await assertFirstLoginEvents(user.id);
      await context.close();

      const second = await newPage(browser);
      second.page.setDefaultTimeout(TIMEOUT);
      try {
        await signInThroughPartner(second.page);
      } catch (error) {
        await screenshot(second.page, "broker-second-failed");
        throw error;
      } finally {
        await second.context.close();
      }
      assert.equal((await brokeredUsers()).length, 1, "the second login reuses the link");
      // Keycloak records a repeat brokered sign-in as the user's LOGIN (no IDENTITY_PROVIDER_LOGIN)
      assert.equal((await logins(user.id)).length, 2, "the second login signs the same user in");
      const [repeatLogin] = await logins(user.id);
      assert.deepEqual(
        [repeatLogin?.details?.identity_provider, repeatLogin?.details?.identity_provider_identity],
        ["partner", "pat"],
        "the LOGIN names the provider and the identity there",
      );
      assert.ok(repeatLogin?.details?.redirect_uri, "a repeat sign-in's LOGIN names the redirect URI");
      assert.ok(!(await eventTypes()).includes("IDENTITY_PROVIDER_LOGIN"), "no IDENTITY_PROVIDER_LOGIN");
    } catch (error) {
      if (!page.isClosed()) await screenshot(page, "broker-failed");
      throw error;
    }
  });

  it("an existing account with the same email: confirm link, re-authenticate with its password, then linked", async () => {
    const { page, context } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    try {
      await signInThroughPartner(page, "lee", "lee-partner-password", false);
      await page.getByRole("heading", { name: "Account already exists" }).waitFor();
      await page.getByText("User with email lee@partner.test already exists. How do you want to continue?").waitFor();
      await screenshot(page, "broker-confirm-link");
      await page.getByRole("button", { name: "Add to existing account" }).click();
      await page.getByText("Authenticate to link your account with Partner Keycloak").waitFor();
      assert.equal(await page.getByLabel("Username or email").inputValue(), "lee");
      await page.getByLabel("Password", { exact: true }).fill("lee-partner-password");
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.getByText("Invalid username or password.").waitFor();
      await screenshot(page, "broker-reauthenticate");
      await page.getByLabel("Password", { exact: true }).fill("lee-local-password");
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.getByRole("heading", { name: "Personal info" }).waitFor();
      const lee = ((await (await api(`${DEMO}/users?username=lee&exact=true`)).json()) as User[])[0]!;
      const links = (await (await api(`${DEMO}/users/${lee.id}/federated-identity`)).json()) as {
        identityProvider: string;
        userName: string;
      }[];
      assert.deepEqual(
        links.map((link) => [link.identityProvider, link.userName]),
        [["partner", "lee"]],
      );
      assert.equal(
        ((await (await api(`${DEMO}/users?email=lee@partner.test`)).json()) as User[]).length,
        1,
        "no second account",
      );
      // Keycloak 26.7.3 records linking an existing account in a first broker login as FEDERATED_IDENTITY_LINK, naming
      // the username and no redirect URI; the wrong password as IDENTITY_PROVIDER_FIRST_LOGIN_ERROR
      const link = (await eventsOf("FEDERATED_IDENTITY_LINK")).find((e) => e.userId === lee.id);
      assert.deepEqual([link?.details?.username, link?.details?.redirect_uri], ["lee", undefined]);
      assert.ok(link?.details?.code_id, "the link names the login (code_id)");
      const starts = await eventsOf("IDENTITY_PROVIDER_FIRST_LOGIN");
      assert.ok(
        starts.some((e) => e.details?.identity_provider_identity === "lee" && e.details?.username === "lee"),
        `the successful re-authentication's request names the username: ${JSON.stringify(starts)}`,
      );
      const failures = await eventsOf("IDENTITY_PROVIDER_FIRST_LOGIN_ERROR");
      assert.ok(
        failures.some((e) => e.userId === lee.id && e.error === "invalid_user_credentials"),
        JSON.stringify(failures),
      );
    } catch (error) {
      await screenshot(page, "broker-link-failed");
      throw error;
    } finally {
      await context.close();
    }
  });

  it("an ID token that fails validation ends on Keycloak's error page with IDENTITY_PROVIDER_LOGIN_ERROR", async () => {
    const partner = (await (await api(`${DEMO}/identity-provider/instances/partner`)).json()) as {
      config: Record<string, string>;
    };
    await ok(
      api(`${DEMO}/identity-provider/instances`, {
        method: "POST",
        body: {
          alias: "partner-wrong-issuer",
          displayName: "Partner with the wrong issuer",
          providerId: "keycloak-oidc",
          config: { ...partner.config, clientSecret: "broker-secret", issuer: "https://impostor.test/realms/partner" },
        },
      }),
    );
    const { page, context } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    const started = Date.now();
    try {
      await page.goto(`${server.baseUrl}/realms/demo/account`);
      await page.getByRole("link", { name: "Partner with the wrong issuer" }).click();
      await signIn(page, { username: "pat", password: "pat-password" });
      await page.getByText("Unexpected error when authenticating with identity provider").waitFor();
      await screenshot(page, "broker-error");
      // Keycloak's event names the client and the error, not the provider
      const errors = (await (await api(`${DEMO}/events?type=IDENTITY_PROVIDER_LOGIN_ERROR`)).json()) as {
        time: number;
        clientId: string;
        error: string;
      }[];
      assert.ok(
        errors.some(
          (e) =>
            e.time >= started - 1000 &&
            e.clientId === "account-console" &&
            e.error === "identity_provider_login_failure",
        ),
        JSON.stringify(errors),
      );
    } catch (error) {
      await screenshot(page, "broker-error-failed");
      throw error;
    } finally {
      await context.close();
    }
  });

  it("the user's identity provider links tab shows the link and unlinks it; providers past the first page are found by a server search", async () => {
    const [user] = await brokeredUsers();
    for (let i = 0; i < 12; i++)
      await ok(
        api(`${DEMO}/identity-provider/instances`, {
          method: "POST",
          body: { alias: `zz-extra-${String(i).padStart(2, "0")}`, providerId: "oidc", config: { clientId: "x" } },
        }),
      );
    const { page, context } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    try {
      await page.goto(`${server.baseUrl}/admin/master/console/`);
      await signIn(page, { username: "admin", password: "admin" });
      await page.getByTestId("dashboard-title").waitFor();
      await page.evaluate((id) => (location.hash = `#/demo/users/${id}/identity-provider-links`), user!.id);
      await page.getByRole("button", { name: "Unlink account partner" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Unlink account" }).click();
      await page.getByRole("button", { name: "Link account partner", exact: true }).waitFor();
      assert.deepEqual(await (await api(`${DEMO}/users/${user!.id}/federated-identity`)).json(), []);
      const available = page.getByRole("grid", { name: "Available identity providers" });
      assert.equal(
        await available.getByRole("button", { name: "Link account zz-extra-11" }).count(),
        0,
        "not on the first page",
      );
      await page.getByPlaceholder("Search for provider").fill("zz-extra-11");
      await page.keyboard.press("Enter");
      await available.getByRole("button", { name: "Link account zz-extra-11" }).waitFor();
      await screenshot(page, "broker-available-providers-search");
    } catch (error) {
      await screenshot(page, "broker-unlink-failed");
      throw error;
    } finally {
      await context.close();
    }
  });
});
