import type { FastifyReply } from "fastify";
import type { ServerContext } from "../context.ts";
import type { ClientRecord, RealmRecord, UserSessionRecord } from "../store/types.ts";
import { publicSessionId } from "../access/offline-sessions.ts";
import { allowFrameSources } from "./browser-security-headers.ts";
import { clientAttribute } from "./lookup.ts";
import { escapeHtml, HTML_SECURITY_HEADERS, themePage } from "./html.ts";
import { realmTitle } from "./error-page.ts";
import { issuerOf } from "./tokens.ts";

export const FRONTCHANNEL_LOGOUT_SCRIPT_PATH = "/resources/login/frontchannel-logout.js";

/** Goes on to the post-logout redirect once the page, its iframes included, has loaded. */
export const FRONTCHANNEL_LOGOUT_SCRIPT = `function continueWhenLoaded() {
  if (document.readyState === "complete") window.location.replace(document.getElementById("continue").href);
}
document.addEventListener("readystatechange", continueWhenLoaded);
continueWhenLoaded();
`;

interface FrontchannelClient {
  name: string;
  url: string;
}

/**
 * The session's OpenID Connect clients with front-channel logout on and a `frontchannel.logout.url`, each with the URL
 * its iframe loads: `sid` and `iss` appended unless `frontchannel.logout.session.required` is "false". As Keycloak, a
 * relative URL is used as it stands.
 */
export function frontchannelLogoutClients(
  server: ServerContext,
  baseUrl: string,
  realm: RealmRecord,
  session: UserSessionRecord,
): FrontchannelClient[] {
  return Object.keys(session.clients)
    .map((id) => server.db.get("clients", id))
    .filter((client): client is ClientRecord => client !== undefined && client.realmId === realm.id)
    .filter((client) => (client.rep.protocol ?? "openid-connect") === "openid-connect")
    .filter((client) => client.rep.frontchannelLogout === true)
    .flatMap((client) => {
      const url = clientAttribute(client, "frontchannel.logout.url")?.trim();
      if (!url) return [];
      const withSession = clientAttribute(client, "frontchannel.logout.session.required") !== "false";
      const query = new URLSearchParams({ sid: publicSessionId(session), iss: issuerOf(baseUrl, realm) });
      const name = typeof client.rep.name === "string" && client.rep.name ? client.rep.name : client.clientId;
      return [{ name, url: withSession ? `${url}${url.includes("?") ? "&" : "?"}${query}` : url }];
    });
}

/** The host (and port) an iframe's URL loads from, as Keycloak adds it to the page's frame-src; "null" when relative. */
function frameSource(url: string): string {
  try {
    return new URL(url).host || "null";
  } catch {
    return "null";
  }
}

/**
 * Keycloak's front-channel logout page: one hidden iframe per client, then (with a post-logout redirect) a script
 * that goes on once everything has loaded and a Continue link.
 */
export function sendFrontchannelLogoutPage(
  reply: FastifyReply,
  realm: RealmRecord,
  clients: FrontchannelClient[],
  location: string | undefined,
) {
  const items = clients
    .map((c) => `<li>${escapeHtml(c.name)}<iframe src="${escapeHtml(c.url)}" hidden></iframe></li>`)
    .join("\n");
  const next = location
    ? `\n<a id="continue" class="kc-button" href="${escapeHtml(location)}">Continue</a>\n<script src="${FRONTCHANNEL_LOGOUT_SCRIPT_PATH}"></script>`
    : "";
  const body = `<h1 id="kc-page-title">Logging out</h1>
<p class="kc-info">You are logging out from following apps</p>
<ul id="kc-frontchannel-logout">
${items}
</ul>${next}`;
  const sources = [...new Set(clients.map((c) => frameSource(c.url)))];
  allowFrameSources(reply, sources);
  const csp = HTML_SECURITY_HEADERS["content-security-policy"].replace(
    "frame-src 'self'",
    `frame-src 'self' ${sources.join(" ")}`,
  );
  return reply
    .status(200)
    .headers({ ...HTML_SECURITY_HEADERS, "content-security-policy": csp })
    .send(themePage(realmTitle(realm), body));
}
