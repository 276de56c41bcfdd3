import type { FastifyReply } from "fastify";
import { escapeHtml, HTML_SECURITY_HEADERS, themePage } from "./html.ts";
import type { ResponseMode } from "./auth-requests.ts";

export const FORM_POST_SCRIPT_PATH = "/resources/login/form-post.js";

/** Sends an authorization response (code or error) back to the client by its response mode. */
export function sendAuthResponse(
  reply: FastifyReply,
  redirectUri: string,
  mode: ResponseMode,
  params: Record<string, string | undefined>,
) {
  const entries = Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined);
  if (mode === "form_post") {
    const fields = entries
      .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
      .join("\n");
    const body = `<form id="kc-form-post" method="post" action="${escapeHtml(redirectUri)}">\n${fields}\n<noscript><button type="submit">Continue</button></noscript>\n</form>\n<script src="${FORM_POST_SCRIPT_PATH}"></script>`;
    return reply.status(200).headers(HTML_SECURITY_HEADERS).send(themePage("Submit This Form", body));
  }
  const encoded = new URLSearchParams(entries).toString();
  const [base, hash] = redirectUri.split(/#(.*)/s, 2);
  const location =
    mode === "fragment"
      ? `${base}#${hash ? `${hash}&` : ""}${encoded}`
      : `${base}${base.includes("?") ? "&" : "?"}${encoded}${hash !== undefined ? `#${hash}` : ""}`;
  return reply.status(302).header("location", location).send();
}

export const FORM_POST_SCRIPT = `document.getElementById("kc-form-post").submit();\n`;
