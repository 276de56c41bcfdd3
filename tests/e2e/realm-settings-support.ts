import assert from "node:assert/strict";
import type { Browser, Locator, Page } from "playwright-core";
import { adminFetch, type TestServer } from "../support/server.ts";
import { startTarget } from "../support/target.ts";
import { launchBrowser, newPage, signIn, STEP_TIMEOUT } from "../support/browser.ts";
import { seriousAxeViolations } from "../support/axe.ts";
import { markAdminCliAsConsoleClient, screenshot } from "./organizations-support.ts";

export const TIMEOUT = STEP_TIMEOUT;

export type Api = (
  path: string,
  init?: { method?: string; body?: unknown; headers?: Record<string, string> },
) => Promise<Response>;
export type Json = Record<string, unknown>;

/** The admin API as the master admin; a new token once the last one is about to expire. */
export function masterAdminApi(baseUrl: string): Api {
  let cached: { token: string; until: number } | undefined;
  return async (path, init) => {
    if (!cached || Date.now() > cached.until) {
      const response = await fetch(`${baseUrl}/realms/master/protocol/openid-connect/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "password",
          client_id: "admin-cli",
          username: "admin",
          password: "admin",
        }),
      });
      const body = (await response.json()) as { access_token: string; expires_in: number };
      cached = { token: body.access_token, until: Date.now() + (body.expires_in - 10) * 1000 };
    }
    return adminFetch(baseUrl, cached.token)(path, init);
  };
}

export async function getJson<T = Json>(api: Api, path: string): Promise<T> {
  const response = await api(path);
  if (!response.ok) assert.fail(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export const getRealm = (api: Api, realm = "demo") => getJson(api, `/admin/realms/${realm}`);

export async function putRealm(api: Api, realm: string, changes: Json): Promise<void> {
  const current = await getRealm(api, realm);
  const response = await api(`/admin/realms/${realm}`, { method: "PUT", body: { ...current, ...changes } });
  assert.equal(response.status, 204, await response.text());
}

export interface RealmSettingsSuite {
  server: TestServer;
  browser: Browser;
  api: Api;
}

export async function startSuite(): Promise<RealmSettingsSuite> {
  const server = await startTarget({ demoPages: true });
  const browser = await launchBrowser();
  const api = masterAdminApi(server.baseUrl);
  await markAdminCliAsConsoleClient(api, "master");
  return { server, browser, api };
}

export async function stopSuite(suite: RealmSettingsSuite | undefined): Promise<void> {
  await suite?.browser.close();
  await suite?.server.dispose();
}

/** Signs in to the full console as the master admin and opens a realm settings tab of `realm`. */
export async function openConsoleTab(suite: RealmSettingsSuite, tab: string, realm = "demo"): Promise<Page> {
  const { page } = await newPage(suite.browser);
  page.setDefaultTimeout(TIMEOUT);
  await page.goto(`${suite.server.baseUrl}/admin/master/console/#/${realm}/realm-settings/${tab}`);
  await signIn(page, { username: "admin", password: "admin" });
  await page.getByRole("tab", { name: tabTitle(tab), exact: true, selected: true }).waitFor();
  return page;
}

/** The element alone on its test page (master admin's token), showing `tab` of realm `realm`. */
export async function openElementTab(
  suite: RealmSettingsSuite,
  tab: string,
  options: { realm?: string; theme?: "dark" } = {},
): Promise<Page> {
  const { page } = await newPage(suite.browser, options.theme ? { colorScheme: options.theme } : {});
  page.setDefaultTimeout(TIMEOUT);
  const query = new URLSearchParams({
    realm: options.realm ?? "demo",
    ...(options.theme ? { theme: options.theme } : {}),
  });
  await page.goto(`${suite.server.baseUrl}/demo/test-elements/realm-settings.html?${query}`);
  await page.getByRole("tab", { name: "General", selected: true }).waitFor();
  if (tab !== "general") {
    await page.getByRole("tab", { name: tabTitle(tab), exact: true }).click();
    await page.getByRole("tab", { name: tabTitle(tab), exact: true, selected: true }).waitFor();
  }
  return page;
}

const TAB_TITLES: Record<string, string> = {
  general: "General",
  login: "Login",
  email: "Email",
  themes: "Themes",
  events: "Events",
  "security-defenses": "Security defenses",
  sessions: "Sessions",
  tokens: "Tokens",
  "user-registration": "User registration",
  "user-profile": "User profile",
  "client-policies": "Client policies",
  keys: "Keys",
  "keys/list": "Keys",
  "keys/providers": "Keys",
  localization: "Localization",
};
export const tabTitle = (tab: string) => TAB_TITLES[tab] ?? tab;

/** No serious or critical axe violation in the console's main area, and a screenshot under `name`. */
export async function checkAxeAndShoot(page: Page, host: "console" | "element", name: string): Promise<void> {
  const violations =
    host === "console"
      ? await seriousAxeViolations(page, "kc-admin-console", "main")
      : await seriousAxeViolations(page, "kc-realm-settings-admin");
  assert.deepEqual(violations, [], name);
  await screenshot(page, name);
}

/** Clicks Save and waits for a new success alert (an earlier one may still be showing). */
export async function saveAndWait(page: Page, text = "Realm successfully updated"): Promise<void> {
  const shown = await page.getByText(text).count();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await page.getByText(text).nth(shown).waitFor();
}

/** Flips a switch as a keyboard user does (PatternFly's input sits under its toggle, out of a pointer's reach). */
export async function toggle(switchInput: Locator): Promise<void> {
  await switchInput.focus();
  await switchInput.press("Space");
}

let goneRealms = 0;

/**
 * A failed save: opens `tab` of a new realm, lets `change` type into the form, deletes the realm behind the
 * form's back and saves. The server's message shows and `kept` still finds what was typed.
 */
export async function expectFailedSaveKeepsForm(
  suite: RealmSettingsSuite,
  tab: string,
  change: (form: Locator) => Promise<void>,
  kept: (form: Locator) => Promise<void>,
): Promise<void> {
  const realm = `e2e-gone-${++goneRealms}`;
  assert.equal((await suite.api("/admin/realms", { method: "POST", body: { realm } })).status, 201);
  const page = await openConsoleTab(suite, tab, realm);
  const form = page.getByRole("form", { name: tabTitle(tab) });
  await change(form);
  assert.equal((await suite.api(`/admin/realms/${realm}`, { method: "DELETE" })).status, 204);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await page.getByText("Realm could not be updated: Realm not found.").waitFor();
  await kept(form);
  await page.close();
}

/** Types an amount and picks its unit, as an administrator does. */
export async function setTime(form: Locator, label: string, amount: string, unit: string): Promise<void> {
  await form.getByRole("spinbutton", { name: label, exact: true }).fill(amount);
  await form.getByRole("button", { name: new RegExp(`, the unit of ${label}$`) }).click();
  await form.page().getByRole("option", { name: unit, exact: true }).click();
}
