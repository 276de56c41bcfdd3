// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { THEME_NAME, TEMPLATE_VARIABLES, adminThemeEntries } from "../../build/theme/admin-theme.ts";
import { renderTemplate, templateVariables } from "../../build/theme/freemarker-subset.ts";
import { readZip, writeZip } from "../../build/theme/zip.ts";

/** What Keycloak 26's admin theme index.ftl reads (its environment block and head), as Keycloak fills them in. */
const KEYCLOAK_26 = {
  serverBaseUrl: "https://id.example.com/auth",
  adminBaseUrl: "https://admin.example.com/auth",
  authUrl: "https://id.example.com/auth",
  authServerUrl: "https://id.example.com/auth/",
  loginRealm: "acme",
  clientId: "security-admin-console",
  resourceUrl: "/auth/resources/x1y2z/admin/kc-elements",
  resourceCommonUrl: "/auth/resources/x1y2z/common/keycloak",
  consoleBaseUrl: "/auth/admin/acme/console/",
  masterRealm: "master",
  resourceVersion: "x1y2z",
  darkMode: true,
  isSecureContext: true,
  properties: {},
};

/** Keycloak 24 gives no serverBaseUrl or adminBaseUrl yet. */
const { serverBaseUrl: _unused, adminBaseUrl: _unusedToo, ...KEYCLOAK_24 } = KEYCLOAK_26;

const CONSOLE_INDEX = `<!doctype html>
<html lang="en">
  <head>
    <script type="module" crossorigin src="../console/console-abc.js"></script>
    <link rel="modulepreload" crossorigin href="../chunks/sign-in-def.js">
  </head>
  <body><main id="console-root"></main></body>
</html>`;

const dist = mkdtempSync(path.join(tmpdir(), "kc-theme-dist-"));
mkdirSync(path.join(dist, "console"));
mkdirSync(path.join(dist, "chunks"));
writeFileSync(path.join(dist, "console/index.html"), CONSOLE_INDEX);
writeFileSync(path.join(dist, "console/console-abc.js"), "console.log('console');".repeat(50));
writeFileSync(path.join(dist, "console/console-abc.js.br"), "precompressed");
writeFileSync(path.join(dist, "chunks/sign-in-def.js"), "export const signIn = 1;");
writeFileSync(path.join(dist, "loader.js"), "export {};");
afterAll(() => rmSync(dist, { recursive: true, force: true }));

function archive() {
  return readZip(writeZip(adminThemeEntries(dist)));
}

function environmentOf(html: string) {
  const json = /<script id="environment" type="application\/json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return JSON.parse(json!) as Record<string, string>;
}

describe("the Keycloak admin theme archive", () => {
  it("has the layout Keycloak's class-path theme provider reads", () => {
    const files = archive();
    const prefix = `theme/${THEME_NAME}/admin`;
    expect(JSON.parse(files.get("META-INF/keycloak-themes.json")!.toString())).toEqual({
      themes: [{ name: THEME_NAME, types: ["admin"] }],
    });
    expect(files.get("META-INF/MANIFEST.MF")!.toString()).toMatch(/^Manifest-Version: 1\.0\r\n/);
    expect(files.get(`${prefix}/theme.properties`)!.toString()).toMatch(/^parent=keycloak\.v2$/m);
    expect(files.has(`${prefix}/index.ftl`)).toBe(true);
    expect(files.get(`${prefix}/resources/console/console-abc.js`)!.toString()).toContain("console.log");
    expect(files.has(`${prefix}/resources/chunks/sign-in-def.js`)).toBe(true);
    expect(files.has(`${prefix}/resources/loader.js`)).toBe(true);
    expect([...files.keys()].filter((name) => /\.(br|gz)$/.test(name))).toEqual([]);
    expect(files.has(`${prefix}/resources/console/index.html`)).toBe(false);
  });

  it("reads only variables Keycloak 26 gives its admin theme, and Keycloak 24's with defaults", () => {
    const template = archive().get(`theme/${THEME_NAME}/admin/index.ftl`)!.toString();
    expect(templateVariables(template).sort()).toEqual([...TEMPLATE_VARIABLES].sort());
    for (const name of TEMPLATE_VARIABLES) expect(Object.keys(KEYCLOAK_26)).toContain(name);
    expect(() => renderTemplate(template, KEYCLOAK_24)).not.toThrow();
  });

  it("renders the console page with assets under resourceUrl and the environment the console reads", () => {
    const template = archive().get(`theme/${THEME_NAME}/admin/index.ftl`)!.toString();
    const page = renderTemplate(template, KEYCLOAK_26);
    expect(page).toContain('src="/auth/resources/x1y2z/admin/kc-elements/console/console-abc.js"');
    expect(page).toContain('href="/auth/resources/x1y2z/admin/kc-elements/chunks/sign-in-def.js"');
    expect(page).not.toContain("${");
    expect(environmentOf(page)).toMatchObject({
      serverBaseUrl: "https://id.example.com/auth",
      realm: "acme",
      clientId: "security-admin-console",
    });
    expect(environmentOf(renderTemplate(template, KEYCLOAK_24)).serverBaseUrl).toBe("https://id.example.com/auth/");
    expect(environmentOf(renderTemplate(template, { ...KEYCLOAK_26, loginRealm: undefined })).realm).toBe("master");
  });

  it("fails like FreeMarker on a missing variable without a default", () => {
    expect(() => renderTemplate("${clientId}", {})).toThrow(/clientId/);
    expect(() => renderTemplate("<#if x>${y}</#if>", { x: true, y: 1 })).toThrow(/directives/);
  });
});
