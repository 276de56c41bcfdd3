import type { ServerConfig } from "../context.ts";

export const CONSOLE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; frame-src 'self'; img-src 'self' data:; connect-src 'self'";

/**
 * The built console page with the environment block the console reads. Asset
 * URLs are made absolute under /elements/ because the page is served at
 * /admin/{realm}/console/ while the build lives there.
 */
export function consolePage(indexHtml: string, config: ServerConfig, realm: string): string {
  const environment = { serverBaseUrl: config.publicUrl, realm, clientId: "security-admin-console", scope: "openid" };
  // "<" escaped so realm names cannot close the script element
  const json = JSON.stringify(environment).replace(/</g, "\\u003c");
  const block = `<script id="environment" type="application/json">${json}</script>`;
  const html = indexHtml.replace(/(\s(?:src|href))="\.\.\//g, '$1="/elements/');
  return html.includes("</head>") ? html.replace("</head>", `    ${block}\n  </head>`) : block + html;
}
