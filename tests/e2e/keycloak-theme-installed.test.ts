import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Browser } from "playwright-core";
import { launchBrowser, newPage, signIn } from "../support/browser.ts";
import { adminFetch, adminToken } from "../support/server.ts";
import { KEYCLOAK_HOME } from "../support/real-keycloak.ts";
import { onRealKeycloak, startTarget, type Target } from "../support/target.ts";
import { screenshot, waitForTable } from "./organizations-support.ts";
import { repoRoot } from "./hosts-support.ts";
import { adminThemeEntries, THEME_NAME } from "../../build/theme/admin-theme.ts";

const REALM = "themed";
const ADMIN = { username: "theme-admin", password: "theme-admin-password" };

/**
 * The admin theme in a real Keycloak 26.7.3, installed as the README says (its `theme/kc-elements/` in Keycloak's
 * `themes/` folder) and chosen as a realm's admin theme: Keycloak itself then serves our console at
 * /admin/{realm}/console/ from the theme's resources, and its own login page signs the realm's administrator in.
 */
describe(
  "the admin theme installed in a real Keycloak",
  { skip: onRealKeycloak() ? false : "needs a real Keycloak (KC_TARGET=keycloak): Keycloak serves the theme" },
  () => {
    let target: Target;
    let browser: Browser;
    const themeDir = join(KEYCLOAK_HOME, "themes", THEME_NAME);

    before(async () => {
      target = await startTarget({ seedDemo: false });
      rmSync(themeDir, { recursive: true, force: true });
      for (const entry of adminThemeEntries(join(repoRoot, "dist"))) {
        const file = join(KEYCLOAK_HOME, "themes", entry.name.replace(/^theme\//, ""));
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, entry.data);
      }
      const keycloakUrl = target.keycloakUrl!;
      const api = adminFetch(keycloakUrl, await adminToken(keycloakUrl));
      if ((await api(`/admin/realms/${REALM}`)).ok) await api(`/admin/realms/${REALM}`, { method: "DELETE" });
      const created = await api("/admin/realms", {
        method: "POST",
        body: {
          realm: REALM,
          enabled: true,
          adminTheme: THEME_NAME,
          users: [
            {
              username: ADMIN.username,
              enabled: true,
              email: "theme-admin@themed.example",
              emailVerified: true,
              firstName: "Theme",
              lastName: "Admin",
              credentials: [{ type: "password", value: ADMIN.password, temporary: false }],
              clientRoles: { "realm-management": ["realm-admin"] },
            },
          ],
        },
      });
      assert.equal(created.status, 201, await created.text());
      browser = await launchBrowser();
    });

    after(async () => {
      await browser?.close();
      if (target?.keycloakUrl) {
        const api = adminFetch(target.keycloakUrl, await adminToken(target.keycloakUrl));
        await api(`/admin/realms/${REALM}`, { method: "DELETE" });
      }
      rmSync(themeDir, { recursive: true, force: true });
      await target?.dispose();
    });

    it("Keycloak serves our console from the theme: its login page signs in, then the realm's users", async () => {
      const { context, page } = await newPage(browser);
      page.setDefaultTimeout(30_000);
      const problems: string[] = [];
      page.on("pageerror", (error) => problems.push(error.message));
      const fromTheme: string[] = [];
      page.on("response", (response) => {
        const path = new URL(response.url()).pathname;
        if (path.includes(`/admin/${THEME_NAME}/`) && response.ok()) fromTheme.push(path);
      });
      try {
        await page.goto(`${target.keycloakUrl}/admin/${REALM}/console/#/${REALM}/users`);
        await signIn(page, ADMIN);
        const users = page.getByRole("grid", { name: "Users" });
        await waitForTable(users);
        await assert.doesNotReject(users.getByRole("row").filter({ hasText: ADMIN.username }).first().waitFor());
        await screenshot(page, "keycloak-theme-installed-users");
        assert.ok(
          fromTheme.some((path) => path.includes("/console/")),
          `the console's script came from the theme: ${fromTheme.join(", ") || "nothing did"}`,
        );
        assert.deepEqual(problems, [], "no page errors");
      } finally {
        await context.close();
      }
    });
  },
);
