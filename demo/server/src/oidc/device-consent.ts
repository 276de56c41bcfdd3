import { randomBytes } from "node:crypto";
import type { FastifyReply } from "fastify";
import type { ServerContext } from "../context.ts";
import type { ClientRecord, RealmRecord, UserSessionRecord } from "../store/types.ts";
import { escapeHtml, HTML_SECURITY_HEADERS, themePage } from "./html.ts";
import { realmTitle } from "./error-page.ts";
import { applyScopes } from "./scopes.ts";
import { deviceByUserCode } from "./device-codes.ts";
import type { AuthRequest } from "./auth-requests.ts";

/** The login theme's texts of the built-in scopes' consent screen texts. */
const CONSENT_TEXTS: Record<string, string> = {
  "${profileScopeConsentText}": "User profile",
  "${emailScopeConsentText}": "Email address",
  "${rolesScopeConsentText}": "User roles",
  "${addressScopeConsentText}": "Address",
  "${phoneScopeConsentText}": "Phone number",
  "${offlineAccessScopeConsentText}": "Offline Access",
  "${organizationScopeConsentText}": "Organization",
  "${basicScopeConsentText}": "Basic",
  "${samlOrganizationScopeConsentText}": "Organization",
};

export const deviceConsentPath = (realm: RealmRecord) => `/realms/${encodeURIComponent(realm.realm)}/device/consent`;

/** What the consent screen lists: the scopes in effect shown on the consent screen, by their consent text. */
function consentItems(server: ServerContext, client: ClientRecord, scope: string | undefined): string[] {
  return applyScopes(server.db, client, scope)
    .scopes.filter((s) => s.attributes["display.on.consent.screen"] !== "false")
    .map((s) => {
      const text = s.attributes["consent.screen.text"] || s.name;
      return CONSENT_TEXTS[text] ?? text;
    });
}

/**
 * A device login's user is signed in: Keycloak always asks for consent in the device flow (login-oauth-grant), whatever
 * the client's "Consent required". The user's answer decides the device's poll.
 */
export function sendDeviceConsent(
  server: ServerContext,
  reply: FastifyReply,
  realm: RealmRecord,
  client: ClientRecord,
  session: UserSessionRecord,
  request: AuthRequest,
  loginDetails: Record<string, string>,
) {
  const device = deviceByUserCode(server, realm, request.deviceUserCode ?? "");
  if (!device || device.status !== "pending") return undefined;
  device.userId = session.userId;
  device.sessionId = session.id;
  device.consentCode = randomBytes(24).toString("base64url");
  device.loginDetails = loginDetails;
  const name = typeof client.rep.name === "string" && client.rep.name ? client.rep.name : client.clientId;
  const items = consentItems(server, client, device.scope)
    .map((text) => `<li>${escapeHtml(text)}</li>`)
    .join("\n");
  const body = `<p class="kc-realm" id="kc-header-wrapper">${escapeHtml(realmTitle(realm))}</p>
<h1 id="kc-page-title">Grant Access to ${escapeHtml(name)}</h1>
<div id="kc-oauth" class="kc-info">
<h2>Do you grant these access privileges?</h2>
<ul>
${items}
</ul>
</div>
<form id="kc-oauth-form" class="kc-buttons" action="${escapeHtml(deviceConsentPath(realm))}" method="post">
<input type="hidden" name="code" value="${escapeHtml(device.consentCode)}">
<input type="submit" id="kc-login" name="accept" value="Yes">
<input type="submit" id="kc-cancel" class="kc-secondary" name="cancel" value="No">
</form>`;
  return reply
    .status(200)
    .headers(HTML_SECURITY_HEADERS)
    .send(themePage(`Grant Access to ${name}`, body));
}
