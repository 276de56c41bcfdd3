import type { FastifyReply } from "fastify";
import { escapeHtml, HTML_SECURITY_HEADERS, themePage } from "../oidc/html.ts";
import { FORM_POST_SCRIPT_PATH } from "../oidc/auth-response.ts";

/**
 * The HTTP-POST binding's page: a form named `saml-post-binding`, as Keycloak's saml-post-form page names it, that the
 * browser posts at once to the URL with the message and its RelayState.
 */
export function sendPostBindingPage(reply: FastifyReply, url: string, fields: Record<string, string | undefined>) {
  const inputs = Object.entries(fields)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("\n");
  const form = `<form name="saml-post-binding" id="kc-form-post" method="post" action="${escapeHtml(url)}">`;
  const body = `<p>Redirecting, please wait.</p>\n${form}\n${inputs}\n<noscript><button type="submit">Continue</button></noscript>\n</form>\n<script src="${FORM_POST_SCRIPT_PATH}"></script>`;
  return reply.status(200).headers(HTML_SECURITY_HEADERS).send(themePage("Authentication Redirect", body));
}
