import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { adminFetch, adminToken, startTestServer, type TestServer } from "../support/server.ts";
import { launchBrowser, newPage, signIn } from "../support/browser.ts";
import { screenshot } from "./organizations-support.ts";

const TIMEOUT = 20_000;
const PARTNER = "partner";
const DEMO = "/admin/realms/demo";

interface User {
  id: string;
  username: string;
  email?: string;
  firstName?: string;
  attributes?: Record<string, string[]>;
}

/**
 * Brokering to a second realm of the same embedded server as an external Keycloak OpenID Connect provider:
 * its own user and a confidential client with the broker's redirect URI.
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
    server = await startTestServer();
    browser = await launchBrowser();
    api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
    await ok(api("/admin/realms", { method: "POST", body: { realm: PARTNER, enabled: true } }));
    // pat lacks a last name on purpose (the home realm's review asks for it): the partner does not ask at its sign-in
    const verifyProfile = `/admin/realms/${PARTNER}/authentication/required-actions/VERIFY_PROFILE`;
    const action = (await (await api(verifyProfile)).json()) as Record<string, unknown>;
    await ok(api(verifyProfile, { method: "PUT", body: { ...action, enabled: false } }), 204);
    await ok(
      api(`/admin/realms/${PARTNER}/users`, {
        method: "POST",
        body: {
          username: "pat",
          email: "pat@partner.test",
          emailVerified: true,
          firstName: "Pat",
          enabled: true,
          credentials: [{ type: "password", value: "pat-password", temporary: false }],
        },
      }),
    );
    // Lee has an account in both realms with the same email: the first broker login confirms and links it.
    for (const [realm, password] of [
      [PARTNER, "lee-partner-password"],
      ["demo", "lee-local-password"],
    ] as const)
      await ok(
        api(`/admin/realms/${realm}/users`, {
          method: "POST",
          body: {
            username: "lee",
            email: "lee@partner.test",
            emailVerified: true,
            firstName: "Lee",
            lastName: "Both",
            enabled: true,
            credentials: [{ type: "password", value: password, temporary: false }],
          },
        }),
      );
    await ok(
      api(`/admin/realms/${PARTNER}/clients`, {
        method: "POST",
        body: {
          clientId: "demo-broker",
          publicClient: false,
          secret: "broker-secret",
          standardFlowEnabled: true,
          redirectUris: [`${server.baseUrl}/realms/demo/broker/*`],
        },
      }),
    );
    await ok(api(`${DEMO}/roles`, { method: "POST", body: { name: "partner-member" } }));
    await ok(api(DEMO, { method: "PUT", body: { eventsEnabled: true, enabledEventTypes: [] } }), 204);
    const discovered = (await (
      await ok(
        api(`${DEMO}/identity-provider/import-config`, {
          method: "POST",
          body: {
            providerId: "keycloak-oidc",
            fromUrl: `${server.baseUrl}/realms/${PARTNER}/.well-known/openid-configuration`,
          },
        }),
        200,
      )
    ).json()) as Record<string, string>;
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
  const eventTypes = async () =>
    ((await (await api(`${DEMO}/events?max=50`)).json()) as { type: string }[]).map((e) => e.type);

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
      await page.getByLabel("First name").fill("Patricia");
      await page.getByRole("button", { name: "Submit" }).click();
      await page.getByText("Please specify last name.").waitFor();
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
      assert.ok((await eventTypes()).includes("IDENTITY_PROVIDER_FIRST_LOGIN"));
      await context.close();

      const second = await newPage(browser);
      second.page.setDefaultTimeout(TIMEOUT);
      await signInThroughPartner(second.page);
      assert.equal((await brokeredUsers()).length, 1, "the second login reuses the link");
      assert.ok((await eventTypes()).includes("IDENTITY_PROVIDER_LOGIN"));
      await second.context.close();
    } catch (error) {
      await screenshot(page, "broker-failed");
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
      await page.getByText("Invalid password.").waitFor();
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
      const linkEvents = (await (await api(`${DEMO}/events?type=IDENTITY_PROVIDER_LINK_ACCOUNT`)).json()) as {
        userId: string;
      }[];
      assert.ok(linkEvents.some((e) => e.userId === lee.id));
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
    try {
      await page.goto(`${server.baseUrl}/realms/demo/account`);
      await page.getByRole("link", { name: "Partner with the wrong issuer" }).click();
      await signIn(page, { username: "pat", password: "pat-password" });
      await page.getByText("Unexpected error when authenticating with identity provider").waitFor();
      await screenshot(page, "broker-error");
      const errors = (await (await api(`${DEMO}/events?type=IDENTITY_PROVIDER_LOGIN_ERROR`)).json()) as {
        error: string;
        details: Record<string, string>;
      }[];
      assert.ok(errors.some((e) => e.details.identity_provider === "partner-wrong-issuer"));
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
