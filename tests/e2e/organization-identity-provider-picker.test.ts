import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Browser } from "playwright-core";
import { adminFetch, adminToken } from "../support/server.ts";
import { startTarget, type Target } from "../support/target.ts";
import { launchBrowser, newPage, signIn, STEP_TIMEOUT } from "../support/browser.ts";
import { expectStatus, unreachableOidcProvider } from "../support/partner-realm.ts";
import { screenshot, withFailureShot } from "./organizations-support.ts";

const TIMEOUT = STEP_TIMEOUT;
const DEMO = "/admin/realms/demo";
/** More providers than the picker asks for (20), so the last ones are only found by a server search. */
const PROVIDERS = 30;
const alias = (index: number) => `picker-idp-${String(index).padStart(2, "0")}`;

interface LinkedProvider {
  alias: string;
  hideOnLogin?: boolean;
  config: Record<string, string>;
}

/**
 * Organizations' "Link identity provider": the picker searches the realm's providers on the server (never the
 * whole list), leaves out those another organization links, and saves the domain, redirect and hide-on-login options.
 */
describe("organization identity provider picker", () => {
  let server: Target;
  let browser: Browser;
  let api: ReturnType<typeof adminFetch>;
  let orgId = "";

  before(async () => {
    server = await startTarget();
    browser = await launchBrowser();
    api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
    const realm = (await (await api(DEMO)).json()) as Record<string, unknown>;
    await expectStatus(api(DEMO, { method: "PUT", body: { ...realm, organizationsEnabled: true } }), 204);
    const provider = (name: string) => unreachableOidcProvider(name);
    for (let index = 0; index < PROVIDERS; index++)
      await expectStatus(api(`${DEMO}/identity-provider/instances`, { method: "POST", body: provider(alias(index)) }));
    await expectStatus(api(`${DEMO}/identity-provider/instances`, { method: "POST", body: provider("aaa-taken-idp") }));
    const create = async (name: string, domain: string) => {
      const answer = await expectStatus(
        api(`${DEMO}/organizations`, { method: "POST", body: { name, enabled: true, domains: [{ name: domain }] } }),
      );
      return answer.headers.get("location")!.split("/").pop()!;
    };
    const other = await create("picker-other", "other-picker.example.com");
    await expectStatus(
      api(`${DEMO}/organizations/${other}/identity-providers`, { method: "POST", body: "aaa-taken-idp" }),
      204,
    );
    orgId = await create("picker-contoso", "contoso-picker.example.com");
  });

  after(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it("finds a provider past the first page by a server search and links it with its options", async () => {
    const { page, context } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    const searches: URL[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith("/admin/realms/demo/identity-provider/instances")) searches.push(url);
    });
    await withFailureShot(page, "org-idp-picker", async () => {
      await page.goto(`${server.baseUrl}/admin/master/console/#/demo/organizations/${orgId}/settings`);
      await signIn(page, server.admin);
      await page.getByRole("tab", { name: "Identity providers" }).click();
      await page.getByRole("button", { name: "Link identity provider" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Link identity provider" });
      const picker = dialog.getByRole("combobox", { name: "Identity provider" });
      await picker.click();
      await page.getByRole("option", { name: alias(0) }).waitFor();
      assert.equal(await page.getByRole("option", { name: alias(PROVIDERS - 1) }).count(), 0, "not on the first page");
      assert.equal(
        await page.getByRole("option", { name: "aaa-taken-idp" }).count(),
        0,
        "another organization links it",
      );
      await picker.fill(alias(PROVIDERS - 1));
      await page.getByRole("option", { name: alias(PROVIDERS - 1) }).click();
      assert.ok(searches.length > 0, "the picker asked the server");
      for (const url of searches) {
        assert.equal(url.searchParams.get("max"), "20", `a page, never the whole list: ${url}`);
        assert.equal(url.searchParams.get("realmOnly"), "true", `${url}`);
      }
      assert.ok(
        searches.some((url) => url.searchParams.get("search") === alias(PROVIDERS - 1)),
        "searched by what was typed",
      );

      await dialog.getByRole("button", { name: "Domain" }).click();
      await page.getByRole("option", { name: "contoso-picker.example.com" }).click();
      for (const name of ["Redirect when email domain matches", "Hide on login page"]) {
        const toggle = dialog.getByRole("switch", { name });
        await toggle.focus();
        await page.keyboard.press("Space");
        assert.equal(await toggle.isChecked(), true, name);
      }
      await screenshot(page, "org-idp-picker");
      await dialog.getByRole("button", { name: "Save" }).click();
      await dialog.waitFor({ state: "hidden" });
      const table = page.getByRole("grid", { name: "Linked identity providers" });
      await table
        .getByText(alias(PROVIDERS - 1), { exact: true })
        .first()
        .waitFor();

      const linked = (await (
        await api(`${DEMO}/organizations/${orgId}/identity-providers`)
      ).json()) as LinkedProvider[];
      assert.deepEqual(
        linked.map((provider) => provider.alias),
        [alias(PROVIDERS - 1)],
      );
      assert.equal(linked[0]!.config["kc.org.domain"], "contoso-picker.example.com");
      assert.equal(linked[0]!.config["kc.org.broker.redirect.mode.email-matches"], "true");
      const saved = (await (
        await api(`${DEMO}/identity-provider/instances/${alias(PROVIDERS - 1)}`)
      ).json()) as LinkedProvider;
      assert.equal(saved.hideOnLogin, true, "hidden on the login page");
    });
    await context.close();
  });
});
