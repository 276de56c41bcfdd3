import type { FastifyReply } from "fastify";
import type { RealmRecord } from "../store/types.ts";
import { escapeHtml, HTML_SECURITY_HEADERS, themePage } from "./html.ts";

export function realmTitle(realm: RealmRecord): string {
  return realm.displayName || realm.realm;
}

/** Keycloak's login-theme error page ("We are sorry..."). */
export function sendErrorPage(reply: FastifyReply, realm: RealmRecord | undefined, message: string, status = 400) {
  const title = realm ? realmTitle(realm) : "Keycloak";
  const body = `<h1 id="kc-page-title">We are sorry...</h1>\n<p id="kc-error-message" class="kc-error">${escapeHtml(message)}</p>`;
  return reply.status(status).headers(HTML_SECURITY_HEADERS).send(themePage(title, body));
}

/** A plain information page (e.g. "You are logged out"). */
export function sendInfoPage(reply: FastifyReply, realm: RealmRecord, heading: string, message?: string) {
  const body = `<h1 id="kc-page-title">${escapeHtml(heading)}</h1>${message ? `\n<p class="kc-info">${escapeHtml(message)}</p>` : ""}`;
  return reply
    .status(200)
    .headers(HTML_SECURITY_HEADERS)
    .send(themePage(realmTitle(realm), body));
}
