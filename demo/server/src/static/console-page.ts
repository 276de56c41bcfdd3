/**
 * The console page's headers: its own strict CSP with Keycloak's defaults for a realm's browser security
 * headers merged in (frame-ancestors 'self', object-src 'none'), so no other origin can frame it.
 */
export const CONSOLE_HEADERS = {
  "content-security-policy":
    "default-src 'self'; script-src 'self'; style-src 'self'; frame-src 'self'; frame-ancestors 'self'; " +
    "object-src 'none'; img-src 'self' data:; connect-src 'self'",
  "x-frame-options": "SAMEORIGIN",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "x-robots-tag": "none",
};

/** Keycloak's default Strict-Transport-Security, sent when the page is served over https. */
export const CONSOLE_HSTS = "max-age=31536000; includeSubDomains";

/**
 * The built console page with the environment block the console reads. Asset
 * URLs are made absolute under /elements/ because the page is served at
 * /admin/{realm}/console/ while the build lives there. `serverBaseUrl` is the
 * request's frontend URL, so the console signs in where it was loaded from.
 */
export function consolePage(indexHtml: string, serverBaseUrl: string, realm: string): string {
  const environment = { serverBaseUrl, realm, clientId: "security-admin-console", scope: "openid" };
  // "<" escaped so realm names cannot close the script element
  const json = JSON.stringify(environment).replace(/</g, "\\u003c");
  const block = `<script id="environment" type="application/json">${json}</script>`;
  const html = indexHtml.replace(/(\s(?:src|href))="\.\.\//g, '$1="/elements/');
  return html.includes("</head>") ? html.replace("</head>", `    ${block}\n  </head>`) : block + html;
}
