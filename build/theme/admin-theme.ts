/**
 * A Keycloak admin theme that serves this console at /admin/{realm}/console/ instead of Keycloak's own: a JAR for
 * Keycloak's providers/ folder with META-INF/keycloak-themes.json, theme/<name>/admin/theme.properties, an index.ftl
 * and the built console under resources/.
 *
 * The template reads what Keycloak 24–26 give their admin theme's index.ftl: `serverBaseUrl` (26; 24 has only
 * `authServerUrl`), `loginRealm`, `clientId`, `resourceUrl`, `masterRealm`, `resourceVersion`. It uses only `${name}`
 * and `${name!default}` interpolations.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { ZipEntry } from "./zip.ts";

export const THEME_NAME = "kc-elements";

/** The variables the template reads, each as Keycloak's admin theme receives it. */
export const TEMPLATE_VARIABLES = [
  "serverBaseUrl",
  "authServerUrl",
  "loginRealm",
  "clientId",
  "resourceUrl",
  "masterRealm",
  "resourceVersion",
] as const;

/** The console page as FreeMarker: asset URLs under the theme's resourceUrl, and the environment the console reads. */
export function adminIndexTemplate(consoleIndexHtml: string): string {
  const environment = [
    '    <script id="environment" type="application/json">',
    "      {",
    '        "serverBaseUrl": "${serverBaseUrl!authServerUrl}",',
    '        "realm": "${loginRealm!"master"}",',
    '        "clientId": "${clientId}",',
    '        "resourceUrl": "${resourceUrl}",',
    '        "masterRealm": "${masterRealm}",',
    '        "resourceVersion": "${resourceVersion}"',
    "      }",
    "    </script>",
  ].join("\n");
  const html = consoleIndexHtml.replace(/(\s(?:src|href))="\.\.\//g, '$1="${resourceUrl}/');
  if (!html.includes("</head>")) throw new Error("console index.html has no </head>");
  return html.replace(/\s*<\/head>/, `\n${environment}\n  </head>`);
}

export function themeProperties(): string {
  // keycloak.v2 is Keycloak's admin theme: its message bundles (and its list of locales) serve
  // /resources/{realm}/admin/{locale}.
  return ["parent=keycloak.v2", ""].join("\n");
}

function filesBelow(folder: string, base = folder): string[] {
  return readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name);
    return statSync(file).isDirectory() ? filesBelow(file, base) : [path.relative(base, file)];
  });
}

/** The archive's entries from a built dist/ (the standalone console page and every chunk it may load). */
export function adminThemeEntries(distDir: string): ZipEntry[] {
  const prefix = `theme/${THEME_NAME}/admin`;
  const resources = filesBelow(distDir)
    .filter((file) => !/\.(br|gz)$/.test(file) && file !== path.join("console", "index.html"))
    .sort()
    .map((file) => ({
      name: `${prefix}/resources/${file.split(path.sep).join("/")}`,
      data: readFileSync(path.join(distDir, file)),
    }));
  const text = (name: string, content: string) => ({ name, data: Buffer.from(content, "utf8") });
  return [
    text("META-INF/MANIFEST.MF", "Manifest-Version: 1.0\r\nCreated-By: keycloak-admin-elements\r\n\r\n"),
    text(
      "META-INF/keycloak-themes.json",
      `${JSON.stringify({ themes: [{ name: THEME_NAME, types: ["admin"] }] }, null, 2)}\n`,
    ),
    text(`${prefix}/theme.properties`, themeProperties()),
    text(`${prefix}/index.ftl`, adminIndexTemplate(readFileSync(path.join(distDir, "console", "index.html"), "utf8"))),
    ...resources,
  ];
}
